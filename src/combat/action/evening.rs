//! Evening's choices for one roll, from the GM's form and the sheets, as lines of the check;
//! what they spend (`costs`); and what they do to the damage Apply lands (`damage_taken`).
//!
//! The text's readings:
//! - Charmed: "can't attack the charmer or target the charmer with harmful abilities": an attack
//!   by a charmed creature on the one the encounter names as its charmer is refused (the GM may
//!   roll anyway); any other check of it against its charmer carries a reminder. "The charmer
//!   has advantage on any aptitude checks to interact socially": the charmer's check against the
//!   creature gets advantage, in a line to clear when the check is not a social one.
//! - Strengths & weaknesses: "Whenever the threat's strength applies, increase its target
//!   number by 6" (weakness: decrease). Whether it applies is the GM's word in the form; the
//!   line moves the threat's TN in play: the TN to hit it, or the TN of a defence against its
//!   attack.
//! - Damage types (Modifiers): the chosen attack's type, else the form's, meets the damaged
//!   creature's vulnerability (double), resistance (half, rounded down) or immunity (none).
//!   Petrified: "immune to poison", and its "resistance to all damage" halves the rest once.
//! - Customizing Damage: an attack on several targets does half damage, unless it is a
//!   Controller's area attack ("This does not decrease the attack damage"); a certain (unavoidable)
//!   attack does half, and a successful defence halves that again; "defend for half": a
//!   successful defence takes half instead of none (Defense). Each halving rounds down, in that
//!   order, after a villain action's own half or fourfold (Nemesis) and before the affinity.
//! - Reserves: a reserve die added to a defence check is spent with the reaction; the die is
//!   the first unspent one of the size the GM picked.
//! - Off-hand attack: with the bonus action, after taking the Attack action this turn, with a
//!   melee weapon (that both weapons are one-handed is the GM's to know).

use super::{Contribution, FilledCheck, Lever, Source, name};
use crate::combat::catalogue::{CheckKind, Effect};
use crate::combat::command::CombatCommand;
use crate::combat::conditions::{has_effect, on_token};
use crate::combat::evening_turn::{attacks_per_round, refusal};
use crate::combat::initiative::EconomyPart;
use crate::model::evening_combat::EveningAction;
use crate::model::{Command, Encounter, RuleSystem, TokenId};
use crate::rules::evening::{
    Affinity, DamageRule, DamageType, EveningChange, EveningCheck, EveningOutcome, EveningToken,
    STRENGTH_WEAKNESS_SHIFT, ThreatEdge, ThreatTrait,
};
use crate::rules::{CheckOutcome, CheckSetup, TokenChange, TokenTrackers, TrackerCommand};

/// The condition name a charmed creature carries (Evening, Conditions).
const CHARMED: &str = "Charmed";

fn evening(encounter: &Encounter, id: TokenId) -> Option<&EveningToken> {
    match encounter.sheet(id) {
        Some(TokenTrackers::Evening(t)) => Some(t),
        _ => None,
    }
}

fn is_threat(encounter: &Encounter, id: TokenId) -> bool {
    evening(encounter, id).is_some_and(|t| t.threat.is_some())
}

/// The token that charmed `token`, while it is Charmed and the encounter names its charmer.
#[must_use]
pub fn charmer_of(encounter: &Encounter, token: TokenId) -> Option<TokenId> {
    let charmed = on_token(&encounter.combat.conditions, encounter.system, token)
        .any(|(c, def)| def.is_some_and(|d| d.name == CHARMED) && c.token == token);
    let charmer = encounter
        .combat
        .trackers
        .encounter
        .evening
        .charmed_by
        .get(&token)?;
    (charmed && encounter.token(*charmer).is_some()).then_some(*charmer)
}

/// The Evening form's choices as lines of `filled` (see the module doc). Runs last, so a TN
/// shift lands on the TN the defence or the target set.
pub(super) fn choices(
    encounter: &Encounter,
    request: &super::ActionRequest,
    filled: &mut FilledCheck,
) {
    if encounter.system != RuleSystem::Evening {
        return;
    }
    let CheckSetup::Evening(form) = filled.base else {
        return;
    };
    charmed(encounter, request, filled);
    edge(encounter, form, filled);
    affinity(encounter, request, form, filled);
    defence_reserve(encounter, request, form, filled);
    threat_choices(encounter, form, filled);
    off_hand(encounter, request, form, filled);
}

fn charmed(encounter: &Encounter, request: &super::ActionRequest, filled: &mut FilledCheck) {
    let (Some(actor), Some(target)) = (request.actor, filled.target()) else {
        return;
    };
    if charmer_of(encounter, actor) == Some(target) {
        let text = format!(
            "{} is Charmed by {}: it can't attack its charmer or harm it",
            name(encounter, actor),
            name(encounter, target)
        );
        if request.attack {
            filled.refused = Some(text.clone());
        }
        filled
            .contributions
            .push(Contribution::new(Source::Condition, text, Lever::Note));
    }
    if !request.attack && charmer_of(encounter, target) == Some(actor) {
        let text = format!(
            "{} charmed {}: advantage on social checks (clear it if this one isn't)",
            name(encounter, actor),
            name(encounter, target)
        );
        filled
            .contributions
            .push(Contribution::new(Source::Condition, text, Lever::Easier));
    }
}

/// The threat whose TN the check is against: the attacker of a defence check, else the target.
fn threat_in_play(encounter: &Encounter, filled: &FilledCheck) -> Option<TokenId> {
    let id = if filled.defender.is_some() {
        filled.actor?
    } else {
        filled.target()?
    };
    is_threat(encounter, id).then_some(id)
}

fn edge(encounter: &Encounter, form: EveningCheck, filled: &mut FilledCheck) {
    let Some(threat) = threat_in_play(encounter, filled) else {
        return;
    };
    let Some(t) = evening(encounter, threat) else {
        return;
    };
    let (word, what, shift) = match form.edge {
        ThreatEdge::Neither => return,
        ThreatEdge::Strength => ("strength", &t.strength, STRENGTH_WEAKNESS_SHIFT),
        ThreatEdge::Weakness => ("weakness", &t.weakness, -STRENGTH_WEAKNESS_SHIFT),
    };
    let who = name(encounter, threat);
    let text = if what.is_empty() {
        format!("{who}'s {word} applies")
    } else {
        format!("{who}'s {word} applies ({what})")
    };
    filled.contributions.push(Contribution::new(
        Source::Defense,
        text,
        Lever::TnShift(shift),
    ));
}

/// The creature the damage lands on: the defender of a defence check, else the target.
fn damaged(filled: &FilledCheck) -> Option<TokenId> {
    filled.defender.or_else(|| filled.target())
}

/// The damage's type: the chosen attack's from the actor's sheet, else the form's.
fn damage_type(
    encounter: &Encounter,
    request: &super::ActionRequest,
    form: EveningCheck,
) -> Option<DamageType> {
    let from_sheet = request
        .actor
        .and_then(|a| evening(encounter, a))
        .zip(request.weapon)
        .and_then(|(t, i)| t.attacks.get(i))
        .and_then(|a| a.numbers.damage_type);
    from_sheet.or(form.damage_type)
}

fn affinity(
    encounter: &Encounter,
    request: &super::ActionRequest,
    form: EveningCheck,
    filled: &mut FilledCheck,
) {
    if !filled.attack && filled.defender.is_none() {
        return;
    }
    let (Some(kind), Some(hurt)) = (damage_type(encounter, request, form), damaged(filled)) else {
        return;
    };
    let who = name(encounter, hurt);
    let conditions = &encounter.combat.conditions;
    if kind == DamageType::Poison
        && has_effect(conditions, encounter.system, hurt, Effect::ImmuneToPoison)
    {
        let text = format!("{who} is Petrified: immune to poison");
        let line = Contribution::new(Source::Condition, text, Lever::Affinity(Affinity::Immune));
        filled.contributions.push(line);
    }
    let Some(affinity) = evening(encounter, hurt).and_then(|t| t.affinities.get(&kind).copied())
    else {
        return;
    };
    let how = match affinity {
        Affinity::Normal => return,
        Affinity::Vulnerable => "vulnerable to",
        Affinity::Resistant => "resistant to",
        Affinity::Immune => "immune to",
    };
    let text = format!("{who} is {how} {} damage", kind.label());
    filled.contributions.push(Contribution::new(
        Source::Defense,
        text,
        Lever::Affinity(affinity),
    ));
}

/// Whether `filled` is a defence check: a threat's attack turned into one, or the form's kind.
fn is_defence(request: &super::ActionRequest, filled: &FilledCheck) -> bool {
    filled.defender.is_some() || request.kind == Some(CheckKind::Defense)
}

fn defence_reserve(
    encounter: &Encounter,
    request: &super::ActionRequest,
    form: EveningCheck,
    filled: &mut FilledCheck,
) {
    let Some(sides) = form.reserve() else {
        return;
    };
    if !is_defence(request, filled) {
        // A reserve die helps a defence check only: left out of any other roll.
        if let CheckSetup::Evening(c) = &mut filled.base {
            c.reserve_die = 0;
        }
        return;
    }
    let who = filled
        .roller()
        .map_or_else(String::new, |r| name(encounter, r));
    let text = format!("{who} adds a reserve die (d{sides}), spent as a reaction");
    filled
        .contributions
        .push(Contribution::new(Source::Gm, text, Lever::Note));
}

/// A threat's villain action, a Controller's slow and a legendary action, from the form.
fn threat_choices(encounter: &Encounter, form: EveningCheck, filled: &mut FilledCheck) {
    let Some(actor) = filled.actor.filter(|a| is_threat(encounter, *a)) else {
        return;
    };
    let Some(t) = evening(encounter, actor) else {
        return;
    };
    let who = name(encounter, actor);
    if form.villain && t.has_trait(ThreatTrait::Nemesis) {
        let step = t.track.villain_actions.saturating_add(1);
        let what = match step {
            1 => "half damage, with a condition or a side effect",
            2 => "damage traded for an effect, such as moving",
            _ => "four times the damage, or a catastrophe",
        };
        let text = format!("{who}'s villain action {step} of 3: {what}");
        filled.contributions.push(Contribution::new(
            Source::Gm,
            text,
            Lever::VillainStep(step.min(3)),
        ));
    }
    if form.slow_instead && t.has_trait(ThreatTrait::Controller) {
        let text = format!("{who} slows instead of damaging (Controller)");
        filled
            .contributions
            .push(Contribution::new(Source::Gm, text, Lever::Note));
    }
    if form.legendary && t.has_trait(ThreatTrait::Legendary) {
        let text = format!("{who} attacks with a legendary action");
        filled
            .contributions
            .push(Contribution::new(Source::Gm, text, Lever::Note));
    }
}

fn off_hand(
    encounter: &Encounter,
    request: &super::ActionRequest,
    form: EveningCheck,
    filled: &mut FilledCheck,
) {
    let Some(actor) = request.actor.filter(|_| form.off_hand && request.attack) else {
        return;
    };
    let who = name(encounter, actor);
    let init = &encounter.combat.initiative;
    let acted = init
        .position(actor)
        .and_then(|i| init.combatants.get(i))
        .is_some_and(|c| c.economy.action_used);
    let why = if !request.melee {
        Some("an off-hand attack is made with a melee weapon".to_owned())
    } else if init.is_running() && !acted {
        Some(format!(
            "{who} makes an off-hand attack after taking the Attack action"
        ))
    } else {
        None
    };
    if let Some(why) = why {
        filled.refused.get_or_insert(why);
    }
    let text = format!("{who}'s off-hand attack, with the bonus action");
    filled
        .contributions
        .push(Contribution::new(Source::Gm, text, Lever::Note));
}

/// What rolling `filled` spends in Evening beyond the other systems' costs: a defence's
/// reserve die and the reaction it is spent with, a threat's attack (or its legendary or
/// villain action) and an off-hand attack's bonus action.
pub(super) fn costs(encounter: &Encounter, filled: &FilledCheck, out: &mut Vec<super::Cost>) {
    let CheckSetup::Evening(c) = filled.setup() else {
        return;
    };
    if encounter.system != RuleSystem::Evening {
        return;
    }
    if let Some(roller) = filled.roller() {
        reserve_costs(encounter, roller, c, out);
        if c.off_hand && filled.defender.is_none() {
            let part = EconomyPart::BonusAction;
            out.extend(economy_cost(
                encounter,
                roller,
                part,
                "bonus action (off-hand attack)",
            ));
        }
    }
    if let Some(cost) = threat_attack_cost(encounter, filled, c) {
        out.push(cost);
    }
}

fn reserve_costs(
    encounter: &Encounter,
    roller: TokenId,
    c: EveningCheck,
    out: &mut Vec<super::Cost>,
) {
    let Some(sides) = c.reserve() else {
        return;
    };
    let who = name(encounter, roller);
    let die = evening(encounter, roller)
        .and_then(|t| t.reserves.iter().position(|r| !r.spent && r.sides == sides));
    let change = TokenChange::Evening(EveningChange::SpendReserve(die.unwrap_or(usize::MAX)));
    out.push(super::Cost {
        token: roller,
        text: format!("a d{sides} reserve die of {who}'s"),
        affordable: die.is_some(),
        command: Command::Tracker(TrackerCommand::Token {
            token: roller,
            change,
        }),
    });
    out.extend(economy_cost(
        encounter,
        roller,
        EconomyPart::Reaction,
        "reaction",
    ));
}

/// A part of `token`'s turn economy as a cost, when it is in a running initiative.
fn economy_cost(
    encounter: &Encounter,
    token: TokenId,
    part: EconomyPart,
    what: &str,
) -> Option<super::Cost> {
    let init = &encounter.combat.initiative;
    let c = init
        .position(token)
        .and_then(|i| init.combatants.get(i))
        .filter(|_| init.is_running())?;
    let free = match part {
        EconomyPart::Reaction => init.reaction_available(token),
        EconomyPart::BonusAction => {
            !c.economy.bonus_action_used && init.current_token() == Some(token)
        }
        _ => true,
    };
    let allowed = crate::combat::effective::economy_refusal(
        &encounter.combat.conditions,
        encounter.system,
        token,
        part,
        &c.economy,
    )
    .is_none();
    let who = name(encounter, token);
    let text = match part {
        EconomyPart::Reaction if !free && !c.economy.reaction_used => {
            format!("{who}'s {what} (none before its first turn)")
        }
        EconomyPart::BonusAction if !free && init.current_token() != Some(token) => {
            format!("{who}'s {what} (on its own turn)")
        }
        _ => format!("{who}'s {what}"),
    };
    Some(super::Cost {
        token,
        text,
        affordable: free && allowed,
        command: Command::Combat(CombatCommand::UseEconomy { token, part }),
    })
}

/// The attack a threat's roll spends: a legendary action, a villain action, or one of its
/// attacks this round on its own turn. Off its turn, an attack that is no legendary action
/// spends nothing Lantern counts (a reaction, the GM's ruling).
fn threat_attack_cost(
    encounter: &Encounter,
    filled: &FilledCheck,
    c: EveningCheck,
) -> Option<super::Cost> {
    let actor = filled.actor.filter(|a| is_threat(encounter, *a))?;
    if !filled.attack && filled.defender.is_none() {
        return None;
    }
    let init = &encounter.combat.initiative;
    init.position(actor).filter(|_| init.is_running())?;
    let who = name(encounter, actor);
    let (action, text) = if c.legendary {
        let text = format!("a legendary action of {who}'s");
        (EveningAction::LegendaryAction { cost: 1 }, text)
    } else if init.current_token() != Some(actor) {
        return None;
    } else {
        let made = init
            .position(actor)
            .and_then(|i| init.combatants.get(i))
            .map_or(0, |x| x.economy.attacks_made);
        let most = attacks_per_round(encounter, actor).unwrap_or(0);
        let which = (made + 1).min(most.max(1));
        let text = format!("{who}'s attack {which} of {most} this round");
        if c.villain_step > 0 {
            (
                EveningAction::VillainAction,
                format!("{text}, as its villain action"),
            )
        } else {
            (EveningAction::Attack, text)
        }
    };
    let affordable = refusal(encounter, actor, &action).is_none();
    Some(super::Cost {
        token: actor,
        text,
        affordable,
        command: Command::Combat(CombatCommand::Evening {
            token: actor,
            action,
        }),
    })
}

/// The damage that lands after the text's halvings, multipliers and the damaged creature's
/// affinity (see the module doc), with a line for each change; `None` when the roll lands
/// nothing (missed, or avoided by a defence).
#[must_use]
pub fn damage_taken(
    encounter: &Encounter,
    filled: &FilledCheck,
    outcome: &CheckOutcome,
    amount: u32,
) -> Option<(u32, Vec<String>)> {
    let CheckSetup::Evening(c) = filled.setup() else {
        return Some((amount, Vec::new()));
    };
    let CheckOutcome::Evening(roll) = outcome else {
        return Some((amount, Vec::new()));
    };
    let defended = filled.defender.is_some() && roll.outcome != EveningOutcome::Failure;
    if defended && c.damage_rule == DamageRule::Avoidable {
        return None;
    }
    let attacker = filled.actor.and_then(|a| evening(encounter, a));
    let threat = attacker.is_some_and(|t| t.threat.is_some());
    let controller = attacker.is_some_and(|t| t.has_trait(ThreatTrait::Controller));
    let mut lines = Vec::new();
    let mut n = amount;
    let mut change = |to: fn(u32) -> u32, why: &str, n: &mut u32| {
        let after = to(*n);
        lines.push(format!("{why}: {n} becomes {after}"));
        *n = after;
    };
    let half: fn(u32) -> u32 = |d| d / 2;
    match c.villain_step {
        1 => change(half, "first villain action, half damage", &mut n),
        3 => change(
            |d| d.saturating_mul(4),
            "third villain action, four times the damage",
            &mut n,
        ),
        _ => {}
    }
    if c.several_targets && threat && !controller {
        change(half, "several targets, half damage", &mut n);
    }
    if c.damage_rule == DamageRule::Certain {
        change(half, "certain damage, halved", &mut n);
    }
    if defended {
        change(half, "defended for half", &mut n);
    }
    match c.affinity {
        Affinity::Normal => {}
        Affinity::Vulnerable => {
            change(|d| d.saturating_mul(2), "vulnerable, double damage", &mut n);
        }
        Affinity::Resistant => change(half, "resistant, half damage", &mut n),
        Affinity::Immune => change(|_| 0, "immune, no damage", &mut n),
    }
    let hurt = filled.defender.or_else(|| filled.target());
    let resists_all = hurt.is_some_and(|hurt| {
        has_effect(
            &encounter.combat.conditions,
            encounter.system,
            hurt,
            Effect::ResistsAllDamage,
        )
    });
    if resists_all && !matches!(c.affinity, Affinity::Resistant | Affinity::Immune) {
        // Worded as the Petrified line has always been.
        let who = hurt.map_or_else(String::new, |h| name(encounter, h));
        lines.push(format!("{who} resists all damage: {n} halves to {}", n / 2));
        n /= 2;
    }
    Some((n, lines))
}

/// Whether Apply slows the damaged creature instead of hurting it: the GM chose a Controller's
/// slow and the attack landed (the attacker's roll hit, or the defence failed).
#[must_use]
pub fn slows_instead(encounter: &Encounter, filled: &FilledCheck, outcome: &CheckOutcome) -> bool {
    let CheckSetup::Evening(c) = filled.setup() else {
        return false;
    };
    let CheckOutcome::Evening(roll) = outcome else {
        return false;
    };
    let controller = filled
        .actor
        .and_then(|a| evening(encounter, a))
        .is_some_and(|t| t.has_trait(ThreatTrait::Controller));
    let landed = if filled.defender.is_some() {
        roll.outcome == EveningOutcome::Failure
    } else {
        roll.outcome != EveningOutcome::Failure
    };
    c.slow_instead && controller && landed
}

/// The Controller's slow: "Slowed" on the damaged creature until the start of the
/// controller's next turn (see the marker's reading in `rules::evening`).
pub(super) fn slow(encounter: &Encounter, filled: &FilledCheck, out: &mut super::Consequence) {
    let Some(hurt) = damaged(filled) else {
        return;
    };
    let controller = filled.actor;
    out.commands
        .push(Command::Combat(CombatCommand::ApplyCondition(
            crate::combat::conditions::ActiveCondition {
                token: hurt,
                name: SLOWED.to_owned(),
                duration: crate::combat::conditions::Duration::Rounds {
                    remaining: 1,
                    from: controller,
                },
            },
        )));
    let by = controller.map_or_else(String::new, |c| format!(" by {}", name(encounter, c)));
    out.lines.push(format!(
        "{} is Slowed{by} instead of hurt: speed halved for a round",
        name(encounter, hurt)
    ));
}

/// The marker a Controller's slow leaves (Evening's `action_markers`).
pub const SLOWED: &str = "Slowed";
