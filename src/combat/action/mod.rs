//! The check builder: an actor, its target(s) and the action in; the check filled from
//! everything the encounter knows out, one overridable [`Contribution`] per fact. The Dice
//! pane and `examples/check_report.rs` both call [`build`] and only draw what it returns.
//!
//! Readings chosen where the texts are loose (each is also on the function that applies it):
//! - Melee reaches a target in an adjacent cell (distance ≤ 1, or a diagonal neighbour under
//!   Euclidean diagonals): GFH Engaged, Evening Touch ("adjacent to your target"), Road and
//!   Ruin Touching; Post and 3d6 name no melee band.
//! - GFH attributes set the kind of check: Might, Agility, Finesse and Vigor are Physical,
//!   Instinct and Reason Mental, Presence and Guile Social; an attack of each kind is rolled
//!   against Body, Mind or Soul (GFH, Defenses pair the same attributes).
//! - Evening cover is written for defense checks (a circumstance lowers the defender's TN by
//!   3/6/9); when the attacker rolls instead, the same grade raises the attacker's TN.
//! - Evening: a threat attacking a character is the character's defence check against the
//!   threat's TN (`defence.rs`).
//! - Evening: dim light touches only aptitude checks relying on sight, a ranged attack needs a
//!   target the attacker can see, and a squeezing creature attacks and defends at disadvantage
//!   (`sight.rs`).
//! - Post core and 3d6 have no cover rule: cover there is the GM's ruling, counted only while
//!   the encounter's "Cover as a ruling" is on (Post risk one step higher, 3d6 one
//!   Disadvantage) and shown switched off with its reason otherwise.
//!
//! - The attack from the actor's sheet (`weapon.rs`): the one that reaches the target is chosen
//!   by default; its reach or range refuses a target past it, and its numbers (GFH attribute and
//!   Effort die, Evening ability, attribute and aptitude bonus, Road and Ruin die and proficiency,
//!   Post pool and assistive equipment, 3d6 harm die) are lines of the check; Apply uses its
//!   damage.
//! - A number the check needed that a sheet lacks is a stand-in (`stand_in.rs`), named with what
//!   the form used instead and where on the sheet it goes; `resolve` rolls and works out Apply's
//!   default in the pane's own order of dice (for `check_report` and tests).
//!
//! What a check costs and who pays (`costs.rs`), and Post core's consequences with the
//! resistance roll before they land (`post_consequence.rs`), live here too: the pane shows
//! them and puts their commands in the roll's undo step.

mod apply;
mod contribution;
mod costs;
mod defence;
mod evening;
mod form_field;
mod post_consequence;
mod sight;
mod stand_in;
mod weapon;

pub use apply::{
    BoostOn, Consequence, EVENING_DEFAULT_DAMAGE, Resolution, attack_spends, boosted, consequence,
    default_amount, default_amount_rolled, knock_out_dice, resolve,
};
pub use contribution::{Contribution, Lever, Source};
pub use costs::{Cost, action_spent_note, affordable, attack_takes_the_action, costs};
pub use defence::{attack_lands, defence_result, defending_character};
pub use evening::{SLOWED, charmer_of, damage_taken, slows_instead};
pub use form_field::{FormEdit, FormField};
pub use post_consequence::{
    PostConsequence, ResistError, Resisted, Takes, defensive_block, post_change, post_consequence,
    resistance, roll_resistance, roller_consequence,
};
pub use stand_in::{SheetSpot, StandIn, stand_ins};
pub use weapon::{
    AttackChoice, ChosenAttack, WeaponDamage, aptitude_bonus, attacks_of, default_weapon,
    dice_label,
};

use serde::Serialize;

use super::catalogue::{CheckKind, Effect};
use super::conditions::on_token;
use super::effective::defense_on;
use super::wounds::hard_from_wounds;
use crate::board::{CoverDegree, Scene, VerdictKind};
use crate::model::{Encounter, RuleSystem, Side, TokenId};
use crate::rules::go_forth_heroes::{Attribute, Defense};
use crate::rules::{CheckSetup, TokenTrackers};

/// What the GM asks for: who acts, against whom, and how.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ActionRequest {
    /// Who rolls; `None` is the GM rolling for the world.
    pub actor: Option<TokenId>,
    /// The targets, first one first; the check is filled against the first.
    pub targets: Vec<TokenId>,
    /// An attack (rather than a check against the target).
    pub attack: bool,
    /// A melee action (it must reach an adjacent cell) rather than a ranged one.
    pub melee: bool,
    /// GFH: the attribute rolled; sets the kind of check and the Defense attacked.
    pub attribute: Option<Attribute>,
    /// The kind of check when no attribute says it (GFH Physical/Mental/Social, Evening
    /// aptitude/attack/defense).
    pub kind: Option<CheckKind>,
    /// The attack from the actor's sheet, by its place in the sheet's list ([`attacks_of`]);
    /// `None` attacks with the form's numbers alone.
    pub weapon: Option<usize>,
    /// Post core: the actor's teammates who each give the roll one die for 1 of their own grit
    /// (Post core, Grit: "−1 Grit: +1d6 on a Teammate's Roll").
    pub helpers: Vec<TokenId>,
}

/// The filled check: the GM's form, every contribution, and why the action may be refused.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FilledCheck {
    /// The encounter's system.
    pub system: RuleSystem,
    /// Who rolls.
    pub actor: Option<TokenId>,
    /// Who is targeted.
    pub targets: Vec<TokenId>,
    /// Whether this is an attack.
    pub attack: bool,
    /// The map's verdict from the actor to the first target.
    pub line_of_sight: Option<VerdictKind>,
    /// Why the action cannot be taken (no line of sight, out of reach); the GM may override.
    pub refused: Option<String>,
    /// The check as the GM's form has it, before any contribution.
    pub base: CheckSetup,
    /// Every fact that changes (or explains) the check.
    pub contributions: Vec<Contribution>,
    /// GFH: the Defense an attack is rolled against.
    pub defense: Option<Defense>,
    /// Evening: the character who rolls a defence check against a threat's attack, instead of
    /// the threat rolling (see `defence.rs`); `None` when the actor rolls.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub defender: Option<TokenId>,
    /// The attack from the actor's sheet the check was filled from, kept for Apply.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub weapon: Option<ChosenAttack>,
    /// Numbers the check needed that a sheet lacks, and what stood in for each.
    pub stand_ins: Vec<StandIn>,
    /// Evening: the attack of opportunity this melee attack takes (`combat::opportunity`):
    /// its reach is not asked again, and the roll spends the attacker's reaction.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub opportunity: Option<crate::model::OpportunityOffer>,
    /// GFH: the attribute the check rolls with, as the chosen attack sets it (else the
    /// request's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attribute: Option<Attribute>,
    /// Whether the action is melee, as the chosen attack's reach sets it (else the request's).
    pub melee: bool,
    /// Evening: the combat action (Grapple or Shove) this check makes (`combat::maneuver`):
    /// like an attack, it spends the actor's Action on its turn.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub maneuver: Option<super::maneuver::Maneuver>,
}

impl FilledCheck {
    /// The check as it will be rolled: the base with every contribution that is on.
    #[must_use]
    pub fn setup(&self) -> CheckSetup {
        let mut setup = self.base.clone();
        // Levers that set a number go first, so a shift (cover on Evening's TN) lands on it.
        let (sets, shifts): (Vec<_>, Vec<_>) = self
            .contributions
            .iter()
            .filter(|c| c.on)
            .partition(|c| c.lever.sets_a_number());
        for c in sets.into_iter().chain(shifts) {
            c.lever.fold(&mut setup);
        }
        setup
    }

    /// The target number, where the system has one (GFH and Evening TN, Road and Ruin armour).
    #[must_use]
    pub fn target_number(&self) -> Option<i64> {
        match self.setup() {
            CheckSetup::GoForthHeroes(c) => match c.target {
                crate::rules::go_forth_heroes::Target::Fixed(tn) => Some(tn + c.tn_shift()),
                crate::rules::go_forth_heroes::Target::Tier(_) => None,
            },
            CheckSetup::Evening(c) => Some(c.tn()),
            CheckSetup::RoadAndRuinAttack(c) => Some(c.armour),
            _ => None,
        }
    }

    /// What the roll is up against, in the system's own terms: a TN for GFH and Evening; for
    /// a Road and Ruin attack the target's armor rating, which is taken off the To Hit (Road
    /// and Ruin, COMBAT, armor). `None` where the check has no such number (a tier to roll,
    /// Road and Ruin's outcome table, Post, 3d6).
    #[must_use]
    pub fn target_number_text(&self) -> Option<String> {
        let tn = self.target_number()?;
        Some(match self.setup() {
            CheckSetup::RoadAndRuinAttack(_) if tn == 0 => "Target's armor: none (0 AR)".to_owned(),
            CheckSetup::RoadAndRuinAttack(_) => format!("Target's armor: {tn} AR, off the To Hit"),
            _ => format!("TN {tn}"),
        })
    }

    /// Switches off the contributions whose text is in `off` (the GM's cleared checkboxes).
    /// A line the builder left off (a ruling the encounter has off) stays off.
    pub fn switch_off(&mut self, off: &std::collections::BTreeSet<String>) {
        for c in &mut self.contributions {
            c.on = c.off_because.is_none() && !off.contains(&c.text);
        }
    }

    /// Who rolls the check: the defender of a defence check, else the actor.
    #[must_use]
    pub fn roller(&self) -> Option<TokenId> {
        self.defender.or(self.actor)
    }

    /// The first target.
    #[must_use]
    pub fn target(&self) -> Option<TokenId> {
        self.targets.first().copied()
    }
}

/// The board a check reads, built at most once per check and only when a fact needs it:
/// `Scene::new` indexes every wall, door and token, the heaviest step of the builder, which the
/// Dice pane runs several times a frame.
pub(super) struct Board<'a> {
    encounter: &'a Encounter,
    scene: std::cell::OnceCell<Scene>,
}

impl<'a> Board<'a> {
    fn new(encounter: &'a Encounter) -> Self {
        Self {
            encounter,
            scene: std::cell::OnceCell::new(),
        }
    }

    /// The scene, built on first use.
    pub(super) fn scene(&self) -> &Scene {
        self.scene.get_or_init(|| Scene::new(self.encounter))
    }
}

/// The kind of check a GFH attribute makes (our reading, see the module doc).
#[must_use]
pub fn attribute_kind(attribute: Attribute) -> CheckKind {
    match attribute {
        Attribute::Might | Attribute::Agility | Attribute::Finesse | Attribute::Vigor => {
            CheckKind::Physical
        }
        Attribute::Instinct | Attribute::Reason => CheckKind::Mental,
        Attribute::Presence | Attribute::Guile => CheckKind::Social,
    }
}

/// The Defense an attack of `kind` is rolled against (GFH, Defenses).
#[must_use]
pub fn defense_for(kind: CheckKind) -> Defense {
    match kind {
        CheckKind::Mental => Defense::Mind,
        CheckKind::Social => Defense::Soul,
        _ => Defense::Body,
    }
}

/// The attribute an attack defaults to: Might in melee, Finesse at range (GFH, Attributes:
/// Finesse covers ranged weapons).
#[must_use]
pub fn default_attack_attribute(melee: bool) -> Attribute {
    if melee {
        Attribute::Might
    } else {
        Attribute::Finesse
    }
}

/// Fills `base` (the GM's form) for `request` from the encounter: sight and cover, range,
/// conditions on both tokens, Wounds, injury and exhaustion, escalation and the target's
/// defence. Every system's rules for these live here, not in the pane.
#[must_use]
pub fn build(encounter: &Encounter, request: &ActionRequest, base: &CheckSetup) -> FilledCheck {
    let request = &armed_request(encounter, request);
    let mut base = base.clone();
    if let CheckSetup::Evening(c) = &mut base {
        c.attack = request.attack;
    }
    let mut filled = FilledCheck {
        system: encounter.system,
        actor: request.actor,
        targets: request.targets.clone(),
        attack: request.attack,
        line_of_sight: None,
        refused: None,
        base,
        contributions: Vec::new(),
        defense: None,
        defender: None,
        weapon: None,
        stand_ins: Vec::new(),
        opportunity: opportunity_taken(encounter, request),
        attribute: request.attribute,
        melee: request.melee,
        maneuver: None,
    };
    let kinds = kinds(request);
    let board = Board::new(encounter);
    opportunity_line(encounter, &mut filled);
    if let Some(actor) = request.actor {
        let armed = request.weapon.is_some_and(|i| {
            weapon::weapon(
                encounter,
                &board,
                i,
                actor,
                request.targets.first().copied(),
                &mut filled,
            )
        });
        if !armed {
            attribute(encounter, request, actor, &mut filled);
        }
        teamwork(encounter, request, actor, &mut filled);
        load(encounter, request, actor, &mut filled);
        actor_conditions(encounter, &board, actor, &kinds, &mut filled);
        sight::squeeze(encounter, &board, request, actor, &mut filled);
        wounds(encounter, request, actor, &mut filled);
        trackers(encounter, request, actor, &mut filled);
        escalation(encounter, actor, request, &mut filled);
        if let Some(target) = filled.target() {
            map_facts(encounter, &board, request, actor, target, &mut filled);
            tier(encounter, actor, target, &mut filled);
        }
    }
    hiding_places(encounter, request, &mut filled);
    if let Some(target) = filled.target() {
        target_conditions(encounter, &board, target, request, &mut filled);
        guards(encounter, &board, target, request, &mut filled);
        defence(encounter, request, target, &kinds, &mut filled);
    }
    scene_tn(encounter, &mut filled);
    if let Some(defender) = defending_character(encounter, request) {
        defence::into_defence(encounter, &board, defender, &mut filled);
    }
    evening::choices(encounter, request, &mut filled);
    filled.stand_ins = stand_ins(encounter, request, &filled);
    filled
}

/// The attack of opportunity a request takes: a melee attack by an actor with one waiting
/// against its first target (Evening, Combat actions; `combat::opportunity`).
fn opportunity_taken(
    encounter: &Encounter,
    request: &ActionRequest,
) -> Option<crate::model::OpportunityOffer> {
    let (actor, target) = (request.actor?, *request.targets.first()?);
    if !request.attack || !request.melee {
        return None;
    }
    super::opportunity::waiting(encounter, actor, target)
}

/// The line an attack of opportunity adds: what it is and what it spends.
fn opportunity_line(encounter: &Encounter, filled: &mut FilledCheck) {
    let Some(offer) = filled.opportunity else {
        return;
    };
    let text = format!(
        "attack of opportunity: {} left {}'s reach (one melee attack, with {}'s reaction)",
        name(encounter, offer.mover),
        name(encounter, offer.by),
        name(encounter, offer.by),
    );
    filled
        .contributions
        .push(Contribution::new(Source::Band, text, Lever::Note));
}

/// The request as the chosen attack makes it: melee or not by the attack's reach, and for GFH
/// the attribute the attack rolls with (an attack the sheet no longer lists is dropped).
fn armed_request(encounter: &Encounter, request: &ActionRequest) -> ActionRequest {
    let mut armed = request.clone();
    let Some(actor) = request.actor else {
        armed.weapon = None;
        return armed;
    };
    let choice = request
        .weapon
        .and_then(|i| attacks_of(encounter, actor).into_iter().nth(i));
    let Some(choice) = choice else {
        armed.weapon = None;
        return armed;
    };
    armed.melee = choice.range.is_melee();
    if let Some(attribute) = weapon::gfh_attribute(encounter, actor, choice.index) {
        armed.attribute = Some(attribute);
    }
    armed
}

/// GFH, Encounter Target Numbers: a check against the encounter's tier uses the TN rolled for
/// this scene once it is rolled (unless a Defense already gives the TN).
fn scene_tn(encounter: &Encounter, filled: &mut FilledCheck) {
    let CheckSetup::GoForthHeroes(c) = &filled.base else {
        return;
    };
    let crate::rules::go_forth_heroes::Target::Tier(tier) = c.target else {
        return;
    };
    let has_tn = filled
        .contributions
        .iter()
        .any(|c| matches!(c.lever, Lever::TargetNumber(_)));
    let Some(scene) = encounter.combat.trackers.encounter.go_forth_heroes.scene_tn else {
        return;
    };
    if scene.tier == tier && !has_tn {
        filled.contributions.push(Contribution::new(
            Source::Defense,
            format!("the scene's TN {} (rolled from {tier:?})", scene.tn),
            Lever::TargetNumber(scene.tn),
        ));
    }
}

/// The scene TN a roll just rolled from its tier, to keep for the rest of the scene (GFH,
/// Encounter Target Numbers); `None` when the check had a fixed TN.
#[must_use]
pub fn rolled_scene_tn(
    setup: &CheckSetup,
    outcome: &crate::rules::CheckOutcome,
) -> Option<crate::rules::go_forth_heroes::SceneTn> {
    let (CheckSetup::GoForthHeroes(c), crate::rules::CheckOutcome::GoForthHeroes(r)) =
        (setup, outcome)
    else {
        return None;
    };
    let crate::rules::go_forth_heroes::Target::Tier(tier) = c.target else {
        return None;
    };
    let dice: i64 = r.dice.iter().filter(|d| d.term == 3).map(|d| d.value).sum();
    Some(crate::rules::go_forth_heroes::SceneTn {
        tier,
        tn: 10 + dice,
    })
}

/// The kinds of check the request is, for matching condition effects.
fn kinds(request: &ActionRequest) -> Vec<CheckKind> {
    let mut kinds = Vec::new();
    if let Some(a) = request.attribute {
        kinds.push(attribute_kind(a));
    } else if let Some(k) = request.kind {
        kinds.push(k);
    }
    if request.attack {
        kinds.push(CheckKind::Attack);
    }
    kinds
}

fn name(encounter: &Encounter, id: TokenId) -> String {
    encounter
        .token(id)
        .map_or_else(|| "?".to_owned(), |t| t.name.clone())
}

/// The numbers the builder reads for `id`: its sheet, or the starting one the Sheet pane
/// shows when it has none ([`crate::combat::sheet::shown`]), so a stand-in is the number the
/// sheet it opens shows. `None` for a token the encounter does not hold.
fn trackers_of(encounter: &Encounter, id: TokenId) -> Option<std::borrow::Cow<'_, TokenTrackers>> {
    encounter.token(id)?;
    Some(crate::combat::sheet::shown(encounter, id))
}

/// GFH: the attribute's +Roll and +Effort (GFH, Roll vs Effort Bonus: both equal the score).
/// Post core: the attribute's score is the pool (STR in melee, DEX at range, our reading).
fn attribute(
    encounter: &Encounter,
    request: &ActionRequest,
    actor: TokenId,
    filled: &mut FilledCheck,
) {
    match (trackers_of(encounter, actor).as_deref(), &filled.base) {
        (Some(TokenTrackers::GoForthHeroes(hero)), CheckSetup::GoForthHeroes(_)) => {
            let Some(a) = request.attribute else { return };
            let score = a.score(&hero.attributes);
            let text = format!("{} {score:+} to Roll and Effort", a.label());
            filled.contributions.push(Contribution::new(
                Source::Gm,
                text,
                Lever::AttributeBonus(score),
            ));
        }
        (Some(TokenTrackers::PostCore(t)), CheckSetup::PostCore(_)) if request.attack => {
            let (label, index) = if request.melee {
                ("STR", 0)
            } else {
                ("DEX", 1)
            };
            let score = u8::try_from(t.attributes[index]).unwrap_or(0);
            let text = format!("{label} {score}: the pool");
            filled.contributions.push(Contribution::new(
                Source::Gm,
                text,
                Lever::PoolAttribute(score),
            ));
        }
        _ => {}
    }
}

/// The lever a condition effect pulls on a check of `kinds`, with its words.
fn condition_lever(effect: Effect, kinds: &[CheckKind]) -> Option<Lever> {
    let touches = |k: CheckKind| k == CheckKind::Any || kinds.contains(&k);
    match effect {
        Effect::Easier(k) if touches(k) => Some(Lever::Easier),
        Effect::Harder(k) if touches(k) => Some(Lever::Harder),
        Effect::Difficulty(n) => Some(Lever::Difficulty(i64::from(n))),
        Effect::ExtraLowDie => Some(Lever::ExtraLowDie),
        Effect::Exhaustion => Some(Lever::Exhausted),
        // GFH, Advanced Actions: Help makes the helped token's next roll Easy, whatever it is.
        Effect::NextRollEasier => Some(Lever::Easier),
        // Evening, Combat actions: Defend adds 3 to defence checks.
        Effect::DefenceCheckBonus(n) if kinds.contains(&CheckKind::Defense) => {
            Some(Lever::RollModifier(i64::from(n)))
        }
        // Evening: defending against an attack is read as a Reflex (Finesse) defence, so
        // Paralyzed, Stunned and Unconscious fail it outright, as Petrified fails any defence.
        Effect::FailsPhysicalDefenses | Effect::FailsAllDefenses
            if kinds.contains(&CheckKind::Defense) =>
        {
            Some(Lever::FailsOutright)
        }
        _ => None,
    }
}

/// Road and Ruin, NAVIGATION: a creature marked Above or Below may hide as though Behind (an
/// outside corner, a closed door or an obstacle, which let it Hide or take Cover). Behind
/// carries no number in the text, so neither does this: a line on the actor's own checks (its
/// hiding) and on attacks against it, for the GM.
fn hiding_places(encounter: &Encounter, request: &ActionRequest, filled: &mut FilledCheck) {
    use crate::rules::road_and_ruin::{ABOVE, BELOW};
    if encounter.system != RuleSystem::RoadAndRuin {
        return;
    }
    let hiding = if request.attack {
        filled.target()
    } else {
        request.actor
    };
    let Some(token) = hiding else {
        return;
    };
    let who = name(encounter, token);
    for (c, _) in on_token(&encounter.combat.conditions, encounter.system, token) {
        if [ABOVE, BELOW]
            .iter()
            .any(|p| c.name.eq_ignore_ascii_case(p))
        {
            filled.contributions.push(Contribution::new(
                Source::Cover,
                format!("{who} is {}: it may hide as though Behind", c.name),
                Lever::Note,
            ));
        }
    }
}

/// The actor's conditions: Weakened makes a Physical check Hard, and so on (each system's
/// condition list, `rules/<system>/mod.rs`).
fn actor_conditions(
    encounter: &Encounter,
    board: &Board<'_>,
    actor: TokenId,
    kinds: &[CheckKind],
    filled: &mut FilledCheck,
) {
    let who = name(encounter, actor);
    for (c, def) in on_token(&encounter.combat.conditions, encounter.system, actor) {
        let effects = def.map_or(&[][..], |d| d.effects);
        // Evening, Frightened: its disadvantage holds only while the source is in sight.
        let fear_off = effects
            .contains(&Effect::FearsSource)
            .then(|| super::fear::out_of_sight(encounter, board.scene(), actor))
            .flatten();
        for effect in effects {
            // Road and Ruin's difficulty shifts the Outcome die's centre. On an attack it lowers
            // the To Hit instead: Distracted worsens accuracy (Hastened time), and the To Hit
            // die is worsened by conditions (COMBAT). Tiring and Exhaustion roll one more To
            // Hit die each (`AttackRoll::tiring`).
            let attack_die = matches!(filled.base, CheckSetup::RoadAndRuinAttack(_));
            let lever = match *effect {
                Effect::Difficulty(n) if attack_die => Some(Lever::RollModifier(-i64::from(n))),
                other => condition_lever(other, kinds),
            };
            if let Some(lever) = lever {
                let text = match *effect {
                    Effect::NextRollEasier => super::turn_action::help_line(&who),
                    _ if c
                        .name
                        .eq_ignore_ascii_case(super::turn_action::TurnAction::Hurry.label()) =>
                    {
                        format!("{who} is Hurrying: its Action this turn is Hard")
                    }
                    Effect::DefenceCheckBonus(n) => {
                        format!("{who} is defending ({}): {n:+} to defence checks", c.name)
                    }
                    _ => format!("{who} is {}", c.name),
                };
                let line = match &fear_off {
                    Some(why) => Contribution::switched_off(Source::Condition, text, lever, why),
                    None => Contribution::new(Source::Condition, text, lever),
                };
                // Petrified fails physical and all defences: one line is enough.
                if !filled.contributions.contains(&line) {
                    filled.contributions.push(line);
                }
            }
        }
    }
}

/// The target's conditions that change attacks against it: easier (GFH Exposed, Evening
/// Restrained); by reach (Evening Prone and Unconscious: advantage for an adjacent attacker,
/// disadvantage for any other); a hit from an adjacent attacker is critical (Evening
/// Paralyzed and Unconscious). Adjacent is the melee reading of the module doc (distance ≤ 1,
/// or footprints touching); with no actor on the map the reach effects are left out.
fn target_conditions(
    encounter: &Encounter,
    board: &Board<'_>,
    target: TokenId,
    request: &ActionRequest,
    filled: &mut FilledCheck,
) {
    if !request.attack {
        return;
    }
    let who = name(encounter, target);
    let adjacent = || {
        let actor = request.actor?;
        let scene = board.scene();
        let near = scene.distance_cells(actor, target)? <= 1.0;
        Some(near || scene.touching(actor, target) == Some(true))
    };
    // Unconscious falls prone: with Prone beside it, the reach line is said once.
    let mut by_reach = false;
    for (c, def) in on_token(&encounter.combat.conditions, encounter.system, target) {
        for effect in def.map_or(&[][..], |d| d.effects) {
            if *effect == Effect::AttacksAgainstByReach && std::mem::replace(&mut by_reach, true) {
                continue;
            }
            let (text, lever) = match *effect {
                Effect::AttacksAgainstEasier => (
                    format!("{who} is {}: attacks against it are easier", c.name),
                    Lever::Easier,
                ),
                Effect::AttacksAgainstByReach => match adjacent() {
                    Some(true) => (
                        format!("{who} is {}: an adjacent attacker has advantage", c.name),
                        Lever::Easier,
                    ),
                    Some(false) => (
                        format!(
                            "{who} is {}: an attacker not adjacent has disadvantage",
                            c.name
                        ),
                        Lever::Harder,
                    ),
                    None => continue,
                },
                Effect::AdjacentHitsCritical if adjacent() == Some(true) => (
                    format!("{who} is {}: a hit from adjacent is a critical hit", c.name),
                    Lever::CriticalOnHit,
                ),
                _ => continue,
            };
            filled
                .contributions
                .push(Contribution::new(Source::Condition, text, lever));
        }
    }
}

/// GFH, Advanced Actions: Guard makes an attack against the guard, or against an ally of the
/// guard within Close of it, Hard until the guard's next turn. Close takes in Engaged, as for
/// Rally, measured on the map with `board`; a guard or target off the map guards only itself.
/// Several guards are one Hard each, which GFH counts once (Easy and Hard don't stack).
fn guards(
    encounter: &Encounter,
    board: &Board<'_>,
    target: TokenId,
    request: &ActionRequest,
    filled: &mut FilledCheck,
) {
    if !request.attack {
        return;
    }
    let Some(target_side) = encounter.token(target).map(|t| t.side) else {
        return;
    };
    let who = name(encounter, target);
    for c in encounter.combat.conditions_in(encounter.system) {
        let guarding = super::catalogue::find(encounter.system, &c.name)
            .is_some_and(|d| d.effects.contains(&Effect::GuardsClose));
        let Some(guard) = encounter.token(c.token).filter(|_| guarding) else {
            continue;
        };
        let text = if guard.id == target {
            format!("{who} is on Guard: attacks against it are Hard")
        } else {
            let close =
                super::momentum_apply::rally_reach_in(board.scene(), guard.id, target).is_ok();
            if !close || !super::turn_action::allied(guard.side, target_side) {
                continue;
            }
            format!(
                "{} guards {who} (Close): attacks against it are Hard",
                guard.name
            )
        };
        filled
            .contributions
            .push(Contribution::new(Source::Condition, text, Lever::Harder));
    }
}

/// GFH, Determining the Wound: a Wound that makes checks with the attribute Hard.
fn wounds(
    encounter: &Encounter,
    request: &ActionRequest,
    actor: TokenId,
    filled: &mut FilledCheck,
) {
    let Some(attribute) = request.attribute else {
        return;
    };
    if let Some(why) = hard_from_wounds(encounter, actor, attribute) {
        filled
            .contributions
            .push(Contribution::new(Source::Wound, why, Lever::Harder));
    }
}

/// Evening injury and exhaustion (Evening, Levels of injury; Exhaustion) and Road and Ruin
/// Exhaustion from the Exertion pool (Road and Ruin, EXERTION).
fn trackers(
    encounter: &Encounter,
    request: &ActionRequest,
    actor: TokenId,
    filled: &mut FilledCheck,
) {
    match trackers_of(encounter, actor).as_deref() {
        Some(TokenTrackers::Evening(t)) => {
            let aptitude = !request.attack && request.kind != Some(CheckKind::Defense);
            let (apt, combat) = t.injury_penalties();
            let penalty = if aptitude { apt } else { combat };
            if penalty != 0 {
                let text = format!("injury level {}", t.injury);
                filled.contributions.push(Contribution::new(
                    Source::Injury,
                    text,
                    Lever::RollModifier(penalty),
                ));
            }
            let from = if aptitude { 1 } else { 3 };
            // Reserves: a creature pushing through ignores its exhaustion for the round.
            let pushing = super::evening_turn::ignores_exhaustion(encounter, actor);
            if t.exhaustion >= from {
                let (text, lever) = if pushing {
                    let text = format!(
                        "exhaustion level {} ignored (pushing through)",
                        t.exhaustion
                    );
                    (text, Lever::Note)
                } else {
                    (format!("exhaustion level {}", t.exhaustion), Lever::Harder)
                };
                filled
                    .contributions
                    .push(Contribution::new(Source::Exhaustion, text, lever));
            }
        }
        Some(TokenTrackers::RoadAndRuin(t)) if t.exhausted() => {
            let text = "Exertion below half: Exhausted".to_owned();
            filled.contributions.push(Contribution::new(
                Source::Exhaustion,
                text,
                Lever::Exhausted,
            ));
        }
        _ => {}
    }
}

/// 3d6, Escalation: added to the rolls PCs make to trigger combat abilities (attacks by a
/// party token), not to GM rolls.
fn escalation(
    encounter: &Encounter,
    actor: TokenId,
    request: &ActionRequest,
    filled: &mut FilledCheck,
) {
    if !matches!(filled.base, CheckSetup::ThreeD6(_)) || !request.attack {
        return;
    }
    let party = encounter
        .token(actor)
        .is_some_and(|t| t.side == Side::Party);
    let level = encounter.combat.trackers.encounter.three_d6.escalation;
    if party && level > 0 {
        filled.contributions.push(Contribution::new(
            Source::Escalation,
            format!("escalation {level}"),
            Lever::Escalation(level),
        ));
    }
}

/// 3d6, Level, Tier: one Advantage against a lower tier, one Disadvantage against a higher.
/// Only when both levels are known: a level nobody set gives no tier (level 0, the prologue,
/// is a real level of tier 0).
fn tier(encounter: &Encounter, actor: TokenId, target: TokenId, filled: &mut FilledCheck) {
    let (actor_sheet, target_sheet) = (
        trackers_of(encounter, actor),
        trackers_of(encounter, target),
    );
    let (Some(TokenTrackers::ThreeD6(a)), Some(TokenTrackers::ThreeD6(t))) =
        (actor_sheet.as_deref(), target_sheet.as_deref())
    else {
        return;
    };
    let (Some(mine), Some(theirs)) = (a.tier(), t.tier()) else {
        return;
    };
    // The same tier is a line too, so the GM sees the tier was weighed (it changes nothing).
    let relation = crate::rules::three_d6::TierRelation::between(mine, theirs);
    let text = format!("tier {mine} against tier {theirs}");
    filled.contributions.push(Contribution::new(
        Source::Defense,
        text,
        Lever::Tier(relation),
    ));
}

/// Line of sight, cover, distance and reach between the actor and the target, from the same
/// scene and verdict the map draws.
fn map_facts(
    encounter: &Encounter,
    board: &Board<'_>,
    request: &ActionRequest,
    actor: TokenId,
    target: TokenId,
    filled: &mut FilledCheck,
) {
    let scene = board.scene();
    band(scene, request, actor, target, filled);
    sight::light(encounter, scene, request, actor, target, filled);
    let Some(verdict) = scene.verdict(actor, target) else {
        return;
    };
    filled.line_of_sight = Some(verdict.kind);
    let who = name(encounter, target);
    let corners = format!(
        "{} of {} corners clear",
        verdict.clear_lines, verdict.of_lines
    );
    let (text, lever) = match verdict.kind {
        VerdictKind::Clear => (format!("{who} in clear sight ({corners})"), Lever::Note),
        VerdictKind::NoSight => {
            filled.refused = Some(format!("no line of sight to {who}"));
            (format!("no line of sight to {who}"), Lever::Note)
        }
        VerdictKind::Cover => {
            let grade = verdict.degree.map_or("cover", |d| d.label());
            let mut text = format!("{who} behind {grade} ({corners})");
            let lever = cover_lever(encounter.system, &verdict, request.attack);
            if let Some(why) = cover_lost(encounter.system, filled.weapon.as_ref()) {
                filled.contributions.push(Contribution::switched_off(
                    Source::Cover,
                    text,
                    lever,
                    why,
                ));
                return;
            }
            if lever == Lever::Note {
                text = format!(
                    "{text}: {}",
                    cover_does_nothing(encounter.system, request.attack)
                );
            }
            let ruling = verdict.degree.is_some_and(CoverDegree::is_ruling);
            if ruling && lever != Lever::Note {
                filled
                    .contributions
                    .push(cover_ruling(encounter, text, lever));
                return;
            }
            (text, lever)
        }
    };
    filled
        .contributions
        .push(Contribution::new(Source::Cover, text, lever));
}

/// GFH, Divine Wrath: Sacred Flame's "target loses any Cover" — the chosen attack takes the
/// target's cover away (`rules::go_forth_heroes::takes_cover_away`), so the cover line shows
/// switched off with why. `None` for any other attack or system.
fn cover_lost(system: RuleSystem, weapon: Option<&ChosenAttack>) -> Option<String> {
    let weapon = weapon?;
    (system == RuleSystem::GoForthHeroes
        && crate::rules::go_forth_heroes::takes_cover_away(&weapon.name))
    .then(|| format!("{}: the target loses any Cover", weapon.name))
}

/// Cover where the text has no cover rule (Post core, 3d6): the encounter's "Cover as a
/// ruling" decides. On, the line counts and says it is the GM's ruling; off, it shows
/// switched off with the reason, in the words the map's tooltip uses.
fn cover_ruling(encounter: &Encounter, text: String, lever: Lever) -> Contribution {
    if encounter.rulings.cover {
        Contribution::new(
            Source::Cover,
            format!("{text}, by the GM's cover ruling"),
            lever,
        )
    } else {
        Contribution::switched_off(
            Source::Cover,
            text,
            lever,
            crate::board::degree::ruling_off_reason(encounter.system),
        )
    }
}

/// Post core, Inventory: the actor's load helps or hinders a DEX action roll (light +1 die,
/// heavy −1, `rules::post_core::load_dice`), when its sheet keeps its full slots. The builder
/// knows the attribute of an attack (the attack's own, else DEX at range); on another DEX
/// roll the GM adds the die in the form.
fn load(encounter: &Encounter, request: &ActionRequest, actor: TokenId, filled: &mut FilledCheck) {
    use crate::rules::post_core::{Attribute, load_dice};
    if !matches!(filled.base, CheckSetup::PostCore(_)) || !request.attack {
        return;
    }
    let sheet = trackers_of(encounter, actor);
    let Some(TokenTrackers::PostCore(t)) = sheet.as_deref() else {
        return;
    };
    let Some(slots) = t.slots_full else {
        return;
    };
    let from_attack = filled
        .weapon
        .as_ref()
        .and(request.weapon)
        .and_then(|i| t.attacks.get(i))
        .map(|a| a.numbers.attribute);
    let attribute = from_attack.unwrap_or(if request.melee {
        Attribute::Str
    } else {
        Attribute::Dex
    });
    let dice = load_dice(slots);
    if attribute != Attribute::Dex || dice == 0 {
        return;
    }
    let (weight, effect) = if dice > 0 {
        ("light", "one more die")
    } else {
        ("heavy", "one die fewer")
    };
    let who = name(encounter, actor);
    filled.contributions.push(Contribution::new(
        Source::Gm,
        format!("{who}'s {weight} load ({slots} of 5 slots full): {effect} on DEX"),
        Lever::Load(dice),
    ));
}

/// The teammates who could give `actor`'s roll a die (Post core, Grit): its allies with a Post
/// sheet, in the encounter's order.
#[must_use]
pub fn teammates(encounter: &Encounter, actor: TokenId) -> Vec<TokenId> {
    super::turn_action::allies(encounter, actor)
        .into_iter()
        .filter(|id| matches!(encounter.sheet(*id), Some(TokenTrackers::PostCore(_))))
        .collect()
}

/// Post core, Grit: each teammate the GM names gives the roll one die for 1 of its own grit
/// (the cost is the teammate's, `costs.rs`). A helper must be another token with a Post sheet;
/// the pane offers the actor's allies.
fn teamwork(
    encounter: &Encounter,
    request: &ActionRequest,
    actor: TokenId,
    filled: &mut FilledCheck,
) {
    if !matches!(filled.base, CheckSetup::PostCore(_)) {
        return;
    }
    let mut seen = Vec::new();
    for helper in &request.helpers {
        let post = matches!(encounter.sheet(*helper), Some(TokenTrackers::PostCore(_)));
        if *helper == actor || !post || seen.contains(helper) {
            continue;
        }
        seen.push(*helper);
        let who = name(encounter, *helper);
        filled.contributions.push(Contribution::new(
            Source::Teamwork,
            format!("{who} gives a die (1 of {who}'s grit)"),
            Lever::TeammateDie(*helper),
        ));
    }
}

/// What cover does in each system: GFH, Line of Sight & Cover (attacks vs Cover are Hard);
/// Evening, Circumstantial bonuses (half/three-quarters/full cover 3/6/9 on the TN); Road and
/// Ruin names no number for cover (it lets the target Hide), so it is a note. Post core and
/// 3d6 have no cover rule: the lever is the GM's ruling (risk one step higher; one
/// Disadvantage), which counts only while the encounter has "Cover as a ruling" on.
fn cover_lever(system: RuleSystem, verdict: &crate::board::Verdict, attack: bool) -> Lever {
    if !attack {
        return Lever::Note;
    }
    match system {
        RuleSystem::GoForthHeroes | RuleSystem::ThreeD6 => Lever::Harder,
        RuleSystem::Evening => verdict
            .degree
            .and_then(crate::board::CoverDegree::attack_tn_modifier)
            .map_or(Lever::Note, |n| Lever::TnShift(i64::from(n))),
        RuleSystem::PostCore => Lever::RiskUp,
        RuleSystem::RoadAndRuin => Lever::Note,
    }
}

/// Why cover changes nothing in the roll where [`cover_lever`] gives a note: a check that is
/// not an attack (every system's cover rule is about attacks), or Road and Ruin, whose text
/// names no number for cover: being behind it breaks line of sight and lets the target Hide
/// (Road and Ruin, SPACE: BEHIND), which is the GM's call.
fn cover_does_nothing(system: RuleSystem, attack: bool) -> &'static str {
    if !attack {
        "cover changes attacks only, not this check"
    } else if system == RuleSystem::RoadAndRuin {
        "no change to the roll: Road and Ruin gives cover no number; the target may Hide \
         behind it (the GM's call)"
    } else {
        "no change to the roll at this grade"
    }
}

/// The distance and band, and whether a melee action reaches (an adjacent cell). Evening,
/// Melee combat: a ranged weapon used in melee range has disadvantage.
fn band(
    scene: &Scene,
    request: &ActionRequest,
    actor: TokenId,
    target: TokenId,
    filled: &mut FilledCheck,
) {
    let Some(distance) = scene.distance_cells(actor, target) else {
        return;
    };
    let band = scene
        .band_between(actor, target)
        .map_or_else(String::new, |b| format!(" ({})", b.name));
    let adjacent = distance <= 1.0 || scene.touching(actor, target) == Some(true);
    filled.contributions.push(Contribution::new(
        Source::Band,
        format!("{distance} cells{band}"),
        Lever::Note,
    ));
    // A chosen attack checks its own reach or range (`weapon.rs`).
    // An attack of opportunity is made as the target leaves: its reach was met then.
    let leaving = filled.opportunity.is_some();
    if request.melee && !adjacent && !leaving && filled.refused.is_none() && filled.weapon.is_none()
    {
        filled.refused = Some(format!("out of melee reach: {distance} cells{band}"));
    }
    if !request.melee && adjacent && request.attack && filled.system == RuleSystem::Evening {
        filled.contributions.push(Contribution::new(
            Source::Band,
            "ranged attack in melee range",
            Lever::Harder,
        ));
    }
}

/// The target's defence: a GFH Defense with its conditions and Increase Defense (GFH,
/// Defenses); an Evening threat's TN to hit (Evening, Threat Rating); the armour rating a
/// Road and Ruin target wears, from its sheet (Road and Ruin, COMBAT).
fn defence(
    encounter: &Encounter,
    request: &ActionRequest,
    target: TokenId,
    kinds: &[CheckKind],
    filled: &mut FilledCheck,
) {
    let who = name(encounter, target);
    match trackers_of(encounter, target).as_deref() {
        Some(TokenTrackers::GoForthHeroes(hero)) if request.attack => {
            let kind = kinds.first().copied().unwrap_or(CheckKind::Physical);
            let defense = defense_for(kind);
            filled.defense = Some(defense);
            let tn = defense_on(encounter, hero, target, defense);
            let mut text = format!("{who}'s {defense:?} Defense {}", tn.value);
            if !tn.reasons.is_empty() {
                text = format!("{text} ({})", tn.reasons.join(", "));
            }
            filled.contributions.push(Contribution::new(
                Source::Defense,
                text,
                Lever::TargetNumber(tn.value),
            ));
        }
        Some(TokenTrackers::Evening(t)) => {
            if let Some(threat) = &t.threat {
                let tn = threat.stats().tn_to_hit;
                filled.contributions.push(Contribution::new(
                    Source::Defense,
                    format!("{who}'s TN {tn}"),
                    Lever::TargetNumber(tn),
                ));
            }
        }
        Some(TokenTrackers::RoadAndRuin(t)) if request.attack => {
            filled.contributions.push(Contribution::new(
                Source::Defense,
                format!("{who}'s armour {}", t.armour),
                Lever::Armour(i64::from(t.armour)),
            ));
            // Road and Ruin, COMBAT, ARMOR: a shield rolls To Hit like a weapon and blocks with
            // its AR (all of it on a Solid result, half on a Glancing one).
            if let Some(shield) = t.shield {
                filled.contributions.push(Contribution::new(
                    Source::Defense,
                    format!(
                        "{who}'s shield (d{}, {:+}, {} AR)",
                        shield.die.sides(),
                        shield.modifier,
                        shield.armour
                    ),
                    Lever::Shield(shield),
                ));
            }
        }
        _ => {}
    }
}

/// The actor an action on `target` defaults to: the current combatant, unless that is the
/// target itself.
#[must_use]
pub fn default_actor(encounter: &Encounter, target: TokenId) -> Option<TokenId> {
    encounter
        .combat
        .initiative
        .current_token()
        .filter(|id| *id != target)
}

/// The request an action picked on the map starts as: melee when the two are adjacent (see
/// the module doc), and for a GFH attack the default attribute for that reach.
#[must_use]
pub fn request_for(
    encounter: &Encounter,
    actor: Option<TokenId>,
    target: TokenId,
    attack: bool,
) -> ActionRequest {
    let board = Board::new(encounter);
    let melee = actor.is_some_and(|a| {
        let scene = board.scene();
        scene.distance_cells(a, target).is_some_and(|d| d <= 1.0)
            || scene.touching(a, target) == Some(true)
    });
    let gfh = encounter.system == RuleSystem::GoForthHeroes;
    let attribute = (gfh && attack).then(|| default_attack_attribute(melee));
    let kind = match (encounter.system, attack) {
        (RuleSystem::Evening, true) => Some(CheckKind::Attack),
        (RuleSystem::Evening, false) => Some(CheckKind::Aptitude),
        _ => attribute.map(attribute_kind),
    };
    // An attack starts with the actor's attack that reaches the target (`weapon.rs`); an
    // attack of opportunity waiting against the target, with its melee attack.
    let opportunity = actor
        .filter(|_| attack)
        .and_then(|a| super::opportunity::waiting(encounter, a, target));
    let melee = melee || opportunity.is_some();
    let weapon = match (actor.filter(|_| attack), opportunity) {
        (Some(a), Some(_)) => super::opportunity::melee_attack(encounter, a),
        (Some(a), None) => weapon::reaching(encounter, board.scene(), a, target),
        (None, _) => None,
    };
    ActionRequest {
        actor,
        targets: vec![target],
        attack,
        melee,
        attribute,
        kind,
        weapon,
        helpers: Vec::new(),
    }
}

/// The check an action starts from in `system` before the GM's form changes it: the system's
/// default check, or for a Road and Ruin attack the attack die (Road and Ruin, COMBAT).
#[must_use]
pub fn default_base(system: RuleSystem, attack: bool) -> CheckSetup {
    if system == RuleSystem::RoadAndRuin && attack {
        CheckSetup::RoadAndRuinAttack(crate::rules::road_and_ruin::AttackRoll::default())
    } else {
        crate::rules::system(system).default_check()
    }
}
