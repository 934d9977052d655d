//! What a rolled action does to its target, previewed before the GM applies it: the lines the
//! Dice pane shows and the commands that make it so, appended to the roll's undo step.

use super::weapon::WeaponDamage;
use super::{FilledCheck, SheetSpot};
use crate::combat::command::{CombatCommand, KnockOut, MomentumAction};
use crate::combat::momentum::Zone;
use crate::dice::DiceRng;
use crate::model::{Command, Encounter, LogEntry, TokenId};
use crate::rules::evening::{Affinity, DamageDice, DamageRoll, EveningOutcome};
use crate::rules::go_forth_heroes::{Defense, GfhChange, GfhOutcome};
use crate::rules::road_and_ruin::{RrChange, blow_damage, strike};
use crate::rules::{CheckOutcome, TokenChange, TokenTrackers, TrackerCommand};

/// Evening: the damage an attack without a threat profile rolls until the GM changes it, a
/// light weapon's d6 (Evening names weapon damage per weapon; the GM edits the amount).
pub const EVENING_DEFAULT_DAMAGE: DamageDice = DamageDice {
    count: 1,
    sides: 6,
    bonus: 0,
};

/// The preview and the commands of Apply.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Consequence {
    /// One line per change, in the system's words.
    pub lines: Vec<String>,
    /// The changes, applied in the roll's undo step.
    pub commands: Vec<Command>,
    /// When there is nothing to apply: why, and where on whose sheet the missing number goes
    /// (`None` when nothing is missing: the roll missed, or dealt nothing).
    pub nothing: Option<(String, Option<(TokenId, SheetSpot)>)>,
}

impl Consequence {
    fn tracker(&mut self, token: TokenId, change: TokenChange, line: String) {
        self.commands
            .push(Command::Tracker(TrackerCommand::Token { token, change }));
        self.lines.push(line);
    }
}

/// The amount Apply starts from, which the GM may edit: GFH the rolled Effort; Evening the
/// damage of a hit, rolled here (the attacker threat's first attack, else
/// [`EVENING_DEFAULT_DAMAGE`]; a critical hit doubles the dice, Evening, Attack), and for a
/// failed Evening defence check the threat's first attack, doubled only for a Paralyzed
/// defender next to the threat (`defence.rs`); Road
/// and Ruin the blow's share of `weapon_damage` (Solid full, Glancing half rounded down); Post core the
/// effect score; 3d6 the Mid die (the text leaves numbers to the dice).
pub fn default_amount(
    encounter: &Encounter,
    filled: &FilledCheck,
    outcome: &CheckOutcome,
    weapon_damage: u32,
    rng: &mut DiceRng,
) -> i64 {
    match outcome {
        CheckOutcome::GoForthHeroes(r) => r.effort,
        // Evening: a failed defence check lets the threat's attack land, doubled only when the
        // defender is Paralyzed and the threat adjacent (a hit from adjacent is critical).
        CheckOutcome::Evening(_) if filled.defender.is_some() => {
            // A defence that only halves (defend for half, certain damage) still lets the
            // damage be rolled on a success (`evening::damage_taken` halves it).
            let halves = matches!(
                filled.setup(),
                crate::rules::CheckSetup::Evening(c)
                    if c.damage_rule != crate::rules::evening::DamageRule::Avoidable
            );
            if super::attack_lands(outcome) || halves {
                let dice = evening_attack_dice(encounter, filled);
                let critical = matches!(
                    filled.setup(),
                    crate::rules::CheckSetup::Evening(c) if c.critical_on_hit
                );
                let roll = DamageRoll {
                    damage: dice,
                    affinity: Affinity::Normal,
                    critical,
                };
                roll.roll(rng).1
            } else {
                0
            }
        }
        CheckOutcome::Evening(r) => match r.outcome {
            EveningOutcome::Success(_) if filled.attack => {
                let dice = evening_attack_dice(encounter, filled);
                let roll = DamageRoll {
                    damage: dice,
                    affinity: Affinity::Normal,
                    critical: r.critical,
                };
                roll.roll(rng).1
            }
            _ => 0,
        },
        CheckOutcome::RoadAndRuinAttack(r) => {
            let damage = match filled.weapon.as_ref().map(|w| w.damage) {
                Some(WeaponDamage::Solid(n)) => n,
                _ => weapon_damage,
            };
            i64::from(blow_damage(r.outcome, damage))
        }
        CheckOutcome::PostCore(r) => i64::from(r.effect),
        CheckOutcome::ThreeD6(r) => {
            let (die, steps, halved) = match filled.weapon.as_ref().map(|w| w.damage) {
                Some(WeaponDamage::Harm(n)) => (n.die, i64::from(n.steps), n.halved),
                _ => (crate::rules::three_d6::EffectDie::Mid, 0, false),
            };
            crate::rules::three_d6::harm(&r.effect, die, steps, halved)
        }
        CheckOutcome::RoadAndRuin(_) => 0,
    }
}

/// The damage of an Evening hit: the chosen attack's from the actor's sheet, else the
/// attacking threat's first attack (Evening, Threat Rating), else [`EVENING_DEFAULT_DAMAGE`].
fn evening_attack_dice(encounter: &Encounter, filled: &FilledCheck) -> DamageDice {
    if let Some(WeaponDamage::Dice(dice)) = filled.weapon.as_ref().map(|w| w.damage) {
        return dice;
    }
    let threat = filled
        .actor
        .and_then(|id| encounter.sheet(id))
        .and_then(|t| match t {
            TokenTrackers::Evening(e) => e.threat.as_ref(),
            _ => None,
        });
    threat
        .and_then(|t| t.stats().attacks.first().copied())
        .unwrap_or(EVENING_DEFAULT_DAMAGE)
}

/// What applying `amount` does to the first target after `outcome`, each system as its text
/// says:
/// - GFH, Hearts / Attacking: the Effort goes into the target's Hearts (Grazes too); against a
///   hero, a Hit moves one momentum die to Fatigue (Stamina first, then Power, Building,
///   Locked), and a Hit with every die in Fatigue is a Beat that knocks the hero out with the
///   Wound roll `knock_out` (d20, d8, d4) against the Defense attacked (GFH, Hits & Beats).
/// - Evening, Damage & Health: the damage comes off temporary health, then health; a target
///   with resistance to all damage (Petrified) takes half, rounded down (Modifiers).
/// - Road and Ruin, HEALTH: the damage strikes through the Steadfast multiple.
/// - Post core, Damage: the effect score comes off the target's HP, below 0 one STR; an
///   Exposed target acts as at 0 HP, so it loses the STR point at once; STR below 0 puts on
///   Taken down in the same step (`post_consequence.rs`). The pane subtracts a resistance
///   roll from `amount` before it comes here.
/// - 3d6 core mechanics: no health track; the harm is logged for the GM to read.
#[must_use]
pub fn consequence(
    encounter: &Encounter,
    filled: &FilledCheck,
    outcome: &CheckOutcome,
    amount: i64,
    knock_out: [u8; 3],
) -> Consequence {
    let mut out = Consequence::default();
    let Some(target) = filled.target() else {
        return out;
    };
    let who = encounter
        .token(target)
        .map_or_else(|| "?".to_owned(), |t| t.name.clone());
    let amount = u32::try_from(amount.max(0)).unwrap_or(u32::MAX);
    let trackers = encounter.sheet(target);
    match (outcome, trackers) {
        (CheckOutcome::GoForthHeroes(r), _) => {
            gfh(
                encounter, filled, target, &who, r.outcome, amount, knock_out, &mut out,
            );
        }
        (CheckOutcome::Evening(_), Some(TokenTrackers::Evening(_)))
            if super::evening::slows_instead(encounter, filled, outcome) =>
        {
            super::evening::slow(encounter, filled, &mut out);
        }
        (CheckOutcome::Evening(_), Some(TokenTrackers::Evening(_))) if amount > 0 => {
            evening(encounter, filled, outcome, amount, &mut out);
        }
        (CheckOutcome::RoadAndRuinAttack(_), Some(TokenTrackers::RoadAndRuin(t))) if amount > 0 => {
            let (sf, hp) = strike(t.get(crate::rules::road_and_ruin::Pool::Steadfast), amount);
            let change = TokenChange::RoadAndRuin(RrChange::Strike(amount));
            let line = format!("{who} takes {amount}: {sf} Steadfast, {hp} Health");
            out.tracker(target, change, line);
        }
        (CheckOutcome::PostCore(_), Some(TokenTrackers::PostCore(_))) if amount > 0 => {
            let harm = u8::try_from(amount).unwrap_or(u8::MAX);
            let landed = super::post_consequence(encounter, target, harm, super::Takes::Hp);
            out.lines = landed.lines;
            out.commands = landed.commands;
        }
        (CheckOutcome::ThreeD6(_), Some(TokenTrackers::ThreeD6(t))) if amount > 0 => {
            let total = t.harm_taken.saturating_add(amount);
            let line = format!("{who} suffers harm {amount}: {total} harm marked");
            let change =
                TokenChange::ThreeD6(crate::rules::three_d6::ThreeD6Change::TakeHarm(amount));
            out.tracker(target, change, line);
        }
        (CheckOutcome::ThreeD6(_), _) if amount > 0 => {
            let line = format!("{who} suffers harm {amount}");
            out.commands.push(Command::AppendLog(LogEntry::event(
                who.clone(),
                "Harm",
                amount.to_string(),
            )));
            out.lines.push(line);
        }
        _ => {}
    }
    if out.lines.is_empty() {
        out.nothing = Some(nothing_because(
            encounter, filled, outcome, target, &who, amount,
        ));
    }
    out
}

/// Evening, Damage & Health: the damage after the text's halvings and the damaged creature's
/// affinity (`evening::damage_taken`) comes off temporary health, then health; a fall to 0
/// puts Unconscious and Prone on (`combat::health`), and a Phased threat with a phase left
/// starts its next phase instead.
fn evening(
    encounter: &Encounter,
    filled: &FilledCheck,
    outcome: &CheckOutcome,
    amount: u32,
    out: &mut Consequence,
) {
    let Some(target) = filled.target() else {
        return;
    };
    let Some(TokenTrackers::Evening(t)) = encounter.sheet(target) else {
        return;
    };
    let who = encounter
        .token(target)
        .map_or_else(|| "?".to_owned(), |t| t.name.clone());
    let Some((amount, lines)) = super::damage_taken(encounter, filled, outcome, amount) else {
        return;
    };
    out.lines.extend(lines);
    if amount == 0 {
        return;
    }
    let p = t.preview_damage(amount);
    let mut line = format!("{who} loses {} health", p.health_lost);
    if p.temp_health_lost > 0 {
        line = format!("{line} and {} temporary health", p.temp_health_lost);
    }
    // Falling to zero: Unconscious (and Prone) in the same step (`combat::health`).
    let change = crate::combat::health::evening_change(encounter, target, p.change.clone());
    if p.killed_outright {
        line.push_str(": killed outright");
    } else if p.phase_begins {
        line.push_str(": down at 0, and its next phase begins with full health (Phased)");
    } else if change.as_ref().is_ok_and(|c| c.falls) {
        line.push_str(": down at 0, Unconscious and Prone");
    } else if p.unconscious {
        line.push_str(": down at 0");
    }
    match change {
        Ok(change) => {
            out.commands.extend(change.commands);
            out.lines.push(line);
        }
        Err(_) => out.tracker(target, TokenChange::Evening(p.change), line),
    }
}

/// Why an Apply has nothing to do: the roll dealt nothing, or the target lacks the numbers it
/// would land on (with where on its sheet they go).
fn nothing_because(
    encounter: &Encounter,
    filled: &FilledCheck,
    outcome: &CheckOutcome,
    target: TokenId,
    who: &str,
    amount: u32,
) -> (String, Option<(TokenId, SheetSpot)>) {
    let system = encounter.system.label();
    let sheet = encounter.sheet(target);
    let missing = |what: &str| {
        (
            format!("Nothing to apply: {who} has no {what} in {system}."),
            Some((target, SheetSpot::Sheet)),
        )
    };
    match (outcome, sheet) {
        (CheckOutcome::GoForthHeroes(r), Some(TokenTrackers::GoForthHeroes(t)))
            if t.hearts.is_none() && !encounter.combat.momentum.contains_key(&target) =>
        {
            if r.outcome == GfhOutcome::Hit && filled.attack {
                missing("Hearts and no momentum pool")
            } else {
                missing("Hearts")
            }
        }
        (CheckOutcome::GoForthHeroes(_), None) => missing("Hearts or momentum pool"),
        (CheckOutcome::Evening(_) | CheckOutcome::RoadAndRuinAttack(_), None) if amount > 0 => {
            missing("health")
        }
        (CheckOutcome::PostCore(_), None) if amount > 0 => missing("HP"),
        _ if amount == 0 => (
            format!("Nothing to apply: the roll dealt nothing to {who}."),
            None,
        ),
        _ => (
            format!("Nothing to apply: this roll changes none of {who}'s numbers."),
            None,
        ),
    }
}

/// A check rolled and what Apply does with it by default: the Dice pane's path (roll, the
/// default amount, a Beat's Wound dice, the consequence) in one call.
#[derive(Clone, Debug, PartialEq)]
pub struct Resolution {
    /// The roll.
    pub outcome: CheckOutcome,
    /// The amount Apply starts from ([`default_amount`]).
    pub amount: i64,
    /// The d20, d8 and d4 of a Wound should the roll knock a hero out.
    pub knock_out: [u8; 3],
    /// What Apply does with that amount.
    pub consequence: Consequence,
}

/// Rolls `filled` as set up and works out Apply's default, drawing every die from `rng` in the
/// pane's order: the check, the damage, then the knock-out Wound dice.
pub fn resolve(
    encounter: &Encounter,
    filled: &FilledCheck,
    weapon_damage: u32,
    rng: &mut DiceRng,
) -> Resolution {
    let outcome = filled.setup().roll(rng);
    let amount = default_amount(encounter, filled, &outcome, weapon_damage, rng);
    let knock_out = knock_out_dice(rng);
    let consequence = consequence(encounter, filled, &outcome, amount, knock_out);
    Resolution {
        outcome,
        amount,
        knock_out,
        consequence,
    }
}

/// The d20, d8 and d4 a Beat's Wound is rolled with (GFH, Determining the Wound), rolled with
/// every roll so Apply never rolls.
pub fn knock_out_dice(rng: &mut DiceRng) -> [u8; 3] {
    let die = |sides: u32, rng: &mut DiceRng| {
        crate::dice::DiceTerm::plain(1, sides)
            .roll_dice(0, rng)
            .first()
            .map_or(1, |d| u8::try_from(d.value).unwrap_or(1))
    };
    [die(20, rng), die(8, rng), die(4, rng)]
}

/// What `effort` does to `hearts`, in words, with the variations the text gives (GFH, Hearts:
/// Shields take a flat part off, Fortified Hearts ignore a strike under 10, a Breaking Point
/// overcomes every Heart), worked out on a copy as Apply will.
fn effort_line(hearts: &crate::rules::go_forth_heroes::Hearts, effort: u32, who: &str) -> String {
    let mut after = hearts.clone();
    let applied = after.apply_effort(effort, false);
    let mut line = if hearts.shield > 0 {
        format!(
            "{effort} Effort, {} after Shield {}, into {who}'s Hearts",
            applied.effective, hearts.shield
        )
    } else {
        format!("{effort} Effort into {who}'s Hearts")
    };
    if applied.broke {
        line.push_str(": Breaking Point, every Heart overcome");
    } else if hearts.fortified && applied.effective < 10 {
        line.push_str(": Fortified, under 10 does nothing");
    } else if applied.hearts_overcome > 0 {
        line = format!(
            "{line}: {} Heart{} overcome, {} left",
            applied.hearts_overcome,
            if applied.hearts_overcome == 1 {
                ""
            } else {
                "s"
            },
            after.remaining
        );
    }
    line
}

#[expect(
    clippy::too_many_arguments,
    reason = "one GFH consequence needs the whole roll and target"
)]
fn gfh(
    encounter: &Encounter,
    filled: &FilledCheck,
    target: TokenId,
    who: &str,
    outcome: GfhOutcome,
    effort: u32,
    knock_out: [u8; 3],
    out: &mut Consequence,
) {
    let trackers = encounter.sheet(target);
    if let Some(TokenTrackers::GoForthHeroes(t)) = trackers
        && let Some(hearts) = &t.hearts
        && effort > 0
    {
        let change = TokenChange::GoForthHeroes(GfhChange::ApplyEffort {
            effort,
            overkill: false,
        });
        out.tracker(target, change, effort_line(hearts, effort, who));
    }
    if outcome != GfhOutcome::Hit || !filled.attack {
        return;
    }
    let Some(pool) = encounter.combat.momentum.get(&target) else {
        return;
    };
    let action = if pool.all_fatigued() {
        let [d20, d8, d4] = knock_out;
        out.lines.push(format!(
            "every die of {who} is in Fatigue: a Beat, knocked out"
        ));
        MomentumAction::KnockOut(KnockOut {
            defense: filled.defense.unwrap_or(Defense::Body),
            d20,
            d8,
            d4,
        })
    } else {
        let die = [Zone::Stamina, Zone::Power, Zone::Building, Zone::Locked]
            .into_iter()
            .find_map(|z| pool.first_in(z));
        let from = die
            .and_then(|i| pool.dice.get(i))
            .map_or("a", |d| d.zone.label());
        out.lines
            .push(format!("a Hit: a {from} die of {who} goes to Fatigue"));
        MomentumAction::Hit { die }
    };
    out.commands.push(Command::Combat(CombatCommand::Momentum {
        owner: target,
        action,
    }));
}

/// What rolling the attack itself spends, in the roll's undo step: the Increase Defense the
/// attacked GFH hero had locked goes to Fatigue (GFH, Increase Defense: until attacked).
#[must_use]
pub fn attack_spends(encounter: &Encounter, filled: &FilledCheck) -> Option<Command> {
    let target = filled.target()?;
    let pool = encounter.combat.momentum.get(&target)?;
    (filled.attack && pool.defense_bonus() > 0).then_some(Command::Combat(
        CombatCommand::Momentum {
            owner: target,
            action: MomentumAction::Attacked,
        },
    ))
}

/// Which part of a GFH roll a momentum die Boosts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoostOn {
    /// Added to the check total (Stamina or Power).
    Check,
    /// Added to the Effort of a hit (Power only).
    Effort,
}

/// A GFH roll with momentum dice added after it was seen (GFH, Spending Momentum; Boost
/// Example A: roll, miss by a little, Boost the check; B: hit, Boost the Effort). `boosts` are
/// the rolled momentum faces in the order they were added. The check's own bonuses and TN
/// stay as rolled; a check Boost can turn a Graze into a Hit, an Effort Boost adds to a Hit's
/// Effort only.
#[must_use]
pub fn boosted(
    check: &crate::rules::go_forth_heroes::GfhCheck,
    roll: &crate::rules::go_forth_heroes::GfhRoll,
    boosts: &[(BoostOn, u8)],
) -> crate::rules::go_forth_heroes::GfhRoll {
    let sum = |on: BoostOn| -> i64 {
        boosts
            .iter()
            .filter(|(b, _)| *b == on)
            .map(|(_, v)| i64::from(*v))
            .sum()
    };
    let face = roll
        .dice
        .iter()
        .find(|d| d.term == 1)
        .map_or(0, |d| d.value);
    let check_total = roll.check_total + sum(BoostOn::Check);
    let bonus = crate::rules::bounded(check.effort_bonus);
    let (outcome, effort) = if check_total >= roll.tn {
        (GfhOutcome::Hit, face + bonus + sum(BoostOn::Effort))
    } else {
        (GfhOutcome::Graze, bonus)
    };
    crate::rules::go_forth_heroes::GfhRoll {
        dice: roll.dice.clone(),
        check_total,
        tn: roll.tn,
        outcome,
        effort: effort.max(0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::go_forth_heroes::Hearts;

    /// GFH, Hearts (Variations): a Shield takes a flat part off every strike, Fortified Hearts
    /// ignore a strike under 10 Effort, and each Heart is 10 Effort. The preview says what lands.
    #[test]
    fn the_hearts_line_says_what_the_shield_and_fortified_leave() {
        let shielded = Hearts {
            shield: 1,
            ..Hearts::new(2)
        };
        // 3 − 1 = 2 on the first Heart.
        assert_eq!(
            effort_line(&shielded, 3, "Sergeant"),
            "3 Effort, 2 after Shield 1, into Sergeant's Hearts"
        );
        // 12 − 1 = 11: one Heart (10) overcome, one left; the 1 past it is wasted.
        assert_eq!(
            effort_line(&shielded, 12, "Sergeant"),
            "12 Effort, 11 after Shield 1, into Sergeant's Hearts: 1 Heart overcome, 1 left"
        );
        let fortified = Hearts {
            fortified: true,
            ..Hearts::new(3)
        };
        assert_eq!(
            effort_line(&fortified, 9, "Troll"),
            "9 Effort into Troll's Hearts: Fortified, under 10 does nothing"
        );
    }
}
