//! The menu bar: File, Edit and View, built from [`Action`]s so menus and shortcuts agree.

use super::{Action, LanternApp, Pane, Request, dock};
use crate::demo::Demo;

impl LanternApp {
    pub(super) fn menu_bar_ui(&mut self, ui: &mut egui::Ui) {
        let mut requests = Vec::new();
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| self.file_menu_ui(ui, &mut requests));
            ui.menu_button("Edit", |ui| self.edit_menu_ui(ui, &mut requests));
            ui.menu_button("View", |ui| self.view_menu_ui(ui, &mut requests));
            ui.menu_button("Library", |ui| self.library_menu_ui(ui));
            // Help → Rules: the rules ledger in a window (`rules_window.rs`).
            ui.menu_button("Help", super::rules_window::help_menu_ui);
            self.notifications.status_ui(ui);
        });
        for request in requests {
            self.request(ui.ctx(), request);
        }
    }

    fn file_menu_ui(&self, ui: &mut egui::Ui, requests: &mut Vec<Request>) {
        for action in [Action::New, Action::Open] {
            action_button_ui(ui, action, action.label(), true, requests);
        }
        ui.menu_button("Open demo", |ui| {
            for demo in Demo::ALL {
                if ui.button(demo.label()).clicked() {
                    requests.push(Request::OpenDemo(demo));
                }
            }
        });
        ui.menu_button("Open recent", |ui| self.recent_menu_ui(ui, requests));
        ui.separator();
        for action in [Action::ImportMap, Action::SetBackground] {
            action_button_ui(ui, action, action.label(), true, requests);
        }
        ui.separator();
        for action in [Action::Save, Action::SaveAs] {
            action_button_ui(ui, action, action.label(), true, requests);
        }
        ui.separator();
        for action in [Action::ExportView, Action::ExportViewNoFog] {
            action_button_ui(
                ui,
                action,
                action.label(),
                !self.exporter.is_busy(),
                requests,
            );
        }
        ui.separator();
        action_button_ui(ui, Action::Quit, Action::Quit.label(), true, requests);
    }

    fn recent_menu_ui(&self, ui: &mut egui::Ui, requests: &mut Vec<Request>) {
        if self.recent.paths().is_empty() {
            ui.weak("No recent files");
            return;
        }
        for path in self.recent.paths() {
            let name = super::text::file_name(path);
            let button = ui.button(name).on_hover_text(path.display().to_string());
            if button.clicked() {
                requests.push(Request::OpenRecent(path.clone()));
            }
        }
        ui.separator();
        if ui.button("Clear recent files").clicked() {
            requests.push(Request::ClearRecent);
        }
    }

    fn edit_menu_ui(&self, ui: &mut egui::Ui, requests: &mut Vec<Request>) {
        let history = self.document.history();
        for (action, label) in [
            (Action::Undo, history.undo_label()),
            (Action::Redo, history.redo_label()),
        ] {
            let text = label.map_or_else(
                || action.label().to_owned(),
                |label| format!("{} {label}", action.label()),
            );
            action_button_ui(ui, action, &text, label.is_some(), requests);
        }
    }

    fn view_menu_ui(&self, ui: &mut egui::Ui, requests: &mut Vec<Request>) {
        for pane in Pane::ALL {
            let mut open = dock::is_open(&self.dock, pane);
            if ui.checkbox(&mut open, pane.label()).clicked() {
                requests.push(Request::TogglePane(pane));
            }
        }
        ui.separator();
        let reset = Action::ResetLayout;
        action_button_ui(ui, reset, reset.label(), true, requests);
        ui.separator();
        self.players_menu_ui(ui, requests);
    }

    /// The players' window entries: open, follow or push, blackout, fullscreen.
    fn players_menu_ui(&self, ui: &mut egui::Ui, requests: &mut Vec<Request>) {
        let players = &self.players;
        for (action, on) in [
            (Action::PlayersWindow, players.open),
            (Action::PlayersFollow, players.follow_gm),
            (Action::Blackout, players.blackout),
            (Action::PlayersFullscreen, players.fullscreen),
        ] {
            let enabled = action == Action::PlayersWindow || players.open;
            let mut checked = on;
            let shortcut = action
                .shortcut()
                .map(|s| ui.ctx().format_shortcut(&s))
                .unwrap_or_default();
            let clicked = ui
                .add_enabled(enabled, egui::Checkbox::new(&mut checked, action.label()))
                .on_hover_text(format!("{} {shortcut}", action.tooltip()))
                .clicked();
            if clicked {
                requests.push(Request::Action(action));
            }
        }
        // Pushing works with the window closed too: it opens on the pushed view.
        let push = Action::PushView;
        let true_scale = players.open && players.true_scale().is_some();
        // At true scale the view box decides what the players see, not the GM's view.
        action_button_ui(ui, push, push.label(), !true_scale, requests);
        ui.separator();
        let table = Action::TableScreen;
        action_button_ui(ui, table, table.label(), true, requests);
        let show = Action::ShowCurrentCombatant;
        let current = self.document.encounter.combat.initiative.current_token();
        action_button_ui(
            ui,
            show,
            show.label(),
            true_scale && current.is_some(),
            requests,
        );
        ui.separator();
        let handouts = Action::Handouts;
        action_button_ui(ui, handouts, handouts.label(), true, requests);
        let dismiss = Action::DismissHandout;
        let shown = players.handout.shown.is_some();
        action_button_ui(ui, dismiss, dismiss.label(), shown, requests);
        let phones = Action::PlayersPhones;
        action_button_ui(ui, phones, phones.label(), true, requests);
    }
}

/// A menu button for `action` with its tooltip and shortcut text.
fn action_button_ui(
    ui: &mut egui::Ui,
    action: Action,
    text: &str,
    enabled: bool,
    requests: &mut Vec<Request>,
) {
    let shortcut = action
        .shortcut()
        .map(|s| ui.ctx().format_shortcut(&s))
        .unwrap_or_default();
    let button = egui::Button::new(text).shortcut_text(shortcut);
    if ui
        .add_enabled(enabled, button)
        .on_hover_text(action.tooltip())
        .clicked()
    {
        requests.push(Request::Action(action));
    }
}
