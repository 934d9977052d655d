//! Evening encounter-wide trackers: threads with their marks, and challenges.

use egui::{Id, RichText};

use super::{amount_ui, encounter_change, text_ui, track_ui};
use crate::app::PaneContext;
use crate::rules::EncounterChange;
use crate::rules::evening::{
    ChallengeStatus, ChallengeTracker, EveningEncounter, EveningEncounterChange as C,
    MARKS_PER_SCENE, Tally, failure_threshold, successes_required,
};

fn change(ctx: &mut PaneContext<'_>, c: C) {
    encounter_change(ctx, EncounterChange::Evening(c));
}

/// Threads and challenges.
pub fn scene_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>) {
    let scene = ctx.encounter.combat.trackers.encounter.evening.clone();
    threads_ui(ui, ctx, &scene);
    ui.separator();
    challenges_ui(ui, ctx, &scene.challenges);
}

fn threads_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, scene: &EveningEncounter) {
    ui.horizontal(|ui| {
        ui.label(RichText::new("Threads").strong());
        ui.label(format!(
            "marks this scene {}/{MARKS_PER_SCENE}",
            scene.marks_this_scene
        ));
        if ui.small_button("New scene").clicked() {
            change(ctx, C::NewScene);
        }
    });
    for (i, t) in scene.threads.iter().enumerate() {
        ui.horizontal(|ui| {
            let name = crate::app::text::name(&t.name);
            ui.label(name.as_ref());
            track_ui(ui, &name, t.marks.into(), t.length.into());
            if t.resolved() {
                ui.label("resolved");
            }
            if ui.small_button("Advance").clicked() {
                change(ctx, C::AdvanceThread(i));
            }
            if ui.small_button("Forestall").clicked() {
                change(ctx, C::ForestallThread(i));
            }
            if ui
                .small_button("×")
                .on_hover_text("Remove this thread")
                .clicked()
            {
                change(ctx, C::RemoveThread(i));
            }
        });
    }
    ui.horizontal(|ui| {
        let name = text_ui(ui, Id::unique("new_thread_name"), "thread name");
        let length = amount_ui(ui, Id::unique("new_thread_length"), "Thread length", 6, 12);
        if ui.button("Add thread").clicked() {
            change(
                ctx,
                C::AddThread {
                    name,
                    length: length as u8,
                },
            );
        }
    });
}

fn challenges_ui(ui: &mut egui::Ui, ctx: &mut PaneContext<'_>, challenges: &[ChallengeTracker]) {
    ui.label(RichText::new("Challenges").strong());
    for (i, c) in challenges.iter().enumerate() {
        ui.horizontal_wrapped(|ui| {
            let status = match c.status() {
                ChallengeStatus::Ongoing => "",
                ChallengeStatus::Resolved => " — resolved",
                ChallengeStatus::ThreatOccurs => " — the threat occurs",
            };
            ui.label(format!(
                "{} (rating {}, complexity {}){status}",
                crate::app::text::name(&c.name),
                c.rating,
                c.complexity
            ));
            ui.label("successes");
            track_ui(
                ui,
                "Successes",
                c.successes,
                successes_required(c.complexity),
            );
            ui.label("failures");
            track_ui(ui, "Failures", c.failures, failure_threshold(c.complexity));
            for (label, tally) in [
                ("+1 success", Tally::Successes(1)),
                ("+2", Tally::Successes(2)),
                ("+3", Tally::Successes(3)),
                ("+1 failure", Tally::Failure),
            ] {
                if ui.small_button(label).clicked() {
                    change(ctx, C::TallyChallenge { index: i, tally });
                }
            }
            if ui
                .small_button("×")
                .on_hover_text("Remove this challenge")
                .clicked()
            {
                change(ctx, C::RemoveChallenge(i));
            }
        });
    }
    ui.horizontal(|ui| {
        let name = text_ui(ui, Id::unique("new_challenge_name"), "challenge name");
        let rating = amount_ui(
            ui,
            Id::unique("new_challenge_rating"),
            "Challenge rating",
            3,
            10,
        );
        let complexity = amount_ui(
            ui,
            Id::unique("new_challenge_complexity"),
            "Challenge complexity",
            3,
            10,
        );
        if ui.button("Add challenge").clicked() {
            change(
                ctx,
                C::AddChallenge {
                    name,
                    rating: rating as u8,
                    complexity: complexity as u8,
                },
            );
        }
    });
}
