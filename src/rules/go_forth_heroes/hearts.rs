//! Hearts: how much Effort an enemy or obstacle takes to overcome (GFH, Hearts; Variations).

use super::Hearts;
use serde::{Deserialize, Serialize};

/// Effort needed to overcome one Heart (GFH, Hearts).
pub const EFFORT_PER_HEART: u32 = 10;

/// What one application of Effort did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EffortApplied {
    /// Effort left after the Shield.
    pub effective: u32,
    /// Hearts overcome by this strike.
    pub hearts_overcome: u32,
    /// Effort lost past the end of a Heart (no Overkill) or stopped by Fortified.
    pub wasted: u32,
    /// The Breaking Point was reached.
    pub broke: bool,
}

impl Hearts {
    /// `count` fresh Hearts with no variations.
    #[must_use]
    pub fn new(count: u32) -> Self {
        Self {
            remaining: count,
            ..Self::default()
        }
    }

    /// All Hearts are overcome.
    #[must_use]
    pub fn overcome(&self) -> bool {
        self.remaining == 0
    }

    /// Total Effort still needed.
    #[must_use]
    pub fn effort_left(&self) -> u32 {
        self.remaining
            .saturating_mul(EFFORT_PER_HEART)
            .saturating_sub(self.progress)
    }

    /// The Hearts after one strike of `effort`, and what it did, leaving `self` as it is: the
    /// pure form of [`Hearts::apply_effort`] for previews (GFH, Hearts; Variations: Fortified,
    /// Shields, Breaking Point; the Overkill gambit). Apply it with `GfhChange::ApplyEffort`.
    #[must_use]
    pub fn after_effort(&self, effort: u32, overkill: bool) -> (Self, EffortApplied) {
        let mut after = self.clone();
        let applied = after.apply_effort(effort, overkill);
        (after, applied)
    }

    /// Applies one strike of `effort`. Only one Heart is targeted at a time: Effort past the end
    /// of the current Heart is wasted, unless `overkill` carries it on to the next ones
    /// (Overkill gambit). Readings: the Shield comes off first; the Breaking Point and the
    /// Fortified 10+ are checked against what gets through the Shield.
    pub fn apply_effort(&mut self, effort: u32, overkill: bool) -> EffortApplied {
        let effective = effort.saturating_sub(self.shield);
        let mut applied = EffortApplied {
            effective,
            ..EffortApplied::default()
        };
        if self.overcome() {
            applied.wasted = effective;
            return applied;
        }
        if self.breaking_point.is_some_and(|bp| effective >= bp) {
            applied.hearts_overcome = self.remaining;
            applied.broke = true;
            self.remaining = 0;
            self.progress = 0;
            return applied;
        }
        if self.fortified && effective < EFFORT_PER_HEART {
            applied.wasted = effective;
            return applied;
        }
        let mut left = effective;
        while left > 0 && !self.overcome() {
            let need = EFFORT_PER_HEART.saturating_sub(self.progress);
            if left < need {
                self.progress += left;
                left = 0;
            } else {
                left -= need;
                self.progress = 0;
                self.remaining -= 1;
                applied.hearts_overcome += 1;
                if !overkill {
                    break;
                }
            }
        }
        applied.wasted = left;
        applied
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_hearts_are_thirty_effort_and_excess_is_wasted() {
        let mut h = Hearts::new(3);
        assert_eq!(h.effort_left(), 30);
        let a = h.apply_effort(7, false);
        assert_eq!((a.hearts_overcome, h.progress), (0, 7));
        let a = h.apply_effort(9, false);
        assert_eq!(
            (a.hearts_overcome, a.wasted, h.remaining, h.progress),
            (1, 6, 2, 0)
        );
        let a = h.apply_effort(25, false);
        assert_eq!((a.hearts_overcome, a.wasted, h.remaining), (1, 15, 1));
    }

    #[test]
    fn overkill_carries_excess_to_the_next_heart() {
        let mut h = Hearts::new(3);
        let a = h.apply_effort(25, true);
        assert_eq!(
            (a.hearts_overcome, a.wasted, h.remaining, h.progress),
            (2, 0, 1, 5)
        );
        let a = h.apply_effort(40, true);
        assert_eq!((a.hearts_overcome, a.wasted, h.remaining), (1, 35, 0));
    }

    #[test]
    fn fortified_needs_ten_in_one_strike_after_shields() {
        let mut h = Hearts {
            fortified: true,
            shield: 2,
            ..Hearts::new(2)
        };
        let a = h.apply_effort(11, false);
        assert_eq!(
            (a.effective, a.wasted, h.remaining, h.progress),
            (9, 9, 2, 0)
        );
        let a = h.apply_effort(12, false);
        assert_eq!((a.hearts_overcome, h.remaining), (1, 1));
    }

    #[test]
    fn the_preview_changes_nothing_and_matches_the_strike() {
        // GFH, Hearts: 3 Hearts are 30 Effort; with a Shield of 3 (Variations), 15 Effort
        // brings 12: one Heart overcome, 2 wasted (only one Heart is targeted at a time).
        let h = Hearts {
            shield: 3,
            ..Hearts::new(3)
        };
        let (after, applied) = h.after_effort(15, false);
        assert_eq!(
            h,
            Hearts {
                shield: 3,
                ..Hearts::new(3)
            }
        );
        assert_eq!(
            (applied.effective, applied.hearts_overcome, applied.wasted),
            (12, 1, 2)
        );
        assert_eq!(
            (after.remaining, after.progress, after.effort_left()),
            (2, 0, 20)
        );
    }

    #[test]
    fn breaking_point_ends_everything() {
        let mut h = Hearts {
            breaking_point: Some(15),
            ..Hearts::new(5)
        };
        // 14 falls short of the Breaking Point: it overcomes one Heart like any strike.
        let a = h.apply_effort(14, false);
        assert!(!a.broke);
        assert_eq!((a.hearts_overcome, h.remaining), (1, 4));
        let a = h.apply_effort(15, false);
        assert!(a.broke && h.overcome());
        assert_eq!(a.hearts_overcome, 4);
        assert_eq!(h.apply_effort(4, false).wasted, 4);
    }
}
