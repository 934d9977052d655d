//! What a real-window run of issue 30's fights found after the merges: the Dice pane's roll log
//! readable below a long check, and the roll row's words about the turn's Action true beside
//! the result of the attack that spent it.

use egui::{Modifiers, Pos2, Rect, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use lantern::app::{LanternApp, Pane, default_dock};
use lantern::demo::Demo;
use lantern::model::{Encounter, LogEntry, RuleSystem};

use crate::support::demo;

/// The whole app on `encounter`, default dock, in the window a GM's laptop gives it.
fn whole_app(encounter: Encounter, size: Vec2) -> Harness<'static, LanternApp> {
    let mut harness = Harness::builder()
        .with_max_steps(crate::support::MAX_STEPS)
        .with_size(size)
        .build_eframe(|_cc| {
            let mut app = LanternApp::with_document(lantern::edit::Document::new(encounter, None));
            app.dock = default_dock();
            app
        });
    crate::support::settle(&mut harness);
    harness
}

/// The GFH demo with a dozen log entries, each named so it can be found.
fn demo_with_a_log() -> Encounter {
    let mut encounter = demo(Demo::GoForthHeroes);
    for n in 1..=12 {
        encounter.combat.log.push(LogEntry {
            who: format!("Entry {n}"),
            what: "Check".into(),
            dice: "d20: 7".into(),
            result: "Success".into(),
        });
    }
    encounter
}

/// The Dice pane's body scrolled as far down as it goes, the pointer over its heading (not
/// over the log, which would take the wheel for itself).
fn scroll_the_dice_body_down(h: &mut Harness<'static, LanternApp>) {
    let heading = h.get_by_label_contains("Dice: ").rect();
    h.hover_at(heading.center());
    h.run();
    for _ in 0..4 {
        h.event(egui::Event::MouseWheel {
            unit: egui::MouseWheelUnit::Point,
            delta: Vec2::new(0.0, -2000.0),
            phase: egui::TouchPhase::Move,
            source: egui::MouseWheelSource::Unknown,
            modifiers: Modifiers::NONE,
        });
        h.run();
    }
    h.run();
}

/// Found in the real window at the default size and at 1024×700: the roll log sat at the end
/// of the pane's scrolling body and was given only the room left in the first screenful below
/// the check — egui's 64-point floor, two entries, or none beside a long Evening check. Scrolled
/// to the bottom of the body, the log shows several entries whole, between the pane's tab and
/// the Roll row.
#[test]
fn the_roll_log_shows_several_entries_below_a_long_check() {
    for size in [Vec2::new(1600.0, 1000.0), Vec2::new(1024.0, 700.0)] {
        let mut h = whole_app(demo_with_a_log(), size);
        scroll_the_dice_body_down(&mut h);
        let Some(tab) = h
            .get_all_by_label(Pane::DiceLog.label())
            .next()
            .map(|n| n.rect())
        else {
            panic!("no Dice & Log tab");
        };
        let roll = h.get_by_label("Roll check").rect();
        let seen = Rect::from_min_max(
            Pos2::new(tab.min.x, tab.max.y),
            Pos2::new(f32::MAX, roll.min.y),
        );
        let whole = (1..=12)
            .filter(|n| {
                h.query_by_label(&format!("Entry {n}"))
                    .is_some_and(|node| seen.contains_rect(node.rect()))
            })
            .count();
        assert!(
            whole >= 5,
            "at {size:?} only {whole} log entries show whole in {seen:?}"
        );
    }
}

/// Found in the real window at 1024×700 with a layout dragged narrower than the default: with
/// an attack filled in, the marks beside the form's fields ("· sheet") made rows wider than
/// the Dice pane, so its whole body scrolled sideways and the check's lines and the roll log
/// wrapped past the pane's edge, cut off. A 900-point window gives the default dock's Dice
/// pane that width: in every system, every widget of the pane stays inside the window.
#[test]
fn in_a_narrow_dice_pane_an_attacks_marks_wrap_instead_of_widening_it() {
    for system in RuleSystem::ALL {
        let size = Vec2::new(900.0, 700.0);
        let mut encounter = demo(Demo::GoForthHeroes);
        encounter.system = system;
        // Opened on a larger screen, then the window made small, as a GM drags it.
        let mut h = whole_app(encounter, Vec2::new(1600.0, 1000.0));
        h.set_size(size);
        h.run();
        h.run();
        let Some(map) = h.state().map_view.rect(&h.ctx) else {
            panic!("the map pane was not drawn");
        };
        // As a GM does it: "Attack with Pip…" from Pip's menu, then a click on the target.
        let pip = on_map(&h, "Pip");
        crate::support::right_click_at(&mut h, pip);
        h.run();
        h.get_by_label("Attack with Pip…").click();
        h.run();
        let sergeant = on_map(&h, "Hobgoblin Sergeant");
        crate::support::click_at(&mut h, sergeant);
        h.run();
        h.run();
        assert!(
            h.query_by_label("Roll attack").is_some(),
            "{system:?}: the Dice pane holds Pip's attack"
        );
        // The Dice pane: below its tab, above the tabs of the panes under it.
        let tab = h
            .get_all_by_role_and_label(egui::accesskit::Role::Button, Pane::DiceLog.label())
            .next()
            .map(|n| n.rect());
        let lower = h
            .get_all_by_role_and_label(egui::accesskit::Role::Button, Pane::Momentum.label())
            .next()
            .map(|n| n.rect());
        let (Some(tab), Some(lower)) = (tab, lower) else {
            panic!("no Dice & Log or Momentum tab");
        };
        let cut: Vec<String> = h
            .query_all_by(|n: &egui_kittest::kittest::AccessKitNode<'_>| n.bounding_box().is_some())
            .filter(|n| {
                let r = n.rect();
                r.min.x >= map.max.x
                    && r.min.y >= tab.max.y
                    && r.max.y <= lower.min.y
                    && r.max.x > size.x + 0.5
            })
            .map(|n| {
                let node = n.accesskit_node();
                format!(
                    "{:?} {:?} {:?} {:?}",
                    node.role(),
                    node.label(),
                    node.value(),
                    n.rect()
                )
            })
            .collect();
        assert!(
            cut.is_empty(),
            "{system:?}: cut at the pane's edge: {cut:#?}"
        );
    }
}

/// Where the token named `name` is drawn on the GM's map.
fn on_map(h: &Harness<'_, LanternApp>, name: &str) -> Pos2 {
    let Some(map) = h.state().map_view.rect(&h.ctx) else {
        panic!("the map pane was not drawn");
    };
    let Some(rect) = h
        .get_all_by_role_and_label(egui::accesskit::Role::Button, name)
        .map(|n| n.rect())
        .find(|r| map.contains(r.center()))
    else {
        panic!("{name} is not on the map");
    };
    rect.center()
}
