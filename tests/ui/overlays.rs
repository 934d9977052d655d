//! No click reaches the map through the Map pane's chrome (issue 25, item 1): with each tool on
//! and the map zoomed to fill the pane, so every toolbar lies over map cells, every button of
//! every overlay (the tool column, the play and camera toolbars, the fog toolbar, the tool's own
//! window, the Lights menu) is clicked, and the encounter must change only as that button says.

use crate::support;

use egui::{Event, Key, Pos2, Role};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use lantern::app::LanternApp;
use lantern::app::map::{Tool, map_rect_in_grid};
use lantern::demo::Demo;
use lantern::edit::Document;
use lantern::model::{Ambient, Command, Encounter, FogCommand, LightCommand};
use support::{click_at, map_harness};

/// The overlays drawn over the map in the pane's own layer, by their accessible names.
const TOOLBARS: [&str; 4] = ["Map tools", "Play tools", "Map toolbar", "Fog tools"];

/// What a person can click.
const CLICKABLE: [Role; 5] = [
    Role::Button,
    Role::CheckBox,
    Role::RadioButton,
    Role::SpinButton,
    Role::ComboBox,
];

/// The command a button of the chrome queues, if any: everything else changes only the view.
fn said_by(label: &str, encounter: &Encounter) -> Option<Command> {
    let ambient = |a: Ambient| {
        (encounter.ambient != a).then_some(Command::Light(LightCommand::SetAmbient(a)))
    };
    match label {
        "Fog" => Some(Command::Fog(FogCommand::SetEnabled(!encounter.fog.enabled))),
        "Reset explored" => Some(Command::Fog(FogCommand::ResetExplored)),
        "Daylight" => ambient(Ambient::Bright),
        "Dim" => ambient(Ambient::Dim),
        "Dark" => ambient(Ambient::Dark),
        _ => None,
    }
}

/// The encounter as it must be after `label` was clicked on `before`. What the party explores
/// as a consequence (fog or light changed) joins the button's own undo step, so the explored
/// cells are taken from `after` when the button said a command.
fn expected_after(label: &str, before: &Encounter, after: &Encounter) -> Encounter {
    let mut doc = Document::new(before.clone(), None);
    if let Some(command) = said_by(label, before) {
        let Ok(()) = doc.apply(command) else {
            panic!("{label}: its own command was refused");
        };
        doc.encounter.fog.explored.clone_from(&after.fog.explored);
    }
    doc.encounter
}

/// Zooms in around the pane's centre until the map fills the whole pane.
fn fill_pane_with_map(harness: &mut Harness<'_, LanternApp>) {
    let map = map_rect_in_grid(&harness.state().document.encounter.map);
    for _ in 0..20 {
        let Some(view) = harness.state().map_view.view_in_grid() else {
            panic!("the map pane was not drawn");
        };
        if map.contains_rect(view) {
            return;
        }
        let centre = harness
            .get_by_role_and_label(Role::Canvas, "Map")
            .rect()
            .center();
        harness.hover_at(centre);
        harness.event(Event::Zoom(1.5));
        harness.run();
    }
    panic!("the map never filled the pane");
}

/// Every enabled clickable widget inside the overlay named `overlay`, with where it is now.
/// A window's "Hide" (which folds it to its title) is left out; "Fog" comes last, since
/// turning fog off disables the brush buttons beside it.
fn buttons_of(harness: &Harness<'_, LanternApp>, overlay: &str) -> Vec<(String, Pos2)> {
    let window = harness
        .query_all_by_role_and_label(Role::Window, overlay)
        .next();
    let Some(bar) = harness
        .query_all_by_role_and_label(Role::Toolbar, overlay)
        .next()
        .or(window)
    else {
        return Vec::new();
    };
    let mut buttons: Vec<(String, Pos2)> = bar
        .children_recursive()
        .filter(|n| CLICKABLE.contains(&n.accesskit_node().role()))
        .filter(|n| !n.accesskit_node().is_disabled())
        .map(|n| {
            let name = n.accesskit_node().label().unwrap_or_default();
            (name, n.rect().center())
        })
        .filter(|(name, _)| window.is_none() || name != "Hide")
        .collect();
    buttons.sort_by_key(|(name, _)| name == "Fog");
    buttons
}

/// Whether `overlay` shows `label` as a control that is switched off.
fn disabled_in(harness: &Harness<'_, LanternApp>, overlay: &str, label: &str) -> bool {
    harness
        .query_all_by_role_and_label(Role::Window, overlay)
        .chain(harness.query_all_by_role_and_label(Role::Toolbar, overlay))
        .flat_map(|bar| bar.children_recursive().collect::<Vec<_>>())
        .any(|n| {
            n.accesskit_node().is_disabled()
                && n.accesskit_node().label().is_some_and(|l| l == label)
        })
}

/// Where the button `label` of `overlay` is now (an earlier click may have moved it).
fn find_button(harness: &Harness<'_, LanternApp>, overlay: &str, label: &str) -> Option<Pos2> {
    buttons_of(harness, overlay)
        .into_iter()
        .find(|(name, _)| name == label)
        .map(|(_, at)| at)
}

/// The fog brush's buttons: each one is a map gesture of its own.
const BRUSHES: [&str; 4] = ["Reveal", "Hide", "Unmark", "Reveal room"];

/// What a primary press on the map would do: an editing tool, or the fog brush (with Select).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Gesture {
    Tool(Tool),
    Brush(&'static str),
}

impl Gesture {
    /// The tool's own window, when it has one.
    fn window(self) -> Option<&'static str> {
        match self {
            Self::Tool(Tool::AddToken) => Some("Token palette"),
            Self::Tool(Tool::Calibrate) => Some("Align background"),
            Self::Tool(Tool::Light) => Some("Light sources"),
            Self::Tool(Tool::Area) => Some("Area of effect"),
            Self::Tool(Tool::Pen) => Some("Pen"),
            _ => None,
        }
    }

    /// Whether `label` on `overlay` picks a gesture (these are clicked last, on their own).
    fn picker(overlay: &str, label: &str) -> bool {
        overlay == "Map tools" || (overlay == "Fog tools" && BRUSHES.contains(&label))
    }

    fn pick(self, harness: &mut Harness<'_, LanternApp>) {
        match self {
            Self::Tool(tool) => {
                harness.key_press(tool.key());
                harness.run();
            }
            Self::Brush(label) => {
                harness.key_press(Tool::Select.key());
                harness.run();
                if !self.picked(harness) {
                    let Some(at) = find_button(harness, "Fog tools", label) else {
                        panic!("no {label} button");
                    };
                    click_at(harness, at);
                }
            }
        }
        assert!(self.picked(harness), "{self:?} could not be picked");
    }

    fn picked(self, harness: &mut Harness<'_, LanternApp>) -> bool {
        match self {
            Self::Tool(tool) => harness.state_mut().map_view.tools().tool == tool,
            Self::Brush(label) => harness
                .query_all_by_role_and_label(Role::Button, label)
                .any(|n| n.accesskit_node().toggled() == Some(egui::accesskit::Toggled::True)),
        }
    }
}

/// Clicks every button of every overlay with `gesture` on. The tool's window comes first, so
/// its switches (the Area tool's "Keep on map") are on while the toolbars are clicked; each
/// overlay's clicks end with Esc, which ends a polyline the clicks would have drawn.
fn no_click_falls_through_with(gesture: Gesture) {
    let mut encounter = support::demo(Demo::GoForthHeroes);
    // Fog on, so the brush buttons beside the Fog switch are enabled.
    encounter.fog.enabled = true;
    let mut harness = map_harness(encounter);
    gesture.pick(&mut harness);
    fill_pane_with_map(&mut harness);
    let mut clicked = 0;
    for overlay in gesture.window().into_iter().chain(TOOLBARS) {
        let buttons = buttons_of(&harness, overlay);
        // A tool's window may hold no button (Align image without a background).
        assert!(
            !buttons.is_empty() || gesture.window() == Some(overlay),
            "{gesture:?}: no buttons on {overlay}"
        );
        let mut expected = harness.state().document.encounter.clone();
        for (label, _) in buttons {
            if Gesture::picker(overlay, &label) {
                continue;
            }
            let Some(at) = find_button(&harness, overlay, &label) else {
                // A switch clicked before it may have turned it off (the Pen's Fade and its
                // GM only): there, disabled, it takes no click.
                assert!(
                    disabled_in(&harness, overlay, &label),
                    "{gesture:?}: {label:?} on {overlay} went away"
                );
                continue;
            };
            let before = harness.state().document.encounter.clone();
            let marker = harness.state().document.history().marker();
            click_at(&mut harness, at);
            // A menu it opened closes (the next click would only close it).
            if egui::Popup::is_any_open(&harness.ctx) {
                harness.key_press(Key::Escape);
                harness.run();
            }
            let what = format!("{gesture:?}: clicking {label:?} on {overlay}");
            let after = &harness.state().document.encounter;
            expected = expected_after(&label, &expected, after);
            assert!(
                *after == expected,
                "{what} changed the encounter beyond what it says"
            );
            let history = harness.state().document.history();
            match said_by(&label, &before) {
                Some(command) => assert_eq!(
                    history.undo_label(),
                    Some(command.label()),
                    "{what}: its own undo step"
                ),
                None => assert_eq!(history.marker(), marker, "{what} made an undo step"),
            }
            if label == "Fog" && matches!(gesture, Gesture::Brush(_)) {
                // As it says: with fog off there is no fog to brush. Fog back on, brush back up.
                assert!(!gesture.picked(&mut harness), "{what} left the brush on");
                let before = harness.state().document.encounter.clone();
                click_at(&mut harness, at);
                expected = expected_after(&label, &before, &harness.state().document.encounter);
                gesture.pick(&mut harness);
            }
            assert!(gesture.picked(&mut harness), "{what} put the gesture down");
            clicked += 1;
            fill_pane_with_map(&mut harness);
        }
        // Closes a menu or a text field the clicks opened, and ends any polyline they drew.
        harness.key_press(Key::Escape);
        harness.run();
        assert!(
            harness.state().document.encounter == expected,
            "{gesture:?}: the clicks on {overlay} drew on the map"
        );
    }
    // The buttons that pick gestures last: each one over the map, then back to `gesture`.
    for overlay in ["Map tools", "Fog tools"] {
        for (label, _) in buttons_of(&harness, overlay) {
            if !Gesture::picker(overlay, &label) {
                continue;
            }
            let Some(at) = find_button(&harness, overlay, &label) else {
                panic!("{gesture:?}: {label:?} on {overlay} went away");
            };
            let before = harness.state().document.encounter.clone();
            click_at(&mut harness, at);
            assert!(
                harness.state().document.encounter == before,
                "{gesture:?}: clicking {label:?} on {overlay} changed the encounter"
            );
            gesture.pick(&mut harness);
            clicked += 1;
        }
    }
    assert!(clicked > 20, "{gesture:?}: only {clicked} buttons found");
}

macro_rules! chrome_tests {
    ($($name:ident: $gesture:expr,)*) => {
        $(
            #[test]
            fn $name() {
                no_click_falls_through_with($gesture);
            }
        )*
    };
}

chrome_tests! {
    no_click_reaches_the_map_through_chrome_with_select: Gesture::Tool(Tool::Select),
    no_click_reaches_the_map_through_chrome_with_add_token: Gesture::Tool(Tool::AddToken),
    no_click_reaches_the_map_through_chrome_with_wall: Gesture::Tool(Tool::Wall),
    no_click_reaches_the_map_through_chrome_with_door: Gesture::Tool(Tool::Door),
    no_click_reaches_the_map_through_chrome_with_window: Gesture::Tool(Tool::Window),
    no_click_reaches_the_map_through_chrome_with_obstacle: Gesture::Tool(Tool::Obstacle),
    no_click_reaches_the_map_through_chrome_with_difficult: Gesture::Tool(Tool::Difficult),
    no_click_reaches_the_map_through_chrome_with_erase: Gesture::Tool(Tool::Erase),
    no_click_reaches_the_map_through_chrome_with_align_image: Gesture::Tool(Tool::Calibrate),
    no_click_reaches_the_map_through_chrome_with_area: Gesture::Tool(Tool::Area),
    no_click_reaches_the_map_through_chrome_with_light_source: Gesture::Tool(Tool::Light),
    no_click_reaches_the_map_through_chrome_with_the_pen: Gesture::Tool(Tool::Pen),
    no_click_reaches_the_map_through_chrome_with_the_reveal_brush: Gesture::Brush("Reveal"),
    no_click_reaches_the_map_through_chrome_with_the_hide_brush: Gesture::Brush("Hide"),
    no_click_reaches_the_map_through_chrome_with_the_unmark_brush: Gesture::Brush("Unmark"),
    no_click_reaches_the_map_through_chrome_with_reveal_room: Gesture::Brush("Reveal room"),
}

/// Every tool has its test above.
#[test]
fn the_chrome_tests_cover_every_tool() {
    let covered = [
        Tool::Select,
        Tool::AddToken,
        Tool::Wall,
        Tool::Door,
        Tool::Window,
        Tool::Obstacle,
        Tool::Difficult,
        Tool::Erase,
        Tool::Calibrate,
        Tool::Area,
        Tool::Light,
        Tool::Pen,
    ];
    assert!(Tool::ALL.iter().all(|t| covered.contains(t)));
}

/// Keys go the same way (the keyboard's side of the rule, `pointer::keys_for_map`): with the file
/// chooser open over the map, a tool key does not change the tool and Delete does not delete the
/// selected token.
#[test]
fn no_key_reaches_the_map_under_a_modal_dialog() {
    let encounter = support::demo(Demo::GoForthHeroes);
    let mut harness = Harness::builder()
        .with_max_steps(support::MAX_STEPS)
        .with_size(egui::Vec2::new(1200.0, 800.0))
        .build_eframe(move |_cc| {
            let mut app = LanternApp::with_document(Document::new(encounter.clone(), None));
            app.show_only(lantern::app::Pane::Map);
            app.set_file_dialogs(lantern::app::DialogBackend::InWindow);
            app
        });
    support::settle(&mut harness);
    let pip = harness
        .get_by_role_and_label(Role::Button, "Pip")
        .rect()
        .center();
    click_at(&mut harness, pip);
    let tokens = harness.state().document.encounter.tokens.len();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, Key::O);
    harness.run();
    assert!(
        harness.state().file_chooser_folder().is_some(),
        "the chooser opened"
    );
    // The name field has the keyboard at first; a click on the dialog's empty part takes it away.
    let title = harness.get_by_label("Open encounter").rect().center();
    click_at(&mut harness, title);
    harness.key_press(Tool::Obstacle.key());
    harness.key_press(Key::Delete);
    harness.run();
    assert_eq!(harness.state_mut().map_view.tools().tool, Tool::Select);
    assert_eq!(harness.state().document.encounter.tokens.len(), tokens);
}
