//! Who a condition comes from, named in the token's condition menu: "Frightened of ▶" (the
//! creature it fears, which the map keeps it from approaching and whose sight its disadvantage
//! hangs on) and "Grappled by ▶" (its grappler, whose speed is halved while it holds). The
//! rules are the core's (`combat::fear`, `combat::maneuver`); this only names the source.

use super::{queue, token_name};
use crate::app::PaneContext;
use crate::combat::catalogue::Effect;
use crate::combat::command::CombatCommand;
use crate::combat::conditions::on_token;
use crate::combat::sources::source_in;
use crate::model::{ReactionCommand, TokenId};

/// The word between a condition and its source: "of" a fear, "by" a hold.
fn source_word(effects: &[Effect]) -> Option<&'static str> {
    if effects.contains(&Effect::FearsSource) {
        Some("of")
    } else if effects.contains(&Effect::HeldBySource) {
        Some("by")
    } else {
        None
    }
}

/// "Frightened of Ogre", or `None` for a condition that names no source.
pub fn source_text(ctx: &PaneContext<'_>, token: TokenId, name: &str) -> Option<String> {
    let def = crate::combat::catalogue::find(ctx.encounter.system, name)?;
    let word = source_word(def.effects)?;
    let source = source_in(&ctx.encounter.combat, token, name)?;
    Some(format!(
        "{name} {word} {}",
        token_name(ctx.encounter, source)
    ))
}

/// One submenu per condition on `token` that can name a source, listing the other tokens.
pub fn source_menu_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, token: TokenId) {
    let system = ctx.encounter.system;
    let named: Vec<(String, &'static str, Option<TokenId>)> =
        on_token(&ctx.encounter.combat.conditions, system, token)
            .filter_map(|(c, def)| {
                let word = source_word(def?.effects)?;
                let source = source_in(&ctx.encounter.combat, token, &c.name);
                Some((c.name.clone(), word, source))
            })
            .collect();
    for (name, word, current) in named {
        let shown = current.map_or_else(|| "…".to_owned(), |s| token_name(ctx.encounter, s));
        let label = format!("{} {word} {shown}", crate::app::text::name(&name));
        ui.menu_button(label, |ui| {
            let others: Vec<TokenId> = (ctx.encounter.tokens.iter())
                .map(|t| t.id)
                .filter(|id| *id != token)
                .collect();
            for other in others {
                let picked = current == Some(other);
                let text = token_name(ctx.encounter, other);
                if ui.selectable_label(picked, text).clicked() && !picked {
                    set(ctx, token, &name, Some(other));
                    ui.close();
                }
            }
            if current.is_some() && ui.button("Nobody named").clicked() {
                set(ctx, token, &name, None);
                ui.close();
            }
        });
    }
}

fn set(ctx: &mut PaneContext<'_>, token: TokenId, name: &str, source: Option<TokenId>) {
    queue(
        ctx,
        CombatCommand::Reactions(ReactionCommand::SetConditionSource {
            token,
            name: name.to_owned(),
            source,
        }),
    );
}
