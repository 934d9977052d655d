//! The turn order's data, saved with the encounter: modes, combatants, their action economy.
//! How turns advance under each system lives in `combat::initiative`.

use serde::{Deserialize, Serialize};

use super::TokenId;

/// Where Round the Table slots the enemies among the heroes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EnemyPlacement {
    #[default]
    AtTheEnd,
    SplitHalfway,
    Woven,
}

/// Which side of a Zipper fight acts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ZipperSide {
    #[default]
    Heroes,
    Enemies,
}

/// How turns are taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Mode {
    /// Sorted by d20 + Finesse (Evening).
    Rolled,
    /// GFH Round the Table.
    RoundTheTable { placement: EnemyPlacement },
    /// GFH Zipper: `first` starts each round.
    Zipper { first: ZipperSide },
    /// Road and Ruin: everyone at once, 10 time pips a round.
    Simultaneous,
    /// A plain order the GM arranges (Post core).
    Ordered,
    /// A plain order; each new round raises the 3d6 Escalation tracker by one (3d6 core
    /// mechanics, Escalation).
    Escalating,
}

/// An Evening initiative roll: the d20, the Finesse added, and any roll-off dice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InitiativeRoll {
    pub d20: u8,
    pub bonus: i32,
    /// Roll-offs against tied combatants, in order; higher wins.
    #[serde(default)]
    pub rolloffs: Vec<u8>,
}

/// What a combatant has used this turn (Evening, Movement and actions; GFH, Actions).
#[expect(
    clippy::struct_excessive_bools,
    reason = "independent parts of a turn, each shown as its own button"
)]
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Economy {
    pub action_used: bool,
    pub bonus_action_used: bool,
    /// Kept across turns: when it comes back depends on the system
    /// (`combat::initiative::ReactionReset`).
    pub reaction_used: bool,
    pub movement_spent: u32,
    /// Actions bought this turn and not yet used (GFH, Spending Momentum: "Extra Action — 1
    /// Momentum = 1 additional Action").
    #[serde(default)]
    pub extra_actions: u32,
    /// Moves gained this turn beyond the first, each worth the combatant's speed again (GFH,
    /// Basic Actions: Move "take an additional Move"; Evening, Dash).
    #[serde(default)]
    pub extra_moves: u32,
    /// Prepared this turn (GFH, Preparing: once, at the start of the turn).
    #[serde(default)]
    pub prepared: bool,
    /// Evening, Initiative actions (Ready): the trigger the readied action waits for, taken
    /// with the reaction; empty when nothing is readied. The economy starts afresh with the
    /// combatant's next turn, so a readied action lapses then, as the text says.
    #[serde(
        default,
        skip_serializing_if = "String::is_empty",
        deserialize_with = "super::validate::de_name"
    )]
    pub readied: String,
    /// Evening, Threat Rating: the attacks a threat has made this turn, of the rating's
    /// "Attacks" each round.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub attacks_made: u32,
}

#[expect(
    clippy::trivially_copy_pass_by_ref,
    reason = "serde's skip_serializing_if passes a reference"
)]
fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// One entry in the order.
#[expect(
    clippy::struct_excessive_bools,
    reason = "independent flags the tracker shows one by one"
)]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Combatant {
    /// `None` for an Evening lair's actions.
    pub token: Option<TokenId>,
    /// Evening's roll; a lair has none and acts on 20.
    #[serde(default)]
    pub roll: Option<InitiativeRoll>,
    /// Holding its turn: skipped until it acts.
    #[serde(default)]
    pub held: bool,
    /// Caught by surprise: sits out the surprise round.
    #[serde(default)]
    pub surprised: bool,
    #[serde(default)]
    pub had_first_turn: bool,
    /// Acted this round (Zipper).
    #[serde(default)]
    pub acted: bool,
    #[serde(default)]
    pub economy: Economy,
    /// Road and Ruin: what it is trying to do.
    #[serde(default, deserialize_with = "super::validate::de_intention")]
    pub intention: String,
}

/// Why an initiative change is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InitiativeError {
    #[error("initiative hasn't started")]
    NotStarted,
    #[error("{0} is not in the initiative")]
    NotIn(TokenId),
    #[error("{0} is already in the initiative")]
    AlreadyIn(TokenId),
    #[error("position {0} is not in the order")]
    BadPosition(usize),
    #[error("a reaction can't be used before the combatant's first turn")]
    ReactionBeforeFirstTurn,
    #[error("that is already used this turn")]
    AlreadyUsed,
    #[error("that needs {needed} movement and only {left} is left")]
    NotEnoughMovement { needed: u32, left: u32 },
    #[error("it is the {0:?}' pick, and that combatant has acted or is on the other side")]
    NotTheirPick(ZipperSide),
    #[error("it is not that combatant's turn")]
    NotTheirTurn,
    #[error("its reaction is spent until it comes back")]
    ReactionSpent,
    #[error("that can only be done at the start of the turn, before anything else")]
    NotAtStart,
}

/// The turn order and where the fight is in it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Initiative {
    pub mode: Mode,
    pub combatants: Vec<Combatant>,
    /// Index of the combatant whose turn it is.
    #[serde(default)]
    pub current: Option<usize>,
    /// 0 before the fight starts.
    #[serde(default)]
    pub round: u32,
    /// Evening: round 1 is a surprise round.
    #[serde(default)]
    pub surprise_round: bool,
    /// Road and Ruin: time pip within the round, 0–9.
    #[serde(default)]
    pub pip: u8,
}

impl Default for Initiative {
    fn default() -> Self {
        Self {
            mode: Mode::Ordered,
            combatants: Vec::new(),
            current: None,
            round: 0,
            surprise_round: false,
            pip: 0,
        }
    }
}

/// A part of a turn's action economy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EconomyPart {
    Action,
    BonusAction,
    Reaction,
    Movement(u32),
    /// One more Move's worth of movement: GFH's Move action ("take an additional Move", so
    /// Going Far is two Moves) spends the Action; Evening's Dash spends the bonus action.
    Dash,
}

impl Initiative {
    /// Road and Ruin: time pips in a round (Hastened Time).
    pub const PIPS_PER_ROUND: u8 = 10;

    /// Takes `token` out of the order, the turn marker following: a later combatant's turn
    /// stays its own, and if it was the leaver's turn the next in line has it (none past the
    /// end). Returns whether it was in the order.
    pub fn drop_token(&mut self, token: TokenId) -> bool {
        let Some(i) = self.combatants.iter().position(|c| c.token == Some(token)) else {
            return false;
        };
        self.combatants.remove(i);
        self.current = match self.current {
            Some(c) if c > i => Some(c - 1),
            Some(c) if c == i && c >= self.combatants.len() => None,
            other => other,
        };
        true
    }
}

/// Roll-off dice a combatant already in the order rolls against someone joining.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RollOff {
    pub token: TokenId,
    /// Added after the dice it already has.
    pub dice: Vec<u8>,
}

/// Combatants joining a rolled fight, and the roll-offs that settled their ties.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct JoinRoll {
    /// The newcomers, each with its d20, Finesse and roll-off dice.
    pub joining: Vec<Combatant>,
    /// The dice those already in the order rolled off with against them.
    #[serde(default)]
    pub rolloffs: Vec<RollOff>,
}
