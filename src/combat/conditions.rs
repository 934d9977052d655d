//! Condition tokens on creatures: applying (with GFH pairs cancelling), durations and expiry,
//! and what the active conditions do to a token's numbers.

pub use crate::model::conditions::{ActiveCondition, Duration};

use super::catalogue::{CheckKind, ConditionDef, Defense, Effect, find};
use crate::model::{RuleSystem, TokenId};

impl Duration {
    pub fn label(&self) -> String {
        match self {
            Self::UntilRemoved => "until removed".to_owned(),
            Self::Rounds { remaining: 1, .. } => "1 more round".to_owned(),
            Self::Rounds { remaining, .. } => format!("{remaining} more rounds"),
            Self::EndOfNextTurn { .. } => "until the end of a next turn".to_owned(),
            Self::EndOfRound => "until the end of the round".to_owned(),
            Self::UntilSave => "until saved".to_owned(),
            Self::Pips { remaining: 1 } => "1 more pip".to_owned(),
            Self::Pips { remaining } => format!("{remaining} more pips"),
        }
    }

    /// The duration in the units `system` counts time in: Road and Ruin rounds are ten time
    /// pips of simultaneous action (Road and Ruin, Hastened Time), so "N rounds" there becomes
    /// 10 × N pips that tick for everyone at once; every other system counts whole rounds from the
    /// applier's turn (see [`Duration::Rounds`]).
    #[must_use]
    pub fn in_system_units(self, system: RuleSystem) -> Self {
        match self {
            Self::Rounds { remaining, .. } if system == RuleSystem::RoadAndRuin => Self::Pips {
                remaining: remaining.saturating_mul(u32::from(
                    crate::combat::initiative::Initiative::PIPS_PER_ROUND,
                )),
            },
            other => other,
        }
    }
}

/// What happened when a condition was applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Applied {
    Added,
    /// The token already had it (conditions don't stack): the longer duration is kept.
    AlreadyHad,
    /// It met its opposite and both are gone (GFH, Conditions).
    Cancelled {
        opposite: String,
    },
}

/// Applies a condition under `system`, cancelling it against its paired opposite on the same
/// token. It becomes that system's condition, and meets only that system's conditions: another
/// system's wait, untouched, for the encounter to change back.
pub fn apply_condition(
    list: &mut Vec<ActiveCondition>,
    system: RuleSystem,
    mut condition: ActiveCondition,
) -> Applied {
    condition.system = Some(system);
    let def = find(system, &condition.name);
    let same = |c: &ActiveCondition, name: &str| {
        c.token == condition.token && c.belongs_to(system) && c.name.eq_ignore_ascii_case(name)
    };
    if let Some(opposite) = def.and_then(|d| d.opposite)
        && let Some(i) = list.iter().position(|c| same(c, opposite))
    {
        list.remove(i);
        return Applied::Cancelled {
            opposite: opposite.to_owned(),
        };
    }
    if let Some(existing) = list.iter_mut().find(|c| same(c, &condition.name)) {
        if outlasts(&condition.duration, &existing.duration) {
            existing.duration = condition.duration;
        }
        return Applied::AlreadyHad;
    }
    list.push(condition);
    Applied::Added
}

/// Whether `a` lasts at least as long as `b`, for merging a re-applied condition.
fn outlasts(a: &Duration, b: &Duration) -> bool {
    let rank = |d: &Duration| match d {
        Duration::EndOfNextTurn { .. } | Duration::EndOfRound => 0,
        Duration::Rounds { remaining, .. } => 1 + u64::from(*remaining) * 10,
        Duration::Pips { remaining } => 1 + u64::from(*remaining),
        Duration::UntilSave => u64::MAX - 1,
        Duration::UntilRemoved => u64::MAX,
    };
    rank(a) > rank(b)
}

/// A turn boundary for expiry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Boundary {
    TurnStart(TokenId),
    TurnEnd(TokenId),
    /// A new round began (after the first).
    RoundStart,
    /// Road and Ruin: one time pip went by for everyone.
    Pip,
}

/// Advances `system`'s durations across a turn boundary, removing and returning the conditions
/// that expire. Another system's conditions don't tick: they wait as they were.
pub fn pass_boundary(
    list: &mut Vec<ActiveCondition>,
    system: RuleSystem,
    boundary: Boundary,
) -> Vec<ActiveCondition> {
    for c in list.iter_mut().filter(|c| c.belongs_to(system)) {
        match (&mut c.duration, boundary) {
            (Duration::EndOfNextTurn { of, started }, Boundary::TurnStart(t)) if *of == t => {
                *started = true;
            }
            (Duration::Rounds { remaining, from }, boundary) if ends_a_round(*from, boundary) => {
                *remaining = remaining.saturating_sub(1);
            }
            (Duration::Pips { remaining }, Boundary::Pip) => {
                *remaining = remaining.saturating_sub(1);
            }
            _ => {}
        }
    }
    let expired = |c: &ActiveCondition| {
        c.belongs_to(system)
            && match (&c.duration, boundary) {
                (Duration::Rounds { remaining: 0, .. } | Duration::Pips { remaining: 0 }, _)
                | (Duration::EndOfRound, Boundary::RoundStart) => true,
                (Duration::EndOfNextTurn { of, started: true }, Boundary::TurnEnd(t)) => *of == t,
                _ => false,
            }
    };
    let (gone, kept): (Vec<_>, Vec<_>) = std::mem::take(list).into_iter().partition(expired);
    *list = kept;
    gone
}

/// Whether `boundary` ends one round of a [`Duration::Rounds`] counted from `from`'s turn.
fn ends_a_round(from: Option<TokenId>, boundary: Boundary) -> bool {
    match (from, boundary) {
        (Some(applier), Boundary::TurnStart(t)) => applier == t,
        (None, Boundary::RoundStart) => true,
        _ => false,
    }
}

/// Counts an "N rounds" duration from `current`'s turn (the one applying it), as
/// [`Duration::Rounds`] says; other durations are kept as they are.
#[must_use]
pub fn counted_from(duration: Duration, current: Option<TokenId>) -> Duration {
    match duration {
        Duration::Rounds {
            remaining,
            from: None,
        } => Duration::Rounds {
            remaining,
            from: current,
        },
        other => other,
    }
}

/// The conditions on one token under `system` with their catalogue entries. Another system's
/// conditions on it are left out: they never enter this system's arithmetic.
pub fn on_token(
    list: &[ActiveCondition],
    system: RuleSystem,
    token: TokenId,
) -> impl Iterator<Item = (&ActiveCondition, Option<&'static ConditionDef>)> + '_ {
    list.iter()
        .filter(move |c| c.token == token && c.belongs_to(system))
        .map(move |c| (c, find(system, &c.name)))
}

/// The conditions under one system grouped by token, in the list's order: built once for a
/// pass over many tokens (a frame of the map draws every token, and [`on_token`] for each
/// would read the whole list once a token: 5,000 tokens with a condition each made 25 million
/// comparisons a frame).
#[derive(Debug, Default)]
pub struct ByToken<'a> {
    tokens: std::collections::HashMap<TokenId, Vec<&'a ActiveCondition>>,
}

impl<'a> ByToken<'a> {
    pub fn new(list: &'a [ActiveCondition], system: RuleSystem) -> Self {
        let mut tokens: std::collections::HashMap<TokenId, Vec<&'a ActiveCondition>> =
            std::collections::HashMap::new();
        for condition in list.iter().filter(|c| c.belongs_to(system)) {
            tokens.entry(condition.token).or_default().push(condition);
        }
        Self { tokens }
    }

    /// `token`'s conditions, as [`on_token`] gives them (without the catalogue entries).
    pub fn get(&self, token: TokenId) -> &[&'a ActiveCondition] {
        self.tokens.get(&token).map_or(&[], Vec::as_slice)
    }
}

/// A number after conditions, with the reasons it changed (for hover text).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Adjusted<T> {
    pub value: T,
    pub reasons: Vec<String>,
}

/// Movement this turn after conditions: 0 wins over doubling; halving applies after doubling.
pub fn effective_speed(
    list: &[ActiveCondition],
    system: RuleSystem,
    token: TokenId,
    base: u32,
) -> Adjusted<u32> {
    let mut out = Adjusted {
        value: base,
        reasons: Vec::new(),
    };
    let effects: Vec<(&str, Effect)> = on_token(list, system, token)
        .filter_map(|(c, d)| d.map(|d| (c.name.as_str(), d)))
        .flat_map(|(name, d)| d.effects.iter().map(move |e| (name, *e)))
        .collect();
    if let Some((name, _)) = effects.iter().find(|(_, e)| *e == Effect::NoMovement) {
        out.value = 0;
        out.reasons.push(format!("{name}: can't move"));
        return out;
    }
    for (name, e) in effects {
        match e {
            Effect::DoubleSpeed => {
                out.value *= 2;
                out.reasons.push(format!("{name}: speed doubled"));
            }
            Effect::HalfSpeed => {
                out.value /= 2;
                out.reasons.push(format!("{name}: speed halved"));
            }
            _ => {}
        }
    }
    out
}

/// Net ease of a check: positive counts are Easy/advantage, negative Hard/disadvantage.
/// In GFH, Easy and Hard don't stack and offset each other, so callers clamp to −1..=1 there.
pub fn check_ease(
    list: &[ActiveCondition],
    system: RuleSystem,
    token: TokenId,
    kind: CheckKind,
) -> Adjusted<i32> {
    let mut out = Adjusted::default();
    for (c, def) in on_token(list, system, token) {
        for effect in def.map_or(&[][..], |d| d.effects) {
            let touches = |k: CheckKind| k == kind || k == CheckKind::Any;
            match *effect {
                Effect::Easier(k) if touches(k) => {
                    out.value += 1;
                    out.reasons.push(format!("{}: easier", c.name));
                }
                Effect::Harder(k) if touches(k) => {
                    out.value -= 1;
                    out.reasons.push(format!("{}: harder", c.name));
                }
                _ => {}
            }
        }
    }
    out
}

/// A GFH Defense change from conditions: the highest bonus and the worst penalty, not their sum
/// per source (GFH, Modifiers: take the highest).
pub fn defense_change(
    list: &[ActiveCondition],
    system: RuleSystem,
    token: TokenId,
    defense: Defense,
) -> Adjusted<i32> {
    let mut best = 0i32;
    let mut worst = 0i32;
    let mut reasons = Vec::new();
    for (c, def) in on_token(list, system, token) {
        for effect in def.map_or(&[][..], |d| d.effects) {
            if let Effect::DefenseChange(d, amount) = *effect
                && d == defense
            {
                best = best.max(i32::from(amount));
                worst = worst.min(i32::from(amount));
                reasons.push(format!("{} {amount:+}", c.name));
            }
        }
    }
    Adjusted {
        value: best + worst,
        reasons,
    }
}

/// Whether any active condition on the token has `effect`.
pub fn has_effect(
    list: &[ActiveCondition],
    system: RuleSystem,
    token: TokenId,
    effect: Effect,
) -> bool {
    on_token(list, system, token).any(|(_, d)| d.is_some_and(|d| d.effects.contains(&effect)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const GFH: RuleSystem = RuleSystem::GoForthHeroes;
    const T: TokenId = TokenId(1);

    fn cond(name: &str, duration: Duration) -> ActiveCondition {
        ActiveCondition {
            token: T,
            name: name.into(),
            duration,
            system: None,
        }
    }

    #[test]
    fn opposites_cancel_on_contact() {
        let mut list = vec![];
        assert_eq!(
            apply_condition(&mut list, GFH, cond("Empowered", Duration::UntilRemoved)),
            Applied::Added
        );
        assert_eq!(
            apply_condition(&mut list, GFH, cond("Weakened", Duration::UntilRemoved)),
            Applied::Cancelled {
                opposite: "Empowered".into()
            }
        );
        assert!(list.is_empty());
    }

    #[test]
    fn mobile_doubles_and_trapped_stops() {
        let mut list = vec![cond("Mobile", Duration::UntilRemoved)];
        assert_eq!(effective_speed(&list, GFH, T, 6).value, 12);
        list = vec![cond("Pinned", Duration::UntilRemoved)];
        let speed = effective_speed(&list, GFH, T, 6);
        assert_eq!(
            (speed.value, speed.reasons),
            (0, vec!["Pinned: can't move".to_owned()])
        );
    }

    #[test]
    fn defenses_take_the_highest_not_the_sum() {
        let list = vec![
            cond("Bolstered", Duration::UntilRemoved),
            cond("Custom +3", Duration::UntilRemoved),
        ];
        assert_eq!(defense_change(&list, GFH, T, Defense::Soul).value, 3);
    }

    /// Evening, Poisoned (line 1174): disadvantage on attack checks; Invisible (line 1155): its
    /// attacks have advantage. Both together cancel (Advantage and disadvantage, line 59).
    #[test]
    fn evening_poisoned_gives_disadvantage_on_attacks() {
        let list = vec![
            cond("Poisoned", Duration::UntilRemoved),
            cond("Invisible", Duration::UntilRemoved),
        ];
        assert_eq!(
            check_ease(&list, RuleSystem::Evening, T, CheckKind::Attack).value,
            0,
            "they cancel"
        );
    }

    #[test]
    fn end_of_next_turn_applied_during_that_turn_outlasts_it() {
        let mut list = vec![cond(
            "Dazed",
            Duration::EndOfNextTurn {
                of: T,
                started: false,
            },
        )];
        assert!(
            pass_boundary(&mut list, GFH, Boundary::TurnEnd(T)).is_empty(),
            "the current turn doesn't count"
        );
        pass_boundary(&mut list, GFH, Boundary::TurnStart(T));
        assert_eq!(pass_boundary(&mut list, GFH, Boundary::TurnEnd(T)).len(), 1);
    }

    #[test]
    fn rounds_count_down_at_the_start_of_the_appliers_turn() {
        let applier = TokenId(9);
        let rounds = Duration::Rounds {
            remaining: 2,
            from: Some(applier),
        };
        let mut list = vec![cond("Mobile", rounds)];
        for b in [
            Boundary::TurnEnd(applier),
            Boundary::TurnStart(T),
            Boundary::TurnEnd(T),
            Boundary::RoundStart,
        ] {
            assert!(pass_boundary(&mut list, GFH, b).is_empty(), "{b:?}");
        }
        assert!(pass_boundary(&mut list, GFH, Boundary::TurnStart(applier)).is_empty());
        assert_eq!(
            pass_boundary(&mut list, GFH, Boundary::TurnStart(applier))[0].name,
            "Mobile"
        );
    }

    #[test]
    fn end_of_round_lasts_through_every_turn_and_goes_with_the_round() {
        let mut list = vec![cond("Distracted", Duration::EndOfRound)];
        for b in [Boundary::TurnEnd(T), Boundary::TurnStart(T), Boundary::Pip] {
            assert!(pass_boundary(&mut list, GFH, b).is_empty(), "{b:?}");
        }
        assert_eq!(pass_boundary(&mut list, GFH, Boundary::RoundStart).len(), 1);
    }

    #[test]
    fn rounds_with_no_turn_running_count_new_rounds() {
        let mut list = vec![cond(
            "Mobile",
            Duration::Rounds {
                remaining: 1,
                from: None,
            },
        )];
        assert!(pass_boundary(&mut list, GFH, Boundary::TurnStart(T)).is_empty());
        assert_eq!(pass_boundary(&mut list, GFH, Boundary::RoundStart).len(), 1);
    }

    proptest! {
        /// Paired conditions never coexist on a token, whatever order they are applied in.
        #[test]
        fn pairs_never_coexist(names in prop::collection::vec(prop::sample::select(vec![
            "Bolstered", "Shaken", "Empowered", "Weakened", "Focused", "Dazed", "Mobile", "Trapped", "Exposed",
        ]), 0..30)) {
            let mut list = vec![];
            for n in names {
                apply_condition(&mut list, GFH, cond(n, Duration::UntilRemoved));
                for c in &list {
                    let opposite = find(GFH, &c.name).and_then(|d| d.opposite);
                    prop_assert!(opposite.is_none_or(|o| !list.iter().any(|x| x.name == o)));
                }
            }
        }

        /// The grouped conditions are what [`on_token`] finds, token by token and in order,
        /// other systems' conditions left out alike.
        #[test]
        fn grouped_by_token_as_on_token_finds_them(entries in prop::collection::vec(
            (1_u64..6, 0_usize..4, prop::option::of(prop::sample::select(vec![
                RuleSystem::GoForthHeroes, RuleSystem::Evening,
            ]))),
            0..40,
        )) {
            let list: Vec<ActiveCondition> = entries
                .iter()
                .enumerate()
                .map(|(i, &(token, name, system))| ActiveCondition {
                    token: TokenId(token),
                    name: format!("{name}-{i}"),
                    duration: Duration::UntilRemoved,
                    system,
                })
                .collect();
            let grouped = ByToken::new(&list, GFH);
            for token in (0..7).map(TokenId) {
                let scanned: Vec<&ActiveCondition> =
                    on_token(&list, GFH, token).map(|(c, _)| c).collect();
                prop_assert_eq!(grouped.get(token), scanned.as_slice());
            }
        }
    }
}
