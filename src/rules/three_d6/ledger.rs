//! the 3d6 core mechanics's rules ledger: each rule of the text that bears on a fight, and what
//! Lantern does with it (see [`crate::rules::ledger`]).

use crate::rules::ledger::LedgerRow as R;

/// The rows, in the text's order.
pub const LEDGER: &[R] = &[
    R::applied(
        "Rolling Dice",
        (3, 5),
        "Anything with a chance of a variable outcome rolls three d6; their sum is the Total, \
         the single dice are the Effect.",
        "rules::three_d6::ThreeD6Check::roll",
        "plain_bands",
    ),
    R::offered(
        "Total",
        (7, 15),
        "An ability reads its outcomes off the Total as X+, X- or X-Y ranges, and every range \
         the Total falls in applies.",
        "Dice pane: the Total and its dice are shown after the roll; an ability's own ranges are \
         read by the GM (the core text names only the general bands, which Lantern applies)",
    ),
    R::applied(
        "Advantage and Disadvantage",
        (17, 23),
        "Each Advantage rolls one more die and keeps the highest three, each Disadvantage one \
         more keeping the lowest three; they cancel one for one, up to three instances.",
        "rules::three_d6::ThreeD6Check::net_edge",
        "edge_cancels_and_caps",
    ),
    R::offered(
        "Advantage and Disadvantage",
        (19, 21),
        "An edge or an easier task gives Advantage; something holding the roller back or a \
         harder task gives Disadvantage.",
        "Dice pane: Advantage and Disadvantage counts; the check builder adds the tier and, as \
         the GM's ruling, cover (Encounter pane: Cover as a ruling, one Disadvantage)",
    ),
    R::applied(
        "Escalation",
        (25, 27),
        "Escalation runs 0 to 6 and adds to the rolls the PCs make that would raise what it \
         stands for; in most cases it is not added to the GM's rolls.",
        "combat::action::escalation",
        "three_d6_attack_in_cover_counts_tier_escalation_and_one_disadvantage",
    ),
    R::offered(
        "Escalation",
        (27, 27),
        "Escalation rises as the tension grows and falls when the situation de-escalates.",
        "Trackers pane: Escalation − and + (and Reset); it also rises by itself each round of \
         a fight",
    ),
    R::offered(
        "Escalation",
        (29, 29),
        "Escalation may set a minimum or a maximum on each die equal to its value.",
        "Dice pane: Escalation on the dice — each die at least, or at most, the escalation \
         (rules::three_d6::EscalationDice, tested by \
         escalation_as_a_minimum_or_maximum_on_each_die)",
    ),
    R::applied(
        "Escalation",
        (33, 33),
        "In a fight escalation rises every round and counts on every roll a PC makes to \
         trigger a combat ability.",
        "combat::command::turn_boundaries",
        "each_new_3d6_round_raises_the_escalation_tracker_to_six",
    ),
    R::out_of_scope(
        "Escalation",
        (34, 35),
        "Other escalations: the alert level of a place being sneaked through, the offence \
         taken at a high-society party.",
        "not a fight: stealth and social scenes (the Trackers pane's escalation can still be \
         set by hand)",
    ),
    R::applied(
        "Effect",
        (37, 39),
        "The kept dice read as High, Mid and Low Die: [4, 1, 6] has High 6, Mid 4, Low 1.",
        "rules::three_d6::EffectDice::read",
        "the_texts_four_one_six_example",
    ),
    R::applied(
        "Halved Die Values",
        (41, 43),
        "A halved die rounds down but never below 1: 1–3 give 1, 4–5 give 2, 6 gives 3.",
        "rules::three_d6::halve",
        "halving",
    ),
    R::applied(
        "Step Up and Step Down",
        (45, 49),
        "Stepping up moves Low to Mid to High, then adds 1 a step; stepping down moves High to \
         Mid to Low, then takes 1 a step, never below 0.",
        "rules::three_d6::harm",
        "harm_reads_the_die_then_steps_then_halves",
    ),
    R::offered(
        "Step Up and Step Down",
        (51, 51),
        "Steps on a flat value add or take one per step.",
        "Dice pane: Bonus (the GM adds the steps to the ability's flat number; no sheet number \
         is flat, so nothing reads rules::three_d6::step_flat by itself)",
    ),
    R::applied(
        "General Resolution",
        (53, 59),
        "Total 8 or less: fail with a minor twist or succeed with a major one, the player's \
         choice; 9–12: succeed with a minor twist; 13+: succeed cleanly.",
        "rules::three_d6::ResolutionBand::for_total",
        "plain_bands",
    ),
    R::applied(
        "General Resolution",
        (55, 55),
        "Reading: the text has no movement, turn or squeezing rule; Lantern gives each token a \
         speed in cells, counts the current combatant's movement on the map, and charges double \
         for difficult terrain and for squeezing through a gap narrower than the creature, as \
         Evening's text does.",
        "board::Scene::reachable_with",
        "large_creature_squeezes_through_a_one_cell_gap_at_double_cost",
    ),
    R::offered(
        "General Resolution",
        (61, 61),
        "The GM may take numbers from the dice, sometimes through a counter-roll.",
        "Dice pane: the Effect dice after every roll, and a roll with no actor for the GM's own \
         counter-roll",
    ),
    R::applied(
        "General Resolution",
        (61, 61),
        "Reading: the text has no harm or health; an attack's harm is read from the Effect die \
         its ability names (after steps, halved if it says so) and marked on the target for the \
         GM to weigh against the limit the game sets.",
        "combat::action::default_amount",
        "three_d6_harm_reads_the_attacks_die_and_is_marked_on_the_target",
    ),
    R::out_of_scope(
        "General Resolution",
        (63, 64),
        "Navigation and information-gathering as examples of outcomes.",
        "not a fight: travel and investigation",
    ),
    R::applied(
        "Level, Tier, and Advancement",
        (68, 70),
        "Levels run 1 to 9, with a prologue level 0 and an apotheosis level 10 in some games.",
        "rules::three_d6::tier_for_level",
        "tiers",
    ),
    R::applied(
        "Level, Tier, and Advancement",
        (72, 72),
        "A roll against something below the roller's tier gains one Advantage, against \
         something above it one Disadvantage; three tiers of three levels each.",
        "combat::action::tier",
        "three_d6_tier_needs_both_levels_and_level_zero_is_real",
    ),
    R::applied(
        "Level, Tier, and Advancement",
        (72, 72),
        "Reading: the tier counts for the GM's creatures too — a monster of a higher tier \
         rolls against a hero with one Advantage — while escalation stays off the GM's rolls.",
        "combat::action::tier",
        "three_d6_an_enemy_rolling_against_a_hero_takes_the_tier_edge_and_no_escalation",
    ),
    R::out_of_scope(
        "Level, Tier, and Advancement",
        (72, 74),
        "Each tier has a name; think about how advancement works.",
        "between sessions: advancement and naming are the game's design",
    ),
    R::out_of_scope(
        "Examples",
        (76, 88),
        "Three games' tier names and level ranges (Valiant Horizon, Liminal Void, \
         Machinations of Court and Frame).",
        "examples of a game's design, not rules of a fight",
    ),
];
