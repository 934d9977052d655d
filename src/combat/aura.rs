//! Aura effects the turn tracker offers at the start or end of a turn.
//!
//! Go Forth: Heroes auras act at turn boundaries, and the texts name two kinds of trigger:
//! - **the aura owner's turn** — Harm, Aura of Agony: "Close enemies take 1d4 Effort at the end
//!   of your turn": when the owner's turn reaches the moment, every token then inside is
//!   affected at once;
//! - **each affected token's own turn** — Invocation (Death), Aura of Death: enemies within
//!   Close take 1d6 Effort "at the start of each of their turns"; Elementalist, Elemental Aura
//!   (Fire): "Creatures who start their turn Close with you": a token is affected when its own
//!   turn reaches the moment while it stands inside.
//!
//! An aura is a kept area that follows its token ([`AreaTemplate::follows`]); which tokens are
//! inside is [`Scene::area_tokens`] at that moment (walls cut, the owner never in, "Close
//! allies / Close enemies" picked by side). Standing auras ("Close allies gain Mobile",
//! Elementalist, Elemental Aura (Air)) are read as a condition granted at one turn boundary for
//! one of the bearer's turns, so it is renewed while the ally stays Close and lapses once it
//! leaves.
//!
//! The offers are made when the turn changes ([`offers_at`], stored in the combat state so a
//! Next turn's undo takes them back) and wait for the GM: Apply is one command
//! ([`apply_offer`]), Skip is [`CombatCommand::SettleAura`](super::command::CombatCommand).
//! The texts do not say whether "take 1d4 Effort" is one roll for everyone or one each; Lantern
//! rolls once and gives every affected token the same amount, as a table rolling one die for
//! the aura would. Road and Ruin's time pips (Hastened Time) start and end nobody's turn, so
//! nothing is offered there; the kept area's Targets still list who is inside.

use crate::board::Scene;
use crate::combat::command::CombatCommand;
use crate::combat::conditions::{ActiveCondition, Duration};
use crate::model::{
    AreaSelect, AreaTemplate, AuraEffect, AuraOffer, AuraOutcome, AuraTurn, Command, Encounter,
    LogEntry, RuleSystem, TokenId, TurnMoment,
};
use crate::rules::go_forth_heroes::GfhChange;
use crate::rules::road_and_ruin::{RrChange, strike};
use crate::rules::{TokenChange, TokenTrackers, TrackerCommand};

/// The aura effects due when `ended`'s turn ends and `started`'s begins: every end-of-turn
/// offer first, then every start-of-turn one, each in the encounter's area order. An aura
/// with nobody inside offers nothing.
#[must_use]
pub fn offers_at(
    encounter: &Encounter,
    ended: Option<TokenId>,
    started: Option<TokenId>,
) -> Vec<AuraOffer> {
    if !encounter.areas.iter().any(|a| a.effect.is_some()) {
        return Vec::new();
    }
    let scene = Scene::new(encounter);
    let mut out = Vec::new();
    for (moment, turn_of) in [(TurnMoment::End, ended), (TurnMoment::Start, started)] {
        let Some(turn_of) = turn_of else { continue };
        for area in &encounter.areas {
            if let Some(offer) = offer_for(&scene, area, moment, turn_of) {
                out.push(offer);
            }
        }
    }
    out
}

/// One area's offer at `turn_of`'s `moment`, if it has one.
fn offer_for(
    scene: &Scene,
    area: &AreaTemplate,
    moment: TurnMoment,
    turn_of: TokenId,
) -> Option<AuraOffer> {
    let effect = area.effect.as_ref().filter(|e| e.moment == moment)?;
    let owner_turn = area.source == Some(turn_of);
    if effect.whose == AuraTurn::Owner && !owner_turn {
        return None;
    }
    let placed = scene.place_area(area).ok()?;
    let inside = scene.area_tokens(&placed);
    let tokens = match effect.whose {
        AuraTurn::Owner => inside,
        AuraTurn::Each => inside.into_iter().filter(|t| *t == turn_of).collect(),
    };
    (!tokens.is_empty()).then_some(AuraOffer {
        area: area.id,
        turn_of,
        moment,
        tokens,
    })
}

/// A harm roll's dice as rolled, for Apply and the log.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HarmRoll {
    pub faces: Vec<u32>,
    pub bonus: i32,
}

impl HarmRoll {
    /// The total, never below 0.
    #[must_use]
    pub fn total(&self) -> u32 {
        let sum: i64 =
            self.faces.iter().map(|f| i64::from(*f)).sum::<i64>() + i64::from(self.bonus);
        u32::try_from(sum.max(0)).unwrap_or(u32::MAX)
    }
}

/// What Apply does: one line per change and the commands, settling the offer too.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AuraApply {
    pub lines: Vec<String>,
    /// Ready for one [`Command::Batch`]: one undo step.
    pub commands: Vec<Command>,
}

/// The effect an offer carries, when its area is still there.
#[must_use]
pub fn effect_of<'a>(encounter: &'a Encounter, offer: &AuraOffer) -> Option<&'a AuraEffect> {
    encounter
        .areas
        .iter()
        .find(|a| a.id == offer.area)?
        .effect
        .as_ref()
}

/// The commands of Apply for `offer`: a condition on each token, or `roll`'s harm to each
/// (GFH Effort into Hearts; Evening damage off temporary health, then health; Road and Ruin a
/// strike through Steadfast; Post core HP then STR; 3d6 a logged harm), a log line, and the
/// offer settled. `roll` is ignored for a condition.
#[must_use]
pub fn apply_offer(encounter: &Encounter, offer: &AuraOffer, roll: &HarmRoll) -> AuraApply {
    let mut out = AuraApply::default();
    let Some(effect) = effect_of(encounter, offer) else {
        return out;
    };
    // A token deleted since the offer was made is left out.
    let present: Vec<TokenId> = offer
        .tokens
        .iter()
        .copied()
        .filter(|t| encounter.token(*t).is_some())
        .collect();
    let names = |ids: &[TokenId]| {
        ids.iter()
            .map(|t| name(encounter, *t))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let dice = match &effect.outcome {
        AuraOutcome::Condition {
            name: condition,
            rounds,
        } => {
            let duration = rounds.map_or(Duration::UntilRemoved, |r| Duration::Rounds {
                remaining: r,
                from: None,
            });
            for &token in &present {
                out.commands
                    .push(Command::Combat(CombatCommand::ApplyCondition(
                        ActiveCondition {
                            token,
                            name: condition.clone(),
                            duration: duration.clone(),
                            system: None,
                        },
                    )));
                out.lines
                    .push(format!("{} gains {condition}", name(encounter, token)));
            }
            String::new()
        }
        AuraOutcome::Harm { .. } => {
            let amount = roll.total();
            for &token in &present {
                harm(encounter, token, amount, &mut out);
            }
            roll_text(roll)
        }
    };
    let owner = encounter
        .areas
        .iter()
        .find(|a| a.id == offer.area)
        .and_then(|a| a.source)
        .map_or_else(String::new, |t| name(encounter, t));
    out.commands.push(Command::AppendLog(
        LogEntry {
            who: owner,
            what: offer_title(encounter, offer),
            dice,
            result: format!("{}: {}", names(&present), out.lines.join("; ")),
        }
        .fitted(),
    ));
    out.commands.push(settle(offer));
    out
}

/// Skip, or the last part of Apply: the offer is settled and leaves the tracker.
#[must_use]
pub fn settle(offer: &AuraOffer) -> Command {
    Command::Combat(CombatCommand::SettleAura {
        area: offer.area,
        turn_of: offer.turn_of,
        moment: offer.moment,
    })
}

/// "Aura of Agony — end of Zed's turn".
#[must_use]
pub fn offer_title(encounter: &Encounter, offer: &AuraOffer) -> String {
    let what = effect_of(encounter, offer)
        .map(|e| e.name.trim())
        .filter(|n| !n.is_empty())
        .unwrap_or("Aura");
    let when = match offer.moment {
        TurnMoment::Start => "start",
        TurnMoment::End => "end",
    };
    format!(
        "{what} — {when} of {}'s turn",
        name(encounter, offer.turn_of)
    )
}

/// What the effect does, in a few words ("1d4 Effort", "gain Mobile").
#[must_use]
pub fn outcome_text(system: RuleSystem, outcome: &AuraOutcome) -> String {
    match outcome {
        AuraOutcome::Condition { name, .. } => format!("gain {name}"),
        AuraOutcome::Harm {
            count,
            sides,
            bonus,
        } => {
            let what = if system == RuleSystem::GoForthHeroes {
                "Effort"
            } else {
                "damage"
            };
            match bonus {
                0 => format!("{count}d{sides} {what}"),
                b => format!("{count}d{sides}{b:+} {what}"),
            }
        }
    }
}

fn roll_text(roll: &HarmRoll) -> String {
    let faces: Vec<String> = roll.faces.iter().map(u32::to_string).collect();
    match roll.bonus {
        0 => format!("[{}]", faces.join(", ")),
        b => format!("[{}] {b:+}", faces.join(", ")),
    }
}

fn name(encounter: &Encounter, token: TokenId) -> String {
    encounter
        .token(token)
        .map_or_else(|| format!("token {}", token.0), |t| t.name.clone())
}

/// `amount` harm to `token` in the encounter's system, as an attack's damage is applied.
fn harm(encounter: &Encounter, token: TokenId, amount: u32, out: &mut AuraApply) {
    let who = name(encounter, token);
    let tracker = |change: TokenChange| Command::Tracker(TrackerCommand::Token { token, change });
    let trackers = encounter.sheet(token);
    let (line, command) = match (encounter.system, trackers) {
        (_, _) if amount == 0 => (format!("{who} takes nothing"), None),
        (RuleSystem::GoForthHeroes, Some(TokenTrackers::GoForthHeroes(t)))
            if t.hearts.is_some() =>
        {
            (
                format!("{amount} Effort into {who}'s Hearts"),
                Some(tracker(TokenChange::GoForthHeroes(
                    GfhChange::ApplyEffort {
                        effort: amount,
                        overkill: false,
                    },
                ))),
            )
        }
        (RuleSystem::Evening, Some(TokenTrackers::Evening(t))) => {
            let p = t.preview_damage(amount);
            let mut line = format!("{who} loses {} health", p.health_lost + p.temp_health_lost);
            // Falling to zero puts Unconscious (and Prone) on in the same step.
            let command =
                match crate::combat::health::evening_change(encounter, token, p.change.clone()) {
                    Ok(change) => {
                        if change.falls {
                            line.push_str(": down at 0, Unconscious and Prone");
                        }
                        Command::Batch(change.commands)
                    }
                    Err(_) => tracker(TokenChange::Evening(p.change)),
                };
            (line, Some(command))
        }
        (RuleSystem::RoadAndRuin, Some(TokenTrackers::RoadAndRuin(t))) => {
            let (sf, hp) = strike(t.get(crate::rules::road_and_ruin::Pool::Steadfast), amount);
            (
                format!("{who} takes {amount}: {sf} Steadfast, {hp} Health"),
                Some(tracker(TokenChange::RoadAndRuin(RrChange::Strike(amount)))),
            )
        }
        (RuleSystem::PostCore, Some(TokenTrackers::PostCore(t))) => {
            // An Exposed target acts as at 0 HP (Post core, Damage), as an attack's harm does.
            let exposed = crate::combat::conditions::on_token(
                &encounter.combat.conditions,
                encounter.system,
                token,
            )
            .any(|(c, _)| c.name.eq_ignore_ascii_case("Exposed"));
            let p = t.preview_harm(u8::try_from(amount).unwrap_or(u8::MAX), exposed);
            (
                format!("{who} loses {} HP", p.hp_lost),
                Some(tracker(TokenChange::PostCore(p.change))),
            )
        }
        _ => (format!("{who} takes {amount} (no track to mark)"), None),
    };
    out.lines.push(line);
    out.commands.extend(command);
}

/// A ready-made aura from a system's text: an area from the token (a burst of `reach`, the
/// band's name), who it picks and its effect.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AuraPreset {
    /// The gambit's name with its Discipline, as the menu shows it.
    pub label: &'static str,
    pub reach: &'static str,
    pub select: AreaSelect,
    pub effect: AuraEffect,
}

fn preset(
    label: &'static str,
    reach: &'static str,
    select: AreaSelect,
    (moment, whose): (TurnMoment, AuraTurn),
    outcome: AuraOutcome,
) -> AuraPreset {
    let name = label.split(" (").next().unwrap_or(label);
    AuraPreset {
        label,
        reach,
        select,
        effect: AuraEffect {
            name: name.to_owned(),
            moment,
            whose,
            outcome,
        },
    }
}

fn harm_dice(count: u32, sides: u32) -> AuraOutcome {
    AuraOutcome::Harm {
        count,
        sides,
        bonus: 0,
    }
}

fn gains(name: &str) -> AuraOutcome {
    AuraOutcome::Condition {
        name: name.to_owned(),
        rounds: Some(1),
    }
}

/// The auras a system's text names that act at turn boundaries. GFH:
/// - Harm, Aura of Agony: Close enemies, 1d4 Effort at the end of the owner's turn;
/// - Invocation (Death), Aura of Death: enemies within Close, 1d6 Effort at the start of each
///   of their turns;
/// - Elementalist, Elemental Aura: Fire, 1d6 Effort to any creature that starts its turn
///   Close; Air, Close allies gain Mobile and Close enemies are Rattled; Water, Close allies
///   are Bolstered and enemies that start their turn Engaged are Staggered;
/// - Invocation (Dark), Blessing of Shadow: all Close enemies are Rattled.
///
/// A standing condition is granted for one of the bearer's turns and renewed while it stays
/// inside: Mobile, Rattled and Staggered change what the bearer does on its own turn, so they
/// are checked at the start of each bearer's turn; Bolstered also guards the bearer on other
/// turns (Soul Defense), so the owner grants it to everyone inside at the start of its turn.
/// The other systems name no turn-triggered auras: none.
#[must_use]
pub fn presets(system: RuleSystem) -> Vec<AuraPreset> {
    use AreaSelect::{Allies, Enemies, Everyone};
    if system != RuleSystem::GoForthHeroes {
        return Vec::new();
    }
    let end_of_owner = (TurnMoment::End, AuraTurn::Owner);
    let start_of_owner = (TurnMoment::Start, AuraTurn::Owner);
    let start_of_each = (TurnMoment::Start, AuraTurn::Each);
    vec![
        preset(
            "Aura of Agony (Harm)",
            "Close",
            Enemies,
            end_of_owner,
            harm_dice(1, 4),
        ),
        preset(
            "Aura of Death (Death)",
            "Close",
            Enemies,
            start_of_each,
            harm_dice(1, 6),
        ),
        preset(
            "Elemental Aura (Fire)",
            "Close",
            Everyone,
            start_of_each,
            harm_dice(1, 6),
        ),
        preset(
            "Elemental Aura (Air, allies)",
            "Close",
            Allies,
            start_of_each,
            gains("Mobile"),
        ),
        preset(
            "Elemental Aura (Air, enemies)",
            "Close",
            Enemies,
            start_of_each,
            gains("Rattled"),
        ),
        preset(
            "Elemental Aura (Water, allies)",
            "Close",
            Allies,
            start_of_owner,
            gains("Bolstered"),
        ),
        preset(
            "Elemental Aura (Water, enemies)",
            "Engaged",
            Enemies,
            start_of_each,
            gains("Staggered"),
        ),
        preset(
            "Blessing of Shadow (Dark)",
            "Close",
            Enemies,
            start_of_each,
            gains("Rattled"),
        ),
    ]
}
