//! The exact-odds plot beside the check form: each outcome's chance, and for d20 and 3d6
//! checks the chance of each total with the TN or band edges marked.

use egui_plot::{Bar, BarChart, Plot, PlotPoint, Text, VLine};

use crate::dice::Distribution;
use crate::rules::CheckSetup;
use crate::rules::go_forth_heroes::Target;

/// The chance of each total and where its outcomes change (a line sits between two totals).
#[derive(Clone, Debug, PartialEq)]
pub struct Totals {
    pub distribution: Distribution,
    /// `(x, label)`: the TN or a band edge, at half-integers so the line falls between bars.
    pub marks: Vec<(f64, String)>,
}

/// Odds for one setup, kept until the setup changes so they are not recomputed every frame.
#[derive(Clone, Debug, Default)]
pub struct OddsCache {
    setup: Option<CheckSetup>,
    outcomes: Vec<(String, f64)>,
    totals: Option<Totals>,
}

impl OddsCache {
    /// The odds of `setup`, recomputed only when it differs from the last one asked for.
    pub fn update(&mut self, setup: &CheckSetup) -> (&[(String, f64)], Option<&Totals>) {
        if self.setup.as_ref() != Some(setup) {
            self.outcomes = setup.odds();
            self.totals = totals(setup);
            self.setup = Some(setup.clone());
        }
        (&self.outcomes, self.totals.as_ref())
    }
}

/// The total's distribution and marks, for checks read off a total.
pub fn totals(setup: &CheckSetup) -> Option<Totals> {
    match setup {
        CheckSetup::GoForthHeroes(c) => {
            let marks = match c.target {
                Target::Fixed(_) => {
                    let tn = c.tn_distribution().min();
                    vec![(tn as f64 - 0.5, format!("TN {tn}"))]
                }
                Target::Tier(_) => {
                    let tn = c.tn_distribution();
                    vec![
                        (tn.min() as f64 - 0.5, format!("lowest TN {}", tn.min())),
                        (tn.max() as f64 - 0.5, format!("highest TN {}", tn.max())),
                    ]
                }
            };
            Some(Totals {
                distribution: c.check_distribution(),
                marks,
            })
        }
        CheckSetup::Evening(c) => Some(Totals {
            // A total must beat the TN, so the line sits just above it.
            distribution: c.total_distribution(),
            marks: vec![(c.tn() as f64 + 0.5, format!("TN {}", c.tn()))],
        }),
        CheckSetup::ThreeD6(c) => Some(Totals {
            distribution: c.total_distribution(),
            marks: vec![(8.5, "9+".to_owned()), (12.5, "13+".to_owned())],
        }),
        CheckSetup::RoadAndRuin(_) | CheckSetup::RoadAndRuinAttack(_) | CheckSetup::PostCore(_) => {
            None
        }
    }
}

/// A percentage for display; rounding can leave an impossible outcome a hair below zero.
fn percent(p: f64) -> f64 {
    (p * 100.0).max(0.0)
}

/// The short name under a bar: the part before a colon (`13+` of `13+: clean success`).
fn short_name(label: &str) -> &str {
    label.split(':').next().unwrap_or(label)
}

/// Draws one bar per outcome with its chance in percent, and the same figures as text.
pub fn outcomes_plot_ui(ui: &mut egui::Ui, outcomes: &[(String, f64)]) {
    for (name, p) in outcomes {
        ui.label(format!("{name}: {:.1}%", percent(*p)));
    }
    let bars: Vec<Bar> = outcomes
        .iter()
        .enumerate()
        .map(|(i, (name, p))| {
            Bar::new(i as f64, percent(*p)).name(format!("{name}: {:.1}%", percent(*p)))
        })
        .collect();
    let names: Vec<String> = outcomes
        .iter()
        .map(|(n, _)| short_name(n).to_owned())
        .collect();
    let labels: Vec<(f64, f64, String)> = outcomes
        .iter()
        .enumerate()
        .map(|(i, (_, p))| (i as f64, percent(*p), format!("{:.0}%", percent(*p))))
        .collect();
    Plot::new("check_outcome_odds")
        .height(150.0)
        .width(ui.available_width().min(420.0))
        .allow_zoom(false)
        .allow_drag(false)
        .allow_scroll(false)
        .include_y(0.0)
        .include_y(110.0)
        .y_axis_label("%")
        .x_grid_spacer(egui_plot::uniform_grid_spacer(|_| [1.0, 5.0, 10.0]))
        .x_axis_formatter(move |mark, _| {
            let i = mark.value.round();
            if (mark.value - i).abs() < 1e-6 && i >= 0.0 {
                names.get(i as usize).cloned().unwrap_or_default()
            } else {
                String::new()
            }
        })
        .show(ui, |plot| {
            plot.bar_chart(BarChart::new("Chance", bars).width(0.6));
            for (x, y, text) in labels {
                plot.text(Text::new(text.clone(), PlotPoint::new(x, y + 8.0), text));
            }
        });
}

/// Draws the chance of each total with the TN or band edges as vertical lines.
pub fn totals_plot_ui(ui: &mut egui::Ui, totals: &Totals) {
    let bars: Vec<Bar> = totals
        .distribution
        .iter()
        .map(|(v, p)| Bar::new(v as f64, percent(p)).name(format!("{v}: {:.1}%", percent(p))))
        .collect();
    Plot::new("check_total_odds")
        .height(120.0)
        .width(ui.available_width().min(420.0))
        .allow_zoom(false)
        .allow_drag(false)
        .allow_scroll(false)
        .include_y(0.0)
        .x_axis_label("Total")
        .show(ui, |plot| {
            plot.bar_chart(BarChart::new("Total", bars).width(0.9));
            for (x, label) in &totals.marks {
                plot.vline(VLine::new(label.clone(), *x).width(2.0));
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{evening, three_d6};

    #[test]
    fn evening_marks_sit_just_above_the_tn_and_3d6_marks_the_bands() {
        let check = evening::EveningCheck {
            modifier: 2,
            tn: 15,
            ..evening::EveningCheck::default()
        };
        let t = totals(&CheckSetup::Evening(check)).unwrap();
        assert!((t.marks[0].0 - 15.5).abs() < 1e-9);
        assert_eq!((t.distribution.min(), t.distribution.max()), (3, 22));
        let t = totals(&CheckSetup::ThreeD6(three_d6::ThreeD6Check::default())).unwrap();
        assert_eq!(t.marks.iter().map(|m| m.0).collect::<Vec<_>>(), [8.5, 12.5]);
    }

    #[test]
    fn short_names_and_percentages_read_cleanly() {
        assert_eq!(short_name("13+: clean success"), "13+");
        assert_eq!(short_name("Graze"), "Graze");
        assert!(percent(-1e-17).abs() < f64::EPSILON);
        assert!((percent(0.45) - 45.0).abs() < 1e-9);
    }

    #[test]
    fn cache_recomputes_only_when_the_setup_changes() {
        let mut cache = OddsCache::default();
        let a = crate::rules::system(crate::model::RuleSystem::GoForthHeroes).default_check();
        let first = cache.update(&a).0.to_vec();
        assert_eq!(first, a.odds());
        let CheckSetup::GoForthHeroes(mut c) = a else {
            unreachable!()
        };
        c.roll_bonus = 5;
        let b = CheckSetup::GoForthHeroes(c);
        assert_eq!(cache.update(&b).0, b.odds().as_slice());
        assert_ne!(first, b.odds());
    }
}
