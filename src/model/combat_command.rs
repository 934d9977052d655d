//! Combat commands as data: turn changes, conditions and momentum moves, with any dice already
//! rolled. Applying them lives in `combat::command`.

use serde::{Deserialize, Serialize};

use super::conditions::ActiveCondition;
use super::death_saves::DeathSaveError;
use super::initiative::{Combatant, EconomyPart, InitiativeError, JoinRoll, Mode};
use super::momentum::{Lock, MomentumError, Zone};
use super::trackers::go_forth_heroes::{Defense, Wound};
use super::{AreaId, ReactionCommand, TokenId, TurnMoment};

/// A change to the fight.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum CombatCommand {
    /// Starts round 1 with combatants already rolled or arranged. In the Zipper, `pick` is
    /// who the side that won the Notice check sends first (the first of that side if `None`).
    StartInitiative {
        mode: Mode,
        combatants: Vec<Combatant>,
        surprise_round: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pick: Option<TokenId>,
    },
    EndInitiative,
    /// Ends the current turn. `pick` is the Zipper side's choice of who goes next.
    NextTurn {
        pick: Option<TokenId>,
    },
    PreviousTurn,
    Reorder {
        from: usize,
        to: usize,
    },
    Join(Combatant),
    /// Evening: combatants who rolled to join a running fight, with the roll-offs that
    /// settled their ties (Evening, Initiative).
    JoinRolled(JoinRoll),
    Leave(TokenId),
    SetHeld {
        token: TokenId,
        held: bool,
    },
    SetSurprised {
        token: TokenId,
        surprised: bool,
    },
    UseEconomy {
        token: TokenId,
        part: EconomyPart,
    },
    SetIntention {
        token: TokenId,
        intention: String,
    },
    ApplyCondition(ActiveCondition),
    RemoveCondition {
        token: TokenId,
        name: String,
    },
    Momentum {
        owner: TokenId,
        action: MomentumAction,
    },
    /// An Evening death save with the d20 already rolled (Evening, Death saves).
    DeathSave {
        token: TokenId,
        /// The plain d20, 1–20.
        d20: u8,
    },
    /// First aid stabilized a combatant at 0 health (Evening, Stabilize).
    Stabilize {
        token: TokenId,
    },
    /// A Go Forth: Heroes Wound rolled or entered on the tracker, applied with its chart effects
    /// exactly as a Beat's Wound is (GFH, Determining the Wound).
    TakeWound {
        token: TokenId,
        wound: Wound,
    },
    /// The GM applied or skipped an aura's offer: it leaves the turn tracker (`combat::aura`).
    SettleAura {
        area: AreaId,
        turn_of: TokenId,
        moment: TurnMoment,
    },
    /// The GM applied or skipped the Road and Ruin Battle Stress offer of `round`'s end: it
    /// leaves the turn tracker (`combat::stress`).
    SettleStress {
        round: u32,
    },
    /// One of Evening's own turn actions for `token` (`combat::evening_turn`).
    Evening {
        token: TokenId,
        action: super::evening_combat::EveningAction,
    },
    /// Who conditions come from and the reactions a move offers (Evening; `model::reactions`).
    Reactions(ReactionCommand),
}

/// A move in one hero's momentum pool (GFH, Momentum).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MomentumAction {
    /// Gives the hero a fresh pool of this many dice.
    Create {
        size: usize,
    },
    Prepare {
        from: Zone,
    },
    /// Boost, Extra Action or Gambit fuel; `rolled` is the die's value when it was rolled.
    Spend {
        die: usize,
        power_only: bool,
        rolled: Option<u8>,
    },
    Build {
        die: usize,
    },
    Lock {
        die: usize,
        lock: Lock,
    },
    IncreaseDefense {
        die: usize,
        value: u8,
    },
    Attacked,
    Release {
        die: usize,
    },
    Hit {
        die: Option<usize>,
    },
    Rally,
    /// Rally by a Close ally: `by` spends its Action so this pool's owner recovers a die
    /// (GFH, Actions: Rally). Refused unless the two are within Close on the map.
    RalliedBy {
        by: TokenId,
    },
    /// Extra Action: a Power die goes to Fatigue and the hero gets one more Action this turn
    /// (GFH, Spending Momentum: "1 Momentum = 1 additional Action").
    ExtraAction {
        die: usize,
    },
    /// A Hit that finds every die in Fatigue and knocks the hero out: the Beat, with the
    /// Wound roll's dice already rolled (GFH, Hits & Beats; Wounds).
    KnockOut(KnockOut),
    ShortRest,
    MoveDie {
        die: usize,
        to: Zone,
    },
    Resize {
        size: usize,
    },
}

/// The dice of a Wound roll after a Beat knocks a hero out, and the Defense that dropped it.
/// The Wound itself is worked out when the command applies, from the hero's attributes and
/// the Wounds it already carries (GFH, Taking a Wound Roll).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KnockOut {
    /// The Defense whose attack dropped the hero: its pair and its chart.
    pub defense: Defense,
    /// The Severity d20.
    pub d20: u8,
    /// The d8 on the Defense's chart.
    pub d8: u8,
    /// Sessions for a Vicious Wound.
    pub d4: u8,
}

/// Why a combat command was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CombatError {
    #[error(transparent)]
    Initiative(#[from] InitiativeError),
    #[error(transparent)]
    Momentum(#[from] MomentumError),
    #[error("there is no token {0}")]
    NoSuchToken(TokenId),
    #[error("{0} has no momentum pool")]
    NoPool(TokenId),
    #[error("{token} has no condition “{name}”")]
    NoSuchCondition { token: TokenId, name: String },
    #[error(transparent)]
    DeathSave(#[from] DeathSaveError),
    #[error("{0}")]
    CannotAct(String),
    #[error("{0} has no Evening health to save with")]
    NoHealth(TokenId),
    /// A Wound the hero carries forbids the action (GFH, Determining the Wound).
    #[error("{who} cannot {action}: the {wound} forbids it")]
    Wounded {
        who: String,
        action: &'static str,
        wound: String,
    },
    #[error("aura {0} has no effect waiting in the turn tracker")]
    NoAuraOffer(AreaId),
    #[error("no Battle Stress is waiting for the end of round {0}")]
    NoStressOffer(u32),
    #[error("{who} can't be its own {what}")]
    OwnSource { who: String, what: &'static str },
    #[error("no attack of opportunity from {by} against {mover} is waiting")]
    NoOpportunity { mover: String, by: String },
    #[error("{by} to {ally} is {band}: Rally reaches only a Close ally")]
    NotClose {
        by: String,
        ally: String,
        band: String,
    },
}

impl CombatCommand {
    pub fn label(&self) -> &'static str {
        match self {
            Self::StartInitiative { .. } => "Start initiative",
            Self::EndInitiative => "End initiative",
            Self::NextTurn { .. } => "Next turn",
            Self::PreviousTurn => "Previous turn",
            Self::Reorder { .. } => "Reorder initiative",
            Self::Join(_) | Self::JoinRolled(_) => "Join initiative",
            Self::Leave(_) => "Leave initiative",
            Self::SetHeld { .. } => "Hold turn",
            Self::SetSurprised { .. } => "Set surprised",
            Self::UseEconomy { .. } => "Use action",
            Self::SetIntention { .. } => "Set intention",
            Self::ApplyCondition(_) => "Apply condition",
            Self::RemoveCondition { .. } => "Remove condition",
            Self::Momentum { .. } => "Momentum",
            Self::DeathSave { .. } => "Death save",
            Self::Stabilize { .. } => "Stabilize",
            Self::TakeWound { .. } => "Take a wound",
            Self::SettleAura { .. } => "Aura effect",
            Self::SettleStress { .. } => "Battle Stress",
            Self::Evening { action, .. } => action.label(),
            Self::Reactions(ReactionCommand::SetConditionSource { .. }) => "Condition source",
            Self::Reactions(_) => "Attack of opportunity",
        }
    }
}
