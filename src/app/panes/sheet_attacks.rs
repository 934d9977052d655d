//! The Sheet pane's attacks: one row per attack on the token's sheet in the encounter's system
//! (name, melee reach or ranged short/long range, the system's numbers), with add and remove.
//! Every finished edit (a pick, a released drag, a name confirmed) replaces the list with one
//! `SetAttacks` command: one undo step. The core checks the list (`combat::sheet::edit_attacks`).

use egui::{ComboBox, DragValue, Id, RichText, TextEdit};

use crate::app::PaneContext;
use crate::combat::sheet::{attacks, edit_attacks};
use crate::model::TokenId;
use crate::model::trackers::attack::{Attack, AttackRange, MAX_ATTACK_CELLS, MAX_ATTACKS};
use crate::rules::evening::{
    DamageDice, EveningAbility, EveningAttackNumbers, EveningAttribute, EveningChange,
};
use crate::rules::go_forth_heroes::{Attribute, GfhAttackNumbers, GfhChange};
use crate::rules::post_core::{Attribute as PostAttribute, PostAttackNumbers, PostChange};
use crate::rules::road_and_ruin::{AttackDie, MAX_PROFICIENCY, RrAttackNumbers, RrChange};
use crate::rules::three_d6::{EffectDie, ThreeD6AttackNumbers, ThreeD6Change};
use crate::rules::{TokenChange, TokenTrackers};

/// Draws the attacks section of `token`'s sheet.
pub(super) fn attacks_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, token: TokenId) {
    ui.add_space(4.0);
    ui.label(RichText::new("Attacks").strong());
    let change = match attacks(ctx.encounter, token) {
        TokenTrackers::GoForthHeroes(t) => list_ui(ui, token, &t.attacks, gfh_numbers_ui)
            .map(|a| TokenChange::GoForthHeroes(GfhChange::SetAttacks(a))),
        TokenTrackers::Evening(t) => {
            if t.threat.is_some() {
                ui.label(
                    RichText::new("A threat attacks with its rating's attacks (Trackers pane).")
                        .weak(),
                );
            }
            list_ui(ui, token, &t.attacks, evening_numbers_ui)
                .map(|a| TokenChange::Evening(EveningChange::SetAttacks(a)))
        }
        TokenTrackers::RoadAndRuin(t) => list_ui(ui, token, &t.attacks, rr_numbers_ui)
            .map(|a| TokenChange::RoadAndRuin(RrChange::SetAttacks(a))),
        TokenTrackers::PostCore(t) => list_ui(ui, token, &t.attacks, post_numbers_ui)
            .map(|a| TokenChange::PostCore(PostChange::SetAttacks(a))),
        TokenTrackers::ThreeD6(t) => list_ui(ui, token, &t.attacks, three_d6_numbers_ui)
            .map(|a| TokenChange::ThreeD6(ThreeD6Change::SetAttacks(a))),
    };
    let Some(change) = change else {
        return;
    };
    match edit_attacks(ctx.encounter, token, change) {
        Ok(command) => ctx.command(command),
        Err(err) => {
            ui.label(RichText::new(err.to_string()).color(ui.visuals().error_fg_color));
        }
    }
}

/// The rows and the Add button; the new list once an edit is finished.
fn list_ui<N: Clone + PartialEq + Plain>(
    ui: &mut egui::Ui,
    token: TokenId,
    list: &[Attack<N>],
    numbers_ui: impl Fn(&mut egui::Ui, &str, &mut N),
) -> Option<Vec<Attack<N>>> {
    let mut next = list.to_vec();
    let mut remove = None;
    for (i, attack) in next.iter_mut().enumerate() {
        let tag = format!("Attack {}", i + 1);
        ui.horizontal_wrapped(|ui| {
            name_ui(ui, token, &tag, &mut attack.name);
            range_ui(ui, token, &tag, &mut attack.range);
            numbers_ui(ui, &tag, &mut attack.numbers);
            if ui
                .small_button("×")
                .on_hover_text(format!("Remove {}", attack.name))
                .clicked()
            {
                remove = Some(i);
            }
        });
    }
    if let Some(i) = remove {
        next.remove(i);
    }
    if list.len() < MAX_ATTACKS && ui.small_button("+ Attack").clicked() {
        next.push(Attack::new("Weapon", AttackRange::ADJACENT, N::plain()));
    }
    (next != list).then_some(next)
}

/// The numbers a new attack row starts with.
trait Plain {
    fn plain() -> Self;
}

impl Plain for GfhAttackNumbers {
    fn plain() -> Self {
        Self {
            attribute: Attribute::Might,
            effort_die: 6,
        }
    }
}

impl Plain for EveningAttackNumbers {
    fn plain() -> Self {
        Self {
            ability: EveningAbility::Prowess,
            attribute: EveningAttribute::Body,
            aptitude: true,
            damage: DamageDice {
                count: 1,
                sides: 6,
                bonus: 0,
            },
            damage_type: None,
        }
    }
}

impl Plain for RrAttackNumbers {
    fn plain() -> Self {
        Self {
            die: AttackDie::D8,
            proficiency: 0,
            damage: 3,
        }
    }
}

impl Plain for PostAttackNumbers {
    fn plain() -> Self {
        Self {
            attribute: PostAttribute::Str,
            assistive: false,
        }
    }
}

impl Plain for ThreeD6AttackNumbers {
    fn plain() -> Self {
        Self {
            die: EffectDie::Mid,
            steps: 0,
            halved: false,
        }
    }
}

/// The attack's name, kept as typed until Enter or leaving the field (one undo step); an
/// emptied name goes back to the old one.
fn name_ui(ui: &mut egui::Ui, token: TokenId, tag: &str, name: &mut String) {
    let id = Id::unique(("sheet_attack_name", token.0, tag));
    let buffer = id.with("typed");
    let mut text = ui
        .data(|d| d.get_temp::<String>(buffer))
        .unwrap_or_else(|| name.clone());
    let response = ui
        .add(
            TextEdit::singleline(&mut text)
                .id(id)
                .desired_width(110.0)
                .char_limit(crate::model::trackers::attack::MAX_ATTACK_NAME_CHARS)
                .hint_text("name"),
        )
        .on_hover_text(format!("{tag} name"));
    if response.has_focus() {
        ui.data_mut(|d| d.insert_temp(buffer, text));
        return;
    }
    ui.data_mut(|d| d.remove::<String>(buffer));
    if !text.trim().is_empty() {
        *name = text;
    }
}

/// Melee with its reach, or ranged with its short and long range.
fn range_ui(ui: &mut egui::Ui, token: TokenId, tag: &str, range: &mut AttackRange) {
    let melee = range.is_melee();
    let mut pick = melee;
    ComboBox::from_id_salt(("sheet_attack_kind", token.0, tag))
        .width(70.0)
        .selected_text(if melee { "Melee" } else { "Ranged" })
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut pick, true, "Melee");
            ui.selectable_value(&mut pick, false, "Ranged");
        })
        .response
        .accessible_name(format!("{tag} kind"));
    if pick != melee {
        *range = if pick {
            AttackRange::ADJACENT
        } else {
            AttackRange::Ranged {
                short_cells: 16,
                long_cells: 64,
            }
        };
        return;
    }
    match range {
        AttackRange::Melee { reach_cells } => {
            cells_ui(
                ui,
                &format!("{tag} reach"),
                reach_cells,
                1..=MAX_ATTACK_CELLS,
            );
        }
        AttackRange::Ranged {
            short_cells,
            long_cells,
        } => {
            cells_ui(
                ui,
                &format!("{tag} short range"),
                short_cells,
                1..=*long_cells,
            );
            let short = *short_cells;
            cells_ui(
                ui,
                &format!("{tag} long range"),
                long_cells,
                short..=MAX_ATTACK_CELLS,
            );
        }
    }
}

/// A number of cells, taken when a drag ends (one undo step per gesture).
fn cells_ui(ui: &mut egui::Ui, name: &str, value: &mut u32, range: std::ops::RangeInclusive<u32>) {
    if let Some(v) = drag_ui(ui, name, i64::from(*value), range_i64(&range)) {
        *value = u32::try_from(v).unwrap_or(*value);
    }
}

fn range_i64(range: &std::ops::RangeInclusive<u32>) -> std::ops::RangeInclusive<i64> {
    i64::from(*range.start())..=i64::from(*range.end())
}

/// A number field that hands back a new value once per gesture: a drag works on a copy in
/// egui's memory and gives it up on release; typing gives it on Enter.
fn drag_ui(
    ui: &mut egui::Ui,
    name: &str,
    current: i64,
    range: std::ops::RangeInclusive<i64>,
) -> Option<i64> {
    let id = Id::unique(("sheet_attack_drag", name));
    let mut value = ui.data(|d| d.get_temp::<i64>(id)).unwrap_or(current);
    let response = ui
        .add(DragValue::new(&mut value).range(range))
        .accessible_name(name)
        .on_hover_text(name);
    if response.dragged() {
        ui.data_mut(|d| d.insert_temp(id, value));
        return None;
    }
    ui.data_mut(|d| d.remove::<i64>(id));
    (value != current).then_some(value)
}

/// A pick from a short list, named for tests and screen readers.
fn pick_ui<T: Copy + PartialEq>(
    ui: &mut egui::Ui,
    name: &str,
    value: &mut T,
    options: &[(T, &str)],
) {
    let shown = options
        .iter()
        .find(|(v, _)| v == value)
        .map_or("?", |(_, label)| label);
    ComboBox::from_id_salt(("sheet_attack_pick", name))
        .width(60.0)
        .selected_text(shown)
        .show_ui(ui, |ui| {
            for (v, label) in options {
                ui.selectable_value(value, *v, *label);
            }
        })
        .response
        .accessible_name(name)
        .on_hover_text(name);
}

const DICE: [(u32, &str); 5] = [(4, "d4"), (6, "d6"), (8, "d8"), (10, "d10"), (12, "d12")];

fn gfh_numbers_ui(ui: &mut egui::Ui, tag: &str, n: &mut GfhAttackNumbers) {
    let attributes: Vec<(Attribute, &str)> =
        Attribute::ALL.iter().map(|a| (*a, a.label())).collect();
    pick_ui(
        ui,
        &format!("{tag} attribute"),
        &mut n.attribute,
        &attributes,
    );
    pick_ui(ui, &format!("{tag} Effort die"), &mut n.effort_die, &DICE);
}

fn evening_numbers_ui(ui: &mut egui::Ui, tag: &str, n: &mut EveningAttackNumbers) {
    pick_ui(
        ui,
        &format!("{tag} ability"),
        &mut n.ability,
        &[
            (EveningAbility::Finesse, "Finesse"),
            (EveningAbility::Prowess, "Prowess"),
            (EveningAbility::Resolve, "Resolve"),
        ],
    );
    pick_ui(
        ui,
        &format!("{tag} attribute"),
        &mut n.attribute,
        &[
            (EveningAttribute::Body, "Body"),
            (EveningAttribute::Mind, "Mind"),
        ],
    );
    ui.checkbox(&mut n.aptitude, "aptitude")
        .on_hover_text("The character has this attack's aptitude: add the aptitude bonus");
    let count = format!("{tag} damage dice");
    if let Some(v) = drag_ui(ui, &count, i64::from(n.damage.count), 1..=100) {
        n.damage.count = u32::try_from(v).unwrap_or(n.damage.count);
    }
    let mut sides = n.damage.sides;
    pick_ui(ui, &format!("{tag} damage die"), &mut sides, &DICE);
    n.damage.sides = sides;
    let bonus = format!("{tag} damage bonus");
    if let Some(v) = drag_ui(ui, &bonus, n.damage.bonus, -1000..=1000) {
        n.damage.bonus = v;
    }
    // Evening, Damage types: what a vulnerability, resistance or immunity reads.
    let types: Vec<(Option<crate::rules::evening::DamageType>, &str)> =
        std::iter::once((None, "untyped"))
            .chain(
                crate::rules::evening::DamageType::ALL
                    .iter()
                    .map(|t| (Some(*t), t.label())),
            )
            .collect();
    pick_ui(
        ui,
        &format!("{tag} damage type"),
        &mut n.damage_type,
        &types,
    );
}

fn rr_numbers_ui(ui: &mut egui::Ui, tag: &str, n: &mut RrAttackNumbers) {
    pick_ui(
        ui,
        &format!("{tag} attack die"),
        &mut n.die,
        &[
            (AttackDie::D4, "d4"),
            (AttackDie::D6, "d6"),
            (AttackDie::D8, "d8"),
            (AttackDie::D10, "d10"),
            (AttackDie::D12, "d12"),
        ],
    );
    let proficiency = format!("{tag} proficiency");
    let max = i64::from(MAX_PROFICIENCY);
    if let Some(v) = drag_ui(ui, &proficiency, n.proficiency, 0..=max) {
        n.proficiency = v;
    }
    let damage = format!("{tag} damage");
    if let Some(v) = drag_ui(ui, &damage, i64::from(n.damage), 0..=1000) {
        n.damage = u32::try_from(v).unwrap_or(n.damage);
    }
}

fn post_numbers_ui(ui: &mut egui::Ui, tag: &str, n: &mut PostAttackNumbers) {
    pick_ui(
        ui,
        &format!("{tag} attribute"),
        &mut n.attribute,
        &[
            (PostAttribute::Str, "STR"),
            (PostAttribute::Dex, "DEX"),
            (PostAttribute::Wil, "WIL"),
        ],
    );
    ui.checkbox(&mut n.assistive, "assistive")
        .on_hover_text("Counts as assistive equipment: effect +1 (Post, Equipment)");
}

fn three_d6_numbers_ui(ui: &mut egui::Ui, tag: &str, n: &mut ThreeD6AttackNumbers) {
    pick_ui(
        ui,
        &format!("{tag} harm die"),
        &mut n.die,
        &[
            (EffectDie::Low, "Low"),
            (EffectDie::Mid, "Mid"),
            (EffectDie::High, "High"),
        ],
    );
    let steps = format!("{tag} steps");
    if let Some(v) = drag_ui(ui, &steps, i64::from(n.steps), -6..=6) {
        n.steps = i8::try_from(v).unwrap_or(n.steps);
    }
    ui.checkbox(&mut n.halved, "halved");
}
