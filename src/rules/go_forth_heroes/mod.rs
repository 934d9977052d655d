//! Go Forth: Heroes (`go-forth-heroes.txt`): d20 + Roll against a TN, an Effort die for impact,
//! momentum Boosts, Hearts of 10 Effort, Wounds by Defense.

mod check;
mod contest;
mod hearts;
mod ledger;
mod scene;
mod tracker;
mod wound_effect;
mod wounds;

pub use check::{
    BARE_HANDS_EFFORT_DIE, Boost, EASE_STEP, GfhCheck, GfhOutcome, GfhRoll, MOMENTUM_DIE,
    MomentumArea, Target, WEAPON_EFFORT_DIE, net_modifier,
};
pub use contest::{Contest, ContestOutcome, contest_odds};
pub use hearts::{EFFORT_PER_HEART, EffortApplied};

pub use tracker::ROLL_EFFORT_CAP;
pub use wound_effect::WoundEffect;
pub use wounds::{EXISTING_WOUND_PENALTY, WoundRoll, wound_condition, wound_effect};

pub use crate::model::trackers::go_forth_heroes::{
    Attribute, Attributes, Defense, GfhAttack, GfhAttackNumbers, GfhChange, GfhEncounter,
    GfhEncounterChange, GfhToken, Hearts, SceneTn, Severity, TnTier, Wound,
};

use crate::model::RuleSystem;
use crate::model::initiative::{EnemyPlacement, Mode};
use crate::rules::conditions::{
    Bearer, CheckKind as C, ConditionDef, Defense as D, Effect as E, def,
};
use crate::rules::{CheckSetup, System, TokenTrackers};

/// The gambits whose attack takes the target's Cover away (GFH, Divine Wrath: Sacred Flame,
/// "target loses any Cover"). An attack on a sheet is that gambit when its name begins with
/// the gambit's (the demo's "Sacred Flame (1 Power)").
pub const COVER_LOST_TO: &[&str] = &["Sacred Flame"];

/// Whether an attack called `name` takes the target's Cover away ([`COVER_LOST_TO`]).
#[must_use]
pub fn takes_cover_away(name: &str) -> bool {
    let name = name.trim().to_lowercase();
    COVER_LOST_TO
        .iter()
        .any(|gambit| name.starts_with(&gambit.to_lowercase()))
}

/// The GFH system for the registry.
#[derive(Clone, Copy, Debug, Default)]
pub struct GoForthHeroes;

/// GFH, Conditions: four pairs that cancel on contact, and the monster Debuffs.
const CONDITIONS: &[ConditionDef] = &[
    def(
        "Bolstered",
        "Soul Defense +3, Social checks Easy, one temporary momentum die.",
        Some("Shaken"),
        &[
            E::DefenseChange(D::Soul, 3),
            E::Easier(C::Social),
            E::TemporaryMomentum(1),
        ],
    )
    .for_bearer(Bearer::Heroes),
    def(
        "Shaken",
        "Soul Defense −3, Social checks Hard, one momentum die lost for the duration.",
        Some("Bolstered"),
        &[
            E::DefenseChange(D::Soul, -3),
            E::Harder(C::Social),
            E::TemporaryMomentum(-1),
        ],
    )
    .for_bearer(Bearer::Heroes),
    def(
        "Empowered",
        "Body Defense +3, Physical checks Easy.",
        Some("Weakened"),
        &[E::DefenseChange(D::Body, 3), E::Easier(C::Physical)],
    )
    .for_bearer(Bearer::Heroes),
    def(
        "Weakened",
        "Body Defense −3, Physical checks Hard.",
        Some("Empowered"),
        &[E::DefenseChange(D::Body, -3), E::Harder(C::Physical)],
    )
    .for_bearer(Bearer::Heroes),
    def(
        "Focused",
        "Mind Defense +3, Mental checks Easy, a second lock slot opens.",
        Some("Dazed"),
        &[
            E::DefenseChange(D::Mind, 3),
            E::Easier(C::Mental),
            E::ExtraLockSlot,
        ],
    )
    .for_bearer(Bearer::Heroes),
    def(
        "Dazed",
        "Mind Defense −3, Mental checks Hard, lock slots can't be used.",
        Some("Focused"),
        &[
            E::DefenseChange(D::Mind, -3),
            E::Harder(C::Mental),
            E::NoLockSlot,
        ],
    )
    .for_bearer(Bearer::Heroes),
    def(
        "Mobile",
        "Moves twice as far.",
        Some("Trapped"),
        &[E::DoubleSpeed],
    )
    .for_bearer(Bearer::Heroes),
    def("Trapped", "Can't move.", Some("Mobile"), &[E::NoMovement]).for_bearer(Bearer::Heroes),
    def(
        "Exposed",
        "Debuff: every attack against this monster is Easy.",
        None,
        &[E::AttacksAgainstEasier],
    )
    .for_bearer(Bearer::Monsters),
    def(
        "Rattled",
        "Debuff: this monster's attacks are Hard.",
        None,
        &[E::Harder(C::Attack)],
    )
    .for_bearer(Bearer::Monsters),
    def(
        "Pinned",
        "Debuff: this monster can't use its Move.",
        None,
        &[E::NoMovement],
    )
    .for_bearer(Bearer::Monsters),
    def(
        "Staggered",
        "Debuff: this monster takes its Move or its Action this turn, not both.",
        None,
        &[E::MoveOrAction],
    )
    .for_bearer(Bearer::Monsters),
    def(
        "Stunned",
        "Debuff: this monster can't act this round.",
        None,
        &[E::NoActions, E::NoMovement],
    )
    .for_bearer(Bearer::Monsters),
];

/// GFH, Advanced Actions: the markers Guard, Help and Hurry leave (summaries in our words).
const ACTION_MARKERS: &[ConditionDef] = &[
    def(
        "Guard",
        "Guarding until its next turn: attacks against it or an ally within Close are Hard.",
        None,
        &[E::GuardsClose],
    ),
    def(
        "Help",
        "Helped by an ally: its next roll is Easy, and that roll uses the Help up.",
        None,
        &[E::NextRollEasier],
    ),
    def(
        "Hurry",
        "Hurrying this turn: its checks are Hard, and one Help or Interact comes free.",
        None,
        &[E::Harder(C::Any)],
    ),
];

impl System for GoForthHeroes {
    fn id(&self) -> RuleSystem {
        RuleSystem::GoForthHeroes
    }

    fn ledger(&self) -> &'static [crate::rules::ledger::LedgerRow] {
        ledger::LEDGER
    }

    fn default_check(&self) -> CheckSetup {
        CheckSetup::GoForthHeroes(GfhCheck::default())
    }

    fn condition_catalogue(&self) -> &'static [ConditionDef] {
        CONDITIONS
    }

    fn action_markers(&self) -> &'static [ConditionDef] {
        ACTION_MARKERS
    }

    fn initiative_mode(&self) -> Mode {
        Mode::RoundTheTable {
            placement: EnemyPlacement::AtTheEnd,
        }
    }

    fn new_token_trackers(&self) -> TokenTrackers {
        TokenTrackers::GoForthHeroes(GfhToken::default())
    }

    /// Attributes all 0 (so every Defense is 10 and the momentum pool 3 dice, GFH, Defenses;
    /// Momentum Pool) and one attack, a weapon's d6 Effort with Might (GFH, Effort); anyone
    /// not in the party also gets one Heart (10 Effort, GFH, Hearts).
    fn starting_sheet(&self, side: crate::model::Side) -> TokenTrackers {
        let hearts = (side != crate::model::Side::Party).then(|| Hearts::new(1));
        let weapon = GfhAttack::new(
            "Weapon",
            crate::rules::AttackRange::ADJACENT,
            GfhAttackNumbers {
                attribute: Attribute::Might,
                effort_die: 6,
            },
        );
        TokenTrackers::GoForthHeroes(GfhToken {
            hearts,
            attacks: vec![weapon],
            ..GfhToken::default()
        })
        .as_defaults()
    }
}
