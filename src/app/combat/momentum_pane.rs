//! The Momentum pane (Go Forth: Heroes): each hero's dice in Stamina, Power, Fatigue, Locked
//! and Building, moved by drag and drop or by the buttons for each rule.

use egui::{Color32, RichText, Sense, Vec2};

use super::{queue, token_name};
use crate::app::PaneContext;
use crate::board::Scene;
use crate::combat::command::{CombatCommand, KnockOut, MomentumAction};
use crate::combat::momentum::{MomentumPool, Zone};
use crate::combat::momentum_apply::{KNOCKED_OUT, rally_reach_in, turn_refusal};
use crate::combat::wounds::wound_refusal;
use crate::dice::DiceRng;
use crate::model::{RuleSystem, Side, TokenId};
use crate::rules::TokenTrackers;
use crate::rules::go_forth_heroes::{Defense, WoundEffect, WoundRoll};

/// A die being dragged: whose pool and which die.
#[derive(Clone, Copy, Debug)]
struct DieDrag {
    owner: TokenId,
    die: usize,
}

const DIE_SIZE: f32 = 30.0;

/// Draws the Momentum pane. `rng` rolls Increase Defense dice.
pub fn momentum_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, rng: &mut DiceRng) {
    ui.heading("Momentum");
    if ctx.encounter.system != RuleSystem::GoForthHeroes {
        ui.label(
            "Momentum dice pools belong to Go Forth: Heroes; this encounter runs another system.",
        );
        return;
    }
    let heroes: Vec<TokenId> = ctx
        .encounter
        .tokens
        .iter()
        .filter(|t| t.side == Side::Party)
        .map(|t| t.id)
        .collect();
    egui::ScrollArea::vertical()
        .auto_shrink([false, true])
        .show(ui, |ui| {
            for hero in heroes {
                egui::Frame::group(ui.style()).show(ui, |ui| hero_ui(ui, ctx, hero, rng));
            }
        });
}

fn hero_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, hero: TokenId, rng: &mut DiceRng) {
    let name = token_name(ctx.encounter, hero);
    let Some(pool) = ctx.encounter.combat.momentum.get(&hero).cloned() else {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(&name).strong());
            if ui.button(format!("Give {name} a momentum pool")).clicked() {
                // 3 dice, more with Vigor (GFH, Momentum Pool), as the Sheet shows.
                let vigor = crate::combat::sheet::gfh(ctx.encounter, hero)
                    .map_or(0, |h| i32::try_from(h.attributes.vigor).unwrap_or(0));
                queue_momentum(
                    ctx,
                    hero,
                    MomentumAction::Create {
                        size: MomentumPool::size_for_vigor(vigor),
                    },
                );
            }
        });
        return;
    };
    ui.horizontal(|ui| {
        ui.label(RichText::new(&name).strong().size(18.0));
        let mut size = pool.size();
        let resp = ui.add(
            egui::DragValue::new(&mut size)
                .range(1..=20)
                .clamp_existing_to_range(false)
                .prefix("pool "),
        );
        if resp.changed() {
            queue_momentum(ctx, hero, MomentumAction::Resize { size });
        }
        if pool.defense_bonus() > 0 {
            ui.label(
                RichText::new(format!("Defenses +{}", pool.defense_bonus()))
                    .color(Color32::LIGHT_BLUE),
            );
        }
    });
    status_ui(ui, ctx, hero, &pool);
    zones_ui(ui, ctx, hero, &pool);
    actions_ui(ui, ctx, hero, &pool, rng);
}

fn zones_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, hero: TokenId, pool: &MomentumPool) {
    ui.horizontal_wrapped(|ui| {
        for zone in Zone::ALL {
            // A zone too wide for what is left of the row starts the next one, rather than
            // squeezing its name into a column of single letters.
            let title = RichText::new(format!("{} {}", zone.label(), pool.count(zone))).small();
            let dice = pool.dice.iter().filter(|d| d.zone == zone).count().max(1);
            let width = zone_width_points(ui, &title, dice);
            if ui.available_size_before_wrap().x < width && ui.cursor().min.x > ui.max_rect().min.x
            {
                ui.end_row();
            }
            let frame = egui::Frame::default().inner_margin(4.0).corner_radius(4.0);
            let (_, dropped) = ui.dnd_drop_zone::<DieDrag, _>(frame, |ui| {
                ui.vertical(|ui| {
                    ui.add(egui::Label::new(title).extend());
                    ui.horizontal(|ui| {
                        ui.set_min_size(Vec2::new(DIE_SIZE, DIE_SIZE));
                        for (i, die) in pool.dice.iter().enumerate().filter(|(_, d)| d.zone == zone)
                        {
                            die_ui(ui, hero, i, zone, die.temporary);
                        }
                    });
                });
            });
            if let Some(drag) = dropped {
                drop_die(ctx, *drag, zone);
            }
        }
    });
}

/// How wide a zone's drop box is: its title or its row of dice, whichever is wider, with the
/// frame's margins.
fn zone_width_points(ui: &egui::Ui, title: &RichText, dice: usize) -> f32 {
    let text = egui::WidgetText::from(title.clone()).into_galley(
        ui,
        Some(egui::TextWrapMode::Extend),
        f32::INFINITY,
        egui::TextStyle::Small,
    );
    let dice_width = dice as f32 * (DIE_SIZE + ui.spacing().item_spacing.x);
    text.size().x.max(dice_width) + 8.0
}

fn die_ui(ui: &mut egui::Ui, hero: TokenId, die: usize, zone: Zone, temporary: bool) {
    let id = egui::Id::unique(("momentum_die", hero, die));
    ui.dnd_drag_source(id, DieDrag { owner: hero, die }, |ui| {
        let (rect, response) = ui.allocate_exact_size(Vec2::splat(DIE_SIZE), Sense::hover());
        let fill = zone_colour(zone);
        ui.painter().rect_filled(rect.shrink(2.0), 5.0, fill);
        if temporary {
            let stroke = egui::Stroke::new(2.0, Color32::WHITE);
            ui.painter()
                .rect_stroke(rect.shrink(2.0), 5.0, stroke, egui::StrokeKind::Inside);
        }
        ui.painter().text(
            rect.center(),
            egui::Align2::CENTER_CENTER,
            "d6",
            egui::FontId::proportional(12.0),
            Color32::BLACK,
        );
        response.widget_info(|| {
            egui::WidgetInfo::labeled(
                egui::Role::Button,
                true,
                format!("{} die {}", zone.label(), die),
            )
        });
    });
}

fn zone_colour(zone: Zone) -> Color32 {
    match zone {
        Zone::Stamina => Color32::from_rgb(120, 200, 120),
        Zone::Power => Color32::from_rgb(250, 200, 80),
        Zone::Fatigue => Color32::from_rgb(140, 140, 150),
        Zone::Locked => Color32::from_rgb(120, 170, 250),
        Zone::Building => Color32::from_rgb(220, 140, 230),
    }
}

/// A dropped die moves to `zone` within its owner's pool, whichever hero's row it was dropped on
/// (the core says why a move is illegal).
fn drop_die(ctx: &mut PaneContext<'_>, drag: DieDrag, zone: Zone) {
    let action = MomentumAction::MoveDie {
        die: drag.die,
        to: zone,
    };
    queue_momentum(ctx, drag.owner, action);
}

/// Queues `action` on `owner`'s momentum pool.
fn queue_momentum(ctx: &mut PaneContext<'_>, owner: TokenId, action: MomentumAction) {
    queue(ctx, CombatCommand::Momentum { owner, action });
}

fn actions_ui(
    ui: &mut egui::Ui,
    ctx: &mut PaneContext<'_>,
    hero: TokenId,
    pool: &MomentumPool,
    rng: &mut DiceRng,
) {
    ui.horizontal_wrapped(|ui| {
        // Boosts are added to a roll in the Dice pane, after seeing it (one Boost path).
        prepare_ui(ui, ctx, hero, pool);
        power_actions_ui(ui, ctx, hero, pool, rng);
        hit_ui(ui, ctx, hero, pool, rng);
        rally_ui(ui, ctx, hero);
        let rest = ui
            .button("Short rest")
            .on_hover_text("After the encounter: every die back to Stamina");
        if rest.clicked() {
            queue_momentum(ctx, hero, MomentumAction::ShortRest);
        }
    });
}

/// The Prepare buttons: disabled when the zone they take from is empty, or when a Wound forbids
/// Prepare (its reason on hover).
fn prepare_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, hero: TokenId, pool: &MomentumPool) {
    // A Wound, or the turn (Prepare comes once, at the start of the hero's own turn).
    let wounded = refusal(ctx, hero, WoundEffect::CannotPrepare).or_else(|| {
        turn_refusal(
            ctx.encounter,
            hero,
            &MomentumAction::Prepare {
                from: Zone::Stamina,
            },
        )
    });
    for (from, label, hover) in [
        (
            Zone::Stamina,
            "Prepare: to Power",
            "Start of turn: Stamina to Power",
        ),
        (
            Zone::Fatigue,
            "Prepare: to Stamina",
            "Start of turn: Fatigue to Stamina",
        ),
    ] {
        let why = wounded
            .clone()
            .unwrap_or_else(|| format!("No die in {}", from.label()));
        let button = ui
            .add_enabled(
                wounded.is_none() && pool.count(from) > 0,
                egui::Button::new(label),
            )
            .on_hover_text(hover)
            .on_disabled_hover_text(why);
        if button.clicked() {
            queue_momentum(ctx, hero, MomentumAction::Prepare { from });
        }
    }
}

/// Why one of `hero`'s Wounds forbids the action `effect` names, if it does.
fn refusal(ctx: &PaneContext<'_>, hero: TokenId, effect: WoundEffect) -> Option<String> {
    wound_refusal(ctx.encounter, hero, effect).map(|e| e.to_string())
}

fn power_actions_ui(
    ui: &mut egui::Ui,
    ctx: &mut PaneContext<'_>,
    hero: TokenId,
    pool: &MomentumPool,
    rng: &mut DiceRng,
) {
    let Some(power) = pool.first_in(Zone::Power) else {
        return;
    };
    let extra = MomentumAction::ExtraAction { die: power };
    let why = turn_refusal(ctx.encounter, hero, &extra);
    if ui
        .add_enabled(why.is_none(), egui::Button::new("Extra Action"))
        .on_hover_text("One Power die for one more Action this turn")
        .on_disabled_hover_text(why.unwrap_or_default())
        .clicked()
    {
        queue_momentum(ctx, hero, extra);
    }
    let no_lock = refusal(ctx, hero, WoundEffect::CannotLock);
    if ui
        .add_enabled(no_lock.is_none(), egui::Button::new("Increase Defense"))
        .on_hover_text("Lock and roll a Power die: it adds to every Defense until you are attacked")
        .on_disabled_hover_text(no_lock.unwrap_or_default())
        .clicked()
    {
        let value = rng.die(6) as u8;
        queue_momentum(
            ctx,
            hero,
            MomentumAction::IncreaseDefense { die: power, value },
        );
    }
    if ui
        .button("Build")
        .on_hover_text("Put a Power die into Building for allies")
        .clicked()
    {
        queue_momentum(ctx, hero, MomentumAction::Build { die: power });
    }
}

fn hit_ui(
    ui: &mut egui::Ui,
    ctx: &mut PaneContext<'_>,
    hero: TokenId,
    pool: &MomentumPool,
    rng: &mut DiceRng,
) {
    ui.menu_button("Take a Hit", |ui| {
        if pool.all_fatigued() {
            beat_menu_ui(ui, ctx, hero, rng);
            return;
        }
        ui.label("Which die goes to Fatigue?");
        for zone in [Zone::Stamina, Zone::Power, Zone::Building, Zone::Locked] {
            if let Some(die) = pool.first_in(zone)
                && ui.button(format!("a {} die", zone.label())).clicked()
            {
                queue_momentum(ctx, hero, MomentumAction::Hit { die: Some(die) });
                ui.close();
            }
        }
    });
}

/// A Hit with every die in Fatigue is a Beat. Knocked out: pick the Defense that dropped the
/// hero, and the Wound is rolled here and carried in the same command. A Beat the GM rules
/// as something else is logged alone.
fn beat_menu_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, hero: TokenId, rng: &mut DiceRng) {
    ui.label(RichText::new("Every die is in Fatigue: this Hit is a Beat.").strong());
    ui.label("Knocked out by a blow to:");
    for defense in [Defense::Body, Defense::Mind, Defense::Soul] {
        let label = format!("{defense:?}: knocked out, roll a Wound");
        if ui
            .button(label)
            .on_hover_text(
                "d20 + the Defense's two attributes, −5 per Wound carried, then d8 on its chart",
            )
            .clicked()
        {
            let (d20, d8, d4) = WoundRoll::roll_dice(rng);
            let knock_out = KnockOut {
                defense,
                d20,
                d8,
                d4,
            };
            queue_momentum(ctx, hero, MomentumAction::KnockOut(knock_out));
            ui.close();
        }
    }
    ui.separator();
    if ui
        .button("Beat without a knockout")
        .on_hover_text("The GM's Beat for this encounter is something else: log it only")
        .clicked()
    {
        queue_momentum(ctx, hero, MomentumAction::Hit { die: None });
        ui.close();
    }
}

/// Rally: the hero's own die, or a Close ally's (measured on the map). Allies out of reach are
/// listed but disabled, with the band that keeps them out.
fn rally_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, hero: TokenId) {
    let allies: Vec<TokenId> = ctx.encounter.combat.momentum.keys().copied().collect();
    // The hero's own Wound stops it Rallying anyone; it can still be rallied by an ally.
    // Rally takes the hero's Action while initiative runs.
    let no_action = turn_refusal(ctx.encounter, hero, &MomentumAction::Rally);
    if let Some(why) = refusal(ctx, hero, WoundEffect::CannotRally).or(no_action) {
        ui.add_enabled(false, egui::Button::new("Rally"))
            .on_disabled_hover_text(why);
        return;
    }
    ui.menu_button("Rally", |ui| {
        ui.label("One die from Fatigue to Stamina, for yourself or a Close ally:");
        // One scene for every ally in the menu: building it indexes the whole map.
        let scene = Scene::new(ctx.encounter);
        for ally in allies {
            let fatigued = ctx
                .encounter
                .combat
                .momentum
                .get(&ally)
                .is_some_and(|p| p.count(Zone::Fatigue) > 0);
            let reach = rally_reach_in(&scene, hero, ally);
            let label = if ally == hero {
                "yourself".to_owned()
            } else {
                token_name(ctx.encounter, ally)
            };
            let why = match &reach {
                Err(band) => {
                    format!("{label} is {band}: Rally reaches a Close ally (up to 6 squares) only")
                }
                Ok(_) if !fatigued => format!("{label} has no die in Fatigue"),
                Ok(band) => format!("{label}: {band}"),
            };
            let allowed = reach.is_ok() && fatigued;
            let button = ui
                .add_enabled(allowed, egui::Button::new(label))
                .on_hover_text(why.clone())
                .on_disabled_hover_text(why);
            if button.clicked() {
                let action = if ally == hero {
                    MomentumAction::Rally
                } else {
                    MomentumAction::RalliedBy { by: hero }
                };
                queue_momentum(ctx, ally, action);
                ui.close();
            }
        }
    });
}

/// The hero's state beyond the zones: dice Shaken set aside, Knocked out, Wounds carried.
fn status_ui(ui: &mut egui::Ui, ctx: &PaneContext<'_>, hero: TokenId, pool: &MomentumPool) {
    if !pool.set_aside.is_empty() {
        ui.label(
            RichText::new(format!(
                "{} die set aside while Shaken",
                pool.set_aside.len()
            ))
            .color(Color32::from_rgb(240, 150, 110)),
        );
    }
    let knocked_out = ctx
        .encounter
        .combat
        .conditions_in(ctx.encounter.system)
        .any(|c| c.token == hero && c.name == KNOCKED_OUT);
    if knocked_out {
        ui.label(
            RichText::new(KNOCKED_OUT)
                .strong()
                .color(Color32::LIGHT_RED),
        );
    }
    if let Some(TokenTrackers::GoForthHeroes(t)) = ctx.encounter.sheet(hero) {
        for w in &t.wounds {
            ui.label(format!(
                "{:?} Wound ({:?}): {}",
                w.severity,
                w.defense,
                w.effect()
            ));
        }
    }
}
