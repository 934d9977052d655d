//! Handouts through the real app: the GM shows one on the players' window (embedded in the GM's
//! window, as kittest has one window) from the Handouts window and dismisses it; showing is not
//! an undo step; a handout added and undone goes from the list.

#![expect(
    clippy::unwrap_used,
    reason = "test helpers fail loudly on broken fixtures"
)]

use std::io::Cursor;

use egui::Vec2;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use lantern::app::{LanternApp, Pane};
use lantern::board::table_scale::QuarterTurn;
use lantern::combat::initiative::Combatant;
use lantern::demo::Demo;
use lantern::edit::Document;
use lantern::model::{
    Command, EmbeddedImage, Handout, HandoutCommand, HandoutId, HandoutPlacement,
};

use crate::support::{self, demo};

fn png() -> Vec<u8> {
    let image = image::RgbaImage::from_pixel(60, 40, image::Rgba([20, 90, 160, 255]));
    let mut out = Cursor::new(Vec::new());
    image.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

/// The demo with one handout, "Old map", its players' window open and its Handouts window too.
fn harness() -> Harness<'static, LanternApp> {
    let mut harness = Harness::builder()
        .with_max_steps(support::MAX_STEPS)
        .with_size(Vec2::new(2000.0, 1000.0))
        .build_eframe(|_cc| {
            let mut doc = Document::new(demo(Demo::GoForthHeroes), None);
            let id = doc.encounter.fresh_image_id();
            let add = Command::Handout(HandoutCommand::Add {
                handout: Handout {
                    id: HandoutId(1),
                    name: "Old map".into(),
                    image: id,
                },
                index: None,
                picture: Some(EmbeddedImage::new("old-map.png", png())),
            });
            doc.apply(add).unwrap();
            let mut app = LanternApp::with_document(doc);
            app.show_only(Pane::Map);
            app.players.open = true;
            app.handouts.open = true;
            app
        });
    support::settle(&mut harness);
    harness
}

#[test]
fn a_handout_shows_on_the_players_window_and_is_dismissed_from_the_gms() {
    let mut harness = harness();
    assert!(harness.query_by_label("Handout: Old map").is_none());
    let steps = harness.state().document.history().marker();
    let dirty = harness.state().document.is_dirty();
    harness.get_by_label("Full screen").click();
    support::settle(&mut harness);
    let shown = harness.state().players.handout.shown;
    assert_eq!(shown.map(|s| s.placement), Some(HandoutPlacement::Full));
    assert!(harness.query_by_label("Handout: Old map").is_some());
    assert!(
        harness.state().players.handout.texture.is_some(),
        "its picture was decoded for the screen"
    );
    // Showing is a moment of the session, not a change to the encounter.
    assert_eq!(harness.state().document.history().marker(), steps);
    assert_eq!(harness.state().document.is_dirty(), dirty);

    harness.get_by_label("Dismiss").click();
    harness.run();
    assert!(harness.state().players.handout.shown.is_none());
    assert!(harness.query_by_label("Handout: Old map").is_none());
}

#[test]
fn the_corner_card_leaves_the_map_around_it() {
    let mut harness = harness();
    harness.get_by_label("Corner").click();
    support::settle(&mut harness);
    let card = harness.get_by_label("Handout: Old map").rect();
    let view = harness.get_by_label("Players' view").rect();
    assert!(view.contains_rect(card));
    assert!(card.width() < view.width() * 0.4, "{card:?} in {view:?}");
    assert!(card.right() > view.center().x, "in the right-hand corner");
}

#[test]
fn the_corner_card_leaves_the_rounds_banner_uncovered() {
    let mut harness = harness();
    let encounter = &mut harness.state_mut().document.encounter;
    let kestrel = encounter.tokens[0].id;
    let initiative = &mut encounter.combat.initiative;
    initiative.combatants = vec![Combatant::new(kestrel)];
    initiative.current = Some(0);
    initiative.round = 1;
    support::settle(&mut harness);
    harness.get_by_label("Corner").click();
    support::settle(&mut harness);
    let card = harness.get_by_label("Handout: Old map").rect();
    let view = harness.get_by_label("Players' view").rect();
    // The banner's strip: its text 5.5 % of the window's height (22 to 48 points), 12 points
    // above and below it.
    let banner = (view.height() * 0.055).clamp(22.0, 48.0) + 24.0;
    assert!(
        card.top() >= view.top() + banner,
        "the card {card:?} starts below the banner, {banner} points down {view:?}"
    );
    assert!(
        card.right() > view.center().x,
        "still in the right-hand corner"
    );

    // The picture turned a quarter clockwise: the banner runs down the screen's right-hand side,
    // and the card keeps clear of it there.
    harness.state_mut().players.table.current_mut().turn = QuarterTurn::Deg90;
    support::settle(&mut harness);
    let card = harness.get_by_label("Handout: Old map").rect();
    let banner = (view.width() * 0.055).clamp(22.0, 48.0) + 24.0;
    assert!(
        card.right() <= view.right() - banner,
        "the card {card:?} ends left of the banner, {banner} points in from {view:?}"
    );
    assert!(card.top() < view.top() + banner, "and goes up to the top");
}

#[test]
fn removing_the_shown_handout_takes_it_off_the_players_window_and_undo_brings_it_back() {
    let mut harness = harness();
    harness.get_by_label("Corner").click();
    support::settle(&mut harness);
    let images = harness.state().document.encounter.images.len();
    harness.get_by_label("Remove").click();
    harness.run();
    assert_eq!(harness.state().document.encounter.images.len(), images - 1);
    assert!(harness.state().document.encounter.handouts.is_empty());
    assert!(harness.query_by_label("Handout: Old map").is_none());
    let app = harness.state_mut();
    assert_eq!(app.document.undo().unwrap(), Some("Remove handout"));
    assert_eq!(app.document.encounter.handouts.len(), 1);
    assert_eq!(app.document.encounter.images.len(), images);
}
