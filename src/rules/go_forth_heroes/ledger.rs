//! Go Forth: Heroes's rules ledger: each rule of the text that bears on a fight, and what Lantern does
//! with it (see [`crate::rules::ledger`]).
//!
//! The core rules come first, then every gambit of every Discipline, one row each: the GM fuels
//! a gambit from the Momentum pane and plays its effect with the tools named in its row (the
//! Dice pane's Easy, Hard and Effort lines, the Conditions pane, the Area tool, the map); the
//! few the map or the sheets know enough for are applied.

use crate::rules::ledger::LedgerRow as R;

/// A gambit the GM plays: fuelled from the Momentum pane, its effect through `how`.
const fn g(section: &'static str, line: u32, rule: &'static str, how: &'static str) -> R {
    R::offered(section, (line, line), rule, how)
}

/// A gambit no fight on the map needs.
const fn x(section: &'static str, line: u32, rule: &'static str, reason: &'static str) -> R {
    R::out_of_scope(section, (line, line), rule, reason)
}

const EFFORT: &str = "Momentum pane: the die spent or locked; Dice pane: Apply's Effort, edited to \
                      the gambit's amount";
const CONDITION: &str = "Momentum pane: the die spent or locked; Conditions pane: the condition or \
                         Debuff with its duration";
const AREA: &str = "Area tool (C): the area or aura picks who is inside, and the Dice pane rolls \
                    against each of them";
const MAP: &str = "Map: the GM moves the tokens; Momentum pane: the die spent or locked";
const MOMENTUM: &str = "Momentum pane: dice moved between the zones by hand";
const HITS: &str = "Momentum pane: the Hit taken, moved or refused by hand";
const TERRAIN: &str = "Map: walls, obstacle or difficult-terrain cells drawn for it (one undo step \
                       each)";
const NOT_A_FIGHT: &str = "knowledge, talk or exploration outside a fight on the map";
const OFF_MAP: &str = "a sense or a shape the map has no way to show; the GM narrates it";

/// The rows, in the text's order.
pub const LEDGER: &[R] = &[
    R::applied(
        "Resolution",
        (12, 15),
        "An uncertain action rolls a d20 for success and an Effort die for impact together.",
        "rules::go_forth_heroes::GfhCheck::resolve",
        "graze_deals_the_effort_bonus",
    ),
    R::applied(
        "Encounter Target Numbers (TN)",
        (19, 26),
        "The GM sets the scene's TN: 10, 10 + 1d4, + 1d6, + 1d8, + 2d4/2d6/2d8, or + 2d12.",
        "rules::go_forth_heroes::TnTier::distribution",
        "tiers_match_the_table",
    ),
    R::applied(
        "Encounter Target Numbers (TN)",
        (19, 19),
        "The scene's TN is rolled once and every check in the scene uses it.",
        "combat::action::scene_tn",
        "gfh_encounter_tn_is_rolled_once_for_the_scene_and_kept",
    ),
    R::applied(
        "Encounter Target Numbers (TN)",
        (28, 28),
        "The d20 adds the modifier of the attribute the GM names.",
        "combat::action::attribute",
        "gfh_attack_on_a_hero_in_cover_hits_and_sends_a_die_to_fatigue",
    ),
    R::applied(
        "Unique TNs",
        (30, 36),
        "A creature or hazard may have a TN of its own, such as a knight's Defense TN 15.",
        "combat::action::defence",
        "gfh_attack_on_a_hero_in_cover_hits_and_sends_a_die_to_fatigue",
    ),
    R::applied(
        "Easy vs Hard",
        (38, 54),
        "Easy lowers the TN by 3 and Hard raises it by 3; they don't stack and they cancel \
         each other.",
        "rules::go_forth_heroes::GfhCheck::tn_shift",
        "easy_and_hard_move_by_three_do_not_stack_and_offset",
    ),
    R::offered(
        "Easy vs Hard",
        (50, 68),
        "The GM calls a roll Easy (right tools, an ally's help, a favouring place, a second \
         try) or Hard (risky, conditions against, pushing for more, distracted or wounded).",
        "Dice pane: Easy and Hard; the check builder adds those the map and sheets know \
         (cover, conditions, Wounds, Guard, Help)",
    ),
    R::applied(
        "Attributes",
        (72, 104),
        "Eight attributes: Might (heavy melee), Agility (light melee), Finesse (ranged), \
         Instinct, Reason (arcane spells), Vigor, Presence (divine spells), Guile.",
        "combat::action::default_attack_attribute",
        "gfh_a_thrown_weapon_is_a_ranged_attack_made_with_finesse",
    ),
    R::applied(
        "Attributes",
        (84, 84),
        "Reading: a thrown weapon is a ranged weapon, so it is thrown with Finesse, as bows \
         are; Might is for heavy weapons in melee.",
        "combat::action::default_attack_attribute",
        "gfh_a_thrown_weapon_is_a_ranged_attack_made_with_finesse",
    ),
    R::applied(
        "Checks, Effort & Contests",
        (112, 120),
        "A check beats the TN or not; Effort builds up against a Heart of 10 points to \
         overcome it.",
        "rules::go_forth_heroes::Hearts::apply_effort",
        "three_hearts_are_thirty_effort_and_excess_is_wasted",
    ),
    R::applied(
        "Checks, Effort & Contests",
        (122, 126),
        "In a contest both sides roll and the higher total wins.",
        "rules::go_forth_heroes::Contest::odds",
        "even_contest_is_even_and_bonus_helps",
    ),
    R::applied(
        "Roll vs Effort Bonus",
        (130, 152),
        "Each attribute gives +Roll to the d20 and +Effort to the Effort die, equal by default; \
         points may move between them, neither past +5 at first level, and a −1 attribute \
         lowers both.",
        "rules::go_forth_heroes::GfhToken::roll_bonus",
        "a_negative_attribute_cannot_be_shifted",
    ),
    R::applied(
        "Actions",
        (156, 164),
        "A turn has 1 Action and 1 Move; the Action may Attack, Interact, Cast, take a Free \
         action, or Move again.",
        "combat::initiative::Initiative::use_economy",
        "gfh_a_turn_has_one_action_and_one_move_and_the_move_action_spends_the_action",
    ),
    R::applied(
        "Attacking",
        (168, 182),
        "An attack needs line of sight; a hit adds the Effort modifier to the Effort die, a \
         miss Grazes for the modifier alone (or momentum is spent); the Effort comes off the \
         target's Heart.",
        "rules::go_forth_heroes::GfhCheck::resolve",
        "graze_deals_the_effort_bonus",
    ),
    R::applied(
        "Attacking",
        (172, 172),
        "No attack without line of sight.",
        "combat::action::map_facts",
        "no_line_of_sight_refuses_the_attack_and_melee_needs_an_adjacent_cell",
    ),
    R::applied(
        "Round the Table",
        (190, 192),
        "Round the Table: clockwise from the GM's left, enemies slotted at the end, split \
         halfway or woven between the players.",
        "combat::initiative::arrange_round_the_table",
        "round_the_table_placements",
    ),
    R::applied(
        "The Zipper",
        (194, 202),
        "The Zipper: the players pick who goes, then a monster or group, alternating until all \
         have acted; a Notice check decides which side opens.",
        "combat::initiative::Initiative::zipper_choices",
        "zipper_enemies_win_the_notice_check_and_the_players_pick",
    ),
    R::applied(
        "Momentum Pool",
        (217, 240),
        "Three momentum d6s to start, more with Vigor, in Stamina, Power and Fatigue, flowing \
         Stamina to Power to Fatigue and back.",
        "combat::momentum::MomentumPool::size_for_vigor",
        "a_new_hero_has_three_dice_in_stamina",
    ),
    R::applied(
        "Preparing",
        (244, 249),
        "At the start of its turn the hero Prepares one die: Stamina to Power, or Fatigue to \
         Stamina.",
        "combat::momentum::MomentumPool::prepare",
        "prepare_moves_one_die_along_the_flow",
    ),
    R::applied(
        "Preparing",
        (246, 246),
        "Prepare comes at the start of the turn, before anything else.",
        "combat::initiative::Initiative::prepare",
        "prepare_only_at_the_start_of_the_turn",
    ),
    R::applied(
        "Spending Momentum",
        (251, 268),
        "Stamina Boosts a check or fuels gambits; Power also Boosts Effort, buys an extra \
         Action, Increases Defense or Builds for allies.",
        "combat::momentum::MomentumPool::spend",
        "stamina_cannot_do_what_only_power_does",
    ),
    R::applied(
        "Spending Momentum",
        (264, 264),
        "One Power die buys one more Action.",
        "combat::initiative::Initiative::grant_extra_action",
        "extra_action_rally_and_prepare_once_in_the_economy",
    ),
    R::applied(
        "Spending Momentum",
        (265, 265),
        "Increase Defense: a Power die locked and rolled adds to every Defense until the hero \
         is attacked, then it is spent.",
        "combat::momentum::MomentumPool::increase_defense",
        "increase_defense_holds_until_attacked",
    ),
    R::applied(
        "Locking Momentum",
        (270, 280),
        "A locked die sits in a Lock slot while its effect lasts, unusable; the hero may free \
         or replace it on its turn, or move it to Fatigue on a Hit; one slot to start.",
        "combat::momentum::MomentumPool::lock",
        "lock_slots_follow_focused_and_dazed",
    ),
    R::applied(
        "Hits & Beats",
        (282, 291),
        "A Hit moves one momentum die to Fatigue from any zone; a Hit with every die in \
         Fatigue is a Beat.",
        "combat::momentum::MomentumPool::hit",
        "beat_exactly_when_all_fatigued",
    ),
    R::applied(
        "Beats",
        (293, 297),
        "A Beat can knock the hero out, with a Wound.",
        "combat::action::consequence",
        "a_hit_on_a_hero_with_every_die_in_fatigue_is_a_beat_that_knocks_it_out",
    ),
    R::offered(
        "Beats",
        (298, 303),
        "A Beat may instead advance timers, wake enemy abilities, give the GM Pressure or \
         escalate; the GM says at the start what Beats mean.",
        "the GM's call when Apply reports the Beat (the knock-out can be undone)",
    ),
    R::applied(
        "Wounds",
        (307, 317),
        "Knocked out, the hero rolls d20 plus the two attributes of the Defense that dropped it, \
         −5 for each Wound already carried.",
        "rules::go_forth_heroes::WoundRoll::total",
        "severity_odds_with_two_wounds",
    ),
    R::applied(
        "Severity Table",
        (319, 325),
        "Severity: −6 or less death at the encounter's end, to 0 permanent, 1–5 vicious (d4 \
         sessions), 6–15 shallow, 16+ flesh.",
        "rules::go_forth_heroes::Severity::from_total",
        "severity_bands",
    ),
    R::applied(
        "Determining the Wound",
        (327, 356),
        "A d8 on the Defense's chart names the Wound: a condition, −2 Move, an attribute's \
         checks Hard, or an action forbidden.",
        "rules::go_forth_heroes::wound_effect",
        "wound_charts",
    ),
    R::applied(
        "Determining the Wound",
        (333, 342),
        "Body 1 Weakened, Mind 1 Dazed, Soul 1 Shaken: the Wound puts its condition on.",
        "combat::momentum_apply::take_wound",
        "a_wound_from_the_tracker_applies_its_chart_effects_like_a_beat",
    ),
    R::applied(
        "Determining the Wound",
        (334, 334),
        "Body 2: two squares less Move.",
        "combat::wounds::token_speed",
        "a_body_2_wound_shortens_the_move_before_conditions_and_the_economy_agrees",
    ),
    R::applied(
        "Determining the Wound",
        (335, 355),
        "An attribute's checks Hard (Might, Agility, Finesse, Instinct, Reason, Guile, \
         Presence, Vigor by the chart).",
        "combat::wounds::hard_from_wounds",
        "a_wound_makes_checks_with_its_attribute_hard_and_names_itself",
    ),
    R::applied(
        "Determining the Wound",
        (338, 338),
        "Body 8: can't Prepare.",
        "combat::wounds::check_wounds",
        "a_body_8_wound_refuses_prepare_until_it_heals",
    ),
    R::applied(
        "Determining the Wound",
        (343, 343),
        "Mind 2: can't Hurry.",
        "combat::wounds::wound_refusal",
        "gfh_hurry_makes_the_action_hard_and_help_free",
    ),
    R::applied(
        "Determining the Wound",
        (346, 346),
        "Mind 7: can't Lock momentum.",
        "combat::wounds::check_wounds",
        "a_mind_7_wound_refuses_every_way_to_lock_momentum",
    ),
    R::applied(
        "Determining the Wound",
        (347, 347),
        "Mind 8: can't Rally.",
        "combat::wounds::check_wounds",
        "a_mind_8_wound_stops_the_hero_rallying_but_not_being_rallied",
    ),
    R::applied(
        "Determining the Wound",
        (352, 352),
        "Soul 2: can't Hold.",
        "combat::wounds::check_wounds",
        "a_soul_2_wound_refuses_a_hold_but_not_acting_now",
    ),
    R::applied(
        "Determining the Wound",
        (356, 356),
        "Soul 8: one momentum die lost for good.",
        "combat::momentum_apply::take_wound",
        "a_soul_8_wound_takes_a_momentum_die_for_good_in_the_knockout_step",
    ),
    R::offered(
        "Narrate It",
        (358, 360),
        "The table names the injury; the GM or the player may invoke it when it matters.",
        "Trackers pane: the Wound's name; the GM invokes it as Easy or Hard",
    ),
    R::applied(
        "Recovery",
        (362, 381),
        "Wounds run their timers: a short rest after each encounter returns every die to \
         Stamina and ends Flesh Wounds; a long rest ends a Shallow Wound; Vicious Wounds last \
         their sessions.",
        "rules::go_forth_heroes::GfhToken::apply",
        "wound_timers",
    ),
    R::applied(
        "Recovery",
        (370, 370),
        "A short rest moves every momentum die back to Stamina.",
        "combat::momentum::MomentumPool::short_rest",
        "gfh_a_short_rest_moves_every_momentum_die_to_stamina",
    ),
    R::applied(
        "Boost Example",
        (383, 402),
        "A momentum die rolled onto the check can turn a Graze into a hit (9 + 4 = 13 against \
         TN 13: 6 + 3 Effort).",
        "rules::go_forth_heroes::GfhCheck::resolve",
        "boost_example_a_momentum_on_the_check_turns_a_graze_into_a_hit",
    ),
    R::applied(
        "Boost Example",
        (404, 417),
        "A Power die rolled onto Effort adds to a hit (3 + 3 + 4 = 10 Effort).",
        "rules::go_forth_heroes::GfhCheck::resolve",
        "boost_example_b_power_on_effort",
    ),
    R::applied(
        "Building",
        (421, 427),
        "On its turn a hero may push Power dice into Building for allies, who use them as \
         Power (then they go to the builder's Fatigue); unused ones go to Fatigue when the \
         builder's turn comes back.",
        "combat::momentum::MomentumPool::turn_started",
        "building_dice_go_home_to_fatigue_when_the_owner_turn_returns",
    ),
    R::applied(
        "Advanced Actions",
        (444, 444),
        "Hurry: the turn's Action is taken at Hard, and Interact or Help comes free.",
        "combat::turn_action::take",
        "gfh_hurry_makes_the_action_hard_and_help_free",
    ),
    R::applied(
        "Advanced Actions",
        (445, 445),
        "Guard: attacks against the guard or a Close ally are Hard until its next turn.",
        "combat::action::guards",
        "gfh_guard_makes_attacks_on_the_guard_and_a_close_ally_hard_until_its_next_turn",
    ),
    R::applied(
        "Advanced Actions",
        (446, 446),
        "Help: an ally's next roll is Easy.",
        "combat::turn_action::take",
        "gfh_help_makes_the_allys_next_roll_easy_once",
    ),
    R::applied(
        "Advanced Actions",
        (447, 447),
        "Rally: one momentum die from Fatigue to Stamina, the hero's own or a Close ally's.",
        "combat::momentum_apply::rally_reach",
        "rally_reaches_a_close_ally_and_refuses_a_far_one",
    ),
    R::offered(
        "Advanced Actions",
        (448, 448),
        "Hold: declare a trigger and act on it with the Action, the Move or both.",
        "Initiative pane: Hold on the combatant's row, and acting from it when the trigger \
         comes (the GM judges the trigger)",
    ),
    R::applied(
        "Line of Sight & Cover",
        (454, 460),
        "On a grid, lines from one corner of the attacker to all four corners of the target's \
         space: all clear is line of sight, some is Cover, none is no line of sight.",
        "board::Scene::verdict",
        "worked_obstacle_on_the_line_gives_cover_with_two_face_lines",
    ),
    R::applied(
        "Line of Sight & Cover",
        (462, 466),
        "Without a grid, a line from centre to target: touching any part is line of sight, \
         missing a part blocked by something or a hostile is Cover.",
        "board::Scene::verdict",
        "gridless_traces_from_the_centre",
    ),
    R::applied(
        "Line of Sight & Cover",
        (466, 466),
        "A hostile creature in the way gives Cover.",
        "board::Scene::verdict",
        "worked_hostile_gives_cover_and_ally_does_not",
    ),
    R::applied(
        "Line of Sight & Cover",
        (468, 468),
        "Attacks against a target in Cover are Hard.",
        "combat::action::cover_lever",
        "gfh_attack_on_a_hero_in_cover_hits_and_sends_a_die_to_fatigue",
    ),
    R::applied(
        "Movement",
        (472, 489),
        "Distance bands Engaged, Close, Nearby, Far; on a grid Engaged is adjacent, Close about \
         6 squares and Nearby about 12.",
        "board::bands::band",
        "evening_and_gfh_bands",
    ),
    R::out_of_scope(
        "Movement",
        (476, 476),
        "Without a grid, a Move shifts one band.",
        "Lantern plays on a map, where a Move is counted in squares (Grid Play)",
    ),
    R::applied(
        "Grid Play",
        (485, 485),
        "A Move is 4 + Agility squares.",
        "rules::go_forth_heroes::GfhToken::move_squares",
        "move_from_agility_with_a_wound_and_mobile",
    ),
    R::applied(
        "Grid Play",
        (491, 501),
        "Movement may be split around the Action: move some, act, move the rest; going Far \
         takes the Action as a second Move.",
        "combat::turn_move::drag_move",
        "dragging_the_current_combatant_counts_its_movement",
    ),
    R::applied(
        "Grid Play",
        (485, 485),
        "Reading: the text has no squeezing rule; Lantern's map charges double for difficult \
         terrain and for squeezing through a gap narrower than the creature, as Evening's text \
         does.",
        "board::Scene::reachable_with",
        "large_creature_squeezes_through_a_one_cell_gap_at_double_cost",
    ),
    R::applied(
        "Reactions",
        (505, 509),
        "One Reaction a round, each with a trigger, taken outside the hero's turn.",
        "combat::initiative::Initiative::reaction_available",
        "gfh_one_reaction_per_round_taken_on_another_turn",
    ),
    R::offered(
        "Reactions",
        (509, 509),
        "Free Reactions ignore the one-a-round limit.",
        "taken without spending the Reaction (the GM's call on the Initiative pane)",
    ),
    R::applied(
        "Effort",
        (515, 519),
        "Damage is Effort: bare hands d4, a weapon or tool d6; gambits change it.",
        "rules::go_forth_heroes::GoForthHeroes::starting_sheet",
        "gfh_effort_is_a_d4_bare_handed_and_a_d6_with_a_weapon",
    ),
    R::applied(
        "Hearts",
        (521, 527),
        "A Heart is 10 Effort; one Heart at a time, excess past 10 wasted unless Overflow or \
         Overkill says otherwise.",
        "rules::go_forth_heroes::Hearts::apply_effort",
        "three_hearts_are_thirty_effort_and_excess_is_wasted",
    ),
    R::applied(
        "Variations",
        (529, 533),
        "Fortified Hearts need 10+ Effort in one strike; Shields take flat Effort off each \
         attack; a Breaking Point ends every Heart when dealt in one action.",
        "rules::go_forth_heroes::Hearts::apply_effort",
        "fortified_needs_ten_in_one_strike_after_shields",
    ),
    R::applied(
        "Conditions",
        (537, 550),
        "Conditions come in opposed pairs that cancel: Bolstered/Shaken, Empowered/Weakened, \
         Focused/Dazed, Mobile/Trapped; others stack.",
        "combat::conditions::apply_condition",
        "opposites_cancel_on_contact",
    ),
    R::offered(
        "Conditions",
        (548, 548),
        "A condition lasts until the situation changes, an effect ends or a Saving Throw shakes \
         it off.",
        "Conditions pane: a duration in rounds, to the end of a turn or the round, until a \
         save, or until removed",
    ),
    R::applied(
        "Positive Conditions",
        (554, 554),
        "Bolstered: Soul Defense +3, Social checks Easy, one temporary momentum die.",
        "combat::effective::effective_defense",
        "bolstered_lends_a_die_and_takes_it_back_when_cancelled",
    ),
    R::applied(
        "Positive Conditions",
        (555, 555),
        "Empowered: Body Defense +3, Physical checks Easy.",
        "combat::effective::check_effects",
        "gfh_weakened_makes_physical_checks_hard_and_exposed_targets_easy",
    ),
    R::applied(
        "Positive Conditions",
        (556, 556),
        "Focused: Mind Defense +3, Mental checks Easy, a second Lock slot.",
        "combat::momentum::MomentumPool::open_lock_slots",
        "lock_slots_follow_focused_and_dazed",
    ),
    R::applied(
        "Positive Conditions",
        (557, 557),
        "Mobile: double Move.",
        "combat::conditions::effective_speed",
        "mobile_doubles_and_trapped_stops",
    ),
    R::applied(
        "Negative Conditions",
        (561, 561),
        "Shaken: Soul Defense −3, Social checks Hard, one momentum die out of play while it \
         lasts.",
        "combat::momentum::MomentumPool::set_aside_one",
        "shaken_sets_a_usable_die_aside_and_gives_it_back",
    ),
    R::applied(
        "Negative Conditions",
        (562, 562),
        "Weakened: Body Defense −3, Physical checks Hard.",
        "combat::effective::check_effects",
        "gfh_weakened_makes_physical_checks_hard_and_exposed_targets_easy",
    ),
    R::applied(
        "Negative Conditions",
        (563, 563),
        "Dazed: Mind Defense −3, Mental checks Hard, no Lock slot.",
        "combat::momentum::MomentumPool::open_lock_slots",
        "lock_slots_follow_focused_and_dazed",
    ),
    R::applied(
        "Negative Conditions",
        (564, 564),
        "Trapped: no Move.",
        "combat::conditions::effective_speed",
        "mobile_doubles_and_trapped_stops",
    ),
    R::offered(
        "Rules vs Ruling",
        (566, 572),
        "The GM may call any check Easy or Hard on the spot (smoke, high ground, a slick \
         floor) without a condition to track.",
        "Dice pane: Easy and Hard",
    ),
    R::applied(
        "Modifiers",
        (574, 580),
        "Bonuses or penalties to the same thing don't add: the highest counts; Easy and Hard \
         sit on top of any modifier.",
        "rules::go_forth_heroes::net_modifier",
        "modifiers_take_the_highest_not_the_sum",
    ),
    R::applied(
        "Modifiers",
        (576, 576),
        "Two sources of a Defense bonus give the higher, not the sum.",
        "combat::effective::effective_defense",
        "defenses_take_the_highest_not_the_sum",
    ),
    R::applied(
        "Debuffs",
        (582, 586),
        "Monsters take Debuffs, not conditions: Exposed makes every attack against it Easy.",
        "combat::action::target_conditions",
        "gfh_weakened_makes_physical_checks_hard_and_exposed_targets_easy",
    ),
    R::applied(
        "Debuffs",
        (587, 587),
        "Rattled: the monster's attacks are Hard.",
        "combat::action::actor_conditions",
        "gfh_weakened_makes_physical_checks_hard_and_exposed_targets_easy",
    ),
    R::applied(
        "Debuffs",
        (588, 590),
        "Pinned: no Move; Staggered: a Move or an Action, not both; Stunned: no acting this \
         round.",
        "combat::effective::economy_refusal",
        "stunned_stops_actions_and_staggered_allows_a_move_or_an_action",
    ),
    R::offered(
        "Debuffs",
        (592, 592),
        "Debuffs combine, and special abilities may add other effects.",
        "Conditions pane: several Debuffs at once, or a custom one by name",
    ),
    R::out_of_scope(
        "Building a Hero",
        (594, 656),
        "Origin, Physical Build and Lineage, with their attribute bonuses.",
        "character creation",
    ),
    R::offered(
        "Physical Build",
        (628, 644),
        "Builds and Lineages make tasks Easy: Swift's difficult terrain and balance, Small's \
         hiding, Hardy's poison, Blessed's fear, and a task of one's choosing.",
        "Dice pane: Easy",
    ),
    R::out_of_scope(
        "Personality",
        (658, 702),
        "Two personality traits, each +1 to an attribute.",
        "character creation (Inventive's once-a-session repeat is the GM's Easy reroll)",
    ),
    R::out_of_scope(
        "Assign Attributes",
        (704, 712),
        "Attributes start at 0, take 4 + 4 points, may drop to −2, none above +3.",
        "character creation (the Sheet pane takes any scores)",
    ),
    R::applied(
        "Roll & Effort Bonuses",
        (714, 723),
        "Neither +Roll nor +Effort goes past +5.",
        "rules::go_forth_heroes::GfhToken::roll_bonus",
        "gfh_sheet_derives_defenses_and_caps_roll_and_effort",
    ),
    R::applied(
        "Defenses",
        (725, 741),
        "Defenses are 10 + Might + Agility (Body), 10 + Instinct + Reason (Mind), 10 + \
         Presence + Vigor (Soul); an attacker rolls against them, the hero doesn't roll.",
        "rules::go_forth_heroes::GfhToken::defense",
        "defenses_are_ten_plus_pairs",
    ),
    R::offered(
        "Saving Throws",
        (747, 751),
        "The world's dangers call for a save: a check with the fitting attribute against the \
         TN.",
        "Dice pane: a check with the attribute against the TN (a check with no target)",
    ),
    R::out_of_scope(
        "Disciplines",
        (757, 847),
        "Advancement: Victories, Tiers and Arc Caps, Deeds and the levels' rewards.",
        "advancement between encounters",
    ),
    R::out_of_scope(
        "Disciplines & Gambits",
        (849, 866),
        "Disciplines are collections of gambits, each with its cost, check, effect, targets \
         and keywords.",
        "how gambits are written; each gambit has its own row below",
    ),
    R::applied(
        "Stamina vs Power",
        (868, 874),
        "Power can pay for Stamina, never the reverse.",
        "combat::momentum::MomentumPool::spend",
        "stamina_cannot_do_what_only_power_does",
    ),
    R::offered(
        "Checks & Failures",
        (876, 890),
        "A gambit's check uses the named attribute against the TN; on a failure it gives its \
         consolation, refunds its momentum, or spends it anyway as it says; Boosts still apply.",
        "Dice pane: the check; Momentum pane: the refund (the die moved back, or the step \
         undone)",
    ),
    R::applied(
        "Area of Effect & Range",
        (892, 902),
        "Ranges Self, Touch, Close, Nearby and Far.",
        "board::Scene::area_size_cells",
        "sizes_come_from_the_systems_bands",
    ),
    R::applied(
        "Targeting",
        (904, 908),
        "One target, several, or all in an area (cone, sphere, line).",
        "board::Scene::area_tokens",
        "an_aura_selects_close_allies_or_close_enemies",
    ),
    R::offered(
        "Upgrading Area",
        (910, 918),
        "More momentum may add targets, widen the area or extend the range, at the gambit's \
         cost.",
        AREA,
    ),
    R::offered(
        "Locking Dice",
        (920, 947),
        "A locked die sustains an effect: automatic, conditional, active (paid each round) or \
         passive (no Prepare); when it ends the die goes to Fatigue or Stamina as the gambit \
         says.",
        "Momentum pane: lock and release to Stamina or Fatigue; the GM keeps the sustain",
    ),
    R::offered(
        "Limitations",
        (949, 959),
        "One Limitation may cut a gambit's cost by 1 (Reckless: −5 to the check).",
        "Dice pane: the −5 as a modifier; Momentum pane: one die fewer spent",
    ),
    R::out_of_scope(
        "Starting Paths",
        (971, 993),
        "At first level choose a Path, two of its Disciplines and three gambits.",
        "character creation",
    ),
    // Path of the Fighter.
    g(
        "Battlecraft",
        1001,
        "War Stance: lock 1 Stamina for +2 Effort on each attack.",
        EFFORT,
    ),
    g(
        "Battlecraft",
        1002,
        "Brutal Efficiency: reroll 1s on attack Effort.",
        "Dice pane: the GM rerolls a 1 on the Effort die by hand",
    ),
    g(
        "Battlecraft",
        1003,
        "Cleave: 1 Power to attack every Close target.",
        AREA,
    ),
    g(
        "Grit",
        1009,
        "Thick Skinned: +2 Body Defense.",
        "Dice pane: the Defense TN edited (+2)",
    ),
    g(
        "Grit",
        1010,
        "Brace: lock 1 Stamina that soaks two Hits before going to Fatigue.",
        HITS,
    ),
    g(
        "Grit",
        1011,
        "Second Wind: 1 Power to Rally two Fatigue dice, as a free action.",
        MOMENTUM,
    ),
    g(
        "Bulwark",
        1017,
        "Taunt: lock 1 Stamina to make a Nearby enemy attack only the taunter.",
        "Conditions pane: a custom marker on the enemy; the GM keeps it to its target",
    ),
    g(
        "Bulwark",
        1018,
        "Intercept: when a Nearby ally is attacked, 1 Power to move in and take the attack.",
        "Initiative pane: the Reaction; map: the move; Dice pane: the attack turned on the \
         interceptor",
    ),
    g(
        "Bulwark",
        1019,
        "Shield Slam: while Guarding, 1 Stamina for a shield attack; the target then Moves or \
         Attacks, not both.",
        CONDITION,
    ),
    g(
        "Glory",
        1025,
        "Athletic Prowess: push, pull, jump and climb are Easy.",
        "Dice pane: Easy",
    ),
    g(
        "Glory",
        1026,
        "Legend's Fire: lock 1 Power for Empowered until Hit or an Action fails.",
        CONDITION,
    ),
    g(
        "Glory",
        1027,
        "Relentless: eliminating a Heart, 1 Stamina buys another Action.",
        "Momentum pane: Extra Action",
    ),
    // Path of the Rogue.
    g(
        "Opportunist",
        1035,
        "Exploit Weakness: against an Exposed target or from hiding, the Effort die is a d10.",
        "Dice pane: the Effort die",
    ),
    g(
        "Opportunist",
        1036,
        "Backstab: an Exposed target or an Easy attack, 1 Power for 2d10 Effort.",
        EFFORT,
    ),
    g(
        "Opportunist",
        1037,
        "Setup Strike: 1 Stamina, normal damage, and on a hit the target is Exposed and the \
         next attack on it Easy.",
        CONDITION,
    ),
    g(
        "Opportunist",
        1038,
        "Twist the Knife: a Graze on an Exposed target doubles the damage modifier.",
        EFFORT,
    ),
    g(
        "Uncanny Mobility",
        1044,
        "Nimble: acrobatic checks are Easy.",
        "Dice pane: Easy",
    ),
    g(
        "Uncanny Mobility",
        1045,
        "Evasion: lock 1 Power to avoid a Hit, back to Stamina at the next Prepare.",
        HITS,
    ),
    g(
        "Uncanny Mobility",
        1046,
        "Burst of Speed: 1 Stamina per extra Move.",
        "Momentum pane: the die spent; Initiative pane: +1 move",
    ),
    g(
        "Uncanny Mobility",
        1047,
        "Unhindered: difficult terrain costs nothing extra and the hero can't be Trapped.",
        "Map: the move dragged with Alt (the GM's override) past difficult terrain; \
         Conditions pane: Trapped refused by the GM",
    ),
    g(
        "Tricks & Subterfuge",
        1053,
        "Deft Hands: sleight of hand, picking pockets and disarming traps are Easy.",
        "Dice pane: Easy",
    ),
    g(
        "Tricks & Subterfuge",
        1054,
        "Dirty Trick: 1 Stamina, the next action this turn is Easy and the target Distracted \
         to the round's end.",
        CONDITION,
    ),
    g(
        "Tricks & Subterfuge",
        1055,
        "Misdirect: 1 Power when a Close ally is attacked; the attacker rolls again and keeps \
         the lower.",
        "Dice pane: the attack rolled again, the lower kept by the GM",
    ),
    // Path of the Priest.
    g(
        "Charisma",
        1063,
        "Charlatan: lying, fast talk and reading people are Easy; lies are known.",
        "Dice pane: Easy",
    ),
    g(
        "Charisma",
        1064,
        "Cutting Words: as a Reaction when an enemy attacks, 1 Power to Stamina takes 3 off the \
         attack (6 if Rattled).",
        "Dice pane: a −3 (−6) modifier on the attack; Momentum pane: the die moved",
    ),
    g(
        "Charisma",
        1065,
        "Fascinating Presence: lock 1 die; one target who hears is Rattled and Distracted until \
         attacked or the priest is Shaken or Dazed.",
        CONDITION,
    ),
    g(
        "Healing",
        1071,
        "Shield of Faith: a Rallied ally is also Protected until the priest's next turn.",
        CONDITION,
    ),
    g(
        "Healing",
        1072,
        "Heal: lock 1 Power, a touched Close ally recovers 2 Fatigue.",
        MOMENTUM,
    ),
    g(
        "Healing",
        1073,
        "Cleanse: 2 Power, one negative condition off a Close ally.",
        "Conditions pane: the condition removed; Momentum pane: the dice spent",
    ),
    g(
        "Healing",
        1074,
        "Wellspring: lock 1 die; each turn a Close ally Rallies a die for free.",
        MOMENTUM,
    ),
    g(
        "Commanding",
        1080,
        "Aura of Morale: Close allies' rolls against Soul Defense are Easy.",
        "Dice pane: Easy",
    ),
    g(
        "Commanding",
        1081,
        "Blessing: 1 Stamina, a Close ally's next Action is Easy.",
        "Initiative pane: Help ▶ the ally (its next roll is Easy)",
    ),
    x(
        "Commanding",
        1082,
        "Diplomacy: courtly conversation is Easy.",
        NOT_A_FIGHT,
    ),
    g(
        "Commanding",
        1083,
        "Bolstering Word: 1 Stamina, a Close ally is Favored on its next Action.",
        "Dice pane: Easy (the text defines no Favored; Lantern reads it as Easy)",
    ),
    g(
        "Commanding",
        1084,
        "Pain into Purpose: on a Hit, 1 Power to Stamina and a die into Building.",
        MOMENTUM,
    ),
    // Path of the Mage.
    g(
        "Divine Wards",
        1092,
        "Sacred Ward: lock 1 Power, the priest or a Close ally gets +3 to a chosen Defense.",
        "Dice pane: the Defense TN edited (+3); Momentum pane: the lock",
    ),
    g(
        "Divine Wards",
        1093,
        "Sanctuary: 1 Stamina, a touched ally can't be targeted by direct attacks until it \
         attacks.",
        "Conditions pane: a custom marker; the GM refuses the attacks",
    ),
    g(
        "Divine Wards",
        1094,
        "Holy Rampart: 2 Power, a barrier at Close that blocks sight and gives Cover, 3 Hits.",
        TERRAIN,
    ),
    g(
        "Divine Wards",
        1095,
        "Turn Undead: Close undead and fiends are Rattled; 1 Power destroys one undead or fiend \
         Heart.",
        "Conditions pane: Rattled; Trackers pane: a Heart removed",
    ),
    g(
        "Divine Wrath",
        1101,
        "Holy Vengeance: +2 Effort against undead, fiends and creatures of darkness.",
        EFFORT,
    ),
    R::applied(
        "Divine Wrath",
        (1102, 1102),
        "Sacred Flame: 1 Power, a Nearby ranged attack with Presence and d12 Effort; the target \
         loses any Cover.",
        "combat::action::cover_lost",
        "gfh_sacred_flame_takes_the_targets_cover_away",
    ),
    g(
        "Divine Wrath",
        1103,
        "Smite: on a melee hit, 1–3 Power for +1d8 Effort each.",
        EFFORT,
    ),
    g(
        "Divine Wrath",
        1104,
        "Spiritual Weapon: lock 1 Power; a spectral weapon attacks a Close target once a round \
         for d6 Effort with Presence.",
        "Map: a token for the weapon; Dice pane: its attack",
    ),
    g(
        "Divination",
        1110,
        "Divine Sense: senses magic, undead or celestials within Nearby.",
        "the GM tells it; the Area tool's Nearby sphere shows the reach",
    ),
    g(
        "Divination",
        1111,
        "Guidance: as a Reaction, a momentum die rolled onto an ally's check.",
        "Dice pane: Boost with another hero's Power (Building dice of other heroes too)",
    ),
    x(
        "Divination",
        1112,
        "Commune: 1 Power, one yes-or-no question the GM answers truly.",
        NOT_A_FIGHT,
    ),
    g(
        "Divination",
        1113,
        "Foresight: lock 1 die; each round the GM rolls an enemy's Tactics Dice for the priest \
         to see.",
        "the GM's Tactics Dice, rolled in the Dice pane's expression",
    ),
    x(
        "Cantrips",
        1119,
        "Prestidigitation: small magical effects at will.",
        NOT_A_FIGHT,
    ),
    g(
        "Cantrips",
        1120,
        "Mage Hand: lock 1 Stamina, an invisible force moves objects within Nearby.",
        MAP,
    ),
    g(
        "Cantrips",
        1121,
        "Arcane Key: 1 Stamina, lock or unlock a door or chest at Close range.",
        "Map: a click on the door opens or closes it",
    ),
    g(
        "Cantrips",
        1122,
        "Arcane Eye: lock 1 Power, an invisible sensor within Far to see through.",
        "Map: a GM-only token for the eye; the players' window shows what the party sees",
    ),
    g(
        "Preparedness",
        1128,
        "Contingency: once a scene, any spell cast as a Reaction.",
        "Initiative pane: the Reaction",
    ),
    g(
        "Preparedness",
        1129,
        "Ritual Casting: give up an Action to cast next turn without the Power cost.",
        "Initiative pane: the Action spent; Momentum pane: nothing paid",
    ),
    g(
        "Preparedness",
        1130,
        "Spell Components: once a turn a Gear Slot pays as Power or Stamina.",
        "Momentum pane: the die paid from outside the pool (the GM's edit)",
    ),
    x(
        "Scholars of Knowledge",
        1136,
        "Lorekeeper: lore, identifying spells and arcane texts are Easy.",
        NOT_A_FIGHT,
    ),
    x(
        "Scholars of Knowledge",
        1137,
        "Identify: 1 Stamina, learn a touched object's or creature's magic and history.",
        NOT_A_FIGHT,
    ),
    g(
        "Scholars of Knowledge",
        1138,
        "Foe Archives: 1 Stamina, the scholar or an ally is Favored against an enemy this \
         round.",
        "Dice pane: Easy",
    ),
    g(
        "Spell Shaping",
        1144,
        "Swift Spell: one spell as a Free Action for an extra Power.",
        "Momentum pane: the extra die; the Action kept",
    ),
    g(
        "Spell Shaping",
        1145,
        "Sculpt Spell: 1 momentum to reshape a spell and leave out up to Reason creatures.",
        "Area tool: the area drawn and turned; its Targets list unticked for those left out",
    ),
    g(
        "Spell Shaping",
        1146,
        "Efficient Casting: a maximum on a spell's Effort die Rallies at once.",
        MOMENTUM,
    ),
    g(
        "Spell Shaping",
        1147,
        "Extend Spell: 1 momentum changes a spell's range.",
        AREA,
    ),
    g(
        "Battlefield Control",
        1153,
        "Grease: a Nearby area of slippery ground; inside, half speed and Hard attacks.",
        "Map: difficult-terrain cells (double cost); Dice pane: Hard",
    ),
    g(
        "Battlefield Control",
        1154,
        "Hold: lock 1 Power and a Reason check; success Stuns (sustained with Power), failure \
         Pins.",
        CONDITION,
    ),
    g(
        "Battlefield Control",
        1155,
        "Fog Cloud: lock 1 die; creatures in a Nearby area of fog have Cover from those outside.",
        "Area tool: the fog kept on the map; Dice pane: Hard for the cover",
    ),
    g(
        "Battlefield Control",
        1156,
        "Counterspell: as a Reaction, 1 Power and a Reason check negate a Nearby spell.",
        "Initiative pane: the Reaction; Dice pane: the Reason check",
    ),
    g(
        "Battle Magic",
        1162,
        "Arcane Bolt: 1 Power, a Nearby ranged attack for 2d6 Effort.",
        EFFORT,
    ),
    g(
        "Battle Magic",
        1163,
        "Magic Missile: 1 Stamina, an automatic hit at Far for 1d4 + Reason Effort, more \
         missiles for Power.",
        "Trackers pane: the Effort applied to the Hearts; Momentum pane: the dice",
    ),
    g(
        "Battle Magic",
        1164,
        "Elemental Blast: 1 Power, a Close cone for d10 Effort.",
        AREA,
    ),
    g(
        "Battle Magic",
        1165,
        "Sustained Infliction: lock 1 after a spell; the target takes 1d4 Effort at the start \
         of each of its turns.",
        "Area tool: an aura on the target with 1d4 at the start of its turn, offered each turn",
    ),
    // Shared Disciplines.
    x(
        "Alteration",
        1173,
        "Malleable: small changes to touched objects.",
        NOT_A_FIGHT,
    ),
    g(
        "Alteration",
        1174,
        "Enlarge/Reduce: a creature doubles or halves in size for the encounter, Empowered and \
         Vulnerable or Protected and Weakened.",
        "Sheet: the token's size; Conditions pane: the conditions",
    ),
    g(
        "Alteration",
        1175,
        "Polymorph: 2 Power, lock 1, a Reason check turns a Nearby creature into a harmless \
         animal until damaged.",
        CONDITION,
    ),
    x(
        "Alteration",
        1176,
        "Transmuter's Eye: sees through illusions and disguises.",
        NOT_A_FIGHT,
    ),
    g(
        "Alteration",
        1177,
        "Reshape Matter: lock 1 Power, slowly reshape 3 cubic feet of touched matter.",
        TERRAIN,
    ),
    g(
        "Alteration",
        1178,
        "Primal Form: lock 2 Power, skip Prepare; flight, water breathing, darkvision, \
         climbing, keen senses or d8 claws.",
        "Sheet: darkvision in the token's senses, an attack for the claws; the rest narrated",
    ),
    g(
        "Berserker",
        1184,
        "Rage: when attacked, lock 1 Stamina; its roll is +Effort and −Body Defense.",
        "Dice pane: the Effort and the Defense TN edited",
    ),
    g(
        "Berserker",
        1185,
        "Overkill: Effort past a Heart carries to the next.",
        "Trackers pane: Overkill when applying Effort to Hearts",
    ),
    g(
        "Berserker",
        1186,
        "Fury: each Fatigue die steps the weapon's Effort die up, to d12.",
        "Dice pane: the Effort die",
    ),
    g(
        "Berserker",
        1187,
        "Reckless Attack: the attack is Easy, the berserker Vulnerable until its next turn.",
        CONDITION,
    ),
    g(
        "Berserker",
        1188,
        "Unstoppable: once an encounter, Hits from an attack become as many Prepares.",
        MOMENTUM,
    ),
    g(
        "Berserker",
        1189,
        "Dig Deep: Fatigue dice spend as Power, each with a Wound.",
        "Momentum pane: the die; Trackers pane: the Wound",
    ),
    g(
        "Binder",
        1195,
        "Shared Burden: lock 1 Power; Close allies share out the Hits they take.",
        HITS,
    ),
    g(
        "Binder",
        1196,
        "Snaring Ground: 1 Power, enemies Close to a Nearby spot are Pinned to the turn's end.",
        "Area tool: the Close sphere's enemies; Conditions pane: Pinned",
    ),
    x(
        "Binder",
        1197,
        "Linked Senses: share a willing ally's senses for the encounter.",
        OFF_MAP,
    ),
    g(
        "Binder",
        1198,
        "Rooted Reflex: 1 Stamina, an attacker is Pinned to the end of the binder's next turn \
         and the next attack on it is Favored.",
        CONDITION,
    ),
    g(
        "Binder",
        1199,
        "Bound Grip: can't be disarmed; actions that need grip are Easy.",
        "Dice pane: Easy",
    ),
    g(
        "Binder",
        1200,
        "Soul Link: lock 1 Power, an Instinct check; Effort dealt to one of two Close enemies \
         is dealt to the other.",
        "Trackers pane: the same Effort applied to both",
    ),
    g(
        "Blaster",
        1206,
        "Potent Magic: magical attacks +2 Effort.",
        EFFORT,
    ),
    g(
        "Blaster",
        1207,
        "Overcharge: Power dice Boosting a roll explode on a 6.",
        "Dice pane: the expression roller (d6!) for the Boost",
    ),
    g(
        "Blaster",
        1208,
        "Chain Spell: on a hit, 1 Stamina chains the spell to another target Close to the \
         first.",
        "Dice pane: a second attack on the next target",
    ),
    g(
        "Blaster",
        1209,
        "Gathering Power: lock 1 Power a turn, release all for +5 Effort each on one spell.",
        EFFORT,
    ),
    g(
        "Blaster",
        1210,
        "Greater Sculpt: 1 momentum to reshape a spell and leave out anyone.",
        "Area tool: the Targets list unticked for those left out",
    ),
    g(
        "Blaster",
        1211,
        "Full Unleash: 3 Power, 3d12 Effort with Overkill to all in a Nearby area, leaving \
         difficult terrain.",
        "Area tool and Dice pane; Map: difficult-terrain cells painted after",
    ),
    g(
        "Body",
        1217,
        "Technique: hands and feet deal d8 Effort, with Intuition as the melee attribute.",
        "Sheet pane: an unarmed attack with d8 and the attribute",
    ),
    g(
        "Body",
        1218,
        "Flowing Hands: a Power-bought extra Attack also moves 1 Stamina to Power.",
        MOMENTUM,
    ),
    x(
        "Body",
        1219,
        "Healing Breath: after a long rest a Wound drops a tier.",
        "recovery between encounters",
    ),
    g(
        "Body",
        1220,
        "Balanced Essence: +1 to all three Defenses.",
        "Dice pane: the Defense TN edited (+1)",
    ),
    g(
        "Body",
        1221,
        "Honed Instincts: Intuition may replace Might, Finesse or Agility on saves.",
        "Dice pane: the attribute of the save",
    ),
    g(
        "Body",
        1222,
        "Shattering Palm: 2 Power; a hit makes Fortified Hearts normal and destroys Shields.",
        "Trackers pane: Fortified and Shield cleared on the Hearts",
    ),
    x(
        "Body",
        1223,
        "At Peace: Presence checks conveying peaceful intent are Easy.",
        NOT_A_FIGHT,
    ),
    g(
        "Camaraderie",
        1229,
        "Bonded: lock 1 die; one ally becomes Bonded for the encounter.",
        "Conditions pane: a custom marker on the ally",
    ),
    g(
        "Camaraderie",
        1230,
        "Brothers in Arms: when the Bonded attacks the hero's Engaged target, 1 Stamina Boosts \
         its Effort.",
        "Dice pane: Boost with another hero's die",
    ),
    g(
        "Camaraderie",
        1231,
        "Got Your Back: when the Close Bonded is hit, the Bonded die adds to its Defense, then \
         goes to Fatigue.",
        "Dice pane: the Defense TN edited; Momentum pane: the die",
    ),
    g(
        "Camaraderie",
        1232,
        "Shared Triumph: when the Bonded ends an enemy's Heart, the hero is Favored next \
         action.",
        "Dice pane: Easy",
    ),
    g(
        "Camaraderie",
        1233,
        "Shared Stride: the hero and the Bonded pool their Moves each round.",
        "Initiative pane: +1 move on one, the other's left unspent",
    ),
    g(
        "Camaraderie",
        1234,
        "Inspiring Sacrifice: take an extra Hit; Close allies are Bolstered for the round.",
        "Area tool: the Close allies; Conditions pane: Bolstered to the round's end",
    ),
    g(
        "Clairvoyance",
        1240,
        "Sixth Sense: saves are Easy while the hero has Stamina.",
        "Dice pane: Easy",
    ),
    x(
        "Clairvoyance",
        1241,
        "Precognition: 2 Power, learn one thing of the next hour.",
        NOT_A_FIGHT,
    ),
    x(
        "Clairvoyance",
        1242,
        "Object Reading: 1 Stamina, a touched object's last owner and emotion.",
        NOT_A_FIGHT,
    ),
    g(
        "Clairvoyance",
        1243,
        "Future Sight: lock 1 die; once a round any one die is rerolled, the second kept.",
        "Dice pane: the die rolled again by the GM",
    ),
    x(
        "Clairvoyance",
        1244,
        "Vision: 4 Power, a symbolic but true vision.",
        NOT_A_FIGHT,
    ),
    g(
        "Clairvoyance",
        1245,
        "Read Intent: 1 Stamina, learn whether a creature is hostile, deceptive, neutral or \
         friendly.",
        "the GM tells it",
    ),
    g(
        "Commander",
        1251,
        "Tactical Mind: 1 Stamina marks a Nearby spot; the first ally acting from it is \
         Favored.",
        "Map: a note on the spot; Dice pane: Easy",
    ),
    g(
        "Commander",
        1252,
        "Direct: when the commander Guards, a Nearby ally Moves or Rallies at once.",
        "Initiative pane: Guard, then the ally moved or Rallied out of turn",
    ),
    g(
        "Commander",
        1253,
        "Coordinated Strike: 1 Power, an ally attacks the commander's last target at once.",
        "Initiative pane: the Reaction; Dice pane: the ally's attack",
    ),
    g(
        "Commander",
        1254,
        "Inspiring Presence: with 3+ Power dice, Close allies act at Easy.",
        "Dice pane: Easy",
    ),
    g(
        "Commander",
        1255,
        "Battle Plan: moving Power to Building, Gear Slots marked add temporary momentum to \
         Building.",
        MOMENTUM,
    ),
    g(
        "Commander",
        1256,
        "Rally the Troops: 3 Power, every ally Moves and makes a basic attack.",
        "Map and Dice pane: each ally's move and attack in turn",
    ),
    g(
        "Concealment",
        1262,
        "Blend In: unnoticed in a crowd; hiding from searchers is Easy.",
        "Dice pane: Easy; Map: the token made GM-only while hidden",
    ),
    x(
        "Concealment",
        1263,
        "Smuggle: 1 Stamina, an object hidden from normal searches.",
        NOT_A_FIGHT,
    ),
    g(
        "Concealment",
        1264,
        "Veil: lock 2; a Nearby area looks like empty ground while locked.",
        "Map: tokens in it made GM-only for the players' window",
    ),
    x(
        "Concealment",
        1265,
        "Disguise: lock 1 die, a changed appearance for the encounter.",
        NOT_A_FIGHT,
    ),
    g(
        "Concealment",
        1266,
        "Vanishing Act: as a Reaction on a Hit, 1 Power for invisibility to the end of the next \
         turn.",
        "Map: the token made GM-only; Conditions pane: a custom Invisible marker",
    ),
    g(
        "Concealment",
        1267,
        "Cloak Ally: 1 Power, a Close ally invisible until its next turn ends or it attacks.",
        "Map: the token made GM-only; Conditions pane: a custom Invisible marker",
    ),
    g(
        "Conjuration",
        1273,
        "Minor Summoning: a Power die becomes a creature acting on the summoner's turn; its \
         roll is Effort on a Close target.",
        "Map: a token for the summon; Trackers pane: the Effort applied",
    ),
    g(
        "Conjuration",
        1274,
        "Greater Summoning: lock 1 and a Power die; it acts on the summoner's turn for the \
         die +3 Effort; forgo Prepare to keep it.",
        "Map: a token for the summon; Trackers pane: the Effort applied",
    ),
    g(
        "Conjuration",
        1275,
        "Detonate: 1 Power, the summon explodes for 3× its die as Effort to all Close.",
        AREA,
    ),
    g(
        "Conjuration",
        1276,
        "Summoner's Aura: lock 1 die; allies Close to the summon are Favored or Protected.",
        "Area tool: an aura on the summon; Conditions pane: the condition",
    ),
    g(
        "Conjuration",
        1277,
        "Conjure Wall: 2 Power, a Close-long wall at Nearby range that blocks sight and \
         movement, 3 Hits.",
        TERRAIN,
    ),
    x(
        "Conjuration",
        1278,
        "Conjure Supply: 1 Stamina restores a Gear slot.",
        "Lantern keeps no gear slots",
    ),
    g(
        "Diplomat",
        1284,
        "Parley: 2 Power pauses the encounter while the diplomat speaks.",
        "Initiative pane: the fight paused (no turn taken) by the GM",
    ),
    g(
        "Diplomat",
        1285,
        "Deflecting Remark: as a Reaction, 1 Power takes the diplomat's Presence off an \
         enemy's attack roll.",
        "Dice pane: the modifier on the attack",
    ),
    x(
        "Diplomat",
        1286,
        "Know Your Audience: Guile and Presence checks are Easy.",
        NOT_A_FIGHT,
    ),
    x(
        "Diplomat",
        1287,
        "Silver Words: 1 Stamina, a Close ally rerolls a failed Presence or Guile check.",
        NOT_A_FIGHT,
    ),
    g(
        "Diplomat",
        1288,
        "Denouncement: 1 Power and a Presence check; a Nearby enemy is Rattled, or Stunned to \
         its next turn's end if it already was.",
        CONDITION,
    ),
    g(
        "Diplomat",
        1289,
        "Hold Court: lock 1 Power; Close enemies who hear can't act hostile while it lasts.",
        "Conditions pane: a custom marker on them",
    ),
    g(
        "Duelist",
        1295,
        "Blade Dance: Engaged with exactly one enemy, melee attacks on it are Easy.",
        "Dice pane: Easy",
    ),
    g(
        "Duelist",
        1296,
        "Feint: as a Reaction, 1 Power; the Engaged attacker becomes Exposed and one Hit is \
         negated.",
        "Conditions pane: Exposed; Momentum pane: the Hit refused",
    ),
    g(
        "Duelist",
        1297,
        "Riposte: when an enemy's melee attack misses, 1 Stamina for a melee attack.",
        "Initiative pane: the Reaction; Dice pane: the attack",
    ),
    g(
        "Duelist",
        1298,
        "Studied Opponent: lock a die on an Engaged enemy, its face rising each turn, added as \
         Effort against it.",
        EFFORT,
    ),
    g(
        "Duelist",
        1299,
        "Measured Threat: lock 1; the Engaged target can't Move without a free attack from the \
         duelist.",
        "Dice pane: the free attack when it moves away",
    ),
    g(
        "Duelist",
        1300,
        "Coup de Grâce: 2 Power, attack the Engaged target; +2d8 Effort with Overkill if \
         Exposed.",
        EFFORT,
    ),
    g(
        "Elementalist",
        1306,
        "Choose an element (Air, Earth, Fire, Water); some gambits follow it; attuned elements \
         switch as a Free Action.",
        "the GM notes the element (Trackers pane notes)",
    ),
    g(
        "Elementalist",
        1308,
        "Elemental Weapon: immune to the element's environmental damage; weapon attacks +3 \
         Effort of it.",
        EFFORT,
    ),
    g(
        "Elementalist",
        1309,
        "Bolt: 1 Stamina, a Nearby ranged attack for d10 (2d6 if Exposed).",
        EFFORT,
    ),
    g(
        "Elementalist",
        1310,
        "Volatile: taking elemental damage, 1 Stamina to Power, and Focused if it matches.",
        CONDITION,
    ),
    R::applied(
        "Elementalist",
        (1311, 1315),
        "Elemental Aura: lock 1; Fire, creatures starting their turn Close take 1d6; Air, \
         Close allies Mobile and Close enemies Rattled; Water, Close allies Bolstered and \
         enemies starting their turn Engaged Staggered; Earth, +3 Body Defense and a Reason \
         check to Pin Close movers.",
        "combat::aura::presets",
        "a_condition_aura_gives_each_ally_the_condition_for_its_turn",
    ),
    g(
        "Elementalist",
        1316,
        "Burst: 2 Power, 2d8 Effort to all in a Close area, with the element's rider (pushed \
         Far and Rattled, Pinned, exploding dice, Exposed).",
        AREA,
    ),
    g(
        "Elementalist",
        1321,
        "Become the Element: lock 1 die; immune, moving through the element, +5 elemental \
         Effort, and the element's gift (flight, +5 Body Defense, 1d8 back to melee \
         attackers, passing through enemies).",
        EFFORT,
    ),
    g(
        "Elementalist",
        1326,
        "Conduit of Fury: 2 Power, a Nearby ranged attack for 3d8; removing a Heart adds the \
         element's rider.",
        EFFORT,
    ),
    g(
        "Force Magic",
        1336,
        "Force Bolt: 1 Power, a Nearby ranged attack for d10, the target pushed a band.",
        "Dice pane: the attack; Map: the target dragged a band away",
    ),
    g(
        "Force Magic",
        1337,
        "Force Shove: 1 Power, a Nearby creature pushed a band and Pinned to its next turn's \
         end.",
        "Map: the push; Conditions pane: Pinned",
    ),
    g(
        "Force Magic",
        1338,
        "Hurl: 1 Power, a Close object or creature thrown at a Nearby target; both take d10.",
        EFFORT,
    ),
    g(
        "Force Magic",
        1339,
        "Force Shield: as a Reaction, 1 Power to Stamina negates a Hit and pushes the attacker \
         to Nearby.",
        "Momentum pane: the Hit refused; Map: the push",
    ),
    g(
        "Force Magic",
        1340,
        "Telekinetic Grip: lock 1; the target is Pinned and takes 1d4 each turn; no Prepare.",
        "Conditions pane: Pinned; Area tool: an aura with 1d4 at its turn",
    ),
    g(
        "Force Magic",
        1341,
        "Shockwave: 2 Power, Close creatures take d10, are pushed to Nearby and Rattled.",
        AREA,
    ),
    g(
        "Friend / Companion",
        1347,
        "A companion animal: 10 in every Defense, 3 Hits before it falls; 1 Stamina restores a \
         Hit while Close.",
        "Map: a token for it with its sheet; Dice pane: attacks on it",
    ),
    g(
        "Friend / Companion",
        1350,
        "Command Companion: it attacks (d6), Guards or Helps a Close ally as a Reaction.",
        "Initiative pane: the Reaction; Dice pane: its attack; Guard and Help",
    ),
    g(
        "Friend / Companion",
        1351,
        "Defensive Stance: lock 1, the companion stays Close; attacks on the hero are Hard.",
        "Dice pane: Hard",
    ),
    g(
        "Friend / Companion",
        1352,
        "Hunting Stance: lock 1; it acts within Nearby and attacks whatever the hero attacks.",
        "Dice pane: its attack after the hero's",
    ),
    g(
        "Friend / Companion",
        1353,
        "Coordinated Pounce: 1 Power, it attacks; the target is Exposed and Pinned.",
        CONDITION,
    ),
    g(
        "Friend / Companion",
        1354,
        "Fierce Companion: d8 Effort, Body Defense 12, 5 Hits.",
        "Sheet pane: the companion's numbers",
    ),
    g(
        "Friend / Companion",
        1355,
        "Animal Trait: winged, aquatic, climber, burrower, keen senses, venomous (Exposed on a \
         hit), camouflage or thick hide (+1 Defenses).",
        "Conditions pane and Dice pane as the trait says",
    ),
    g(
        "Harm",
        1369,
        "While a Harm lock is active: −2 Soul Defense and no Rally.",
        "Dice pane: the Defense TN edited; the GM refuses the Rally",
    ),
    R::applied(
        "Harm",
        (1370, 1370),
        "Aura of Agony: lock 1 Power; Close enemies take 1d4 Effort at the end of the hero's \
         turn.",
        "combat::aura::offers_at",
        "aura_of_agony_is_offered_at_the_end_of_its_owners_turn_and_applies_as_one_step",
    ),
    g(
        "Harm",
        1371,
        "Curse of Weakness: lock 1 Power; the target is Staggered; no Prepare to keep it.",
        CONDITION,
    ),
    g(
        "Harm",
        1372,
        "Pain Transference: lock 1 Power; a Hit on the hero costs the attacker its Presence \
         Effort modifier.",
        "Trackers pane: the Effort applied to the attacker",
    ),
    g("Harm", 1373, "Inflict Wound: 1 Power, 2d10 Effort.", EFFORT),
    g(
        "Harm",
        1374,
        "Blood Price: rolling a Harm gambit's Effort, roll for a Wound to double it.",
        "Trackers pane: the Wound; Dice pane: Apply's Effort doubled",
    ),
    g(
        "Hunter",
        1380,
        "Quarry: lock 1; +2 Effort against the marked enemy until it dies.",
        EFFORT,
    ),
    g(
        "Hunter",
        1381,
        "Know thy Prey: the Quarry's Breaking Point is known.",
        "Trackers pane: its Breaking Point shown to the GM",
    ),
    g(
        "Hunter",
        1382,
        "Relentless Pursuit: a Move toward the Quarry doubles; attacks on the hunter are Hard \
         meanwhile.",
        "Initiative pane: +1 move; Dice pane: Hard",
    ),
    g(
        "Hunter",
        1383,
        "Patient Hunter: a turn without attacking makes the next attack on the Quarry Easy and \
         +d8 Effort.",
        EFFORT,
    ),
    g(
        "Hunter",
        1384,
        "Bleeding Wound: 1 Power; on a hit the Quarry is Exposed and takes 1d6 at the start of \
         its turns until it tends it.",
        "Conditions pane: Exposed; Area tool: an aura with 1d6 at its turn",
    ),
    g(
        "Hunter",
        1385,
        "Final Hunt: on the Quarry's last Heart, the Effort die is a d12.",
        "Dice pane: the Effort die",
    ),
    x(
        "Impersonation",
        1391,
        "Assume Role: lock 1, become a person or role; keeping it up is an Easy Guile check.",
        NOT_A_FIGHT,
    ),
    g(
        "Impersonation",
        1392,
        "Threatening Presence: lock 1 Power; enemies attack at Hard.",
        "Dice pane: Hard",
    ),
    x(
        "Impersonation",
        1393,
        "Trusted Confidant: NPCs speak freely to the assumed role.",
        NOT_A_FIGHT,
    ),
    g(
        "Impersonation",
        1394,
        "Betrayal Strike: 1 Power, an Easy attack on someone who trusts the role, +1d12 Effort.",
        EFFORT,
    ),
    g(
        "Impersonation",
        1395,
        "Command the Enemy: 2 Power, all Close and Nearby enemies are Staggered.",
        "Area tool: the enemies inside; Conditions pane: Staggered",
    ),
    g(
        "Impersonation",
        1396,
        "Method Acting: 1 Stamina, the GM rolls an enemy's Tactics Die now.",
        "the GM's Tactics Die, rolled in the Dice pane's expression",
    ),
    x(
        "Investigation",
        1402,
        "Lie Detection: knows a direct lie.",
        NOT_A_FIGHT,
    ),
    x(
        "Investigation",
        1403,
        "Eye for Detail: the GM gives a hidden detail of a scene.",
        NOT_A_FIGHT,
    ),
    g(
        "Investigation",
        1404,
        "Build a Case: lock 1 set to 1, rising each turn (or for Stamina), added once a round \
         to a check.",
        "Dice pane: the value as a modifier",
    ),
    x(
        "Investigation",
        1405,
        "Inquisitor's Gaze: lock 1 Power, see through illusions and disguises.",
        NOT_A_FIGHT,
    ),
    g(
        "Investigation",
        1406,
        "Share Analysis: the Build a Case value added to an ally's attack.",
        "Dice pane: the modifier",
    ),
    g(
        "Investigation",
        1407,
        "Under Scrutiny: the Build a Case value taken off an enemy's attack.",
        "Dice pane: the modifier",
    ),
    g(
        "Invocation",
        1413,
        "A Domain's gambits: Tier 1 for 3 Power; Tier 2 for a Soul Wound, only with every die in \
         Power or Fatigue.",
        "Momentum pane: the dice; Trackers pane: the Wound",
    ),
    g(
        "War (Opposed: Peace)",
        1422,
        "Warrior's Blessing: the hero and Close allies +2d6 Effort on every attack; a kill \
         Empowers for a round.",
        EFFORT,
    ),
    g(
        "War (Opposed: Peace)",
        1423,
        "Avatar of War: +2d12 Effort on attacks; immune to Trapped and Weakened.",
        EFFORT,
    ),
    g(
        "Peace (Opposed: War)",
        1427,
        "Aura of Peace: enemies coming Close become Staggered and Exposed.",
        "Area tool: an aura on the hero; Conditions pane: Staggered and Exposed",
    ),
    g(
        "Peace (Opposed: War)",
        1428,
        "Sanctuary of Peace: no attacks within Close; an attempt Stuns the attacker.",
        "Area tool: an aura on the hero; Conditions pane: Stunned",
    ),
    R::applied(
        "Death (Opposed: Life)",
        (1432, 1432),
        "Aura of Death: enemies within Close take 1d6 Effort at the start of each of their \
         turns.",
        "combat::aura::offers_at",
        "aura_of_death_waits_for_each_enemys_own_turn",
    ),
    g(
        "Death (Opposed: Life)",
        1433,
        "Soul Severance: a divine attack whose Effort lowers the Breaking Point, not the Hearts.",
        "Trackers pane: the Breaking Point edited",
    ),
    g(
        "Life (Opposed: Death)",
        1437,
        "Blessing of Life: at the start of the hero's turn a Close ally Rallies.",
        MOMENTUM,
    ),
    g(
        "Life (Opposed: Death)",
        1438,
        "Life Surge: a touched ally's Fatigue all moves to Stamina.",
        MOMENTUM,
    ),
    g(
        "Order (Opposed: Chaos)",
        1442,
        "Blessing of Order: within Close every TN and Defense is 12, without Easy or Hard.",
        "Dice pane: TN 12 and Easy and Hard cleared",
    ),
    g(
        "Order (Opposed: Chaos)",
        1443,
        "Absolute Law: for the round, Nearby enemies can't Move, or can't Attack.",
        "Conditions pane: Pinned, or a custom marker, to the round's end",
    ),
    g(
        "Chaos (Opposed: Order)",
        1447,
        "Aura of Chaos: dice Close and Nearby explode on their maximum; an enemy's 20 adds a \
         Tactics Die.",
        "Dice pane: the expression roller with exploding dice",
    ),
    g(
        "Chaos (Opposed: Order)",
        1448,
        "Entropy: everything Close rolls 1d6; on 4–6 it loses a Heart or a momentum die.",
        "Area tool: the Close burst's targets; Trackers and Momentum panes by hand",
    ),
    g(
        "Dark (Opposed: Light)",
        1452,
        "Blessing of Shadow: the hero and Close allies shrouded, attacks on them Hard, Close \
         enemies Rattled.",
        "Area tool: From the text… Blessing of Shadow (Close enemies Rattled each turn); \
         Dice pane: Hard on attacks against those shrouded",
    ),
    g(
        "Dark (Opposed: Light)",
        1453,
        "Consume Light: a Presence check blinds one enemy, Staggered, Rattled and Exposed for \
         the encounter.",
        "Conditions pane: the three Debuffs; Sheet: the token's senses set to blind",
    ),
    g(
        "Light (Opposed: Dark)",
        1457,
        "Blessing of Light: nothing within Close hides; every attack is Easy; those facing the \
         hero are Staggered.",
        "Map: a light on the hero; Dice pane: Easy; Conditions pane: Staggered",
    ),
    g(
        "Light (Opposed: Dark)",
        1458,
        "Light of Judgement: one Close creature's truth learned; actions against it need only \
         TN 10.",
        "Dice pane: TN 10",
    ),
    g(
        "Magecraft",
        1464,
        "Dispel Magic: 1 Stamina ends one magical effect within Close.",
        "Conditions pane or Area tool: the effect removed",
    ),
    g(
        "Magecraft",
        1465,
        "Spell Turning: 1 Power reflects a spell aimed at the mage or a Close ally back at its \
         caster.",
        "Dice pane: the spell turned on its caster",
    ),
    g(
        "Magecraft",
        1466,
        "Delayed Cast: lock 1 Power on a spell and a Nearby spot; released as a Reaction.",
        "Initiative pane: the Reaction; Area tool: the spot",
    ),
    g(
        "Magecraft",
        1467,
        "Arcane Ward: lock 1; the mage and Close allies save Easy against magic.",
        "Dice pane: Easy",
    ),
    g(
        "Magecraft",
        1468,
        "Arcane Recovery: once a session, Rally 2 dice.",
        MOMENTUM,
    ),
    g(
        "Magecraft",
        1469,
        "Magical Intuition: 2 Power, copy a spell cast this encounter.",
        "Dice pane: the spell's check",
    ),
    g(
        "Mind Control",
        1475,
        "Mind Shove: 1 Power, the target Stunned to the end of its turn.",
        CONDITION,
    ),
    g(
        "Mind Control",
        1476,
        "Command: 1 Power and a check; a Nearby target obeys one simple, harmless order.",
        "Dice pane: the check; the GM plays the order",
    ),
    x(
        "Mind Control",
        1477,
        "Psychic Link: lock 1, know a seen creature's place and mood and speak to it.",
        OFF_MAP,
    ),
    g(
        "Mind Control",
        1478,
        "Mass Command: 3 Power; Close enemies save against Mind or obey one simple order.",
        AREA,
    ),
    g(
        "Mind Control",
        1479,
        "Sever Focus: 1 Power, an enemy rerolls its Tactics until the result differs.",
        "the GM's Tactics Die rolled again",
    ),
    g(
        "Mind Control",
        1480,
        "Mental Fortress: +5 Mind Defense for good; immune to mind reading.",
        "Dice pane: the Defense TN edited (+5)",
    ),
    g(
        "Necromancy",
        1486,
        "Animate Dead: 1 Stamina raises a corpse as a minion (2 Hits, d6 Effort) acting on the \
         necromancer's turn.",
        "Map: a token for the minion; Dice pane: its attacks",
    ),
    g(
        "Necromancy",
        1487,
        "Corpse Detonation: 1 Power, 2d10 Effort to all Close to a corpse or minion.",
        AREA,
    ),
    g(
        "Necromancy",
        1488,
        "Life Drain: destroying a Heart while Engaged Rallies a die.",
        MOMENTUM,
    ),
    x(
        "Necromancy",
        1489,
        "Speak with Dead: 1 Power, three questions to a corpse.",
        NOT_A_FIGHT,
    ),
    g(
        "Necromancy",
        1490,
        "Command Undead: lock 1, an undead of 3 Hearts or fewer becomes a minion.",
        "Map: the token's side changed to ally",
    ),
    g(
        "Necromancy",
        1491,
        "Wither: 2 Power; a Nearby target is Easy to attack for the encounter.",
        "Conditions pane: Exposed for the encounter",
    ),
    x(
        "Perception / Illusion",
        1497,
        "Minor Illusion: small sounds and images at will.",
        NOT_A_FIGHT,
    ),
    g(
        "Perception / Illusion",
        1498,
        "Major Illusion: 2 Power, lock 1, a Nearby illusion; those fooled roll a yes/no die \
         each turn to see through it.",
        "Area tool: the illusion's area; Dice pane: the yes/no die",
    ),
    g(
        "Perception / Illusion",
        1499,
        "Mirror Image: 1 Stamina; an attack on the mage hits the duplicate on a No.",
        "Dice pane: the yes/no die before the attack",
    ),
    g(
        "Perception / Illusion",
        1500,
        "Mass Hallucination: 3 Power; Nearby enemies Staggered and Exposed for d4 rounds.",
        "Area tool: the enemies inside; Conditions pane: the Debuffs for the rounds rolled",
    ),
    g(
        "Perception / Illusion",
        1501,
        "False Target: 1 Stamina, an attack on the mage or a Close ally is Hard.",
        "Dice pane: Hard",
    ),
    g(
        "Perception / Illusion",
        1502,
        "Fear: 2 Power, an attack on the mage or a Close ally is Hard.",
        "Dice pane: Hard",
    ),
    g(
        "Planeshifting",
        1508,
        "Blink Strike: 1 Power, teleport Close and attack; 1 Stamina more to go back.",
        "Map: the token moved with Alt (no path); Dice pane: the attack",
    ),
    g(
        "Planeshifting",
        1509,
        "Gate: 2 Power, a rift from Close to Far for d4 rounds.",
        "Map: tokens moved through it with Alt",
    ),
    g(
        "Planeshifting",
        1510,
        "Phase Defense: as a Reaction, 1 Power rolled onto Body Defense until the next turn.",
        "Dice pane: the Defense TN edited; Initiative pane: the Reaction",
    ),
    g(
        "Planeshifting",
        1511,
        "Anchor: lock 1 Stamina on a spot; a Move returns there.",
        "Map: the token moved with Alt",
    ),
    x(
        "Planeshifting",
        1512,
        "Dimensional Pocket: lock 1 die to store an object.",
        "inventory, which Lantern does not keep",
    ),
    g(
        "Planeshifting",
        1513,
        "Planar Push: 2 Power; on a hit the target is sent to a random place on the field.",
        "Map: the token moved where the GM's random die says",
    ),
    g(
        "Scout",
        1519,
        "Danger Sense: lock 1; traps, hidden foes and ambushes within Nearby are sensed; no \
         surprise.",
        "Initiative pane: not surprised at the start",
    ),
    g(
        "Scout",
        1520,
        "Combat Terrain Read: 1 Stamina at the start names a terrain feature that helps.",
        "the GM points it out on the map",
    ),
    g(
        "Scout",
        1521,
        "Quick Trap: 1 Stamina, a trap thrown Close or Nearby Stuns whoever moves into it.",
        "Area tool: the trap kept on the map; Conditions pane: Stunned",
    ),
    g(
        "Scout",
        1522,
        "Vanguard: a free Move before initiative.",
        "Map: the token moved before the fight starts",
    ),
    x(
        "Scout",
        1523,
        "Eyes Ahead: 1 Stamina, learn the next encounter's enemies.",
        NOT_A_FIGHT,
    ),
    g(
        "Scout",
        1524,
        "Follow Me: a Close ally moves along for free.",
        "Map: the ally dragged with Alt (no movement spent)",
    ),
    g(
        "Sentinel",
        1530,
        "Sentinel Strike: 1 Stamina; enemies moving from Nearby to Close provoke an attack.",
        "Dice pane: the sentinel's attack on the mover",
    ),
    g(
        "Sentinel",
        1531,
        "Immovable: lock 1, +3 Body Defense; can't be moved or take Move actions.",
        "Dice pane: the Defense TN edited; Conditions pane: Trapped",
    ),
    g(
        "Sentinel",
        1532,
        "Zone of Control: lock 1 Power, Close enemies Staggered; no Prepare.",
        "Area tool: an aura (Close enemies); Conditions pane: Staggered",
    ),
    g(
        "Sentinel",
        1533,
        "Overwatch: after a Close enemy hits an ally, the next attack on it is Easy.",
        "Dice pane: Easy",
    ),
    g(
        "Sentinel",
        1534,
        "Cover: as a Reaction, take a Hit meant for a Close ally.",
        "Momentum pane: the Hit applied to the sentinel's pool",
    ),
    g(
        "Sentinel",
        1535,
        "Get Behind Me: an enemy entering Close must stop and can't pass.",
        "Map: the GM stops the move",
    ),
    g(
        "Shapeshifter",
        1541,
        "Shifts need a Lock and block Prepare while held.",
        MOMENTUM,
    ),
    x(
        "Shapeshifter",
        1542,
        "Minor Shift: small changes of looks; d6 Effort on minor tasks.",
        OFF_MAP,
    ),
    g(
        "Shapeshifter",
        1543,
        "Partial Shift: lock 1 Power; claws (d8), wings (a free Move to Nearby), armoured hide \
         (+2 Body Defense) or gills.",
        "Sheet pane: an attack for the claws; Dice pane: the Defense TN",
    ),
    g(
        "Shapeshifter",
        1544,
        "Beast Form: 2 Power, lock 1; a natural animal up to horse size; no casting or speech.",
        "Sheet: the token's size and speed",
    ),
    g(
        "Shapeshifter",
        1545,
        "Combat Form: 2 Power, lock 1; d10 natural attacks, +2 Body Defense, a band more Move.",
        "Sheet pane: the attack and speed; Dice pane: the Defense TN",
    ),
    g(
        "Shapeshifter",
        1546,
        "Terror Form: 1 Power, Nearby enemies Rattled.",
        "Area tool: the Nearby enemies; Conditions pane: Rattled",
    ),
    g(
        "Shapeshifter",
        1547,
        "Regeneration: shifted, a Rally moves two dice.",
        MOMENTUM,
    ),
    g(
        "Sharpshooter",
        1553,
        "Sharp Eye: Cover doesn't make ranged attacks Hard.",
        "Dice pane: the cover line cleared",
    ),
    g(
        "Sharpshooter",
        1554,
        "Deadeye: Power Boosting ranged Effort gives Overkill.",
        "Trackers pane: Overkill when applying Effort",
    ),
    g(
        "Sharpshooter",
        1555,
        "Rapid Fire: 2 Power, attack everyone within one band in a cone.",
        AREA,
    ),
    g(
        "Sharpshooter",
        1556,
        "Suppression Fire: 1 Stamina, a target Moves or Attacks this round (1 Power for a \
         Close group).",
        "Conditions pane: Staggered to the round's end",
    ),
    g(
        "Sharpshooter",
        1557,
        "Focused Aim: lock 1 Power, ranged Effort is a d8.",
        "Dice pane: the Effort die",
    ),
    g(
        "Sharpshooter",
        1558,
        "Steady Hand: lock 1 die, Finesse checks Easy.",
        "Dice pane: Easy",
    ),
    g(
        "Skirmisher",
        1564,
        "Mobile Fighter: lock 1 for Mobile; moving zone to zone gives +3 Body Defense to the \
         next turn.",
        "Conditions pane: Mobile; Dice pane: the Defense TN",
    ),
    g(
        "Skirmisher",
        1565,
        "Momentum Strike: the first melee attack a round after moving a band is Easy.",
        "Dice pane: Easy",
    ),
    g(
        "Skirmisher",
        1566,
        "Slippery Target: as a Reaction, 1 Stamina to slip past an enemy moving in.",
        "Map: the token moved with Alt",
    ),
    g(
        "Skirmisher",
        1567,
        "Passing Blow: 1 Power, on entering a zone attack and push the target back.",
        "Dice pane: the attack; Map: the push",
    ),
    g(
        "Skirmisher",
        1568,
        "Whirlwind: 2 Power, attack up to Agility targets while moving, 2d6 each.",
        "Dice pane: an attack on each",
    ),
    g(
        "Skirmisher",
        1569,
        "Hit & Run: enemies don't block the path; moving through one, a free Easy attack.",
        "Map: the move dragged with Alt through enemies; Dice pane: the Easy attack",
    ),
    g(
        "Trickery",
        1575,
        "Lucky: once an encounter, roll two and keep the better on a check or Effort.",
        "Dice pane: the roll made again, the better kept by the GM",
    ),
    g(
        "Trickery",
        1576,
        "Luck Manipulation: lock 1 Power; an enemy rolls an extra Tactics die and the trickster \
         picks.",
        "the GM's Tactics Dice",
    ),
    g(
        "Trickery",
        1577,
        "Confuse: 1 Power, the target attacks a random Close creature.",
        "Dice pane: the random pick and the attack",
    ),
    g(
        "Trickery",
        1578,
        "Wild Magic: 1 Power and a d4: the Close allies Fatigue d4, a random creature takes d8, \
         or the Close allies' next action is Easy.",
        "Dice pane: the d4 and what follows",
    ),
];
