//! the Post core rules's rules ledger: each rule of the text that bears on a fight, and what
//! Lantern does with it (see [`crate::rules::ledger`]).

use crate::rules::ledger::LedgerRow as R;

/// The rows, in the text's order.
pub const LEDGER: &[R] = &[
    R::out_of_scope(
        "Character Details",
        (11, 13),
        "A character has a name and a concept.",
        "character creation",
    ),
    R::offered(
        "Attributes",
        (15, 21),
        "Three attributes, STR, DEX and WIL, measure what a character can do.",
        "Sheet pane: STR, DEX and WIL",
    ),
    R::out_of_scope(
        "Attributes",
        (23, 25),
        "Attributes are rolled as 2d6 successes each (one swap allowed), or 3 points spread \
         freely.",
        "character creation (a palette token starts with 3 points spread one each)",
    ),
    R::applied(
        "Hit Protection",
        (29, 29),
        "HP withstands physical damage in a fight and comes back with a short rest.",
        "rules::post_core::PostToken::apply",
        "attribute_loss_and_grit",
    ),
    R::applied(
        "Hit Protection",
        (31, 31),
        "A character with a lowered guard is exposed and acts as if at 0 HP; surprise attacks \
         and traps catch exposed characters.",
        "combat::action::post_consequence",
        "post_core_attack_under_cover_raises_risk_and_harms_an_exposed_target",
    ),
    R::applied(
        "Hit Protection",
        (33, 35),
        "HP is the best of 1d6 per starting STR point (the lower of 2d6 at STR 0), or \
         2 + starting STR.",
        "rules::post_core::PostCore::starting_sheet",
        "post_hp_is_two_plus_starting_strength_and_grit_six",
    ),
    R::applied(
        "Grit",
        (39, 39),
        "A character starts with 6 grit.",
        "rules::post_core::PostCore::starting_sheet",
        "post_hp_is_two_plus_starting_strength_and_grit_six",
    ),
    R::applied(
        "Grit",
        (41, 43),
        "2 grit buys a die on an action roll.",
        "combat::action::costs",
        "grit_dice_cost_two_grit_each",
    ),
    R::applied(
        "Grit",
        (44, 44),
        "1 grit buys a die on a resistance roll.",
        "combat::action::roll_resistance",
        "resistance_roll_pools_attribute_and_grit_and_reduces_the_consequence",
    ),
    R::applied(
        "Grit",
        (45, 45),
        "1 grit gives a teammate's roll a die.",
        "combat::action::teamwork",
        "a_teammates_die_costs_the_teammates_grit",
    ),
    R::applied(
        "Gameplay Mechanics",
        (47, 51),
        "Reading: the text has no turn order, movement or squeezing rule; Lantern takes turns \
         in a plain order, gives each token a speed in cells, and charges double for difficult \
         terrain and for squeezing through a gap narrower than the creature, as Evening's text \
         does.",
        "board::Scene::reachable_with",
        "large_creature_squeezes_through_a_one_cell_gap_at_double_cost",
    ),
    R::offered(
        "Action roll",
        (51, 54),
        "An action with a risk of failure is described, then its risk is set: low, mixed or \
         high.",
        "Dice pane: the action roll's risk",
    ),
    R::offered(
        "Action roll",
        (53, 53),
        "Reading: the text has no cover rule; as the GM's ruling, cover raises the risk one \
         step.",
        "Encounter pane: Cover as a ruling (off by default; the Dice pane shows the cover line \
         switched off, with why)",
    ),
    R::applied(
        "Action roll",
        (55, 58),
        "Roll as many dice as the relevant attribute and read the single highest; a score of \
         0 rolls two dice and reads the lower.",
        "rules::post_core::read_pool",
        "pool_odds_match_enumeration",
    ),
    R::applied(
        "Action roll",
        (55, 55),
        "Reading: an attack rolls the attack's own attribute, or else STR in melee and DEX at \
         range.",
        "combat::action::attribute",
        "post_knife_rolls_dex_and_counts_as_assistive",
    ),
    R::applied(
        "Action roll",
        (60, 63),
        "66 is a critical success (high effect), a 6 a full success (mixed effect), 4–5 a \
         mixed success (low effect and the risk as consequence), 1–3 a failure (the risk as \
         consequence).",
        "rules::post_core::ActionRoll::scores",
        "readings_and_scores",
    ),
    R::applied(
        "Resistance Roll",
        (67, 74),
        "Before a consequence lands the character may roll the related attribute plus a die \
         per grit spent: 1–3 it still happens, 4–5 it drops by 1, 6 by 2, 66 by 3.",
        "combat::action::roll_resistance",
        "resistance_roll_pools_attribute_and_grit_and_reduces_the_consequence",
    ),
    R::applied(
        "Effect and Consequence",
        (78, 82),
        "Effect follows the success and consequence the risk: low 1, mixed 2, high 3.",
        "rules::post_core::ActionRoll::scores",
        "readings_and_scores",
    ),
    R::offered(
        "Effect and Consequence",
        (84, 96),
        "Effects and consequences may be ticks on clocks: progress, a task, a project, a \
         growing danger, an enemy faction's goal.",
        "Trackers pane: clocks, ticked and unticked by hand",
    ),
    R::applied(
        "Effect and Consequence",
        (86, 88),
        "Reading: an attack's effect is the opponent's injury, taken off its HP (the text \
         counts it in ticks on an injury clock).",
        "combat::action::consequence",
        "post_core_attack_under_cover_raises_risk_and_harms_an_exposed_target",
    ),
    R::applied(
        "Effect and Consequence",
        (86, 88),
        "Reading: a GM's creature attacking a hero rolls its own action roll, and its effect \
         comes off the hero's HP (the text itself makes harm the consequence of the hero's own \
         roll, which Lantern offers too).",
        "combat::action::consequence",
        "post_an_enemy_attack_on_a_hero_is_the_enemys_roll_and_its_effect_the_heros_harm",
    ),
    R::applied(
        "Effect and Consequence",
        (92, 94),
        "A consequence may come off the character's HP, and it is the roller's.",
        "combat::action::roller_consequence",
        "a_mixed_success_or_failure_brings_the_roller_its_consequence",
    ),
    R::applied(
        "Clocks",
        (100, 108),
        "A clock has 4, 6 or 8 segments for a basic, elaborate or daunting problem.",
        "rules::post_core::Clocks::apply",
        "segments_and_ticks",
    ),
    R::applied(
        "Clocks",
        (110, 114),
        "Clocks may race each other, be filled and emptied in a tug-of-war, or unlock one \
         another in a chain.",
        "rules::post_core::Clocks::apply",
        "racing_clocks_stop_when_one_fills",
    ),
    R::applied(
        "Damage",
        (118, 118),
        "Physical damage takes the consequence off HP; HP going below 0 takes one STR point.",
        "rules::post_core::PostToken::apply",
        "damage_spills_into_strength",
    ),
    R::applied(
        "Damage",
        (120, 120),
        "STR below 0 takes the character down, dying unless helped at once.",
        "combat::action::post_change",
        "below_zero_puts_on_taken_down_and_paralysed_in_the_same_step",
    ),
    R::offered(
        "Damage",
        (120, 120),
        "A character taken down dies unless immediately assisted.",
        "Conditions pane: Taken down (it stops actions and movement); the GM rules on help",
    ),
    R::applied(
        "Attribute Loss",
        (124, 128),
        "Special narrative consequences take points off an attribute; STR below 0 dies, DEX \
         below 0 is paralysed, WIL below 0 delirious.",
        "combat::action::post_change",
        "below_zero_puts_on_taken_down_and_paralysed_in_the_same_step",
    ),
    R::applied(
        "Attribute Loss",
        (130, 130),
        "A character who has lost all of its DEX or all of its WIL cannot act until an \
         extended rest.",
        "combat::action::post_change",
        "post_complete_dex_or_wil_loss_stops_acting_until_an_extended_rest",
    ),
    R::applied(
        "Recovery",
        (136, 136),
        "A short rest of a few minutes restores all HP and grit.",
        "rules::post_core::PostToken::apply",
        "attribute_loss_and_grit",
    ),
    R::offered(
        "Recovery",
        (136, 136),
        "A short rest may waste time or attract unwanted attention.",
        "the GM's call (Trackers pane: Short rest)",
    ),
    R::applied(
        "Recovery",
        (137, 137),
        "An extended rest of at least a week restores HP, grit and attributes, and nothing \
         else does: an edit of the sheet never gives a lost point back.",
        "rules::post_core::PostToken::apply",
        "sheet_edits_keep_a_lost_attribute_lost_until_an_extended_rest",
    ),
    R::out_of_scope(
        "Inventory",
        (141, 141),
        "Five inventory slots: regular items take one, bulky two, small ones share.",
        "Lantern keeps no inventory; the sheet counts the full slots for load and the \
         defensive equipment carried",
    ),
    R::applied(
        "Inventory",
        (143, 147),
        "Load: 0–3 full slots is light, 4 normal, 5 heavy; load may help or hinder DEX action \
         rolls (Lantern: light +1 die, heavy −1 die).",
        "combat::action::load",
        "post_load_helps_or_hinders_dex_action_rolls",
    ),
    R::applied(
        "Equipment",
        (151, 153),
        "Assistive equipment raises the effect by 1 on related action rolls.",
        "rules::post_core::ActionRoll::scores",
        "post_knife_rolls_dex_and_counts_as_assistive",
    ),
    R::applied(
        "Equipment",
        (154, 156),
        "Defensive equipment (shields, armour) lowers the consequence of a physical attack \
         (Lantern: by 1); a regular piece is used once and a bulky one twice, and uses come \
         back with repair at an extended rest.",
        "combat::action::defensive_block",
        "post_defensive_equipment_lowers_a_physical_consequence_once_a_use",
    ),
    R::out_of_scope(
        "Advancement",
        (158, 162),
        "Milestones raise HP and attributes on rolled 6s.",
        "advancement between sessions",
    ),
    R::out_of_scope(
        "Game Master Guidelines",
        (166, 176),
        "Describe the world honestly, roll only when the outcome is uncertain, don't plan the \
         story, let players choose.",
        "advice to the GM, not a rule of a fight",
    ),
    R::out_of_scope(
        "Player Guidelines",
        (178, 188),
        "Engage, role-play, cooperate, accept failure.",
        "advice to players, not a rule of a fight",
    ),
];
