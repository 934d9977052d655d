//! Post core after a roll: the resistance roll a character may make before a consequence lands
//! on it (the target's harm, or the roller's own consequence of a mixed success or a failure),
//! and Apply for the roller's consequence. The rules are the core's
//! (`combat::action::post_consequence`); this file draws them and queues their commands into
//! the roll's undo step.

use egui::{DragValue, RichText};

use super::DiceState;
use crate::combat::action::{
    PostConsequence, Resisted, Takes, defensive_block, post_consequence, resistance,
    roll_resistance,
};
use crate::combat::log_text::dice_text;
use crate::dice::{DiceRng, OutcomeName as _};
use crate::model::{Command, Encounter, LogEntry, TokenId};
use crate::rules::TokenTrackers;
use crate::rules::post_core::Attribute;

/// A resistance roll being set up against one consequence, and its result once rolled.
#[derive(Clone, Debug, Default)]
pub struct Resisting {
    /// The related attribute picked.
    pub attribute: Option<Attribute>,
    /// Grit to spend, one die each.
    pub grit: u8,
    /// The roll, once made (one per consequence).
    pub rolled: Option<Resisted>,
    /// A use of defensive equipment spent against it (Post core, Equipment: one step less).
    pub blocked: bool,
}

impl Resisting {
    /// The score left of `score` after the roll, if one was made, and the block, if one was.
    pub fn remaining(&self, score: u8) -> u8 {
        let resisted = self.rolled.as_ref().map_or(score, |r| r.remaining(score));
        resisted.saturating_sub(u8::from(self.blocked))
    }
}

/// The consequence a mixed success or a failure brings the roller (Post core, Action roll),
/// as the GM sets it up before Apply.
#[derive(Clone, Debug)]
pub struct RollerConsequence {
    /// Who suffers it.
    pub token: TokenId,
    /// Its score, the roll's risk unless the GM changes it.
    pub score: u8,
    /// What it takes.
    pub takes: Takes,
    /// The roller's resistance roll.
    pub resisting: Resisting,
    /// Whether Apply was pressed.
    pub applied: bool,
}

impl RollerConsequence {
    pub fn new(c: PostConsequence) -> Self {
        Self {
            token: c.token,
            score: c.score,
            takes: Takes::Hp,
            resisting: Resisting::default(),
            applied: false,
        }
    }
}

fn name(encounter: &Encounter, token: TokenId) -> &str {
    encounter.token(token).map_or("?", |t| t.name.as_str())
}

/// The target's resistance roll against the harm about to land on it; returns the harm left.
/// Shown only for a Post character target; the roll's grit and log line join `amends`.
pub(super) fn target_resistance_ui(
    ui: &mut egui::Ui,
    encounter: &Encounter,
    state: &mut DiceState,
    rng: &mut DiceRng,
) -> i64 {
    let DiceState { rolled, amends, .. } = state;
    let Some(rolled) = rolled else {
        return 0;
    };
    let Some(target) = rolled.filled.target() else {
        return rolled.amount;
    };
    let post = matches!(encounter.sheet(target), Some(TokenTrackers::PostCore(_)));
    let score = u8::try_from(rolled.amount.clamp(0, 255)).unwrap_or(u8::MAX);
    if !post || score == 0 {
        return rolled.amount;
    }
    let against = (target, score, Takes::Hp);
    resistance_ui(
        ui,
        encounter,
        against,
        &mut rolled.target_resist,
        rng,
        amends,
    );
    i64::from(rolled.target_resist.remaining(score))
}

/// The attribute and grit fields, the odds of the pool, and "Roll resistance for NAME"; once
/// rolled, what it did. `against` is (who, the consequence's score, what it takes).
fn resistance_ui(
    ui: &mut egui::Ui,
    encounter: &Encounter,
    against: (TokenId, u8, Takes),
    resisting: &mut Resisting,
    rng: &mut DiceRng,
    amends: &mut Vec<Command>,
) {
    let (token, score, takes) = against;
    let who = name(encounter, token).to_owned();
    if takes == Takes::Hp {
        block_ui(ui, encounter, token, score, resisting, amends);
    }
    if let Some(r) = &resisting.rolled {
        ui.label(format!("{who}'s resistance roll: {}", r.summary(score)));
        return;
    }
    let mut attribute = resisting
        .attribute
        .unwrap_or_else(|| takes.related_attribute());
    let grit_left = match encounter.sheet(token) {
        Some(TokenTrackers::PostCore(t)) => t.grit,
        _ => 0,
    };
    ui.horizontal_wrapped(|ui| {
        ui.label(format!("Resistance for {who}:"));
        egui::ComboBox::from_id_salt(("resist_attribute", token.0))
            .selected_text(attribute.label())
            .show_ui(ui, |ui| {
                for a in Attribute::ALL {
                    ui.selectable_value(&mut attribute, a, a.label());
                }
            })
            .response
            .on_hover_text(format!("{who}'s related attribute"));
        let label = ui.label("grit");
        ui.add(DragValue::new(&mut resisting.grit).range(0..=grit_left))
            .labelled_by(label.id);
    });
    resisting.attribute = Some(attribute);
    let Some(pool) = resistance(encounter, token, attribute, resisting.grit) else {
        return;
    };
    let odds = pool
        .odds()
        .iter()
        .map(|(reading, p)| format!("{}: {:.1}%", reading.label(), (p * 100.0).max(0.0)))
        .collect::<Vec<_>>()
        .join("\n");
    let button = ui
        .button(format!("Roll resistance for {who}"))
        .on_hover_text(format!(
            "{} dice: {} {} + {} grit (1 grit a die)\n{odds}",
            pool.pool(),
            attribute.label(),
            pool.attribute,
            pool.grit
        ));
    if !button.clicked() {
        return;
    }
    match roll_resistance(encounter, token, attribute, resisting.grit, rng) {
        Ok((resisted, spend)) => {
            amends.extend(spend);
            amends.push(Command::AppendLog(LogEntry {
                who,
                what: format!("Resistance roll against a consequence of {score}"),
                dice: dice_text(&resisted.result.dice),
                result: resisted.summary(score),
            }));
            resisting.rolled = Some(resisted);
        }
        Err(err) => {
            ui.label(RichText::new(err.to_string()).color(ui.visuals().error_fg_color));
        }
    }
}

/// Post core, Equipment: a shield or armour lowers a physical consequence by one, spending a
/// use (`combat::action::defensive_block`); the use joins the roll's undo step.
fn block_ui(
    ui: &mut egui::Ui,
    encounter: &Encounter,
    token: TokenId,
    score: u8,
    resisting: &mut Resisting,
    amends: &mut Vec<Command>,
) {
    let who = name(encounter, token).to_owned();
    if resisting.blocked {
        ui.label(format!(
            "{who}'s shield or armour takes 1 off the consequence."
        ));
        return;
    }
    let uses = match encounter.sheet(token) {
        Some(TokenTrackers::PostCore(t)) => t.defensive.uses_left(),
        _ => 0,
    };
    let Some((_, spend)) = defensive_block(encounter, token, resisting.remaining(score)) else {
        return;
    };
    let button = ui
        .button(format!(
            "Block with shield or armour ({uses} uses left): −1"
        ))
        .on_hover_text(format!(
            "{who}'s defensive equipment lowers the consequence of a physical attack by one, \
             spending a use"
        ));
    if button.clicked() {
        amends.push(spend);
        amends.push(Command::AppendLog(LogEntry::event(
            who,
            "Defensive equipment",
            format!("a use spent: the consequence of {score} drops by 1"),
        )));
        resisting.blocked = true;
    }
}

/// The roller's consequence: its score and what it takes, the roller's resistance roll, what
/// it would do, and "Apply to NAME" in the roll's undo step.
pub(super) fn roller_consequence_ui(
    ui: &mut egui::Ui,
    encounter: &Encounter,
    state: &mut DiceState,
    rng: &mut DiceRng,
) {
    let Some(rolled) = &mut state.rolled else {
        return;
    };
    let Some(c) = &mut rolled.roller_consequence else {
        return;
    };
    let who = name(encounter, c.token).to_owned();
    ui.separator();
    if c.applied {
        ui.label(format!("Consequence applied to {who}."));
        return;
    }
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(format!("Consequence to {who}"));
        ui.add(DragValue::new(&mut c.score).range(0..=9))
            .labelled_by(label.id);
        egui::ComboBox::from_id_salt(("consequence_takes", c.token.0))
            .selected_text(format!("from {}", c.takes.label()))
            .show_ui(ui, |ui| {
                for t in Takes::ALL {
                    ui.selectable_value(&mut c.takes, t, format!("from {}", t.label()));
                }
            })
            .response
            .on_hover_text("What the consequence takes: HP, or an attribute's score");
    });
    let against = (c.token, c.score, c.takes);
    resistance_ui(
        ui,
        encounter,
        against,
        &mut c.resisting,
        rng,
        &mut state.amends,
    );
    let left = c.resisting.remaining(c.score);
    let landed = post_consequence(encounter, c.token, left, c.takes);
    if landed.commands.is_empty() {
        ui.label(format!("Nothing lands on {who}."));
        return;
    }
    for line in &landed.lines {
        ui.label(format!("• {line}"));
    }
    if ui
        .button(RichText::new(format!("Apply to {who}")).size(16.0))
        .on_hover_text("The consequence lands on the roller, in the roll's undo step")
        .clicked()
    {
        c.applied = true;
        state.amends.push(Command::Batch(landed.commands));
    }
}
