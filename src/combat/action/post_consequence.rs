//! Post core's consequences as they land on a character: to the roller of a mixed success or a
//! failure (Post core, Action roll), or to a target as harm; the resistance roll that can
//! reduce one before it lands (Resistance Roll); and the conditions an attribute below 0 puts
//! on, in the same undo step as the change that causes them (Damage; Attribute Loss).
//!
//! Readings:
//! - A consequence "equal to risk" falls on the roller; Lantern offers it as harm to HP (the
//!   text's first example) or as the loss of an attribute (its "special narrative
//!   consequences"); a clock's ticks stay the GM's to mark in the Trackers pane.
//! - The resistance roll's "related attribute" starts as STR against harm (physical power and
//!   endurance) and as the attribute itself against its loss; the GM may pick another. A lost
//!   attribute (below 0) adds no dice, and an empty pool rolls as the action roll's does.

use super::{Consequence, FilledCheck, name};
use crate::combat::command::CombatCommand;
use crate::combat::conditions::{ActiveCondition, Duration, on_token};
use crate::dice::DiceRng;
use crate::model::{Command, Encounter, TokenId};
use crate::rules::post_core::{
    ActionOutcome, Attribute, PostChange, PostToken, ResistanceResult, ResistanceRoll,
    UNABLE_TO_ACT, below_zero_condition, lost_completely,
};
use crate::rules::{CheckOutcome, TokenChange, TokenTrackers, TrackerCommand};

/// What a Post consequence takes from a character (Post core, Effect and Consequence: "a
/// deduction from your character's HP score"; Attribute Loss).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Takes {
    /// HP, then one STR once HP would go below 0.
    #[default]
    Hp,
    /// The score of an attribute.
    Attribute(Attribute),
}

impl Takes {
    /// Every choice, HP first.
    pub const ALL: [Self; 4] = [
        Self::Hp,
        Self::Attribute(Attribute::Str),
        Self::Attribute(Attribute::Dex),
        Self::Attribute(Attribute::Wil),
    ];

    /// What it takes, in a word.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::Hp => "HP",
            Self::Attribute(a) => a.label(),
        }
    }

    /// The attribute a resistance roll against it starts from (see the module's readings).
    #[must_use]
    pub fn related_attribute(self) -> Attribute {
        match self {
            Self::Hp => Attribute::Str,
            Self::Attribute(a) => a,
        }
    }
}

/// A consequence about to land on one Post character.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PostConsequence {
    /// Who suffers it.
    pub token: TokenId,
    /// Its score: 1 low, 2 mixed, 3 high (Post core, Effect and Consequence).
    pub score: u8,
}

/// Post core, Action roll: a mixed success (4–5) or a failure (1–3) brings a consequence equal
/// to the risk, and it is the roller's. `None` when the roll brought none, or the roller has no
/// Post sheet (the GM rolling for the world).
#[must_use]
pub fn roller_consequence(
    encounter: &Encounter,
    filled: &FilledCheck,
    outcome: &CheckOutcome,
) -> Option<PostConsequence> {
    let CheckOutcome::PostCore(result) = outcome else {
        return None;
    };
    let mixed_or_failed = matches!(
        result.outcome,
        ActionOutcome::MixedSuccess | ActionOutcome::Failure
    );
    let token = filled.roller()?;
    let post = matches!(encounter.sheet(token), Some(TokenTrackers::PostCore(_)));
    (mixed_or_failed && post && result.consequence > 0).then_some(PostConsequence {
        token,
        score: result.consequence,
    })
}

/// The resistance roll `token` can make with `attribute` and `grit` spent: the attribute's
/// current score (a lost one adds nothing) and one die per grit (Post core, Resistance Roll).
/// `None` when the token has no Post sheet.
#[must_use]
pub fn resistance(
    encounter: &Encounter,
    token: TokenId,
    attribute: Attribute,
    grit: u8,
) -> Option<ResistanceRoll> {
    let t = post_sheet(encounter, token)?;
    let score = t.attributes[attribute as usize];
    Some(ResistanceRoll {
        attribute: u8::try_from(score).unwrap_or(0),
        grit,
    })
}

/// A resistance roll made against a consequence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resisted {
    /// Who rolled.
    pub token: TokenId,
    /// The attribute rolled.
    pub attribute: Attribute,
    /// The pool as rolled.
    pub roll: ResistanceRoll,
    /// The dice and how they read.
    pub result: ResistanceResult,
}

impl Resisted {
    /// A consequence of `score` after the roll (Post core, Resistance Roll: 1–3 it still
    /// happens, 4–5 one less, 6 two less, 66 three less).
    #[must_use]
    pub fn remaining(&self, score: u8) -> u8 {
        ResistanceRoll::reduced(score, self.result.reading)
    }

    /// The roll against a consequence of `score`, in words for the pane and the log:
    /// "STR 1 + 2 grit: reduced by 1, 2 becomes 1".
    #[must_use]
    pub fn summary(&self, score: u8) -> String {
        let grit = match self.roll.grit {
            0 => String::new(),
            n => format!(" + {n} grit"),
        };
        let what = match self.result.reduction() {
            0 => "it still happens".to_owned(),
            n => format!("reduced by {n}"),
        };
        format!(
            "{} {}{grit}: {what}, {score} becomes {}",
            self.attribute.label(),
            self.roll.attribute,
            self.remaining(score)
        )
    }
}

/// Post core, Equipment: defensive equipment (shields and armour) "reduces consequence rating
/// on physical attacks". One use of `token`'s against a physical consequence of `score`: the
/// text names no amount, and Lantern reads it as one step, as assistive equipment raises the
/// effect by one. Returns the score left and the command that spends the use (a regular piece
/// has one, a bulky one two, back at an extended rest), for the step the consequence lands
/// in; `None` with no use left, no Post sheet, or nothing to lower.
#[must_use]
pub fn defensive_block(encounter: &Encounter, token: TokenId, score: u8) -> Option<(u8, Command)> {
    let t = post_sheet(encounter, token)?;
    (t.defensive.uses_left() > 0 && score > 0)
        .then(|| (score - 1, tracker(token, PostChange::UseDefensive)))
}

/// Why a resistance roll cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ResistError {
    #[error("{0} has no Post sheet to roll resistance from")]
    NoSheet(String),
    #[error("{who} has {have} grit, not the {need} the roll spends")]
    NotEnoughGrit { who: String, have: u8, need: u8 },
}

/// Rolls `token`'s resistance with `attribute` and `grit`, returning the roll and the command
/// that spends its grit (1 a die, Post core, Grit), for the undo step of the consequence it is
/// made against. Refused without a Post sheet or enough grit.
pub fn roll_resistance(
    encounter: &Encounter,
    token: TokenId,
    attribute: Attribute,
    grit: u8,
    rng: &mut DiceRng,
) -> Result<(Resisted, Option<Command>), ResistError> {
    let who = name(encounter, token);
    let Some(t) = post_sheet(encounter, token) else {
        return Err(ResistError::NoSheet(who));
    };
    let Some(roll) = resistance(encounter, token, attribute, grit) else {
        return Err(ResistError::NoSheet(who));
    };
    let need = roll.grit_cost();
    if t.grit < need {
        return Err(ResistError::NotEnoughGrit {
            who,
            have: t.grit,
            need,
        });
    }
    let spend = (need > 0).then(|| tracker(token, PostChange::SpendGrit(need)));
    let resisted = Resisted {
        token,
        attribute,
        roll,
        result: roll.roll(rng),
    };
    Ok((resisted, spend))
}

/// What a consequence of `score` does to `token`, taken from `takes`: the lines the pane shows
/// and the commands Apply lands in one step — the tracker change, and for an attribute that
/// goes below 0 its condition ([`post_change`]). HP harm follows Post core, Damage (the score
/// off HP; below 0, one STR instead) and Hit Protection (an Exposed character acts as at
/// 0 HP, so harm costs the STR point at once).
#[must_use]
pub fn post_consequence(
    encounter: &Encounter,
    token: TokenId,
    score: u8,
    takes: Takes,
) -> Consequence {
    let mut out = Consequence::default();
    let Some(t) = post_sheet(encounter, token) else {
        return out;
    };
    if score == 0 {
        return out;
    }
    let who = name(encounter, token);
    let change = match takes {
        Takes::Hp => {
            let exposed = exposed(encounter, token);
            let p = t.preview_harm(score, exposed);
            let mut line = format!("{who} loses {} HP", p.hp_lost);
            if p.str_lost > 0 {
                line = format!("{line} and {} STR", p.str_lost);
            }
            out.lines.push(line);
            if exposed && p.str_lost > 0 {
                out.lines.push(format!(
                    "{who} is Exposed: harm acts as at 0 HP and takes STR"
                ));
            }
            p.change
        }
        Takes::Attribute(attribute) => {
            out.lines
                .push(format!("{who} loses {score} {}", attribute.label()));
            PostChange::AttributeLoss {
                attribute,
                amount: score,
            }
        }
    };
    let (commands, lines) = post_change(encounter, token, &change);
    out.commands = commands;
    out.lines.extend(lines);
    out
}

/// The commands that make `change` to `token`'s Post sheet and keep its conditions true to its
/// attributes, in one step: an attribute that goes below 0 puts on its condition (Taken down,
/// Paralysed, Delirious), and one back at 0 or above (an extended rest) takes it off. Returns
/// the commands and a line per condition. A change the sheet refuses returns it alone, for the
/// model to refuse with its reason.
#[must_use]
pub fn post_change(
    encounter: &Encounter,
    token: TokenId,
    change: &PostChange,
) -> (Vec<Command>, Vec<String>) {
    let mut commands = vec![tracker(token, change.clone())];
    let mut lines = Vec::new();
    let Some(before) = post_sheet(encounter, token) else {
        return (commands, lines);
    };
    let mut after = before.clone();
    if after.apply(change).is_err() {
        return (commands, lines);
    }
    let who = name(encounter, token);
    for attribute in Attribute::ALL {
        let i = attribute as usize;
        let condition = below_zero_condition(attribute);
        let has = on_token(&encounter.combat.conditions, encounter.system, token)
            .any(|(c, _)| c.name.eq_ignore_ascii_case(condition));
        let below = after.attributes[i] < 0;
        if below && !has {
            lines.push(format!(
                "{who} is {condition} ({} below 0)",
                attribute.label()
            ));
            commands.push(Command::Combat(CombatCommand::ApplyCondition(
                ActiveCondition {
                    token,
                    name: condition.to_owned(),
                    duration: Duration::UntilRemoved,
                    system: None,
                },
            )));
        } else if !below && before.attributes[i] < 0 && has {
            lines.push(format!("{who} is no longer {condition}"));
            commands.push(Command::Combat(CombatCommand::RemoveCondition {
                token,
                name: condition.to_owned(),
            }));
        }
    }
    complete_loss(
        encounter,
        token,
        (before, &after),
        &mut commands,
        &mut lines,
    );
    (commands, lines)
}

/// Post core, Attribute Loss: all of DEX or WIL lost puts on Unable to act, which lasts until
/// an extended rest gives the attributes back (then it comes off in the rest's step).
fn complete_loss(
    encounter: &Encounter,
    token: TokenId,
    (before, after): (&PostToken, &PostToken),
    commands: &mut Vec<Command>,
    lines: &mut Vec<String>,
) {
    let who = name(encounter, token);
    let has = on_token(&encounter.combat.conditions, encounter.system, token)
        .any(|(c, _)| c.name.eq_ignore_ascii_case(UNABLE_TO_ACT));
    if lost_completely(after) && !has {
        lines.push(format!(
            "{who} is {UNABLE_TO_ACT} (all of its DEX or WIL lost) until an extended rest"
        ));
        commands.push(Command::Combat(CombatCommand::ApplyCondition(
            ActiveCondition {
                system: None,
                token,
                name: UNABLE_TO_ACT.to_owned(),
                duration: Duration::UntilRemoved,
            },
        )));
    } else if !lost_completely(after) && lost_completely(before) && has {
        lines.push(format!("{who} can act again"));
        commands.push(Command::Combat(CombatCommand::RemoveCondition {
            token,
            name: UNABLE_TO_ACT.to_owned(),
        }));
    }
}

fn post_sheet(encounter: &Encounter, token: TokenId) -> Option<&PostToken> {
    match encounter.sheet(token) {
        Some(TokenTrackers::PostCore(t)) => Some(t),
        _ => None,
    }
}

fn tracker(token: TokenId, change: PostChange) -> Command {
    Command::Tracker(TrackerCommand::Token {
        token,
        change: TokenChange::PostCore(change),
    })
}

/// Whether `token` carries Exposed (Post core, Hit Protection).
pub(super) fn exposed(encounter: &Encounter, token: TokenId) -> bool {
    on_token(&encounter.combat.conditions, encounter.system, token)
        .any(|(c, _)| c.name.eq_ignore_ascii_case("Exposed"))
}
