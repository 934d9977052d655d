//! What a check costs the roller (Post core grit, Road and Ruin Exertion), spent in the same
//! undo step as the roll, and the numbers a form can take from the roller's trackers.

use crate::model::{Command, Encounter, TokenId};
use crate::rules::post_core::PostChange;
use crate::rules::road_and_ruin::{Exhaustion, Pool, RrChange};
use crate::rules::{CheckSetup, TokenChange, TokenTrackers, TrackerCommand};

/// A cost the roll spends from the roller's trackers.
#[derive(Clone, Debug, PartialEq)]
pub struct Cost {
    /// What it spends, for the form: `2 grit`, `1 Exertion`.
    pub text: String,
    /// Whether the roller has enough.
    pub affordable: bool,
    /// The tracker change that spends it.
    pub command: Command,
}

/// The roller's cost for `setup`, if the setup spends something and the roller tracks it.
/// Grit buys extra dice (Post core, Grit); Exertion negates Tiring and Exhaustion and pays for a
/// reroll (Road and Ruin, EXERTION).
pub fn cost(setup: &CheckSetup, encounter: &Encounter, roller: Option<TokenId>) -> Option<Cost> {
    let token = roller?;
    let trackers = encounter.sheet(token)?;
    let (text, affordable, change) = match (setup, trackers) {
        (CheckSetup::PostCore(c), TokenTrackers::PostCore(t)) if c.grit_cost() > 0 => {
            let need = c.grit_cost();
            (
                format!("{need} grit"),
                t.grit >= need,
                TokenChange::PostCore(PostChange::SpendGrit(need)),
            )
        }
        (CheckSetup::RoadAndRuin(c), TokenTrackers::RoadAndRuin(t)) => {
            let need = u32::from(c.tiring.min(c.negate_tiring))
                + u32::from(c.exhaustion == Exhaustion::Negated)
                + u32::from(c.exertion_reroll);
            if need == 0 {
                return None;
            }
            let pool = Pool::Exertion;
            (
                format!("{need} Exertion"),
                t.get(pool) >= need,
                TokenChange::RoadAndRuin(RrChange::Spend { pool, amount: need }),
            )
        }
        _ => return None,
    };
    Some(Cost {
        text,
        affordable,
        command: Command::Tracker(TrackerCommand::Token { token, change }),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::demo::Demo;
    use crate::rules::post_core::{ActionRoll, PostToken};
    use crate::rules::road_and_ruin::{OutcomeCheck, RrToken};

    fn encounter_with(trackers: TokenTrackers) -> Encounter {
        let mut e = Demo::GoForthHeroes.encounter().unwrap();
        e.system = trackers.system();
        e.combat.trackers.insert(TokenId(1), trackers);
        e
    }

    #[test]
    fn grit_dice_cost_two_grit_each() {
        let e = encounter_with(TokenTrackers::PostCore(PostToken::default()));
        let setup = |grit_dice| {
            CheckSetup::PostCore(ActionRoll {
                attribute: 1,
                grit_dice,
                ..ActionRoll::default()
            })
        };
        assert_eq!(cost(&setup(0), &e, Some(TokenId(1))), None);
        let c = cost(&setup(2), &e, Some(TokenId(1))).unwrap();
        assert_eq!((c.text.as_str(), c.affordable), ("4 grit", true));
        assert!(!cost(&setup(4), &e, Some(TokenId(1))).unwrap().affordable);
        assert_eq!(cost(&setup(2), &e, None), None);
    }

    #[test]
    fn exertion_pays_for_negations_and_the_reroll() {
        let mut token = RrToken {
            endurance: 1,
            ..RrToken::default()
        };
        token.current[Pool::Exertion as usize] = 2;
        let e = encounter_with(TokenTrackers::RoadAndRuin(token));
        let check = OutcomeCheck {
            tiring: 1,
            negate_tiring: 3,
            exhaustion: Exhaustion::Negated,
            exertion_reroll: true,
            ..OutcomeCheck::default()
        };
        let c = cost(&CheckSetup::RoadAndRuin(check), &e, Some(TokenId(1))).unwrap();
        assert_eq!((c.text.as_str(), c.affordable), ("3 Exertion", false));
        let Command::Tracker(TrackerCommand::Token { change, .. }) = c.command else {
            panic!()
        };
        assert_eq!(
            change,
            TokenChange::RoadAndRuin(RrChange::Spend {
                pool: Pool::Exertion,
                amount: 3
            })
        );
    }
}
