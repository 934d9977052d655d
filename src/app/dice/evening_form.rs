//! The Evening form's choices the text leaves to the GM, shown only where they apply: a reserve
//! die and the damage rule on a defence; the damage type, several targets and a threat's
//! legendary, villain or Controller's choice on an attack; an off-hand attack; a threat's
//! strength or weakness. The builder (`combat::action`) turns each into a line of the check,
//! what it costs and what Apply does.

use std::collections::BTreeMap;

use super::DiceState;
use super::form::combo_ui;
use crate::combat::action::defending_character;
use crate::combat::catalogue::CheckKind;
use crate::combat::evening_turn::{legendary_actions_left, next_villain_step};
use crate::model::{Encounter, TokenId};
use crate::rules::evening::{
    DamageRule, DamageType, EveningCheck, EveningToken, ThreatEdge, ThreatTrait,
};
use crate::rules::{CheckSetup, TokenTrackers};

fn evening(encounter: &Encounter, id: Option<TokenId>) -> Option<&EveningToken> {
    match encounter.sheet(id?) {
        Some(TokenTrackers::Evening(t)) => Some(t),
        _ => None,
    }
}

fn name(encounter: &Encounter, id: Option<TokenId>) -> String {
    id.and_then(|id| encounter.token(id)).map_or_else(
        || "?".to_owned(),
        |t| crate::app::text::name(&t.name).into_owned(),
    )
}

/// Draws the choices for the form's check as the roller, targets and kind make it.
pub(super) fn choices_ui(ui: &mut egui::Ui, encounter: &Encounter, state: &mut DiceState) {
    let request = state.request();
    let defender = defending_character(encounter, &request);
    let defence = defender.is_some() || request.kind == Some(CheckKind::Defense);
    let actor = request.actor;
    let target = request.targets.first().copied();
    let threat_attacks =
        request.attack && evening(encounter, actor).is_some_and(|t| t.threat.is_some());
    let CheckSetup::Evening(check) = &mut state.setup else {
        return;
    };
    if defence {
        reserve_ui(ui, encounter, defender.or(actor), check);
        combo_ui(
            ui,
            "A successful defence",
            &mut check.damage_rule,
            &[
                (DamageRule::Avoidable, "avoids it"),
                (DamageRule::DefendForHalf, "halves it (defend for half)"),
                (DamageRule::Certain, "certain damage: half, halved again"),
            ],
        );
    }
    if request.attack {
        damage_type_ui(ui, check);
    }
    if threat_attacks {
        threat_ui(ui, encounter, actor, check);
    } else if request.attack {
        ui.checkbox(&mut check.off_hand, "Off-hand attack (bonus action)")
            .on_hover_text(
                "A second melee attack with the bonus action, after taking the Attack action",
            );
    }
    // The threat whose TN is in play: the attacker of a defence, else the target.
    let threat = if defender.is_some() { actor } else { target };
    edge_ui(ui, encounter, threat, check);
}

/// The defender's unspent reserve dice by size; picking one adds it to the roll.
fn reserve_ui(
    ui: &mut egui::Ui,
    encounter: &Encounter,
    roller: Option<TokenId>,
    check: &mut EveningCheck,
) {
    let mut sizes: BTreeMap<u32, usize> = BTreeMap::new();
    for r in evening(encounter, roller).map_or(&[][..], |t| &t.reserves) {
        if !r.spent {
            *sizes.entry(r.sides).or_default() += 1;
        }
    }
    if sizes.is_empty() && check.reserve_die == 0 {
        return;
    }
    let labels: Vec<(u32, String)> = std::iter::once((0, "none".to_owned()))
        .chain(
            sizes
                .iter()
                .map(|(s, n)| (*s, format!("d{s} ({n} unspent)"))),
        )
        .collect();
    let options: Vec<(u32, &str)> = labels.iter().map(|(s, l)| (*s, l.as_str())).collect();
    combo_ui(
        ui,
        "Reserve die (reaction)",
        &mut check.reserve_die,
        &options,
    );
}

fn damage_type_ui(ui: &mut egui::Ui, check: &mut EveningCheck) {
    let options: Vec<(Option<DamageType>, &str)> = std::iter::once((None, "untyped"))
        .chain(DamageType::ALL.iter().map(|t| (Some(*t), t.label())))
        .collect();
    combo_ui(ui, "Damage type", &mut check.damage_type, &options);
}

fn threat_ui(
    ui: &mut egui::Ui,
    encounter: &Encounter,
    actor: Option<TokenId>,
    check: &mut EveningCheck,
) {
    let Some(t) = evening(encounter, actor) else {
        return;
    };
    ui.checkbox(&mut check.several_targets, "Several targets (half damage)");
    if t.has_trait(ThreatTrait::Legendary) {
        let left = actor
            .and_then(|a| legendary_actions_left(encounter, a))
            .unwrap_or(0);
        ui.checkbox(
            &mut check.legendary,
            format!("As a legendary action ({left} left)"),
        );
    }
    if let Some(step) = actor.and_then(|a| next_villain_step(encounter, a)) {
        ui.checkbox(&mut check.villain, format!("As villain action {step}"));
    }
    if t.has_trait(ThreatTrait::Controller) {
        ui.checkbox(
            &mut check.slow_instead,
            "Slow instead of damage (Controller)",
        );
    }
}

fn edge_ui(
    ui: &mut egui::Ui,
    encounter: &Encounter,
    threat: Option<TokenId>,
    check: &mut EveningCheck,
) {
    let Some(t) = evening(encounter, threat).filter(|t| t.threat.is_some()) else {
        return;
    };
    let said = |what: &str, text: &str| {
        if text.is_empty() {
            what.to_owned()
        } else {
            format!("{what}: {text}")
        }
    };
    let strength = said("its strength (+6 TN)", &t.strength);
    let weakness = said("its weakness (−6 TN)", &t.weakness);
    let label = format!("{} applies", name(encounter, threat));
    combo_ui(
        ui,
        &label,
        &mut check.edge,
        &[
            (ThreatEdge::Neither, "neither"),
            (ThreatEdge::Strength, &strength),
            (ThreatEdge::Weakness, &weakness),
        ],
    );
}
