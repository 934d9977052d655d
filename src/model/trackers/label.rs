//! What each tracker command is called in the undo menu ("Undo Edit attacks", "Undo Strike"),
//! so a step says what was done rather than "Change tracker".

use super::evening::EveningChange;
use super::go_forth_heroes::GfhChange;
use super::post_core::PostChange;
use super::road_and_ruin::RrChange;
use super::three_d6::ThreeD6Change;
use super::{EncounterChange, TokenChange, TrackerCommand};

impl TrackerCommand {
    /// A short description for the undo menu.
    #[must_use]
    pub fn label(&self) -> &'static str {
        match self {
            Self::AddToken { .. } => "Add sheet",
            Self::RemoveToken { .. } => "Remove trackers",
            Self::Token { change, .. } => change.label(),
            Self::RestoreToken { .. } => "Restore sheet",
            Self::Encounter(change) => change.label(),
            Self::RestoreEncounter(_) => "Restore trackers",
        }
    }
}

impl EncounterChange {
    /// A short description for the undo menu.
    #[must_use]
    pub fn label(&self) -> &'static str {
        match self {
            Self::Evening(_) => "Change threads and challenges",
            Self::RoadAndRuin(_) => "Change story roster",
            Self::PostCore(_) => "Change clocks",
            Self::ThreeD6(_) => "Change escalation",
            Self::GoForthHeroes(_) => "Change scene TN",
        }
    }
}

impl TokenChange {
    /// A short description for the undo menu.
    #[must_use]
    pub fn label(&self) -> &'static str {
        match self {
            Self::GoForthHeroes(c) => gfh(c),
            Self::Evening(c) => evening(c),
            Self::RoadAndRuin(c) => road_and_ruin(c),
            Self::PostCore(c) => post_core(c),
            Self::ThreeD6(c) => three_d6(c),
        }
    }
}

fn gfh(change: &GfhChange) -> &'static str {
    match change {
        GfhChange::SetAttributes(_) => "Edit attributes",
        GfhChange::SetHearts(_) => "Edit Hearts",
        GfhChange::ApplyEffort { .. } => "Apply Effort",
        GfhChange::AddWound(_) => "Add Wound",
        GfhChange::RemoveWound(_) => "Remove Wound",
        GfhChange::ShortRest => "Short rest",
        GfhChange::LongRest => "Long rest",
        GfhChange::EndSession => "End session",
        GfhChange::SetAttacks(_) => "Edit attacks",
        GfhChange::SetEffortShift { .. } => "Shift Roll and Effort",
    }
}

fn evening(change: &EveningChange) -> &'static str {
    match change {
        EveningChange::SetMaxHealth(_) => "Set maximum health",
        EveningChange::Damage(_) => "Damage",
        EveningChange::Heal(_) => "Heal",
        EveningChange::GainTempHealth(_) => "Gain temporary health",
        EveningChange::AddReserve(_) => "Add reserve",
        EveningChange::SpendReserve(_) => "Spend reserve",
        EveningChange::ShortRest(_) => "Short rest",
        EveningChange::LongRest => "Long rest",
        EveningChange::SetInjury(_) => "Set injury",
        EveningChange::SetExhaustion(_) => "Set exhaustion",
        EveningChange::SetThreat(_) => "Set threat rating",
        EveningChange::SetAbilities(_) => "Edit abilities",
        EveningChange::SetLevel(_) => "Set level",
        EveningChange::SetAttacks(_) => "Edit attacks",
        EveningChange::SetAffinity { .. } => "Set damage affinity",
        EveningChange::SetStrength(_) => "Write strength",
        EveningChange::SetWeakness(_) => "Write weakness",
        EveningChange::SpendLegendaryResistance => "Spend legendary resistance",
        EveningChange::SetPhases(_) => "Set phases",
        EveningChange::SetSwarmBodies(_) => "Set swarm bodies",
        EveningChange::SwarmBodyPerishes => "Swarm body perishes",
        EveningChange::SetMovement(_) => "Set movement speeds",
        EveningChange::MoveBy(_) => "Change kind of movement",
    }
}

fn road_and_ruin(change: &RrChange) -> &'static str {
    match change {
        RrChange::Strike(_) => "Strike",
        RrChange::Spend { .. } => "Spend",
        RrChange::Recover { .. } => "Recover",
        RrChange::SetMax { .. } => "Set maximum",
        RrChange::SetEndurance(_) => "Set Endurance",
        RrChange::SetArmour(_) => "Set armour",
        RrChange::SetShield(_) => "Set shield",
        RrChange::SetAttacks(_) => "Edit attacks",
    }
}

fn post_core(change: &PostChange) -> &'static str {
    match change {
        PostChange::SetUp { .. } => "Edit sheet",
        PostChange::Damage(_) | PostChange::ExposedDamage(_) => "Harm",
        PostChange::AttributeLoss { .. } => "Attribute loss",
        PostChange::SpendGrit(_) => "Spend grit",
        PostChange::ShortRest => "Short rest",
        PostChange::ExtendedRest => "Extended rest",
        PostChange::SetAttacks(_) => "Edit attacks",
        PostChange::SetGear { .. } => "Set gear",
        PostChange::UseDefensive => "Use defensive equipment",
    }
}

fn three_d6(change: &ThreeD6Change) -> &'static str {
    match change {
        ThreeD6Change::SetLevel(_) => "Set level",
        ThreeD6Change::TakeHarm(_) => "Mark harm",
        ThreeD6Change::SetHarmTaken(_) => "Set harm",
        ThreeD6Change::SetAttacks(_) => "Edit attacks",
    }
}
