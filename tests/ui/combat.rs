//! The turn-structure panes driven like a GM would: three rounds in the Initiative pane, and
//! Prepare, Boost and a Hit in the Momentum pane. Each asserts on the model.

#![expect(
    clippy::unwrap_used,
    reason = "test helpers fail loudly on broken fixtures"
)]

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use lantern::app::combat::{initiative_ui, momentum_ui};
use lantern::app::{PaneContext, Selection};
use lantern::combat::momentum::Zone;
use lantern::demo::Demo;
use lantern::dice::DiceRng;
use lantern::model::{Command, Document, TokenId};

/// What the app would hold for one pane: the document, the selection and a seeded dice source.
struct Table {
    doc: Document,
    selection: Selection,
    rng: DiceRng,
}

impl Table {
    fn demo() -> Self {
        Self {
            doc: Document::new(Demo::GoForthHeroes.encounter().unwrap(), None),
            selection: Selection::new(),
            rng: DiceRng::seeded(7),
        }
    }

    /// Draws a pane, then applies what it queued as the app does after drawing.
    fn show(
        &mut self,
        ui: &mut egui::Ui,
        pane: fn(&mut egui::Ui, &mut PaneContext<'_>, &mut DiceRng),
    ) {
        let mut pending: Vec<Command> = Vec::new();
        let mut ctx = PaneContext {
            encounter: &self.doc.encounter,
            commands: &mut pending,
            selection: &mut self.selection,
        };
        pane(ui, &mut ctx, &mut self.rng);
        for command in pending {
            self.doc.apply(command).unwrap();
        }
    }
}

fn harness(pane: fn(&mut egui::Ui, &mut PaneContext<'_>, &mut DiceRng)) -> Harness<'static, Table> {
    Harness::builder()
        .with_size(egui::vec2(600.0, 900.0))
        .build_ui_state(
            move |ui, table: &mut Table| table.show(ui, pane),
            Table::demo(),
        )
}

#[test]
fn three_rounds_through_the_initiative_pane() {
    let mut h = harness(initiative_ui);
    h.get_by_label("⚔ Start initiative").click();
    h.run();
    assert_eq!(h.state().doc.encounter.combat.initiative.round, 1);
    let turns = h.state().doc.encounter.tokens.len() * 3;
    for i in 0..turns {
        if i % 2 == 0 {
            h.get_by_label("Next turn ▶").click();
        } else {
            h.key_press(egui::Key::PageDown);
        }
        h.run();
    }
    let init = &h.state().doc.encounter.combat.initiative;
    assert_eq!((init.round, init.current_token()), (4, Some(TokenId(1))));
    h.get_by_label("◀ Previous").click();
    h.run();
    assert_eq!(h.state().doc.encounter.combat.initiative.round, 3);
    // Every click was one undo step.
    let mut table = std::mem::replace(h.state_mut(), Table::demo());
    for _ in 0..=turns + 1 {
        table.doc.undo().unwrap();
    }
    assert!(!table.doc.encounter.combat.initiative.is_running());
}

#[test]
fn prepare_boost_and_take_a_hit_in_the_momentum_pane() {
    let mut h = harness(momentum_ui);
    let kestrel = TokenId(1);
    h.get_by_label("Give Kestrel a momentum pool").click();
    h.run();
    let zones = |h: &Harness<'_, Table>| {
        Zone::ALL.map(|z| h.state().doc.encounter.combat.momentum[&kestrel].count(z))
    };
    assert_eq!(zones(&h), [3, 0, 0, 0, 0]);

    h.get_by_label("Prepare: to Power").click();
    h.run();
    assert_eq!(zones(&h), [2, 1, 0, 0, 0]);

    h.get_by_label("Boost").click();
    h.run();
    assert_eq!(
        zones(&h),
        [2, 0, 1, 0, 0],
        "the Power die was rolled and went to Fatigue"
    );
    let boost = h.state().doc.encounter.combat.log.last().unwrap().clone();
    assert_eq!(
        (boost.who.as_str(), boost.what.as_str()),
        ("Kestrel", "Spend momentum")
    );
    assert!(boost.result.starts_with("rolled "), "{}", boost.result);

    h.get_by_label("Take a Hit").click();
    h.run();
    h.get_by_label("a Stamina die").click();
    h.run();
    assert_eq!(zones(&h), [1, 0, 2, 0, 0]);
}
