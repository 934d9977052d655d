//! Evening's rules ledger: each rule of the text that bears on a fight, and what Lantern does
//! with it (see [`crate::rules::ledger`]).

use crate::rules::ledger::{LedgerRow, Status};

/// The rows, in the text's order.
pub const LEDGER: &[LedgerRow] = &[
    // Rules that happen on the map (issue 31): movement kinds, falling, blinding light,
    // attacks of opportunity, grapple and shove, Frightened and Grappled.
    LedgerRow {
        section: "Movement: Kinds of movement",
        lines: (595, 597),
        rule: "A creature may move by flight, climbing, swimming or burrowing, each kind with \
               its own speed beside its base speed.",
        status: Status::Applied {
            function: "combat::sheet::base_move",
            test: "flight_on_the_sheet_is_the_speed_the_map_moves_by",
        },
    },
    LedgerRow {
        section: "Movement: Kinds of movement",
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
    LedgerRow {
        section: "Environment: Falling",
        lines: (640, 640),
        rule: "A fall deals 1d6 bludgeoning damage for every 10 feet, at most 20d6, and the \
               creature lands prone unless it avoids the damage.",
        status: Status::Applied {
            function: "combat::falling::fall",
            test: "a_fall_deals_a_d6_per_ten_feet_and_lands_prone",
        },
    },
    LedgerRow {
        section: "Environment: Lighting",
        lines: (651, 654),
        rule: "Blinding light, far brighter than normal, makes an obscured area as dim light \
               does.",
        status: Status::Applied {
            function: "board::light::blinding_at",
            test: "blinding_light_obscures_like_dim_light",
        },
    },
    LedgerRow {
        section: "Combat: Combat actions, Attack of opportunity",
        lines: (991, 991),
        rule: "A creature moving on from a square next to an enemy, past it or away, lets that \
               enemy spend its reaction on one melee weapon attack against it.",
        status: Status::Offered {
            how: "on the map as the move is made: a card beside the enemy offers Attack… (the \
                  Dice pane fills its melee attack; the roll spends its reaction) or Let it go; \
                  nothing is offered for a disengaged mover or an enemy without its reaction",
        },
    },
    LedgerRow {
        section: "Combat: Combat actions, Grapple",
        lines: (995, 995),
        rule: "As an action, a creature grapples an adjacent target its size or smaller with a \
               Prowess + Body + Athletics check against the target's TN (contested against a \
               character); success makes the target Grappled.",
        status: Status::Offered {
            how: "token menu → Grapple <target>…: the Dice pane rolls the check, refused past \
                  adjacent or against a larger target; a success offers Grapple it, which puts \
                  Grappled on with its grappler named",
        },
    },
    LedgerRow {
        section: "Combat: Combat actions, Grapple",
        lines: (995, 995),
        rule: "While grappling, the grappler's speed is halved.",
        status: Status::Applied {
            function: "combat::maneuver::grappling",
            test: "grapple_checks_prowess_body_athletics_and_halves_the_grapplers_speed",
        },
    },
    LedgerRow {
        section: "Combat: Combat actions, Shove",
        lines: (996, 998),
        rule: "As an action, a creature shoves an adjacent target its size or smaller with the \
               same check; success knocks it prone or pushes it one square away, the shover's \
               choice.",
        status: Status::Offered {
            how: "token menu → Shove <target>…: the Dice pane rolls the check; a success offers \
                  Knock prone or Push one square away, which moves the token on the map in the \
                  roll's undo step",
        },
    },
    LedgerRow {
        section: "Conditions: Frightened",
        lines: (1138, 1138),
        rule: "A frightened creature has disadvantage on aptitude checks and attacks only while \
               the source of its fear is in its line of sight.",
        status: Status::Applied {
            function: "combat::fear::out_of_sight",
            test: "frightened_disadvantage_only_while_the_source_is_in_sight",
        },
    },
    LedgerRow {
        section: "Conditions: Frightened",
        lines: (1139, 1139),
        rule: "A frightened creature can't move willingly closer to the source of its fear.",
        status: Status::Applied {
            function: "combat::turn_move::reach",
            test: "a_frightened_token_cannot_path_closer_to_its_source",
        },
    },
    LedgerRow {
        section: "Conditions: Grappled",
        lines: (1144, 1144),
        rule: "The grapple ends when the grappler is incapacitated.",
        status: Status::Applied {
            function: "combat::maneuver::release_holds",
            test: "the_grapple_ends_when_the_grappler_is_incapacitated",
        },
    },
    LedgerRow {
        section: "Conditions: Grappled",
        lines: (1145, 1145),
        rule: "The grapple ends when the grappled creature is taken out of the grappler's \
               reach.",
        status: Status::Applied {
            function: "combat::maneuver::broken_holds",
            test: "the_grapple_ends_when_the_held_creature_is_out_of_reach",
        },
    },
];
