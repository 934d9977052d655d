//! An Evening sheet's limits beyond its attacks: a threat's strength and weakness, and what its
//! traits count in a fight (Evening, Determining Strengths & Weaknesses; Legendary; Nemesis;
//! Phased; Swarm). The loader and every command read them through [`check_evening_sheet`],
//! which `check_combat_state` runs on every token's Evening sheet.

use super::super::CommandError;
use super::super::trackers::evening::EveningToken;
use super::MAX_ROUND;
use super::text::{MAX_NAME_CHARS, check_text};

/// Legendary actions a round and legendary resistances a threat has: three each (Legendary).
pub const MAX_LEGENDARY: u8 = 3;
/// Villain actions a Nemesis threat has, one a round: three (Nemesis).
pub const MAX_VILLAIN_ACTIONS: u8 = 3;
/// The most phases a Phased threat may have in all (the text: "every phase is unique … reserved
/// only for climactic conflicts").
pub const MAX_PHASES: u8 = 10;
/// The most bodies a Swarm keeps away from its heart.
pub const MAX_SWARM_BODIES: u16 = 10_000;

/// `sheet`'s strength and weakness within [`MAX_NAME_CHARS`], and its threat's counts within
/// what the text gives; `token` names it in the message.
pub fn check_evening_sheet(
    token: impl std::fmt::Display,
    sheet: &EveningToken,
) -> Result<(), CommandError> {
    check_text(&sheet.strength, MAX_NAME_CHARS, || {
        format!("token {token}'s Evening strength")
    })?;
    check_text(&sheet.weakness, MAX_NAME_CHARS, || {
        format!("token {token}'s Evening weakness")
    })?;
    let t = &sheet.track;
    let counts = [
        (
            "legendary actions spent",
            u32::from(t.legendary_actions_spent),
            u32::from(MAX_LEGENDARY),
        ),
        (
            "legendary resistances spent",
            u32::from(t.legendary_resistances_spent),
            u32::from(MAX_LEGENDARY),
        ),
        (
            "villain actions taken",
            u32::from(t.villain_actions),
            u32::from(MAX_VILLAIN_ACTIONS),
        ),
        ("phases", u32::from(t.phases), u32::from(MAX_PHASES)),
        (
            "phases gone through",
            u32::from(t.phase),
            u32::from(MAX_PHASES),
        ),
        (
            "swarm bodies",
            u32::from(t.swarm_bodies),
            u32::from(MAX_SWARM_BODIES),
        ),
        (
            "round of its last villain action",
            t.villain_round,
            MAX_ROUND,
        ),
        (
            "round of its last legendary action",
            t.legendary_at.map_or(0, |(r, _)| r),
            MAX_ROUND,
        ),
    ];
    for (what, value, max) in counts {
        if value > max {
            return Err(CommandError::BadCombat(format!(
                "token {token}'s Evening {what} is {value}; Lantern allows 0 to {max}"
            )));
        }
    }
    Ok(())
}
