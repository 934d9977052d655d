//! Road and Ruin's rules ledger: each rule of the text that bears on a fight, and what Lantern
//! does with it (see [`crate::rules::ledger`]).

use crate::rules::ledger::LedgerRow as R;

/// The Dice pane's Outcome form, where the GM sets what the text leaves to the table.
const OUTCOME_FORM: &str = "Dice pane: the Outcome form's attribute, proficiencies, \
     specialisation, benefit and difficulty";

/// The rows, in the text's order.
pub const LEDGER: &[R] = &[
    R::out_of_scope(
        "Player responsibilities",
        (11, 15),
        "Who the players control and what the Host does; players do not set up challenges \
         their own character can solve.",
        "how the table shares the story, not a rule of a fight",
    ),
    R::out_of_scope(
        "Generating content",
        (16, 18),
        "New story elements go on the Story Roster; revelations roll a d20 against it; the \
         Roundtable Deck generates new elements.",
        "story generation between fights (the Trackers pane keeps the roster and rolls its d20)",
    ),
    R::applied(
        "Resolving events",
        (20, 20),
        "An uncertain outcome rolls a d10 Outcome die: 1 BAD/AND, 2–4 BAD, 5 BAD/BUT, 6 \
         GOOD/BUT, 7–9 GOOD, 10 GOOD/AND.",
        "rules::road_and_ruin::Band::read",
        "plain_die_bands",
    ),
    R::applied(
        "Resolving events",
        (21, 21),
        "Benefits shift the centre down and difficulty shifts it up: a benefit of 3 makes \
         GOOD/BUT 3, GOOD 4 and GOOD/AND 7+.",
        "rules::road_and_ruin::OutcomeCheck::net_benefit",
        "benefit_three_example",
    ),
    R::offered(
        "Resolving events",
        (22, 22),
        "One point of challenge is a small child's difference, 2 a teenager's, 3 someone \
         practised, 4 someone skilled, 5–10 professional expertise.",
        OUTCOME_FORM,
    ),
    R::out_of_scope(
        "Character creation and advancement",
        (29, 34),
        "Characters, beliefs, deeds, creature type, race, class and skills bought with XP.",
        "character creation and advancement, between fights",
    ),
    R::offered(
        "Character creation and advancement",
        (35, 35),
        "An attribute above what the task needs is a bonus, one below a penalty (3 is the \
         adult average); Monstrous and Miniature shift by 5.",
        "Dice pane: the Outcome form's attribute (its difference from what the task expects) \
         and benefit or difficulty (±5 for Monstrous or Miniature)",
    ),
    R::applied(
        "Character creation and advancement",
        (36, 37),
        "Up to two proficiencies of at most 5 points each count on a roll; a specialisation \
         shifts it by 5.",
        "rules::road_and_ruin::OutcomeCheck::net_benefit",
        "proficiencies_cap_and_specialisation",
    ),
    R::applied(
        "Character creation and advancement",
        (38, 38),
        "Fear, stress and surface wounds cost Steadfast; damage striking Steadfast lands only \
         in whole multiples of what is left (5 striking 2 inflicts 4).",
        "rules::road_and_ruin::strike",
        "the_texts_steadfast_examples",
    ),
    R::offered(
        "Character creation and advancement",
        (38, 38),
        "A creature with no Steadfast left checks whether it flees or crumbles.",
        "Conditions pane: Shaken; the Trackers pane shows 0 Steadfast, and the GM rolls its \
         check in the Dice pane",
    ),
    R::applied(
        "Character creation and advancement",
        (39, 39),
        "Exertion adds force to an action or removes a Tiring or extended action's penalty; \
         below a threshold the creature is Exhausted.",
        "rules::road_and_ruin::is_exhausted",
        "exertion_threshold",
    ),
    R::offered(
        "Character creation and advancement",
        (40, 41),
        "Spells spend Mana (or a Cluster) and need a Method; asserting oneself spends Spirit \
         Points, with hollowing when spent to excess.",
        "Trackers pane: the Mana and Spirit pools, spent and recovered by hand",
    ),
    R::applied(
        "Hastened time",
        (44, 44),
        "Hastened Time measures a 3-second round in ten Time Pips, which order what happens.",
        "combat::initiative::Initiative::next_pip",
        "road_and_ruin_rounds_are_ten_pips",
    ),
    R::offered(
        "Hastened time",
        (45, 45),
        "Each character sets an Intention, a goal that rules its immediate actions; fighting \
         defensively readies a shield, fighting aggressively spends Exertion on faster or \
         stronger attacks.",
        "Initiative pane: each combatant's Intention field",
    ),
    R::applied(
        "Hastened time",
        (46, 46),
        "Spending a round to Assess forms a new Intention (shared with willing allies by a \
         shout) and ends Distracted.",
        "combat::turn_action::assess",
        "road_and_ruin_assess_sets_the_intention_and_ends_distracted",
    ),
    R::applied(
        "Hastened time",
        (46, 46),
        "Acting or reacting outside the Intention makes the character Distracted: slower, \
         less accurate and with worse outcomes (Lantern: 1 difficulty, −1 To Hit).",
        "combat::action::actor_conditions",
        "road_and_ruin_conditions_add_difficulty_and_dice",
    ),
    R::offered(
        "Hastened time",
        (47, 47),
        "An Intention may take several rounds; the character keeps to it until time and \
         Outcome settle it.",
        "Initiative pane: the Intention stays with the combatant from round to round",
    ),
    R::applied(
        "Hastened time",
        (49, 49),
        "Everyone starts acting at the same time at the start of the round.",
        "combat::initiative::Initiative::next_pip",
        "road_and_ruin_two_rounds_last_twenty_pips_on_anyone",
    ),
    R::offered(
        "Hastened time",
        (50, 52),
        "When exact timing matters (a duel, a trap) the roll takes the higher of Presumptive \
         Speed (INT + CON + proficiency in the opponent's weapon) and Reactive Speed (DEX + WIT \
         + proficiency in one's own weapon) against the target's Action Speed: 7 against 3 \
         improves the Outcome by 4.",
        "Dice pane: the Outcome form's Timing (Initiative) with the two speeds and the Action \
         Speed (rules::road_and_ruin::initiative_benefit, tested by \
         road_and_ruin_initiative_takes_the_faster_speed_against_the_action_speed); the sheet \
         keeps no INT, CON, DEX or WIT to fill them",
    ),
    R::applied(
        "Hastened time",
        (54, 58),
        "An attack rolls a die by its method — d4 accuracy, d6 whip, d8 edged, d10 chopping, \
         d12 contact — for a Solid Blow (full damage), a Glancing Blow (half, rounded down) or \
         a Miss.",
        "rules::road_and_ruin::AttackRoll::resolve",
        "table_thresholds",
    ),
    R::offered(
        "Hastened time",
        (59, 59),
        "A Dodge is an Initiative Outcome check that moves the character to a new place, with \
         all that costs.",
        "Dice pane: the attack's Dodge (its Outcome check); the GM drags the dodger to its new \
         place on the map",
    ),
    R::applied(
        "Hastened time",
        (60, 60),
        "Armour takes its rating off the To Hit per layer (cloth 1, chain 3, thick leather 3, \
         plate 4); a shield rolls like a weapon and adds its AR, half of it, or nothing; an \
         attack armour brings below 0 is No Damage, not a Miss.",
        "rules::road_and_ruin::AttackRoll::resolve",
        "a_shield_adds_its_armour_half_or_none",
    ),
    R::offered(
        "Hastened time",
        (60, 60),
        "Armour may impose an Exertion tax.",
        "Trackers pane: Exertion spent by hand",
    ),
    R::applied(
        "Hastened time",
        (61, 68),
        "A Special die rolls with each To Hit die; To Hit plus Special past 150 %, 200 % and \
         250 % of the die's maximum activates the weapon's Special once each (d4: 6, 8, 10).",
        "rules::road_and_ruin::AttackRoll::resolve",
        "bands_armour_and_special",
    ),
    R::offered(
        "Hastened time",
        (61, 61),
        "What a Special does is the weapon's: armour penetration, a critical damage \
         multiplier, or a status such as bleed or poison when armour did not stop the damage.",
        "Dice pane: the result names how many Specials activated; the GM edits Apply's damage \
         for a multiplier and puts a status on in the Conditions pane",
    ),
    R::applied(
        "OUTCOME",
        (92, 92),
        "Changing the Intention takes a round of Assessing; pivoting without it makes the \
         character Distracted.",
        "combat::turn_action::assess",
        "road_and_ruin_assess_sets_the_intention_and_ends_distracted",
    ),
    R::offered(
        "OUTCOME",
        (93, 93),
        "Gather advantages: tools, resources, allies and specialists on your side.",
        OUTCOME_FORM,
    ),
    R::applied(
        "OUTCOME",
        (94, 95),
        "The Outcome die splits Good and Bad: BUT results within one point of the split, AND \
         results five past it; difficulty moves the centre up, up to two proficiencies and \
         other help move it down, a specialisation or Monstrous or Miniature by 5.",
        "rules::road_and_ruin::Band::read",
        "proficiencies_cap_and_specialisation",
    ),
    R::out_of_scope(
        "THE STORY ROSTER",
        (98, 100),
        "Up to 20 story elements; a d20 recalls one or adds a new one to the lowest free slot.",
        "story generation between fights (the Trackers pane keeps the roster and rolls it)",
    ),
    R::out_of_scope(
        "DISCOVERY",
        (101, 114),
        "Searching draws Roundtable cards and rolls a d20 against the Discovery and Dismissal \
         thresholds.",
        "exploration and investigation, not a fight",
    ),
    R::out_of_scope(
        "NAVIGATION",
        (116, 120),
        "A Theatre holds Stages; a scene on a stage is resolved before the focus moves.",
        "how scenes are framed; one encounter is one stage",
    ),
    R::applied(
        "NAVIGATION",
        (121, 129),
        "Distance is measured in bands: Touching, Near (1–5 m), Close By (10 m spans), Far \
         (100 m), Very Far (1–5 km), Too Far, World and Elsewhere.",
        "board::bands::band",
        "road_and_ruin_bands_use_the_cell_length",
    ),
    R::offered(
        "NAVIGATION",
        (131, 131),
        "An inside corner keeps a creature from being flanked but limits its movement; an \
         outside corner lets it hide or peer round without being exposed.",
        "Map: walls as drawn; the check builder's cover line says when the target may Hide",
    ),
    R::applied(
        "NAVIGATION",
        (132, 135),
        "Halls, doors, rooms and obstacles: a closed door stops travel and sight, an obstacle \
         stops or slows travel.",
        "board::Scene::reachable_with",
        "walls_stop_movement_and_open_doors_do_not",
    ),
    R::applied(
        "NAVIGATION",
        (135, 135),
        "Reading: obstacles inhibit travel; Lantern's map charges double for difficult terrain \
         and for squeezing through a gap narrower than the creature, as Evening's text does.",
        "board::Scene::reachable_with",
        "large_creature_squeezes_through_a_one_cell_gap_at_double_cost",
    ),
    R::applied(
        "NAVIGATION",
        (136, 136),
        "A creature behind an outside corner, a closed door or an obstacle breaks line of \
         sight and may Hide or take Cover.",
        "combat::action::cover_lever",
        "road_and_ruin_says_the_target_may_hide",
    ),
    R::offered(
        "NAVIGATION",
        (137, 138),
        "A creature Above another (climbing, flying, jumping) by enough for its distance from \
         the edge, or Below (burrowing, swimming, beneath a larger creature), may hide as \
         though Behind.",
        "Conditions pane: Above or Below on the token (the map keeps no heights); the check \
         builder then says it may Hide as though Behind (tested by \
         road_and_ruin_above_or_below_may_hide_as_though_behind)",
    ),
    R::applied(
        "TIME",
        (142, 142),
        "A round is ten Time Pips over 3 seconds; a condition lasting rounds lasts ten pips a \
         round.",
        "combat::initiative::Initiative::next_pip",
        "road_and_ruin_durations_last_ten_pips_a_round",
    ),
    R::offered(
        "TIME",
        (142, 142),
        "Travelling Close By may take several rounds, or fewer by Exerting.",
        "Map: the token's speed in cells; Trackers pane: Exertion spent by hand",
    ),
    R::out_of_scope(
        "TIME",
        (143, 145),
        "Days of six Day Spans, torches burning down, spells cast over minutes or days.",
        "time outside a fight",
    ),
    R::offered(
        "TIME",
        (146, 146),
        "Initiative: when timing between two events matters, the faster of Presumptive and \
         Reactive Speed sets a modifier for the Outcome roll, and a slow reaction can delay \
         an act, block, counter or dodge.",
        "Dice pane: the Outcome form's Timing (Initiative)",
    ),
    R::offered(
        "COMBAT",
        (149, 149),
        "An Intention to hurt, or answering one, starts round-by-round combat.",
        "Initiative pane: start the fight (ten pips a round)",
    ),
    R::applied(
        "COMBAT",
        (150, 150),
        "Proficiency in the weapon improves the attack die; distance, armour, shields, evasion \
         and conditions such as Distracted worsen it.",
        "combat::action::weapon::weapon",
        "road_and_ruin_axe_rolls_its_d10_with_proficiency_and_its_damage_lands",
    ),
    R::offered(
        "COMBAT",
        (150, 151),
        "Range worsens an attack, accuracy weapons most; blindness worsens it too.",
        "Dice pane: the attack's modifier (the text names no number for range or blindness); \
         the light line says when the target may Hide in darkness",
    ),
    R::offered(
        "COMBAT",
        (150, 150),
        "A weapon's Solid Blow damage comes from its Size, modified by its Weight.",
        "Sheet pane: each attack's Solid Blow damage",
    ),
    R::applied(
        "COMBAT",
        (155, 155),
        "A Dodge is an Outcome check, harder the faster the weapon; a good result evades.",
        "rules::road_and_ruin::AttackRoll::resolve",
        "a_good_dodge_evades",
    ),
    R::applied(
        "HEALTH",
        (166, 168),
        "Damage strikes Steadfast first in multiples of what is left: 2 on 3 SF costs 2 SF, 4 \
         or 5 cost 3 SF, 6–8 cost 3 SF and 3 Health.",
        "rules::road_and_ruin::RrToken::preview_attack",
        "an_attack_lands_through_the_steadfast_multiple",
    ),
    R::offered(
        "HEALTH",
        (170, 170),
        "With no Steadfast left a creature is Shaken: its Intention becomes getting out of \
         danger.",
        "Conditions pane: Shaken; Initiative pane: its Intention",
    ),
    R::applied(
        "HEALTH",
        (172, 172),
        "A creature that spends a whole round under the eye and blade of a creature that \
         could have struck it loses 1 Steadfast as Battle Stress.",
        "combat::stress::round_boundary",
        "the_round_end_offers_those_under_threat_from_its_start_to_its_end",
    ),
    R::applied(
        "HEALTH",
        (172, 172),
        "Fear costs Steadfast the same way when the creature fails its saving roll.",
        "combat::stress::fear",
        "road_and_ruin_fear_costs_one_steadfast_on_a_failed_save",
    ),
    R::out_of_scope(
        "HEALTH",
        (174, 174),
        "Health damage may scar and takes days or weeks to heal.",
        "recovery outside the fight",
    ),
    R::applied(
        "EXERTION",
        (177, 177),
        "The Exertion pool is 10 × Endurance.",
        "rules::road_and_ruin::exertion_max",
        "exertion_threshold",
    ),
    R::applied(
        "EXERTION",
        (178, 178),
        "Spending 1 Exertion rerolls a physical check, keeping the higher.",
        "rules::road_and_ruin::OutcomeCheck::exertion_reroll",
        "rerolls_after_seeing_the_result",
    ),
    R::applied(
        "EXERTION",
        (179, 179),
        "A Tiring activity rolls one more die and keeps the lower; an activity longer than a \
         round is Tiring each round past the first, heavy loads from the start.",
        "rules::road_and_ruin::OutcomeCheck::extra_low_dice",
        "tiring_exhaustion_and_exertion",
    ),
    R::applied(
        "EXERTION",
        (180, 180),
        "Under half the pool the creature is Exhausted: +5 difficulty and one more die keeping \
         the lower, stacking with Tiring.",
        "combat::action::trackers",
        "tiring_exhaustion_and_exertion",
    ),
    R::applied(
        "EXERTION",
        (181, 181),
        "1 Exertion negates Tiring or Exhaustion for one check.",
        "combat::action::costs",
        "exertion_pays_for_negations_and_the_reroll",
    ),
    R::applied(
        "EXERTION",
        (183, 183),
        "A Breather spends a round and recovers 1d10 plus a proficiency roll of Exertion, \
         which may lift Exhaustion.",
        "rules::road_and_ruin::RrToken::breather_from",
        "a_breather_can_lift_exhaustion_and_stops_at_the_maximum",
    ),
    R::out_of_scope(
        "EXERTION",
        (184, 185),
        "Minutes at rest roll remaining Endurance points as d10s of Exertion; each 4 hours \
         recovers 1 Endurance.",
        "rest outside the fight (the Trackers pane recovers a pool by hand)",
    ),
    R::out_of_scope(
        "SPELLS",
        (188, 189),
        "Mana capacity is the sum of the mental attributes; spells take time per point unless \
         cast from a Cluster; gleaning.",
        "spellcasting's design: the Trackers pane keeps the Mana pool",
    ),
    R::out_of_scope(
        "STORY GENERATION",
        (196, 203),
        "Tales, Roles, the Story Roster and Discovery.",
        "story generation, not a fight",
    ),
    R::out_of_scope(
        "CHARACTERS",
        (207, 225),
        "Creature type, tribe, race, the nine attributes and their average, Monstrous and \
         Miniature, secondary attributes, proficiency and specialisation, XP, levels and \
         classes.",
        "character creation and advancement (their effect on a roll is in the rows above)",
    ),
    R::applied(
        "CHARACTERS",
        (227, 227),
        "Protective equipment lets a Bad result's die be rolled again.",
        "rules::road_and_ruin::OutcomeCheck::equipment_reroll",
        "rerolls_after_seeing_the_result",
    ),
    R::applied(
        "CHARACTERS",
        (227, 227),
        "Damaged equipment works as improvised: each status raises the BAD/AND threshold by 1.",
        "rules::road_and_ruin::Band::read_with_gear",
        "damaged_gear_raises_bad_and",
    ),
    R::out_of_scope(
        "CHARACTERS",
        (229, 238),
        "Beliefs, laws, tenets, compulsions, traditions and reputation; the attribute table.",
        "a character's story and make-up, not a fight",
    ),
];
