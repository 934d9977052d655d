//! Turn structure: initiative, condition tokens with durations, and momentum dice pools.
//! Pure core: no egui.
//!
//! # What is where
//!
//! - Turn structure over any system: the initiative tracker (rolled, Round the Table, Zipper,
//!   simultaneous pips, escalating) in `initiative.rs`; condition tokens with durations, expiry and
//!   their effect on checks and Defenses (`conditions.rs`, `catalogue.rs`, `effective.rs`); Evening
//!   death saves (`death.rs`).
//! - The check builder (`action/`): an actor, targets and an action in, the filled check out as
//!   overridable contributions, and what Apply does to the target (`apply.rs`); an Evening threat's
//!   attack on a character becomes the character's defence check (`defence.rs`). The Dice pane
//!   and `check_report` only draw what it returns; a new source (such as light) is a `Source`
//!   variant and a function pushing `Contribution`s.
//! - What the light does to an attack per system (`vision.rs`, the builder's `light` source).
//! - Go Forth: Heroes momentum pools and Wounds (`momentum.rs`, `momentum_apply.rs`,
//!   `wounds.rs`: forbidden actions, Hard checks, and `token_speed`, the one Move every pane and
//!   the map read, Evening exhaustion included; every Wound goes through `take_wound`). Rally's
//!   reach is measured with `board`.
//! - An action against every target in an area (`area_action.rs`); the aura effects offered at a
//!   turn's start or end, who is inside then and what Apply does (`aura.rs`); Road and Ruin's
//!   Battle Stress offered at a round's end (`stress.rs`).
//! - The texts' turn actions that leave a marker the builder reads (`turn_action.rs`: GFH Guard
//!   and Help, Evening Defend and Disengage; the markers are each system's `action_markers` in
//!   `rules`).
//! - The token's sheet (`sheet.rs`: each system's per-token numbers, derived ones with their
//!   source, `base_move`, what the token has left in the system's terms (`standing`), the
//!   starting sheets a new token gets in every system, and the commands that edit numbers and
//!   attacks); the current combatant's drag spending
//!   its movement (`turn_move.rs`).
//! - Evening's own turn actions beside the economy (`evening_turn.rs`: Ready, a threat's
//!   attacks a round, legendary and villain actions, pushing through exhaustion).
//! - Applying a `CombatCommand` (`command.rs`: `apply_combat`), and the fight's plain report for
//!   `examples/replay.rs` (`report.rs`).
//! - Evening's rules that happen on the map: who a condition comes from (`sources.rs`), the
//!   attack of opportunity a move offers (`opportunity.rs`), Frightened keeping its distance
//!   (`fear.rs`), grapple and shove (`maneuver.rs`), falling (`falling.rs`), moving by flight,
//!   climbing, swimming or burrowing (`movement_kind.rs`).
//! - Whether a token is out of the fight in its system's terms, for the map (`down.rs`).
//! - Changing the rule system mid-fight, the order set up again the new system's way in the
//!   same undo step (`system_switch.rs`).

pub mod action;
pub mod area_action;
pub mod aura;
pub mod catalogue;
pub mod command;
pub mod conditions;
pub mod death;
pub mod down;
pub mod effective;
pub mod evening_turn;
pub mod falling;
pub mod fear;
pub mod health;
pub mod initiative;
pub mod log_text;
pub mod maneuver;
pub mod momentum;
pub mod momentum_apply;
pub mod move_reach;
pub mod movement_kind;
pub mod opportunity;
pub mod report;
pub mod sheet;
pub mod sources;
pub mod stress;
pub mod system_switch;
pub mod turn_action;
pub mod turn_move;
pub mod vision;
pub mod wounds;
