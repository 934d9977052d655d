//! Every limit of a sheet (`model::limits`, FORMAT.md "Limits") as a case: the field's path
//! under the token's sheet, the system, the limit, how to put a value there and the command of
//! the system that sets it. Shared by the core's tests (`sheet_limits.rs`: a file just past
//! each limit is refused naming the field, and so is every command that can set it; a file at
//! it opens) and the UI's (`tests/ui/limits.rs`: a token at every limit draws in every pane and
//! no pane changes the document).

#![allow(
    dead_code,
    reason = "each user of this module reads the parts it needs"
)]

use lantern::model::limits::{self as lim, Limit};
use lantern::model::trackers::attack::{Attack, AttackRange};
use lantern::model::{Encounter, RuleSystem, Side, Token, TokenId};
use lantern::rules::evening::{
    DamageDice, EveningAbility, EveningAttackNumbers, EveningAttribute, EveningChange, Reserve,
    ThreatProfile,
};
use lantern::rules::go_forth_heroes::{
    Attribute, Defense, GfhAttackNumbers, GfhChange, Hearts, Severity, Wound,
};
use lantern::rules::post_core::{Attribute as PostAttribute, PostAttackNumbers, PostChange};
use lantern::rules::road_and_ruin::{AttackDie, Pool, RrAttackNumbers, RrChange, Shield};
use lantern::rules::three_d6::{EffectDie, ThreeD6AttackNumbers, ThreeD6Change};
use lantern::rules::{TokenChange, TokenTrackers, TrackerCommand, system};

/// The token every case's sheet belongs to.
pub const TOKEN: TokenId = TokenId(1);

/// What a field may hold: a range, or one of a few die sizes.
#[derive(Clone, Copy, Debug)]
pub enum Allowed {
    Range(Limit),
    /// The allowed sizes, and one just outside them.
    Dice(&'static [u32]),
}

/// One limit of a sheet.
pub struct Case {
    /// The field's path under the sheet, as messages name it.
    pub field: &'static str,
    pub system: RuleSystem,
    pub allowed: Allowed,
    /// Puts `value` in the field; `None` when the field's type cannot hold it.
    pub set: fn(&mut TokenTrackers, i128) -> Option<()>,
    /// The system's own command that sets the field to what `sheet` holds there.
    pub change: Option<fn(&TokenTrackers) -> TokenChange>,
}

impl Case {
    /// The values at the limit: its two ends (a die field: every size allowed).
    pub fn at_limit(&self) -> Vec<i128> {
        match self.allowed {
            Allowed::Range(l) => vec![i128::from(l.min), i128::from(l.max)],
            Allowed::Dice(sides) => sides.iter().map(|s| i128::from(*s)).collect(),
        }
    }

    /// Values past the limit: one past each end, and the extremes of a file's integers (each
    /// that the field's type holds).
    pub fn past_limit(&self) -> Vec<i128> {
        let mut values = vec![
            i128::from(u32::MAX),
            i128::from(u64::MAX),
            i128::from(i64::MIN),
            i128::from(i64::MAX),
            -1,
            0,
            7,
        ];
        if let Allowed::Range(l) = self.allowed {
            values.extend([i128::from(l.min) - 1, i128::from(l.max) + 1]);
        }
        values.retain(|v| !self.allows(*v));
        values
    }

    fn allows(&self, v: i128) -> bool {
        match self.allowed {
            Allowed::Range(l) => l.contains(v),
            Allowed::Dice(sides) => u32::try_from(v).is_ok_and(|v| sides.contains(&v)),
        }
    }

    /// The case's starting sheet with `value` in the field, if its type holds it.
    pub fn sheet_with(&self, value: i128) -> Option<TokenTrackers> {
        let mut sheet = base_sheet(self.system);
        (self.set)(&mut sheet, value)?;
        Some(sheet)
    }
}

/// An encounter running `sheet`'s system with token 1 holding `sheet`.
pub fn encounter_with(sheet: TokenTrackers) -> Encounter {
    let mut encounter = Encounter::new("Limits", sheet.system());
    encounter.tokens.push(Token::new(
        TOKEN,
        "Kestrel",
        Side::Party,
        lantern::model::Cell::new(2, 2),
    ));
    encounter.combat.trackers.insert(TOKEN, sheet);
    encounter
}

/// The encounter under `system` whose token 1 keeps every system's sheet at its limits (each
/// field at its largest, or with `largest` false at its smallest).
pub fn at_limits(system: RuleSystem, largest: bool) -> Encounter {
    let mut sheets = sheets_at_limits(largest).into_iter();
    let mut encounter = match sheets.next() {
        Some(first) => encounter_with(first),
        None => Encounter::new("Limits", system),
    };
    for sheet in sheets {
        encounter.combat.trackers.insert(TOKEN, sheet);
    }
    encounter.system = system;
    encounter
}

/// The command that puts `sheet` back on token 1 whatever it held.
pub fn restore(sheet: TokenTrackers) -> TrackerCommand {
    TrackerCommand::RestoreToken {
        token: TOKEN,
        trackers: Box::new(sheet),
    }
}

/// Each system's starting sheet with something in every list a case reaches into: an attack
/// (melee; a ranged one in Post core), Hearts and a Wound, a reserve die, a shield.
pub fn base_sheet(of: RuleSystem) -> TokenTrackers {
    let mut sheet = system(of).starting_sheet(Side::Enemy);
    let melee = AttackRange::ADJACENT;
    match &mut sheet {
        TokenTrackers::GoForthHeroes(t) => {
            t.hearts = Some(Hearts {
                breaking_point: Some(15),
                ..Hearts::new(2)
            });
            t.wounds = vec![Wound {
                defense: Defense::Body,
                severity: Severity::Vicious,
                effect_roll: 3,
                sessions_left: 2,
            }];
            t.attacks = vec![Attack::new(
                "Sword",
                melee,
                GfhAttackNumbers {
                    attribute: Attribute::Might,
                    effort_die: 6,
                },
            )];
        }
        TokenTrackers::Evening(t) => {
            t.threat = None;
            t.reserves = vec![Reserve {
                sides: 8,
                spent: false,
            }];
            t.attacks = vec![Attack::new(
                "Claws",
                melee,
                EveningAttackNumbers {
                    ability: EveningAbility::Prowess,
                    attribute: EveningAttribute::Body,
                    aptitude: true,
                    damage: DamageDice {
                        count: 1,
                        sides: 8,
                        bonus: 2,
                    },
                    damage_type: None,
                },
            )];
        }
        TokenTrackers::RoadAndRuin(t) => {
            t.shield = Some(Shield::default());
            t.attacks = vec![Attack::new(
                "Axe",
                melee,
                RrAttackNumbers {
                    die: AttackDie::D10,
                    proficiency: 1,
                    damage: 4,
                },
            )];
        }
        TokenTrackers::PostCore(t) => {
            t.attacks = vec![Attack::new(
                "Bow",
                AttackRange::Ranged {
                    short_cells: 16,
                    long_cells: 64,
                },
                PostAttackNumbers {
                    attribute: PostAttribute::Dex,
                    assistive: false,
                },
            )];
        }
        TokenTrackers::ThreeD6(t) => {
            t.level = Some(3);
            t.attacks = vec![Attack::new(
                "Knife",
                melee,
                ThreeD6AttackNumbers {
                    die: EffectDie::Mid,
                    steps: 0,
                    halved: false,
                },
            )];
        }
    }
    sheet
}

macro_rules! sheet_of {
    ($variant:ident, $sheet:expr) => {
        match $sheet {
            TokenTrackers::$variant(t) => t,
            _ => panic!("a case's sheet is of another system"),
        }
    };
}

/// Sets a number field of type `$ty` to the value, `None` when the type cannot hold it.
macro_rules! put {
    ($slot:expr, $value:expr) => {{
        $slot = ($value).try_into().ok()?;
        Some(())
    }};
}

fn gfh_attacks(t: &TokenTrackers) -> TokenChange {
    TokenChange::GoForthHeroes(GfhChange::SetAttacks(
        sheet_of!(GoForthHeroes, t).attacks.clone(),
    ))
}
fn evening_attacks(t: &TokenTrackers) -> TokenChange {
    TokenChange::Evening(EveningChange::SetAttacks(
        sheet_of!(Evening, t).attacks.clone(),
    ))
}
fn rr_attacks(t: &TokenTrackers) -> TokenChange {
    TokenChange::RoadAndRuin(RrChange::SetAttacks(
        sheet_of!(RoadAndRuin, t).attacks.clone(),
    ))
}
fn post_attacks(t: &TokenTrackers) -> TokenChange {
    TokenChange::PostCore(PostChange::SetAttacks(
        sheet_of!(PostCore, t).attacks.clone(),
    ))
}
fn three_d6_attacks(t: &TokenTrackers) -> TokenChange {
    TokenChange::ThreeD6(ThreeD6Change::SetAttacks(
        sheet_of!(ThreeD6, t).attacks.clone(),
    ))
}
fn gfh_hearts(t: &TokenTrackers) -> TokenChange {
    TokenChange::GoForthHeroes(GfhChange::SetHearts(
        sheet_of!(GoForthHeroes, t).hearts.clone(),
    ))
}
fn rr_shield(t: &TokenTrackers) -> TokenChange {
    TokenChange::RoadAndRuin(RrChange::SetShield(sheet_of!(RoadAndRuin, t).shield))
}
fn post_set_up(t: &TokenTrackers) -> TokenChange {
    let p = sheet_of!(PostCore, t);
    TokenChange::PostCore(PostChange::SetUp {
        attributes: p.base_attributes,
        max_hp: p.max_hp,
    })
}

fn range(l: Limit) -> Allowed {
    Allowed::Range(l)
}

/// Every sheet limit.
#[expect(clippy::too_many_lines, reason = "one case per limit, read as a table")]
pub fn cases() -> Vec<Case> {
    use RuleSystem::{Evening, GoForthHeroes, PostCore, RoadAndRuin, ThreeD6};
    vec![
        // Go Forth: Heroes.
        Case {
            field: "attributes.might",
            system: GoForthHeroes,
            allowed: range(lim::GFH_ATTRIBUTE),
            set: |s, v| put!(sheet_of!(GoForthHeroes, s).attributes.might, v),
            change: Some(|t| {
                TokenChange::GoForthHeroes(GfhChange::SetAttributes(
                    sheet_of!(GoForthHeroes, t).attributes,
                ))
            }),
        },
        Case {
            field: "effort_shift[2]",
            system: GoForthHeroes,
            allowed: range(lim::GFH_EFFORT_SHIFT),
            set: |s, v| put!(sheet_of!(GoForthHeroes, s).effort_shift[2], v),
            change: Some(|t| {
                TokenChange::GoForthHeroes(GfhChange::SetEffortShift {
                    attribute: Attribute::Finesse,
                    shift: sheet_of!(GoForthHeroes, t).effort_shift[2],
                })
            }),
        },
        Case {
            field: "hearts.remaining",
            system: GoForthHeroes,
            allowed: range(lim::GFH_HEARTS),
            set: |s, v| put!(sheet_of!(GoForthHeroes, s).hearts.as_mut()?.remaining, v),
            change: Some(gfh_hearts),
        },
        Case {
            field: "hearts.progress",
            system: GoForthHeroes,
            allowed: range(lim::GFH_HEART_PROGRESS),
            set: |s, v| put!(sheet_of!(GoForthHeroes, s).hearts.as_mut()?.progress, v),
            change: Some(gfh_hearts),
        },
        Case {
            field: "hearts.shield",
            system: GoForthHeroes,
            allowed: range(lim::GFH_SHIELD),
            set: |s, v| put!(sheet_of!(GoForthHeroes, s).hearts.as_mut()?.shield, v),
            change: Some(gfh_hearts),
        },
        Case {
            field: "hearts.breaking_point",
            system: GoForthHeroes,
            allowed: range(lim::GFH_BREAKING_POINT),
            set: |s, v| {
                sheet_of!(GoForthHeroes, s).hearts.as_mut()?.breaking_point =
                    Some(v.try_into().ok()?);
                Some(())
            },
            change: Some(gfh_hearts),
        },
        Case {
            field: "wounds[0].effect_roll",
            system: GoForthHeroes,
            allowed: range(lim::GFH_WOUND_ROLL),
            set: |s, v| put!(sheet_of!(GoForthHeroes, s).wounds[0].effect_roll, v),
            change: Some(|t| {
                TokenChange::GoForthHeroes(GfhChange::AddWound(
                    sheet_of!(GoForthHeroes, t).wounds[0].clone(),
                ))
            }),
        },
        Case {
            field: "wounds[0].sessions_left",
            system: GoForthHeroes,
            allowed: range(lim::GFH_WOUND_SESSIONS),
            set: |s, v| put!(sheet_of!(GoForthHeroes, s).wounds[0].sessions_left, v),
            change: None,
        },
        Case {
            field: "attacks[0].numbers.effort_die",
            system: GoForthHeroes,
            allowed: Allowed::Dice(&lim::EFFORT_DICE),
            set: |s, v| put!(sheet_of!(GoForthHeroes, s).attacks[0].numbers.effort_die, v),
            change: Some(gfh_attacks),
        },
        Case {
            field: "attacks[0].range.reach_cells",
            system: GoForthHeroes,
            allowed: range(lim::ATTACK_CELLS),
            set: |s, v| {
                let reach_cells = v.try_into().ok()?;
                sheet_of!(GoForthHeroes, s).attacks[0].range = AttackRange::Melee { reach_cells };
                Some(())
            },
            change: Some(gfh_attacks),
        },
        // Evening.
        Case {
            field: "health",
            system: Evening,
            allowed: range(lim::EVENING_HEALTH),
            set: |s, v| put!(sheet_of!(Evening, s).health, v),
            change: None,
        },
        Case {
            field: "max_health",
            system: Evening,
            allowed: range(lim::EVENING_HEALTH),
            set: |s, v| put!(sheet_of!(Evening, s).max_health, v),
            change: Some(|t| {
                TokenChange::Evening(EveningChange::SetMaxHealth(
                    sheet_of!(Evening, t).max_health,
                ))
            }),
        },
        Case {
            field: "temp_health",
            system: Evening,
            allowed: range(lim::EVENING_HEALTH),
            set: |s, v| put!(sheet_of!(Evening, s).temp_health, v),
            change: Some(|t| {
                TokenChange::Evening(EveningChange::GainTempHealth(
                    sheet_of!(Evening, t).temp_health,
                ))
            }),
        },
        Case {
            field: "reserves[0].sides",
            system: Evening,
            allowed: Allowed::Dice(&lim::STANDARD_DICE),
            set: |s, v| put!(sheet_of!(Evening, s).reserves[0].sides, v),
            change: Some(|t| {
                TokenChange::Evening(EveningChange::AddReserve(
                    sheet_of!(Evening, t).reserves[0].sides,
                ))
            }),
        },
        Case {
            field: "injury",
            system: Evening,
            allowed: range(lim::EVENING_INJURY),
            set: |s, v| put!(sheet_of!(Evening, s).injury, v),
            change: Some(|t| {
                TokenChange::Evening(EveningChange::SetInjury(sheet_of!(Evening, t).injury))
            }),
        },
        Case {
            field: "exhaustion",
            system: Evening,
            allowed: range(lim::EVENING_EXHAUSTION),
            set: |s, v| put!(sheet_of!(Evening, s).exhaustion, v),
            change: Some(|t| {
                TokenChange::Evening(EveningChange::SetExhaustion(
                    sheet_of!(Evening, t).exhaustion,
                ))
            }),
        },
        Case {
            field: "level",
            system: Evening,
            allowed: range(lim::EVENING_LEVEL),
            set: |s, v| put!(sheet_of!(Evening, s).level, v),
            change: Some(|t| {
                TokenChange::Evening(EveningChange::SetLevel(sheet_of!(Evening, t).level))
            }),
        },
        Case {
            field: "threat.rating",
            system: Evening,
            allowed: range(lim::EVENING_THREAT_RATING),
            set: |s, v| {
                sheet_of!(Evening, s).threat = Some(ThreatProfile {
                    rating: v.try_into().ok()?,
                    traits: Vec::new(),
                });
                Some(())
            },
            change: Some(|t| {
                TokenChange::Evening(EveningChange::SetThreat(
                    sheet_of!(Evening, t).threat.clone(),
                ))
            }),
        },
        Case {
            field: "abilities.prowess",
            system: Evening,
            allowed: range(lim::EVENING_ABILITY),
            set: |s, v| put!(sheet_of!(Evening, s).abilities.prowess, v),
            change: Some(|t| {
                TokenChange::Evening(EveningChange::SetAbilities(sheet_of!(Evening, t).abilities))
            }),
        },
        Case {
            field: "attacks[0].numbers.damage.count",
            system: Evening,
            allowed: range(lim::EVENING_DAMAGE_DICE),
            set: |s, v| put!(sheet_of!(Evening, s).attacks[0].numbers.damage.count, v),
            change: Some(evening_attacks),
        },
        Case {
            field: "attacks[0].numbers.damage.sides",
            system: Evening,
            allowed: Allowed::Dice(&lim::STANDARD_DICE),
            set: |s, v| put!(sheet_of!(Evening, s).attacks[0].numbers.damage.sides, v),
            change: Some(evening_attacks),
        },
        Case {
            field: "attacks[0].numbers.damage.bonus",
            system: Evening,
            allowed: range(lim::EVENING_DAMAGE_BONUS),
            set: |s, v| put!(sheet_of!(Evening, s).attacks[0].numbers.damage.bonus, v),
            change: Some(evening_attacks),
        },
        // Road and Ruin.
        Case {
            field: "endurance",
            system: RoadAndRuin,
            allowed: range(lim::RR_ENDURANCE),
            set: |s, v| put!(sheet_of!(RoadAndRuin, s).endurance, v),
            change: Some(|t| {
                TokenChange::RoadAndRuin(RrChange::SetEndurance(
                    sheet_of!(RoadAndRuin, t).endurance,
                ))
            }),
        },
        Case {
            field: "current[1]",
            system: RoadAndRuin,
            allowed: range(lim::RR_POOL),
            set: |s, v| put!(sheet_of!(RoadAndRuin, s).current[1], v),
            change: None,
        },
        Case {
            field: "max[0]",
            system: RoadAndRuin,
            allowed: range(lim::RR_POOL),
            set: |s, v| put!(sheet_of!(RoadAndRuin, s).max[0], v),
            change: Some(|t| {
                TokenChange::RoadAndRuin(RrChange::SetMax {
                    pool: Pool::Health,
                    max: sheet_of!(RoadAndRuin, t).max[0],
                })
            }),
        },
        Case {
            field: "armour",
            system: RoadAndRuin,
            allowed: range(lim::RR_ARMOUR),
            set: |s, v| put!(sheet_of!(RoadAndRuin, s).armour, v),
            change: Some(|t| {
                TokenChange::RoadAndRuin(RrChange::SetArmour(sheet_of!(RoadAndRuin, t).armour))
            }),
        },
        Case {
            field: "shield.modifier",
            system: RoadAndRuin,
            allowed: range(lim::RR_SHIELD_MODIFIER),
            set: |s, v| put!(sheet_of!(RoadAndRuin, s).shield.as_mut()?.modifier, v),
            change: Some(rr_shield),
        },
        Case {
            field: "shield.armour",
            system: RoadAndRuin,
            allowed: range(lim::RR_ARMOUR),
            set: |s, v| put!(sheet_of!(RoadAndRuin, s).shield.as_mut()?.armour, v),
            change: Some(rr_shield),
        },
        Case {
            field: "shield.gear_status",
            system: RoadAndRuin,
            allowed: range(lim::RR_GEAR_STATUS),
            set: |s, v| put!(sheet_of!(RoadAndRuin, s).shield.as_mut()?.gear_status, v),
            change: Some(rr_shield),
        },
        Case {
            field: "attacks[0].numbers.proficiency",
            system: RoadAndRuin,
            allowed: range(lim::RR_PROFICIENCY),
            set: |s, v| put!(sheet_of!(RoadAndRuin, s).attacks[0].numbers.proficiency, v),
            change: Some(rr_attacks),
        },
        Case {
            field: "attacks[0].numbers.damage",
            system: RoadAndRuin,
            allowed: range(lim::RR_WEAPON_DAMAGE),
            set: |s, v| put!(sheet_of!(RoadAndRuin, s).attacks[0].numbers.damage, v),
            change: Some(rr_attacks),
        },
        // Post core.
        Case {
            field: "hp",
            system: PostCore,
            allowed: range(lim::POST_HP),
            set: |s, v| put!(sheet_of!(PostCore, s).hp, v),
            change: None,
        },
        Case {
            field: "max_hp",
            system: PostCore,
            allowed: range(lim::POST_HP),
            set: |s, v| put!(sheet_of!(PostCore, s).max_hp, v),
            change: Some(post_set_up),
        },
        Case {
            field: "grit",
            system: PostCore,
            allowed: range(lim::POST_GRIT),
            set: |s, v| put!(sheet_of!(PostCore, s).grit, v),
            change: None,
        },
        Case {
            field: "attributes[1]",
            system: PostCore,
            allowed: range(lim::POST_ATTRIBUTE_NOW),
            set: |s, v| put!(sheet_of!(PostCore, s).attributes[1], v),
            change: None,
        },
        Case {
            field: "base_attributes[0]",
            system: PostCore,
            allowed: range(lim::POST_ATTRIBUTE),
            set: |s, v| put!(sheet_of!(PostCore, s).base_attributes[0], v),
            change: Some(post_set_up),
        },
        Case {
            field: "attacks[0].range.long_cells",
            system: PostCore,
            allowed: Allowed::Range(Limit::new(64, lim::ATTACK_CELLS.max)),
            set: |s, v| {
                let long_cells = v.try_into().ok()?;
                sheet_of!(PostCore, s).attacks[0].range = AttackRange::Ranged {
                    short_cells: 64,
                    long_cells,
                };
                Some(())
            },
            change: Some(post_attacks),
        },
        // 3d6.
        Case {
            field: "level",
            system: ThreeD6,
            allowed: range(lim::THREE_D6_LEVEL),
            set: |s, v| {
                // A level past 10 cannot even be read (the file's own form refuses it); the
                // sheet in memory is what a command would carry.
                sheet_of!(ThreeD6, s).level = Some(v.try_into().ok()?);
                Some(())
            },
            change: Some(|t| {
                TokenChange::ThreeD6(ThreeD6Change::SetLevel(sheet_of!(ThreeD6, t).level))
            }),
        },
        Case {
            field: "harm_taken",
            system: ThreeD6,
            allowed: range(lim::THREE_D6_HARM),
            set: |s, v| put!(sheet_of!(ThreeD6, s).harm_taken, v),
            change: Some(|t| {
                TokenChange::ThreeD6(ThreeD6Change::SetHarmTaken(
                    sheet_of!(ThreeD6, t).harm_taken,
                ))
            }),
        },
        Case {
            field: "attacks[0].numbers.steps",
            system: ThreeD6,
            allowed: range(lim::THREE_D6_STEPS),
            set: |s, v| put!(sheet_of!(ThreeD6, s).attacks[0].numbers.steps, v),
            change: Some(three_d6_attacks),
        },
    ]
}

/// Every system's sheet with each case's field at its largest (`largest`) or smallest value.
pub fn sheets_at_limits(largest: bool) -> Vec<TokenTrackers> {
    RuleSystem::ALL
        .iter()
        .map(|of| {
            let mut sheet = base_sheet(*of);
            for case in cases().iter().filter(|c| c.system == *of) {
                let values = case.at_limit();
                let value = if largest {
                    values.last()
                } else {
                    values.first()
                };
                if let Some(v) = value {
                    // A range ending where another field's starts (a ranged attack's long range)
                    // may refuse a value; its own case covers it.
                    let mut next = sheet.clone();
                    if (case.set)(&mut next, *v).is_some() {
                        sheet = next;
                    }
                }
            }
            sheet
        })
        .collect()
}
