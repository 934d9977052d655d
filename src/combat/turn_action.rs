//! The texts' own combat actions that change later rolls, taken for the current combatant as
//! one command: GFH Guard and Help (GFH, Combat: Advanced Actions) and Evening Defend and
//! Disengage (Evening, Combat actions). Each leaves a marker on a token, looked up like a
//! condition (`System::action_markers` in `rules/<system>/mod.rs`), which the check builder
//! reads as an overridable contribution (`combat::action`).
//!
//! Readings chosen where the texts are loose:
//! - Guard, Defend and Disengage last until the start of the actor's next turn (Evening says
//!   "until the beginning of your next turn"; GFH's Guard "until your next turn"), stored as a
//!   one-round [`Duration::Rounds`] counted from the actor, which ends as that turn begins.
//! - Help lasts until the helped ally rolls: "next roll" is the next check that ally rolls from
//!   the Dice pane, and that roll uses the marker up in its own undo step (which the roll's
//!   Apply joins), so one Ctrl+Z brings the Help back with the roll.
//! - An ally is a token on the same side, party and allies standing together (as
//!   `Side::is_hostile_to` reads them); Help picks another token, not the helper.
//! - Taking the action spends the actor's Action when it still has it; when it has none left
//!   (GFH Hurry makes Help a free action) the marker is given all the same.
//! - Disengage: Lantern has no attack-of-opportunity prompt, so nothing reads the marker; it
//!   shows on the token and in the Conditions pane for the GM to honour.

use thiserror::Error;

use super::conditions::{ActiveCondition, Duration};
use crate::model::combat_command::CombatCommand;
use crate::model::initiative::EconomyPart;
use crate::model::{Command, Encounter, RuleSystem, Side, TokenId};

/// One of the texts' combat actions that leave a marker.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TurnAction {
    /// GFH, Advanced Actions: attacks against the guard or a Close ally are Hard until its
    /// next turn.
    Guard,
    /// GFH, Advanced Actions: an ally's next roll is Easy.
    Help,
    /// GFH, Advanced Actions: this turn's Action is taken at Hard, and Interact or Help comes
    /// free.
    Hurry,
    /// Evening, Combat actions: +3 to defence checks until the start of the next turn.
    Defend,
    /// Evening, Combat actions: no attacks of opportunity until the start of the next turn.
    Disengage,
}

/// Why a turn action can't be taken.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum TurnActionError {
    #[error("{action} is not an action of {system}")]
    OtherSystem { action: String, system: String },
    #[error("there is no such token")]
    NoSuchToken,
    #[error("Help needs an ally to help")]
    NoAlly,
    #[error("a token can't Help itself")]
    HelpSelf,
    #[error("only a combatant in the fight can Assess")]
    NotInFight,
    #[error("{0}")]
    Refused(String),
}

impl TurnAction {
    /// The action's name, which is also the marker's name.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::Guard => "Guard",
            Self::Help => "Help",
            Self::Hurry => "Hurry",
            Self::Defend => "Defend",
            Self::Disengage => "Disengage",
        }
    }

    /// The system whose text names the action.
    #[must_use]
    pub fn system(self) -> RuleSystem {
        match self {
            Self::Guard | Self::Help | Self::Hurry => RuleSystem::GoForthHeroes,
            Self::Defend | Self::Disengage => RuleSystem::Evening,
        }
    }

    /// Whether the action picks an ally (Help) rather than marking the actor.
    #[must_use]
    pub fn needs_ally(self) -> bool {
        self == Self::Help
    }

    /// The marker's summary, for hover text.
    #[must_use]
    pub fn summary(self) -> &'static str {
        super::catalogue::find(self.system(), self.label()).map_or("", |d| d.summary)
    }
}

/// The actions of `system` that leave a marker (empty for systems whose texts name none).
#[must_use]
pub fn available(system: RuleSystem) -> &'static [TurnAction] {
    match system {
        RuleSystem::GoForthHeroes => &[TurnAction::Guard, TurnAction::Help, TurnAction::Hurry],
        RuleSystem::Evening => &[TurnAction::Defend, TurnAction::Disengage],
        _ => &[],
    }
}

/// Whether tokens of sides `a` and `b` are allies: the same side, or party and allies.
#[must_use]
pub fn allied(a: Side, b: Side) -> bool {
    let friendly = |s: Side| matches!(s, Side::Party | Side::Ally);
    a == b || (friendly(a) && friendly(b))
}

/// The tokens `actor` may Help: every other token allied to it, in the encounter's order.
#[must_use]
pub fn allies(encounter: &Encounter, actor: TokenId) -> Vec<TokenId> {
    let Some(side) = encounter.token(actor).map(|t| t.side) else {
        return Vec::new();
    };
    encounter
        .tokens
        .iter()
        .filter(|t| t.id != actor && allied(side, t.side))
        .map(|t| t.id)
        .collect()
}

/// The one command that takes `action` for `actor` (helping `ally` for Help): the marker with
/// its duration (see the module doc), and the actor's Action spent when it still has it.
///
/// # Errors
/// The action is another system's, a token is missing, or Help has no ally (or names the
/// actor).
pub fn take(
    encounter: &Encounter,
    actor: TokenId,
    action: TurnAction,
    ally: Option<TokenId>,
) -> Result<Command, TurnActionError> {
    if action.system() != encounter.system {
        return Err(TurnActionError::OtherSystem {
            action: action.label().to_owned(),
            system: encounter.system.label().to_owned(),
        });
    }
    if encounter.token(actor).is_none() {
        return Err(TurnActionError::NoSuchToken);
    }
    let (bearer, duration) = if action.needs_ally() {
        let ally = ally.ok_or(TurnActionError::NoAlly)?;
        if ally == actor {
            return Err(TurnActionError::HelpSelf);
        }
        if encounter.token(ally).is_none() {
            return Err(TurnActionError::NoSuchToken);
        }
        (ally, Duration::UntilRemoved)
    } else {
        let one_round = Duration::Rounds {
            remaining: 1,
            from: Some(actor),
        };
        (actor, one_round)
    };
    if action == TurnAction::Hurry {
        return hurry(encounter, actor);
    }
    let mut commands = Vec::new();
    let init = &encounter.combat.initiative;
    let economy = init
        .position(actor)
        .and_then(|i| init.combatants.get(i))
        .map(|c| &c.economy);
    let has_action = economy.is_some_and(crate::model::initiative::Economy::action_available);
    // GFH, Hurry: the Help it makes free spends the free action (kept in the economy's bonus
    // action, which GFH has no other use for), not the Action.
    let free = action == TurnAction::Help
        && hurrying(encounter, actor)
        && economy.is_some_and(|e| !e.bonus_action_used);
    let part = if free {
        Some(EconomyPart::BonusAction)
    } else {
        has_action.then_some(EconomyPart::Action)
    };
    if let Some(part) = part
        && init.current_token() == Some(actor)
    {
        commands.push(Command::Combat(CombatCommand::UseEconomy {
            token: actor,
            part,
        }));
    }
    commands.push(Command::Combat(CombatCommand::ApplyCondition(
        ActiveCondition {
            token: bearer,
            name: action.label().to_owned(),
            duration,
            system: None,
        },
    )));
    Ok(Command::Batch(commands))
}

/// Whether `token` carries GFH's Hurry marker (taken this turn).
#[must_use]
pub fn hurrying(encounter: &Encounter, token: TokenId) -> bool {
    super::conditions::on_token(&encounter.combat.conditions, encounter.system, token)
        .any(|(c, _)| c.name.eq_ignore_ascii_case(TurnAction::Hurry.label()))
}

/// GFH, Advanced Actions: "Hurry — Take any Action at Hard, gain Interact or Help as free
/// actions." Taken on the hero's own turn while its Action is still to come, it leaves the
/// Hurry marker until the turn ends: every check the hero makes this turn is Hard (the
/// builder reads the marker), and one Help (or an Interact, the GM's) costs the free action
/// instead of the Action. The Action itself is not spent: it is still to be taken, at Hard. A
/// Mind Wound can forbid it (GFH, Determining the Wound: Mind 2).
fn hurry(encounter: &Encounter, actor: TokenId) -> Result<Command, TurnActionError> {
    if let Some(why) = super::wounds::wound_refusal(
        encounter,
        actor,
        crate::rules::go_forth_heroes::WoundEffect::CannotHurry,
    ) {
        return Err(TurnActionError::Refused(why.to_string()));
    }
    let init = &encounter.combat.initiative;
    let action_left = init
        .position(actor)
        .and_then(|i| init.combatants.get(i))
        .is_some_and(|c| c.economy.action_available());
    if init.current_token() != Some(actor) || !action_left {
        return Err(TurnActionError::Refused(
            "Hurry is taken on the hero's own turn, before its Action".to_owned(),
        ));
    }
    if hurrying(encounter, actor) {
        return Err(TurnActionError::Refused(
            "already Hurrying this turn".to_owned(),
        ));
    }
    Ok(Command::Combat(CombatCommand::ApplyCondition(
        ActiveCondition {
            system: None,
            token: actor,
            name: TurnAction::Hurry.label().to_owned(),
            duration: Duration::EndOfNextTurn {
                of: actor,
                started: true,
            },
        },
    )))
}

/// Road and Ruin, Hastened time ("A character may spend a round to Assess … to form a new
/// Intention") and OUTCOME ("reacting or pivoting without reassessing renders the character
/// Distracted"): `token` spends the round taking stock and forms `intention`, which ends
/// Distracted, since acting outside the old Intention is what made it so. One command: the new
/// Intention, Distracted taken off when it is on, and a log line saying the round went to it.
/// (Sharing the Intention with willing allies by a shout is each ally's own Assess-free
/// change: the GM types it in their rows.)
///
/// # Errors
/// The encounter is not Road and Ruin, or the token is missing or not in the fight.
pub fn assess(
    encounter: &Encounter,
    token: TokenId,
    intention: &str,
) -> Result<Command, TurnActionError> {
    if encounter.system != RuleSystem::RoadAndRuin {
        return Err(TurnActionError::OtherSystem {
            action: "Assess".to_owned(),
            system: encounter.system.label().to_owned(),
        });
    }
    let who = encounter
        .token(token)
        .ok_or(TurnActionError::NoSuchToken)?
        .name
        .clone();
    if encounter.combat.initiative.position(token).is_none() {
        return Err(TurnActionError::NotInFight);
    }
    let mut commands = vec![Command::Combat(CombatCommand::SetIntention {
        token,
        intention: intention.to_owned(),
    })];
    let distracted =
        super::conditions::on_token(&encounter.combat.conditions, encounter.system, token)
            .any(|(c, _)| c.name.eq_ignore_ascii_case(DISTRACTED));
    if distracted {
        commands.push(Command::Combat(CombatCommand::RemoveCondition {
            token,
            name: DISTRACTED.to_owned(),
        }));
    }
    let result = if intention.trim().is_empty() {
        "spends the round taking stock".to_owned()
    } else {
        format!("spends the round taking stock; Intention: {intention}")
    };
    commands.push(Command::AppendLog(
        crate::model::LogEntry::event(who, "Assess", result).fitted(),
    ));
    Ok(Command::Batch(commands))
}

/// Road and Ruin's condition for acting outside one's Intention (Hastened time).
pub const DISTRACTED: &str = "Distracted";

/// The command that uses up the Help of the one who rolls `filled`, when the roll counted it
/// (its line left switched on): joined to the roll's undo step (GFH, Advanced Actions: Help
/// makes the ally's next roll Easy, once).
#[must_use]
pub fn help_used(encounter: &Encounter, filled: &super::action::FilledCheck) -> Option<Command> {
    let roller = filled.roller()?;
    let who = encounter.token(roller)?.name.as_str();
    let line = help_line(who);
    let used = filled.contributions.iter().any(|c| c.on && c.text == line);
    used.then(|| {
        Command::Combat(CombatCommand::RemoveCondition {
            token: roller,
            name: TurnAction::Help.label().to_owned(),
        })
    })
}

/// The builder's Help line for the helped token `who`, so the roll can tell it counted.
pub(crate) fn help_line(who: &str) -> String {
    format!("{who} was helped (Help): this roll is easier")
}
