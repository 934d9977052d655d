//! Odds over named outcomes (Hit/Graze, the six Outcome bands, ...).

use std::collections::BTreeMap;

/// A rule system's outcome that can be shown to users. Labels are short, in the system's terms.
pub trait OutcomeName {
    /// The label shown in the Dice pane and the roll log.
    fn label(&self) -> String;
}

/// The exact chance of each named outcome of a check, in the outcome's own order.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct OutcomeOdds<O: Ord> {
    odds: BTreeMap<O, f64>,
}

impl<O: Ord + Clone> OutcomeOdds<O> {
    /// No outcomes yet.
    #[must_use]
    pub fn new() -> Self {
        Self {
            odds: BTreeMap::new(),
        }
    }

    /// Adds `probability` to `outcome`.
    pub fn add(&mut self, outcome: O, probability: f64) {
        *self.odds.entry(outcome).or_insert(0.0) += probability;
    }

    /// The chance of `outcome` (0 if it cannot happen).
    #[must_use]
    pub fn probability(&self, outcome: &O) -> f64 {
        self.odds.get(outcome).copied().unwrap_or(0.0)
    }

    /// The chance of any outcome matching `pred`.
    #[must_use]
    pub fn probability_where(&self, pred: impl Fn(&O) -> bool) -> f64 {
        self.odds
            .iter()
            .filter(|(o, _)| pred(o))
            .map(|(_, p)| p)
            .sum()
    }

    /// Every outcome with its chance, in the outcome type's order.
    pub fn iter(&self) -> impl Iterator<Item = (&O, f64)> {
        self.odds.iter().map(|(o, p)| (o, *p))
    }

    /// The sum of all chances (1 up to rounding).
    #[must_use]
    pub fn total(&self) -> f64 {
        self.odds.values().sum()
    }

    /// Each outcome weighted by `weight` and merged into `self` (for mixing scenarios).
    pub fn merge_weighted(&mut self, other: &Self, weight: f64) {
        for (o, p) in other.iter() {
            self.add(o.clone(), p * weight);
        }
    }
}

impl<O: Ord + Clone + OutcomeName> OutcomeOdds<O> {
    /// `(label, chance)` pairs for display, in outcome order.
    #[must_use]
    pub fn labelled(&self) -> Vec<(String, f64)> {
        self.iter().map(|(o, p)| (o.label(), p)).collect()
    }
}
