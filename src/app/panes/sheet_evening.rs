//! The Evening sheet's damage types: how the token takes each (Evening, Damage & Health,
//! Modifiers: vulnerable takes double, resistant half, immune none). Each pick is one command,
//! kept on the token's Evening sheet, which the check builder reads when an attack of that type
//! lands.

use egui::{ComboBox, RichText};

use crate::app::PaneContext;
use crate::combat::sheet::{attacks, edit_attacks};
use crate::model::{RuleSystem, TokenId};
use crate::rules::evening::{Affinity, DamageType, EveningChange};
use crate::rules::{TokenChange, TokenTrackers};

const AFFINITIES: [(Affinity, &str); 4] = [
    (Affinity::Normal, "normal"),
    (Affinity::Vulnerable, "vulnerable (double)"),
    (Affinity::Resistant, "resistant (half)"),
    (Affinity::Immune, "immune (none)"),
];

/// The thirteen damage types, each with how the token takes it, under a header that opens by
/// itself when any is set.
pub(super) fn affinities_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, token: TokenId) {
    if ctx.encounter.system != RuleSystem::Evening {
        return;
    }
    let TokenTrackers::Evening(sheet) = attacks(ctx.encounter, token) else {
        return;
    };
    let set: Vec<String> = sheet
        .affinities
        .iter()
        .map(|(t, a)| format!("{} {}", t.label(), word(*a)))
        .collect();
    let title = if set.is_empty() {
        "Damage types: all taken normally".to_owned()
    } else {
        format!("Damage types: {}", set.join(", "))
    };
    ui.add_space(4.0);
    egui::CollapsingHeader::new(RichText::new(title).strong())
        .id_salt(("sheet_affinities", token.0))
        .default_open(!set.is_empty())
        .show(ui, |ui| {
            egui::Grid::new(("sheet_affinity_grid", token.0))
                .num_columns(2)
                .show(ui, |ui| {
                    for kind in DamageType::ALL {
                        let current = sheet.affinities.get(&kind).copied().unwrap_or_default();
                        ui.label(kind.label());
                        if let Some(affinity) = pick_ui(ui, token, kind, current) {
                            let change = TokenChange::Evening(EveningChange::SetAffinity {
                                damage_type: kind,
                                affinity,
                            });
                            if let Ok(command) = edit_attacks(ctx.encounter, token, change) {
                                ctx.command(command);
                            }
                        }
                        ui.end_row();
                    }
                });
        });
}

fn word(affinity: Affinity) -> &'static str {
    match affinity {
        Affinity::Normal => "normal",
        Affinity::Vulnerable => "vulnerable",
        Affinity::Resistant => "resistant",
        Affinity::Immune => "immune",
    }
}

/// How the token takes `kind`; the new choice when the GM picks another.
fn pick_ui(
    ui: &mut egui::Ui,
    token: TokenId,
    kind: DamageType,
    current: Affinity,
) -> Option<Affinity> {
    let mut picked = current;
    let shown = AFFINITIES
        .iter()
        .find(|(a, _)| *a == current)
        .map_or("normal", |(_, l)| l);
    ComboBox::from_id_salt(("sheet_affinity", token.0, kind))
        .selected_text(shown)
        .show_ui(ui, |ui| {
            for (a, label) in AFFINITIES {
                ui.selectable_value(&mut picked, a, label);
            }
        })
        .response
        .accessible_name(format!("{} damage", kind.label()));
    (picked != current).then_some(picked)
}
