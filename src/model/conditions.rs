//! Condition tokens saved with the encounter: who carries what, for how long. Applying and
//! expiring them, and their effects, live in `combat::conditions`.

use serde::{Deserialize, Serialize};

use super::{RuleSystem, TokenId};

/// How long a condition lasts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Duration {
    /// Until the GM removes it.
    UntilRemoved,
    /// For this many rounds from when it was applied, a whole round each: until the start of
    /// the applier's turn that many rounds on. `from` is whose turn it was when it was applied
    /// (the applier, filled in by the apply command): each start of `from`'s turn ends one
    /// round. With no one's turn running (before the fight, or after `from` left the order)
    /// it is `None`, and each new round after the first ends one instead.
    ///
    /// The texts' one-round effects end at the start of the one who made them's next turn
    /// (Evening, Combat actions: Defend and Disengage last "until the beginning of your next
    /// turn"; GFH, Reckless Attack, Phase Defense: "until the start of your next turn"), so a
    /// "1 round" condition put on anyone during a combatant's turn lasts until that
    /// combatant's next turn begins, whether it is on the combatant itself or on another
    /// creature — never just to the end of the turn it was applied in. Read as the texts
    /// word it, the round ends when that next turn starts: if the applier holds its turn or
    /// sits a round out, the condition waits for it.
    Rounds {
        remaining: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        from: Option<TokenId>,
    },
    /// Until the end of `of`'s next turn. `started` turns true when a turn of `of` begins after
    /// the condition was applied, so a condition applied during `of`'s own turn outlasts it.
    EndOfNextTurn { of: TokenId, started: bool },
    /// Until the end of the round it was put on in: it wears off as the next round begins
    /// (GFH's "until end of round", "this round", "for the round": Dirty Trick, Stunned,
    /// Inspiring Sacrifice). Put on before the fight, that is the first round.
    EndOfRound,
    /// Until the bearer succeeds on a save (the GM removes it then).
    UntilSave,
    /// Road and Ruin: for this many more time pips of Hastened Time, counting down as each pip
    /// passes whoever carries it (ten pips a round). A "2 rounds" condition in Road and Ruin is
    /// stored as 20 pips when it is applied (see `Duration::in_system_units` in `combat::conditions`).
    Pips { remaining: u32 },
}

/// A condition on a token, in one rule system.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActiveCondition {
    pub token: TokenId,
    /// A catalogue name for the encounter's system, or any custom name.
    #[serde(deserialize_with = "super::validate::de_label")]
    pub name: String,
    pub duration: Duration,
    /// The rule system it was put on under. Conditions belong to a system as sheets do: the
    /// encounter shows, counts and ticks only its own system's, and the others wait, as they
    /// were, for the system to change back. Applying a condition gives it the encounter's
    /// system; `None` (a file from before conditions had one, or a command that leaves it to
    /// the encounter) reads as the encounter's system, and the loader settles it to that
    /// system at once ([`super::CombatState::settle_condition_systems`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub system: Option<RuleSystem>,
}

impl ActiveCondition {
    /// Whether the condition counts under `system`: its own, or the encounter's when it has
    /// none yet.
    #[must_use]
    pub fn belongs_to(&self, system: RuleSystem) -> bool {
        self.system.is_none_or(|own| own == system)
    }
}
