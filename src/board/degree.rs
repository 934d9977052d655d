//! Each rule system's reading of a cover verdict, and the tooltip text in its words.

use serde::Serialize;

use crate::model::RuleSystem;

use super::cover::{Verdict, VerdictKind};

/// A system's cover grade.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CoverDegree {
    /// GFH, Line of Sight & Cover: attacks against a target in cover are Hard.
    Hard,
    /// Evening, circumstantial bonuses: half cover, a limited circumstance (TN −3).
    Limited,
    /// Evening: three-quarters cover, a standard circumstance (TN −6).
    Standard,
    /// Evening: full cover that still leaves a line, a great circumstance (TN −9).
    Great,
    /// Road and Ruin, Behind: partly behind an outside corner, door or obstacle.
    Partial,
    /// Post core rules name no cover: as a GM ruling, the risk one step higher.
    RiskUp,
    /// 3d6 core mechanics name no cover: as a GM ruling, one Disadvantage.
    Disadvantage,
}

impl CoverDegree {
    /// Grades a verdict with `clear` of `of` lines clear under `system`.
    ///
    /// Evening follows its 5E parent: on squares 1–2 of 4 lines blocked is half cover, 3 is
    /// three-quarters, all 4 (with something still reachable) is full; on hexes 1–3, 4–5, 6.
    pub fn grade(system: RuleSystem, kind: VerdictKind, clear: u32, of: u32) -> Option<Self> {
        if kind != VerdictKind::Cover {
            return None;
        }
        Some(match system {
            RuleSystem::GoForthHeroes => Self::Hard,
            RuleSystem::Evening => {
                let blocked = of.saturating_sub(clear);
                let (limited_max, standard_max) = if of >= 6 { (3, 5) } else { (2, 3) };
                if clear == 0 {
                    Self::Great
                } else if blocked <= limited_max {
                    Self::Limited
                } else if blocked <= standard_max {
                    Self::Standard
                } else {
                    Self::Great
                }
            }
            RuleSystem::RoadAndRuin => Self::Partial,
            RuleSystem::PostCore => Self::RiskUp,
            RuleSystem::ThreeD6 => Self::Disadvantage,
        })
    }

    /// The grade's name.
    pub fn label(self) -> &'static str {
        match self {
            Self::Hard => "Cover",
            Self::Limited => "half cover",
            Self::Standard => "three-quarters cover",
            Self::Great => "full cover",
            Self::Partial => "partial cover",
            Self::RiskUp | Self::Disadvantage => "cover",
        }
    }

    /// How much the grade lowers a defence's target number (Evening only).
    pub fn tn_modifier(self) -> Option<i32> {
        match self {
            Self::Limited => Some(-3),
            Self::Standard => Some(-6),
            Self::Great => Some(-9),
            _ => None,
        }
    }

    /// Evening's cover when the *attacker* rolls against the covered target's defense TN: the
    /// TN rises by 3, 6 or 9. Evening, Defense (Circumstantial bonuses) writes cover only as a
    /// cut to the TN of the covered creature's own defense check; when the attacker rolls
    /// instead, we read the same circumstance from the other side, so the target is as hard
    /// to hit either way.
    pub fn attack_tn_modifier(self) -> Option<i32> {
        self.tn_modifier().map(|m| -m)
    }

    /// Whether the grade comes from a GM ruling rather than the text: Post core and 3d6 have
    /// no cover rule, so their cover changes an attack only while the encounter's "Cover as a
    /// ruling" is on ([`crate::model::Rulings::cover`]).
    pub fn is_ruling(self) -> bool {
        matches!(self, Self::RiskUp | Self::Disadvantage)
    }

    /// What cover does to an attack, in the system's words; a ruling's lever says whether the
    /// encounter has it on (`rulings`), in the words the check builder's line uses.
    pub fn lever(self, system: RuleSystem, rulings: crate::model::Rulings) -> String {
        let ruling = |what: &str| {
            if rulings.cover {
                format!("{what}, by the GM's cover ruling")
            } else {
                format!("{what}, {}", ruling_off_reason(system))
            }
        };
        match self {
            Self::Hard => "attacks are Hard".to_owned(),
            Self::Limited | Self::Standard | Self::Great => {
                format!("TN {}", self.tn_modifier().unwrap_or(0)).replace('-', "−")
            }
            Self::Partial => "partly hidden".to_owned(),
            Self::RiskUp | Self::Disadvantage => ruling(self.ruling_effect().unwrap_or("")),
        }
    }

    /// What a ruling's cover does to an attack while the ruling is on; `None` for a grade
    /// the text itself gives.
    pub fn ruling_effect(self) -> Option<&'static str> {
        match self {
            Self::RiskUp => Some("risk one step higher"),
            Self::Disadvantage => Some("one Disadvantage"),
            _ => None,
        }
    }
}

/// What cover does in `system` as a GM ruling, when its text has no cover rule (Post core,
/// 3d6); `None` where the text gives one.
pub fn cover_ruling_effect(system: RuleSystem) -> Option<&'static str> {
    CoverDegree::grade(system, VerdictKind::Cover, 0, 1).and_then(CoverDegree::ruling_effect)
}

/// Whether `system`'s text has no cover rule, so cover there is a GM ruling the encounter
/// turns on or off (Post core, 3d6).
pub fn cover_is_a_ruling(system: RuleSystem) -> bool {
    cover_ruling_effect(system).is_some()
}

/// Why a ruling's cover changes nothing while the ruling is off: the words the map and the
/// check builder share.
pub fn ruling_off_reason(system: RuleSystem) -> String {
    format!(
        "off: {} has no cover rule; turn on Cover as a ruling in the Encounter pane",
        system.label()
    )
}

impl Verdict {
    /// A one-line tooltip explaining the verdict in `system`'s words, with the encounter's
    /// `rulings` for the systems whose cover is one.
    pub fn explain(&self, system: RuleSystem, rulings: crate::model::Rulings) -> String {
        let blocked = self.of_lines - self.clear_lines;
        let count = format!("{blocked} of {} corners blocked", self.of_lines);
        match (self.kind, self.degree) {
            (VerdictKind::Clear, _) => {
                format!("every corner in sight ({}): line of sight", self.of_lines)
            }
            (VerdictKind::Cover, Some(d)) => {
                format!("{count} → {} ({})", d.label(), d.lever(system, rulings))
            }
            (VerdictKind::Cover, None) => format!("{count} → cover"),
            (VerdictKind::NoSight, _) => match system {
                RuleSystem::RoadAndRuin => format!("{count} → out of sight: the target may Hide"),
                _ => format!("{count} → no line of sight"),
            },
        }
    }
}
