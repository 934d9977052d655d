//! Evening's rules ledger: each rule of the text that bears on a fight, and what Lantern does
//! with it (see [`crate::rules::ledger`]).
//!
//! Lines are `evening-core.txt`'s. Readings where the text is loose are said in the row.

use crate::rules::ledger::{LedgerRow, Status};

const fn row(
    section: &'static str,
    first: u32,
    last: u32,
    rule: &'static str,
    status: Status,
) -> LedgerRow {
    LedgerRow {
        section,
        lines: (first, last),
        rule,
        status,
    }
}

const fn applied(function: &'static str, test: &'static str) -> Status {
    Status::Applied { function, test }
}

const fn offered(how: &'static str) -> Status {
    Status::Offered { how }
}

const fn out(reason: &'static str) -> Status {
    Status::OutOfScope { reason }
}

/// The rows, in the text's order.
pub const LEDGER: &[LedgerRow] = &[
    // ---- The Rules -----------------------------------------------------------------------------
    row(
        "The Rules",
        28,
        28,
        "The narrator may set any rule aside at any time.",
        offered(
            "Dice pane: every line of a check has a box to clear, a refused roll has Roll anyway, and the amount Apply lands can be edited first",
        ),
    ),
    row(
        "The Rules",
        30,
        30,
        "A more specific rule beats a general one.",
        out(
            "a principle for reading the texts' features against each other; Lantern keeps no features to rank",
        ),
    ),
    row(
        "The Rules",
        32,
        32,
        "Fractions always round down.",
        applied("rules::evening::Affinity::apply", "affinities_and_crits"),
    ),
    // ---- Dice Checks -----------------------------------------------------------------------------
    row(
        "Dice Checks",
        38,
        42,
        "A check is a d20 plus modifiers against a TN the narrator sets; it succeeds only when the total is higher (a tie fails).",
        applied(
            "rules::evening::EveningCheck::succeeds",
            "standard_tn_is_an_even_chance",
        ),
    ),
    row(
        "Dice Checks",
        44,
        53,
        "Guideline TNs: Standard 10, Skilled 15, Difficult 20, Extremely Hard 25, Impossible 30.",
        offered("Dice pane: the Difficulty… menu beside the TN sets one of them"),
    ),
    row(
        "Dice Checks",
        55,
        55,
        "A TN so low the check can't fail needs no roll.",
        offered("Dice pane: the odds show a sure success, and the GM need not roll"),
    ),
    row(
        "Dice Checks",
        59,
        59,
        "Advantage rolls 2d20 and keeps the higher, disadvantage the lower; Lantern reads having both as having neither.",
        applied(
            "rules::evening::EveningCheck::d20",
            "advantage_and_disadvantage_cancel",
        ),
    ),
    row(
        "Dice Checks",
        63,
        63,
        "A check adds one ability, one attribute and one aptitude (the highest that fits).",
        applied(
            "combat::action::build",
            "evening_longbow_adds_ability_attribute_and_aptitude_and_long_range_is_disadvantage",
        ),
    ),
    row(
        "Dice Checks",
        64,
        64,
        "A feature never counts twice on one check.",
        out(
            "Lantern keeps no class or origin features; each condition's effect is a single line of the check",
        ),
    ),
    // ---- Group and Contested Checks ------------------------------------------------------------
    row(
        "Group Checks",
        68,
        68,
        "A group check succeeds when more than half of the group beat the TN.",
        out("a scene-wide check outside the fight's turns, which no pane runs"),
    ),
    row(
        "Contested Checks",
        72,
        72,
        "The narrator never rolls against a character: threat ratings stand in for the roll.",
        applied(
            "combat::action::defending_character",
            "evening_threat_attacking_a_character_is_the_characters_defence_check",
        ),
    ),
    row(
        "Contested Checks",
        72,
        72,
        "Two characters in a contest make the same check; the higher wins and ties roll again.",
        offered(
            "Dice pane: each character rolls the same check in turn (Who rolls) and the GM compares",
        ),
    ),
    // ---- Effect ----------------------------------------------------------------------------------
    row(
        "Effect",
        78,
        84,
        "A success takes effect at a level from No effect through Limited, Standard and Strong to Great, usually starting at Standard.",
        applied(
            "rules::evening::EveningCheck::effect",
            "making_checks_levels_stop_at_the_ends",
        ),
    ),
    row(
        "Effect",
        86,
        98,
        "The narrator sets the starting effect from potency, quality, scale and stunts.",
        offered("Dice pane: Starting effect"),
    ),
    row(
        "Effect",
        100,
        100,
        "In a fight the effect level may change the damage dice.",
        offered("Dice pane: the GM edits the damage before Apply"),
    ),
    row(
        "Effect",
        102,
        109,
        "Beating the TN by 10 or a natural 20 raises the effect a level; missing by 10 or a natural 1 lowers it; the moves add up.",
        applied(
            "rules::evening::EveningCheck::effect",
            "making_checks_moves_are_cumulative",
        ),
    ),
    row(
        "Effect",
        111,
        111,
        "A feature's change to effect comes after everything else.",
        out("Lantern keeps no features; the GM sets the starting effect"),
    ),
    // ---- Character Creation and Progression -----------------------------------------------------
    row(
        "Character Creation",
        153,
        163,
        "Abilities and attributes start at −1 with 4 and 3 points to spread; origin, class, aptitudes and level 1.",
        out("character creation, before any fight; the Sheet keeps whatever numbers the GM types"),
    ),
    row(
        "Character Creation",
        165,
        165,
        "A level 0 character has no aptitudes, 4 health and no reserves.",
        applied(
            "rules::evening::Evening::starting_sheet",
            "a_party_token_starts_as_a_level_0_character_and_an_enemy_as_a_rating_1_threat",
        ),
    ),
    row(
        "Progression",
        169,
        199,
        "Experience, levels and investing experience (effect up a step, a reroll, ignoring a level of injury or exhaustion).",
        out("progression between sessions; Lantern keeps no experience"),
    ),
    row(
        "Progression",
        201,
        221,
        "The aptitude bonus by level: +2 from 1st, +3 from 5th, +4 from 9th, +5 from 13th, +6 from 17th.",
        applied(
            "combat::action::aptitude_bonus",
            "aptitude_bonus_follows_the_progression_table",
        ),
    ),
    row(
        "Origins",
        225,
        325,
        "Feature levels from origin, class, focus and discipline.",
        out("character progression; their powers are the GM's to add to a check"),
    ),
    // ---- Defense -----------------------------------------------------------------------------------
    row(
        "Defense",
        329,
        331,
        "A defence check is d20 + ability + attribute (+ a fitting aptitude) + defence modifier, rolled by the defender.",
        applied(
            "combat::action::defending_character",
            "evening_threat_attacking_a_character_is_the_characters_defence_check",
        ),
    ),
    row(
        "Defense",
        333,
        339,
        "Fortitude is Resolve + Body, Reflex Finesse + Body, Will Resolve + Mind; Lantern rolls Reflex against an attack.",
        applied(
            "combat::sheet::sheet",
            "evening_defenses_and_load_from_abilities",
        ),
    ),
    row(
        "Defense",
        341,
        341,
        "An aptitude that says so adds its bonus to a defence.",
        offered("Dice pane: Modifier"),
    ),
    row(
        "Defense",
        343,
        343,
        "Defend for half: a successful defence halves the effect, rounding down, instead of avoiding it.",
        offered("Dice pane, on a defence: \"A successful defence: halves it\""),
    ),
    row(
        "Defense",
        345,
        351,
        "Cover is a circumstance lowering the defence's TN: half cover 3, three-quarters 6, full 9 (raising the attacker's TN when a character attacks).",
        applied(
            "board::CoverDegree::attack_tn_modifier",
            "evening_attack_on_a_threat_in_half_cover_deals_damage_to_its_health",
        ),
    ),
    row(
        "Defense",
        345,
        349,
        "Other circumstances lower a defence's TN by 3, 6 or 9.",
        offered("Dice pane: the TN field"),
    ),
    // ---- Resting and Reserves --------------------------------------------------------------------
    row(
        "Resting",
        357,
        359,
        "After a short rest each reserve die spent heals its roll + Resolve + Body.",
        applied(
            "combat::health::short_rest",
            "a_short_rest_spends_reserves_to_heal_and_a_long_rest_restores_them",
        ),
    ),
    row(
        "Resting",
        361,
        363,
        "A long rest gives back all health and reserves (and takes one level of exhaustion off, line 1084).",
        applied(
            "combat::health::long_rest",
            "a_short_rest_spends_reserves_to_heal_and_a_long_rest_restores_them",
        ),
    ),
    row(
        "Resting",
        365,
        365,
        "A long rest needs at least 1 health, and one a day counts.",
        applied(
            "rules::evening::EveningToken::apply",
            "a_long_rest_needs_at_least_one_health",
        ),
    ),
    row(
        "Reserves",
        371,
        375,
        "Reserve dice come from class levels and experience.",
        offered("Trackers pane: \"+ reserve\" adds a die of any size"),
    ),
    row(
        "Reserves",
        380,
        380,
        "As a reaction, a reserve die may be added to a defence check's total.",
        offered(
            "Dice pane, on a defence: Reserve die (reaction); the roll spends that die and the reaction",
        ),
    ),
    row(
        "Reserves",
        381,
        381,
        "A bonus action and a reserve die ignore exhaustion for a round.",
        offered(
            "Initiative pane, on its turn: Push through (the marker lasts until its next turn)",
        ),
    ),
    row(
        "Reserves",
        383,
        383,
        "A long rest brings back every spent reserve die.",
        applied(
            "rules::evening::EveningToken::apply",
            "reserves_spend_and_return",
        ),
    ),
    // ---- Threads -----------------------------------------------------------------------------------
    row(
        "Threads",
        391,
        393,
        "A thread has a name, a length of 4 to 12 and an outcome.",
        applied(
            "rules::evening::EveningEncounter::apply",
            "threads_two_marks_per_scene",
        ),
    ),
    row(
        "Threads",
        401,
        402,
        "A natural 1 or missing by 10 may advance a thread badly; a natural 20 or beating by 10, well.",
        applied(
            "rules::evening::EveningCheck::roll",
            "a_natural_20_or_beating_by_ten_may_advance_a_thread",
        ),
    ),
    row(
        "Threads",
        409,
        421,
        "Advancing or forestalling marks a thread, two marks a scene; all marks resolve it, none removes it.",
        applied(
            "rules::evening::EveningEncounter::apply",
            "threads_two_marks_per_scene",
        ),
    ),
    row(
        "Making Thread Actions",
        447,
        461,
        "A thread action may hurt or heal, add a condition, complicate a task or give advantage.",
        offered(
            "Trackers pane for the thread; the GM applies the harm, condition or advantage by hand",
        ),
    ),
    // ---- Initiative --------------------------------------------------------------------------------
    row(
        "Initiative",
        465,
        476,
        "Whenever people need to take turns, roll initiative.",
        offered("Initiative pane: Start rolls everyone's initiative"),
    ),
    row(
        "Initiative",
        478,
        478,
        "Initiative is d20 + Finesse, highest first; ties roll off until broken.",
        applied(
            "combat::initiative::Initiative::start",
            "rolled_order_is_high_to_low_and_the_lair_loses_ties_at_20",
        ),
    ),
    row(
        "Initiative",
        480,
        480,
        "Joining a fight means rolling initiative; the first turn comes at that count.",
        applied(
            "combat::initiative::roll_joining",
            "evening_a_combatant_joining_mid_fight_rolls_off_its_ties",
        ),
    ),
    row(
        "Initiative",
        482,
        482,
        "Surprised combatants may not act until the surprise round is over.",
        applied(
            "combat::initiative::Initiative::next_turn",
            "surprised_combatants_sit_out_the_surprise_round",
        ),
    ),
    row(
        "Initiative",
        484,
        488,
        "Turns go from the highest count down; each round everyone has a turn and the order starts again.",
        applied(
            "combat::initiative::Initiative::next_turn",
            "a_turn_has_one_action_one_movement_a_bonus_action_and_dash",
        ),
    ),
    row(
        "Initiative",
        486,
        486,
        "A round is about six seconds.",
        out("narrative time; Lantern counts rounds, never seconds"),
    ),
    row(
        "Initiative",
        490,
        492,
        "A turn has one action, one movement and a bonus action, all used on that turn.",
        applied(
            "combat::initiative::Initiative::use_economy",
            "a_turn_has_one_action_one_movement_a_bonus_action_and_dash",
        ),
    ),
    row(
        "Initiative",
        494,
        494,
        "A reaction may be taken on anyone's turn, never before one's own first turn; it comes back as one's turn begins (our reading).",
        applied(
            "combat::initiative::Initiative::reaction_available",
            "evening_reaction_comes_back_at_its_own_turn_and_never_before_the_first",
        ),
    ),
    row(
        "Initiative",
        496,
        500,
        "One free action of each kind a turn (speech, handling an object); Interact is one.",
        out("speech and handling objects are narration; the turn economy counts no free actions"),
    ),
    row(
        "Initiative actions",
        501,
        501,
        "Ready an action with a trigger; if the trigger comes before one's next turn, the reaction takes it.",
        offered(
            "Initiative pane: Ready for (the trigger) and Ready on its turn spend the Action and keep the trigger; Take readied action on its row spends the reaction; it lapses at its next turn",
        ),
    ),
    // ---- Equipment and Resources -----------------------------------------------------------------
    row(
        "Equipment",
        505,
        552,
        "Wealth, assets and leveraging an asset into an item with a d10 wealth check.",
        out("possessions; Lantern keeps no assets"),
    ),
    row(
        "Equipment",
        554,
        565,
        "Load capacity is 4 + Prowess + Body, at least 2, and load can't pass it.",
        applied(
            "combat::sheet::sheet",
            "evening_defenses_and_load_from_abilities",
        ),
    ),
    row(
        "Resources",
        569,
        582,
        "Resources add to related checks and drop by 1 each use.",
        out("rewards of play outside a fight's rules; the GM adds one to the Modifier"),
    ),
    // ---- Movement ----------------------------------------------------------------------------------
    row(
        "Movement",
        588,
        591,
        "A square is a cell of the map.",
        applied(
            "board::Scene::distance_cells",
            "distance_is_between_closest_cells_of_large_footprints",
        ),
    ),
    row(
        "Movement",
        593,
        593,
        "Speed is squares a turn, one speed each, all back each round.",
        applied(
            "combat::initiative::Initiative::use_economy",
            "a_turn_has_one_action_one_movement_a_bonus_action_and_dash",
        ),
    ),
    LedgerRow {
        section: "Kinds of movement",
        lines: (595, 597),
        rule: "A creature may move by flight, climbing, swimming or burrowing, each kind with \
               its own speed beside its base speed.",
        status: Status::Applied {
            function: "combat::sheet::base_move",
            test: "flight_on_the_sheet_is_the_speed_the_map_moves_by",
        },
    },
    LedgerRow {
        section: "Kinds of movement",
        lines: (595, 597),
        rule: "Where each kind can go: through the air, up a wall, across water, under the \
               ground.",
        status: Status::Offered {
            how: "token menu → Move by: the map holds no heights, water, climbable faces or \
                  diggable ground, so the GM picks the kind and the map costs it as walking \
                  (difficult cells double); a flier over a wall or a burrower under one is \
                  the GM's Alt move",
        },
    },
    row(
        "Movement",
        599,
        599,
        "Difficult terrain costs 2 speed a square.",
        applied(
            "board::Scene::reachable",
            "reach_on_open_ground_and_through_difficult_terrain",
        ),
    ),
    row(
        "Movement",
        601,
        609,
        "Range bands: Touch 1, Adjacent 2, Close 5, Near 10, Medium 20, Long 30 squares.",
        applied("board::Scene::band_between", "evening_and_gfh_bands"),
    ),
    row(
        "Movement",
        613,
        613,
        "Dash: a bonus action for up to one's base speed more.",
        applied(
            "combat::initiative::Initiative::use_economy",
            "a_turn_has_one_action_one_movement_a_bonus_action_and_dash",
        ),
    ),
    row(
        "Movement",
        614,
        614,
        "Getting up costs 2 speed and ends Prone.",
        applied(
            "combat::turn_move::stand_up",
            "prone_crawls_at_double_cost_and_standing_up_spends_two",
        ),
    ),
    // ---- Size --------------------------------------------------------------------------------------
    row(
        "Size",
        620,
        630,
        "Space: Tiny, Small and Medium take 1 square, Large 2×2, Huge 3×3, Gargantuan 4×4, and nothing else stands there.",
        applied(
            "board::footprint::footprint_cells",
            "square_footprints_follow_the_space_table",
        ),
    ),
    row(
        "Size",
        632,
        632,
        "Size adds to load capacity: Medium +1, Large +2, Huge +3, Gargantuan +4.",
        offered(
            "Sheet: load capacity shows 4 + Prowess + Body; the GM adds the size's part until the load figure carries it",
        ),
    ),
    row(
        "Size",
        634,
        634,
        "Squeezing into a spot one size smaller is difficult terrain (Lantern: each square costs 2, in every system though only Evening's text has it) and gives disadvantage on attacks and Finesse defences.",
        applied(
            "board::Scene::squeezing",
            "a_squeezing_creature_pays_double_and_attacks_and_defends_at_disadvantage",
        ),
    ),
    LedgerRow {
        section: "Falling",
        lines: (640, 640),
        rule: "A fall deals 1d6 bludgeoning damage for every 10 feet, at most 20d6 (the \
               creature's bludgeoning affinity counts), and the creature lands prone unless it \
               avoids the damage.",
        status: Status::Applied {
            function: "combat::falling::fall",
            test: "a_fall_deals_a_d6_per_ten_feet_and_lands_prone",
        },
    },
    // ---- Environment -------------------------------------------------------------------------------
    row(
        "Environment",
        642,
        644,
        "Holding breath and choking: 1 + Resolve + Body minutes, then as many rounds before dropping to 0.",
        out(
            "a hazard Lantern keeps no air count for; the GM drops the creature with Damage on the Trackers pane",
        ),
    ),
    row(
        "Environment",
        646,
        649,
        "An obscured area gives disadvantage on aptitude checks relying on sight; a heavily obscured one blinds.",
        applied(
            "combat::vision::attack_light_effects",
            "dim_light_touches_sight_based_aptitude_checks_and_not_attacks",
        ),
    ),
    LedgerRow {
        section: "Lighting",
        lines: (651, 654),
        rule: "Blinding light, far brighter than normal, makes an obscured area as dim light \
               does.",
        status: Status::Applied {
            function: "board::light::blinding_at",
            test: "blinding_light_obscures_like_dim_light",
        },
    },
    row(
        "Environment",
        656,
        656,
        "Darkness is heavily obscured.",
        applied(
            "combat::vision::attack_light_effects",
            "a_ranged_attack_needs_a_target_the_attacker_can_see",
        ),
    ),
    row(
        "Environment",
        658,
        661,
        "Sustenance and rations, and exhaustion for going without.",
        out("daily upkeep between fights"),
    ),
    row(
        "Environment",
        663,
        663,
        "Handling objects is narration.",
        out("narration"),
    ),
    row(
        "Environment",
        665,
        665,
        "Objects take damage with a TN and health, and are immune to poison and psychic damage.",
        offered(
            "a token for the object: health on the Trackers pane, poison and psychic immune on the Sheet",
        ),
    ),
    // ---- Challenges --------------------------------------------------------------------------------
    row(
        "Challenges",
        705,
        719,
        "A challenge's rating sets the TN: 3 × rating.",
        applied("rules::evening::rating_tn", "tables"),
    ),
    row(
        "Challenges",
        721,
        733,
        "Complexity sets the successes needed (3–12) and the failures that end it (2–6).",
        applied("rules::evening::successes_required", "tables"),
    ),
    row(
        "Challenges",
        735,
        735,
        "When the urgency runs out, an unresolved challenge ends in its threat.",
        offered("Trackers pane: the GM removes the challenge"),
    ),
    row(
        "Meeting a Challenge",
        739,
        752,
        "Any aptitude check meets it, against 3 × rating moved by suitability (Poor +6 to Perfect −6).",
        applied(
            "rules::evening::ChallengeCheck::odds",
            "challenge_check_odds",
        ),
    ),
    row(
        "Meeting a Challenge",
        754,
        757,
        "A success tallies successes by its effect, a failure one failure; a threshold ends it.",
        applied(
            "rules::evening::ChallengeTracker::tally",
            "tallies_end_the_challenge",
        ),
    ),
    // ---- Threats -----------------------------------------------------------------------------------
    row(
        "Threats",
        765,
        765,
        "Engaging a threat starts initiative.",
        offered("Initiative pane: Start"),
    ),
    row(
        "Threat Rating",
        769,
        781,
        "A threat's rating sets its health, TN, attacks a round and damage per attack.",
        applied(
            "rules::evening::ThreatProfile::stats",
            "table_averages_match_the_printed_ones",
        ),
    ),
    row(
        "Threat Rating",
        783,
        783,
        "A threat starts at its rating's health.",
        applied(
            "rules::evening::EveningToken::apply",
            "threats_start_at_table_health",
        ),
    ),
    row(
        "Threat Rating",
        785,
        785,
        "Attacks on a threat and defences against its attacks are made against its TN.",
        applied(
            "combat::action::build",
            "evening_threat_attacking_a_character_is_the_characters_defence_check",
        ),
    ),
    row(
        "Threat Rating",
        787,
        787,
        "A threat makes its rating's number of attacks each round; Lantern counts them in the turn economy, the first spending its Action.",
        applied(
            "combat::evening_turn::refusal",
            "a_threats_attacks_a_round_are_counted_by_the_turn_economy",
        ),
    ),
    row(
        "Threat Rating",
        789,
        789,
        "A single-target attack that lands does the damage per attack.",
        applied(
            "combat::action::default_amount",
            "evening_threat_attacking_a_character_is_the_characters_defence_check",
        ),
    ),
    row(
        "Balance",
        793,
        795,
        "The tables aim at about three rounds a threat.",
        out("advice for building threats"),
    ),
    row(
        "Determining Strengths & Weaknesses",
        799,
        799,
        "A threat has one thing it is good at and one it is poor at.",
        offered("Trackers pane: Strength and Weakness under the threat profile"),
    ),
    row(
        "Determining Strengths & Weaknesses",
        801,
        802,
        "When its strength applies its TN is 6 higher; its weakness, 6 lower.",
        offered("Dice pane: \"<threat> applies\" picks its strength or weakness, a TN line of ±6"),
    ),
    row(
        "Customizing Damage",
        808,
        808,
        "A threat's attacks may be melee or ranged.",
        offered("Sheet: a threat's attacks with a reach or a range"),
    ),
    row(
        "Customizing Damage",
        810,
        810,
        "An attack that damages several targets does half damage.",
        applied(
            "combat::action::damage_taken",
            "several_targets_certain_damage_and_defending_for_half_halve_the_damage",
        ),
    ),
    row(
        "Customizing Damage",
        812,
        812,
        "Certain damage: an unavoidable attack does half, and a successful defence halves it again.",
        offered("Dice pane, on a defence: \"A successful defence: certain damage\""),
    ),
    row(
        "Customizing Damage",
        814,
        816,
        "Attacks may be combined into bigger ones or their dice moved between them.",
        offered("Sheet: list the threat's reshaped attacks, whose dice Apply then uses"),
    ),
    row(
        "Customizing Damage",
        818,
        818,
        "Damage may be of any type or mix of types.",
        offered("Dice pane: Damage type; Sheet: an attack's damage type"),
    ),
    // ---- Traits ------------------------------------------------------------------------------------
    row(
        "Behemoth",
        826,
        826,
        "A Behemoth is gargantuan and has double health.",
        applied(
            "rules::evening::ThreatProfile::stats",
            "traits_change_the_numbers",
        ),
    ),
    row(
        "Champions",
        830,
        833,
        "A Champion's TN is 3 higher and one of its attacks does double damage.",
        applied(
            "rules::evening::ThreatProfile::stats",
            "traits_change_the_numbers",
        ),
    ),
    row(
        "Controller",
        839,
        839,
        "A Controller may slow its targets instead of damaging them (Lantern: speed halved until the start of its next turn).",
        offered("Dice pane, on a Controller's attack: Slow instead of damage"),
    ),
    row(
        "Controller",
        840,
        840,
        "A Controller's ranged attacks hit small areas without losing damage.",
        applied(
            "combat::action::damage_taken",
            "several_targets_certain_damage_and_defending_for_half_halve_the_damage",
        ),
    ),
    row(
        "Defender",
        844,
        844,
        "A Defender is 3 harder to hit.",
        applied(
            "rules::evening::ThreatProfile::stats",
            "traits_change_the_numbers",
        ),
    ),
    row(
        "Lair",
        848,
        852,
        "A Lair threat at home has lair actions on count 20, losing every tie.",
        applied(
            "combat::initiative::Initiative::start",
            "rolled_order_is_high_to_low_and_the_lair_loses_ties_at_20",
        ),
    ),
    row(
        "Lair",
        854,
        854,
        "Lair actions only while it could act, and not before its first turn when surprised.",
        offered("Initiative pane: the GM skips the lair's turn (Next turn)"),
    ),
    row(
        "Legendary",
        860,
        868,
        "Three legendary actions, taken as another creature's turn ends and back at its own turn; each triggers any action or bonus action it has.",
        offered(
            "Initiative pane: Legendary action on its row during another's turn; Dice pane: As a legendary action",
        ),
    ),
    row(
        "Legendary",
        861,
        861,
        "A Legendary threat's TN is 3 higher.",
        applied(
            "rules::evening::ThreatProfile::stats",
            "traits_change_the_numbers",
        ),
    ),
    row(
        "Legendary",
        866,
        866,
        "No legendary actions while it couldn't act, nor before its first turn when surprised.",
        applied(
            "combat::evening_turn::refusal",
            "legendary_actions_three_a_round_one_at_a_time_and_three_resistances",
        ),
    ),
    row(
        "Legendary",
        870,
        872,
        "One legendary action at one time, unless a special action costs more (1–3).",
        applied(
            "combat::evening_turn::refusal",
            "legendary_actions_three_a_round_one_at_a_time_and_three_resistances",
        ),
    ),
    row(
        "Legendary",
        862,
        874,
        "Three legendary resistances, each ignoring a spell's or special attack's effect (Lantern: back with a long rest).",
        offered("Trackers pane: Resist under the threat profile"),
    ),
    row(
        "Nemesis",
        880,
        880,
        "Villain actions go in order, one a round, each in place of an attack.",
        applied(
            "combat::evening_turn::refusal",
            "villain_actions_one_a_round_in_order_half_then_four_times",
        ),
    ),
    row(
        "Nemesis",
        882,
        884,
        "The first villain action does half damage with a condition or side effect, the second trades damage for an effect, the third does four times the damage.",
        applied(
            "combat::action::damage_taken",
            "villain_actions_one_a_round_in_order_half_then_four_times",
        ),
    ),
    row(
        "Phased",
        888,
        888,
        "At 0 health a Phased threat's health refills and it gains new traits (Lantern: two phases unless set; the GM adds the traits).",
        applied(
            "rules::evening::EveningToken::apply",
            "a_phased_threat_refills_at_zero_until_its_last_phase",
        ),
    ),
    row(
        "Phased",
        890,
        890,
        "Some threats have more phases, each unique.",
        offered("Trackers pane: Phases under the threat profile"),
    ),
    row(
        "Swarm",
        894,
        900,
        "A swarm shares one health pool; a hit anywhere but its heart kills that body; the heart holds the health.",
        offered(
            "Trackers pane: Bodies away from the heart and A body perishes; hits on the heart come off the token's health",
        ),
    ),
    row(
        "Vicious",
        904,
        907,
        "A Vicious threat does double damage and is 3 harder to defend against.",
        applied(
            "rules::evening::ThreatProfile::stats",
            "traits_change_the_numbers",
        ),
    ),
    // ---- Dangers -----------------------------------------------------------------------------------
    row(
        "Dangers",
        911,
        935,
        "A danger joins initiative; its TN is 3 × rating and it attacks as a threat of that rating.",
        offered(
            "a token for the danger made a threat on the Trackers pane, with the danger's TN typed in the Dice form",
        ),
    ),
    row(
        "Dangers",
        939,
        953,
        "A danger is resolved like a challenge, by complexity.",
        offered("Trackers pane: a challenge of that complexity"),
    ),
    row(
        "Dangers",
        957,
        969,
        "A danger's damage is customized as a threat's.",
        offered("as for threats: Dice pane damage rule, type and several targets"),
    ),
    // ---- Combat ------------------------------------------------------------------------------------
    row(
        "Combat",
        977,
        979,
        "Adjacent is melee range; a ranged weapon used in melee has disadvantage.",
        applied(
            "combat::action::build",
            "a_ranged_attack_in_melee_range_has_disadvantage",
        ),
    ),
    row(
        "Combat",
        980,
        980,
        "A melee reach greater than 1 strikes anything within it.",
        applied(
            "combat::action::build",
            "a_melee_attack_reaches_only_its_reach",
        ),
    ),
    row(
        "Combat",
        982,
        984,
        "A ranged attack needs a target the attacker can see within range; past the short range it has disadvantage.",
        applied(
            "combat::action::build",
            "a_ranged_attack_past_short_range_has_disadvantage_and_past_long_is_refused",
        ),
    ),
    row(
        "Combat",
        986,
        986,
        "A combat action outside initiative starts initiative first.",
        offered("Initiative pane: Start"),
    ),
    row(
        "Combat actions",
        988,
        988,
        "Attack: the attack aptitude against the target's TN; a hit rolls the weapon's damage.",
        applied(
            "combat::action::default_amount",
            "evening_attack_on_a_threat_in_half_cover_deals_damage_to_its_health",
        ),
    ),
    row(
        "Combat actions",
        989,
        990,
        "A natural 20 always hits and doubles the damage dice; a natural 1 always misses.",
        applied(
            "rules::evening::EveningCheck::succeeds",
            "making_checks_odds_of_a_natural_20_only_hit",
        ),
    ),
    LedgerRow {
        section: "Combat actions",
        lines: (991, 991),
        rule: "A creature moving on from a square next to an enemy, past it or away, lets that \
               enemy spend its reaction on one melee weapon attack against it.",
        status: Status::Offered {
            how: "on the map as the move is made: a card beside the enemy offers Attack… (the \
                  Dice pane fills its melee attack; the roll spends its reaction) or Let it go; \
                  a disengaged mover or an enemy without its reaction is offered nothing, and \
                  the log says why",
        },
    },
    row(
        "Combat actions",
        992,
        992,
        "Defend: +3 to defence checks until the start of one's next turn.",
        applied(
            "combat::turn_action::take",
            "evening_defend_adds_three_to_defence_checks_until_the_next_turn",
        ),
    ),
    row(
        "Combat actions",
        993,
        993,
        "Disengage: no attacks of opportunity against it until its next turn.",
        applied(
            "combat::opportunity::provoked",
            "disengage_and_a_reaction_not_yet_had_offer_nothing",
        ),
    ),
    row(
        "Combat actions",
        994,
        994,
        "After the Attack action with a one-handed melee weapon, the bonus action makes a second attack with another.",
        offered(
            "Dice pane: Off-hand attack (bonus action), refused before the Attack action or with a ranged weapon",
        ),
    ),
    LedgerRow {
        section: "Combat actions",
        lines: (995, 995),
        rule: "As an action, a creature grapples an adjacent target its size or smaller with a \
               Prowess + Body + Athletics check against the target's TN (contested against a \
               character); success makes the target Grappled.",
        status: Status::Offered {
            how: "token menu → Grapple <target>…: the Dice pane rolls the check (spending the \
                  actor's Action on its turn), refused past adjacent or against a larger target; \
                  a success offers Grapple it, which puts Grappled on with its grappler named",
        },
    },
    LedgerRow {
        section: "Combat actions",
        lines: (995, 995),
        rule: "While grappling, the grappler's speed is halved.",
        status: Status::Applied {
            function: "combat::maneuver::grappling",
            test: "grapple_checks_prowess_body_athletics_and_halves_the_grapplers_speed",
        },
    },
    LedgerRow {
        section: "Combat actions",
        lines: (996, 998),
        rule: "As an action, a creature shoves an adjacent target its size or smaller with the \
               same check; success knocks it prone or pushes it one square away, the shover's \
               choice.",
        status: Status::Offered {
            how: "token menu → Shove <target>…: the Dice pane rolls the check (spending the \
                  actor's Action on its turn); a success offers Knock prone or Push one square \
                  away, which moves the token on the map in the roll's undo step",
        },
    },
    // ---- Damage & Health ---------------------------------------------------------------------------
    row(
        "Damage & Health",
        1004,
        1008,
        "Damage comes off current health; maximum health stays.",
        applied(
            "rules::evening::EveningToken::preview_damage",
            "damage_preview_follows_damage_and_health",
        ),
    ),
    row(
        "Damage & Health",
        1010,
        1010,
        "Damage to several targets is rolled once and applied to each.",
        applied(
            "combat::area_action::roll_against_each",
            "evening_area_damage_is_rolled_once_for_every_target",
        ),
    ),
    row(
        "Damage & Health",
        1012,
        1012,
        "Modified damage can be 0, never less.",
        applied("rules::evening::Affinity::apply", "affinities_and_crits"),
    ),
    row(
        "Damage & Health",
        1014,
        1016,
        "Vulnerability doubles a damage type, resistance halves it, immunity ignores it.",
        applied(
            "combat::action::damage_taken",
            "vulnerability_resistance_and_immunity_follow_the_damage_type",
        ),
    ),
    row(
        "Damage & Health",
        1017,
        1017,
        "A critical hit doubles the damage dice rolled.",
        applied("rules::evening::DamageRoll::odds", "affinities_and_crits"),
    ),
    row(
        "Damage & Health",
        1019,
        1019,
        "Dropping to 0 health knocks a creature unconscious.",
        applied(
            "combat::health::evening_change",
            "falling_to_zero_knocks_out_and_lays_prone_in_one_undo_step",
        ),
    ),
    row(
        "Damage & Health",
        1023,
        1024,
        "Healing stops at maximum health, and the dead can't be healed.",
        applied(
            "rules::evening::EveningToken::apply",
            "temporary_health_goes_first_and_killing_outright",
        ),
    ),
    row(
        "Damage & Health",
        1026,
        1032,
        "Temporary health goes first, doesn't stack, isn't restored by healing or rest and wakes nobody.",
        applied(
            "rules::evening::EveningToken::apply",
            "temporary_health_goes_first_and_killing_outright",
        ),
    ),
    row(
        "Damage & Health",
        1034,
        1034,
        "Every damage source names a type; the types have no rules of their own.",
        offered("Sheet: an attack's damage type; Dice pane: Damage type"),
    ),
    // ---- Injury and Exhaustion ---------------------------------------------------------------------
    row(
        "Injury",
        1042,
        1052,
        "Injury 1–6 takes −3, −6, −9 alternately off aptitude checks and off attacks and defences; 7 is death.",
        applied(
            "rules::evening::EveningToken::injury_penalties",
            "injury_and_exhaustion",
        ),
    ),
    row(
        "Injury",
        1054,
        1058,
        "A level of injury heals after as many long rests as its level.",
        out("recovery between sessions; the Trackers pane sets the level"),
    ),
    row(
        "Exhaustion",
        1064,
        1068,
        "Exhaustion comes from missed rest, harsh weather and hunger.",
        out("travel and upkeep between fights"),
    ),
    row(
        "Exhaustion",
        1074,
        1076,
        "Exhaustion 1 gives disadvantage on aptitude checks, 3 on attacks and defences too.",
        applied(
            "rules::evening::EveningToken::apply_penalties",
            "penalties_reach_the_check",
        ),
    ),
    row(
        "Exhaustion",
        1075,
        1078,
        "Exhaustion 2 halves speed and 5 makes it 0.",
        applied(
            "combat::wounds::token_speed",
            "exhaustion_names_its_speed_effects_and_the_speed_follows",
        ),
    ),
    row(
        "Exhaustion",
        1077,
        1079,
        "Exhaustion 4 halves maximum health; 6 is death.",
        applied(
            "rules::evening::EveningToken::effective_max_health",
            "injury_and_exhaustion",
        ),
    ),
    row(
        "Exhaustion",
        1083,
        1084,
        "A long rest with food and water takes one level off.",
        applied(
            "rules::evening::EveningToken::apply",
            "injury_and_exhaustion",
        ),
    ),
    // ---- Death -------------------------------------------------------------------------------------
    row(
        "Death",
        1088,
        1090,
        "At 0 health a character is unconscious and can't act, but keeps its turns.",
        applied(
            "combat::health::evening_change",
            "falling_to_zero_knocks_out_and_lays_prone_in_one_undo_step",
        ),
    ),
    row(
        "Death",
        1092,
        1093,
        "In initiative the player chooses death at the fight's end or death saves from the next turn.",
        offered(
            "Initiative pane: the death save prompt; the GM removes a character who chooses death",
        ),
    ),
    row(
        "Death",
        1095,
        1095,
        "Outside initiative a knocked-out character wakes at the scene's end with 1 health.",
        offered("Trackers pane: Heal 1"),
    ),
    row(
        "Death",
        1097,
        1097,
        "Whether a threat dies or makes death saves is the narrator's call.",
        offered(
            "Initiative pane: the death save prompt is offered for any token at 0; the GM may leave it",
        ),
    ),
    row(
        "Death",
        1099,
        1099,
        "Damage from one source at least the total health kills outright.",
        applied(
            "rules::evening::EveningToken::preview_damage",
            "killed_outright_is_no_fall_and_a_second_hit_at_zero_adds_nothing",
        ),
    ),
    row(
        "Death",
        1101,
        1108,
        "Death saves: a 1 is two failures, 2–9 one, 10–19 a success, a 20 recovery; three failures die, three successes recover with 1 health.",
        applied("rules::evening::DeathSaves::record", "death_saves"),
    ),
    row(
        "Death",
        1110,
        1110,
        "Stabilize (Resolve + Mind + Medicine, TN 10): no more risk of death, still at 0 and unconscious.",
        applied(
            "combat::death::DeathSaveState::stabilize",
            "healing_wakes_stabilizing_does_not_and_a_twenty_wakes",
        ),
    ),
    // ---- Conditions --------------------------------------------------------------------------------
    row(
        "Conditions",
        1118,
        1118,
        "A condition lasts until what it says ends it; there is no general duration.",
        offered("Conditions pane: a condition lasts until removed unless the GM gives it rounds"),
    ),
    row(
        "Conditions",
        1120,
        1120,
        "Conditions don't stack: a creature has one or not.",
        applied(
            "combat::conditions::apply_condition",
            "a_condition_put_on_twice_is_had_once",
        ),
    ),
    row(
        "Blinded",
        1124,
        1125,
        "Blinded: sees nothing, fails sight checks, disadvantage on attacks and on defending against them.",
        applied(
            "combat::action::build",
            "invisible_attacks_with_advantage_and_blinded_with_disadvantage",
        ),
    ),
    row(
        "Charmed",
        1129,
        1129,
        "A charmed creature can't attack or harm its charmer.",
        applied(
            "combat::action::charmer_of",
            "a_charmed_creature_cannot_attack_its_charmer",
        ),
    ),
    row(
        "Charmed",
        1130,
        1130,
        "The charmer has advantage on social checks with the creature.",
        applied(
            "combat::action::charmer_of",
            "a_charmed_creature_cannot_attack_its_charmer",
        ),
    ),
    row(
        "Deafened",
        1134,
        1134,
        "Deafened: hears nothing and fails hearing checks.",
        offered("Conditions pane: the marker on the token; the GM fails checks that need hearing"),
    ),
    LedgerRow {
        section: "Frightened",
        lines: (1138, 1138),
        rule: "A frightened creature has disadvantage on aptitude checks and attacks only while \
               the source of its fear is in its line of sight.",
        status: Status::Applied {
            function: "combat::fear::out_of_sight",
            test: "frightened_disadvantage_only_while_the_source_is_in_sight",
        },
    },
    LedgerRow {
        section: "Frightened",
        lines: (1139, 1139),
        rule: "A frightened creature can't move willingly closer to the source of its fear.",
        status: Status::Applied {
            function: "combat::turn_move::reach",
            test: "a_frightened_token_cannot_path_closer_to_its_source",
        },
    },
    row(
        "Grappled",
        1143,
        1143,
        "A grappled creature's speed is 0.",
        applied(
            "combat::wounds::token_speed",
            "grappled_and_restrained_stop_movement_and_incapacitated_stops_acting",
        ),
    ),
    LedgerRow {
        section: "Grappled",
        lines: (1144, 1144),
        rule: "The grapple ends when the grappler is incapacitated.",
        status: Status::Applied {
            function: "combat::maneuver::release_holds",
            test: "the_grapple_ends_when_the_grappler_is_incapacitated",
        },
    },
    row(
        "Grappled",
        1145,
        1145,
        "Grappled ends when the creature is taken out of the grappler's reach.",
        offered("Conditions pane: remove Grappled"),
    ),
    LedgerRow {
        section: "Grappled",
        lines: (1145, 1145),
        rule: "The grapple ends when the grappled creature is taken out of the grappler's \
               reach.",
        status: Status::Applied {
            function: "combat::maneuver::broken_holds",
            test: "the_grapple_ends_when_the_held_creature_is_out_of_reach",
        },
    },
    row(
        "Incapacitated",
        1149,
        1149,
        "Incapacitated: no actions or reactions.",
        applied(
            "combat::effective::economy_refusal",
            "grappled_and_restrained_stop_movement_and_incapacitated_stops_acting",
        ),
    ),
    row(
        "Invisible",
        1153,
        1155,
        "Invisible: unseen without special senses, its attacks and defences have advantage.",
        applied(
            "combat::action::build",
            "invisible_attacks_with_advantage_and_blinded_with_disadvantage",
        ),
    ),
    row(
        "Paralyzed",
        1159,
        1161,
        "Paralyzed: incapacitated, can't move, fails Prowess and Finesse defences, an adjacent hit is critical.",
        applied(
            "combat::action::build",
            "evening_an_adjacent_hit_on_a_paralyzed_target_is_critical",
        ),
    ),
    row(
        "Petrified",
        1165,
        1166,
        "Petrified: turned to stone, ten times the weight, no ageing.",
        out("a story state with no number in a fight"),
    ),
    row(
        "Petrified",
        1167,
        1169,
        "Petrified: incapacitated, unaware, fails every defence, resists all damage.",
        applied(
            "combat::action::damage_taken",
            "evening_a_petrified_target_takes_half_damage_rounded_down",
        ),
    ),
    row(
        "Petrified",
        1170,
        1170,
        "Petrified: immune to poison and disease.",
        applied(
            "combat::action::damage_taken",
            "vulnerability_resistance_and_immunity_follow_the_damage_type",
        ),
    ),
    row(
        "Poisoned",
        1174,
        1174,
        "Poisoned: disadvantage on attacks and aptitude checks.",
        applied(
            "combat::conditions::check_ease",
            "evening_poisoned_gives_disadvantage_on_attacks",
        ),
    ),
    row(
        "Prone",
        1178,
        1178,
        "Prone: it only crawls until it stands up for 2 speed (Lantern: crawling costs 2 speed a square, as in the text's 5E ancestry).",
        applied(
            "combat::turn_move::gait",
            "prone_crawls_at_double_cost_and_standing_up_spends_two",
        ),
    ),
    row(
        "Prone",
        1179,
        1180,
        "Prone: disadvantage on its attacks; attacks on it have advantage from adjacent, disadvantage from farther.",
        applied(
            "combat::action::build",
            "evening_attacks_on_a_prone_or_unconscious_target_depend_on_reach",
        ),
    ),
    row(
        "Restrained",
        1184,
        1185,
        "Restrained: speed 0; attacks on it have advantage, its attacks and defences disadvantage.",
        applied(
            "combat::action::build",
            "grappled_and_restrained_stop_movement_and_incapacitated_stops_acting",
        ),
    ),
    row(
        "Stunned",
        1189,
        1190,
        "Stunned: incapacitated, can't move, fails Prowess and Finesse defences.",
        applied(
            "combat::action::build",
            "a_stunned_creature_cannot_move_and_fails_its_finesse_defence",
        ),
    ),
    row(
        "Unconscious",
        1194,
        1196,
        "Unconscious: incapacitated, unaware, falls prone, fails Prowess and Finesse defences (and an adjacent hit is critical).",
        applied(
            "combat::effective::target_reach_effects",
            "evening_unconscious_falls_prone_and_adjacent_hits_are_critical",
        ),
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    /// Every row points into `evening-core.txt` (1,196 lines), says something in each field,
    /// and the rules that happen on the map each have their row (attack of opportunity 991,
    /// grapple 995 and 1144, shove 996–998, falling 640, kinds of movement 595–597, blinding
    /// light 651–654, Frightened 1138–1139).
    #[test]
    fn every_row_points_into_the_text_and_says_what_lantern_does() {
        let map_rules = [991, 995, 996, 640, 595, 651, 1139, 1144];
        for line in map_rules {
            assert!(
                LEDGER
                    .iter()
                    .any(|r| r.lines.0 <= line && line <= r.lines.1),
                "no row for line {line}"
            );
        }
        for r in LEDGER {
            let (first, last) = r.lines;
            assert!(1 <= first && first <= last && last <= 1196, "{r:?}");
            assert!(!r.section.is_empty() && !r.rule.is_empty(), "{r:?}");
            let said = match r.status {
                Status::Applied { function, test } => !function.is_empty() && !test.is_empty(),
                Status::Offered { how } => !how.is_empty(),
                Status::OutOfScope { reason } => !reason.is_empty(),
            };
            assert!(said, "{r:?}");
        }
        let [applied, offered, out] = crate::rules::ledger::counts(LEDGER);
        assert!(
            applied > offered && offered > out,
            "{applied} {offered} {out}"
        );
    }
}
