//! Every user-facing action in one place: label, tooltip and shortcut feed menus and keys alike.

use egui::{Key, KeyboardShortcut, Modifiers};

const CMD: Modifiers = Modifiers::COMMAND;
const CMD_SHIFT: Modifiers = Modifiers::COMMAND.plus(Modifiers::SHIFT);
const NEW: KeyboardShortcut = KeyboardShortcut::new(CMD, Key::N);
const OPEN: KeyboardShortcut = KeyboardShortcut::new(CMD, Key::O);
const SAVE: KeyboardShortcut = KeyboardShortcut::new(CMD, Key::S);
const SAVE_AS: KeyboardShortcut = KeyboardShortcut::new(CMD_SHIFT, Key::S);
const UNDO: KeyboardShortcut = KeyboardShortcut::new(CMD, Key::Z);
const REDO: KeyboardShortcut = KeyboardShortcut::new(CMD_SHIFT, Key::Z);
const REDO_ALT: KeyboardShortcut = KeyboardShortcut::new(CMD, Key::Y);
const QUIT: KeyboardShortcut = KeyboardShortcut::new(CMD, Key::Q);
const PLAYERS_FULLSCREEN: KeyboardShortcut = KeyboardShortcut::new(Modifiers::NONE, Key::F11);

/// Something the user can ask the app to do from a menu or the keyboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    New,
    Open,
    Save,
    SaveAs,
    Undo,
    Redo,
    ResetLayout,
    ImportMap,
    SetBackground,
    /// Opens or closes the players' window.
    PlayersWindow,
    /// The players' window shows what the GM's Map pane shows, or holds its own view.
    PlayersFollow,
    /// The players' window holds the GM's current view.
    PushView,
    /// The players' window goes black (or back).
    Blackout,
    PlayersFullscreen,
    /// Opens the players' table-screen setup: true scale, facing, miniatures, grid test.
    TableScreen,
    /// Moves the table screen's view box just enough to show the current combatant.
    ShowCurrentCombatant,
    /// Opens the companion's window: players' phones over the table's network.
    PlayersPhones,
    ExportView,
    ExportViewNoFog,
    /// Opens or closes the Handouts window: pictures to show the players.
    Handouts,
    /// Takes the shown handout off the players' window.
    DismissHandout,
    /// Closes the window, asking first about unsaved changes.
    Quit,
}

impl Action {
    /// Shortcut handling walks this list in order; shortcuts with more modifiers come first so
    /// Ctrl+Shift+S is not taken for Ctrl+S (egui matches extra Shift leniently).
    pub const ALL: [Self; 22] = [
        Self::SaveAs,
        Self::Redo,
        Self::New,
        Self::Open,
        Self::Save,
        Self::Undo,
        Self::ResetLayout,
        Self::ImportMap,
        Self::SetBackground,
        Self::PlayersWindow,
        Self::PlayersFollow,
        Self::PushView,
        Self::Blackout,
        Self::PlayersFullscreen,
        Self::TableScreen,
        Self::ShowCurrentCombatant,
        Self::PlayersPhones,
        Self::ExportView,
        Self::ExportViewNoFog,
        Self::Handouts,
        Self::DismissHandout,
        Self::Quit,
    ];

    /// The menu text. Actions that open a dialog end with `…`.
    pub fn label(self) -> &'static str {
        match self {
            Self::New => "New",
            Self::Open => "Open…",
            Self::Save => "Save",
            Self::SaveAs => "Save As…",
            Self::Undo => "Undo",
            Self::Redo => "Redo",
            Self::ResetLayout => "Reset layout",
            Self::ImportMap => "Import Universal VTT…",
            Self::SetBackground => "Set map background…",
            Self::PlayersWindow => "Players' window",
            Self::PlayersFollow => "Players follow my view",
            Self::PushView => "Push view to players",
            Self::Blackout => "Blackout players' window",
            Self::PlayersFullscreen => "Players' window fullscreen",
            Self::TableScreen => "Table screen…",
            Self::ShowCurrentCombatant => "Show the current combatant on the TV",
            Self::PlayersPhones => "Players' phones…",
            Self::ExportView => "Export map view as PNG…",
            Self::ExportViewNoFog => "Export map view without fog as PNG…",
            Self::Handouts => "Handouts…",
            Self::DismissHandout => "Dismiss handout",
            Self::Quit => "Quit",
        }
    }

    pub fn tooltip(self) -> &'static str {
        match self {
            Self::New => "Start an empty encounter",
            Self::Open => "Open an encounter file from disk",
            Self::Save => "Save the encounter to its file",
            Self::SaveAs => "Save the encounter to a new file",
            Self::Undo => "Take back the last change",
            Self::Redo => "Make the last undone change again",
            Self::ResetLayout => "Put every pane back where it starts",
            Self::ImportMap => {
                "Open a Dungeondraft, DungeonFog or Arkenforge map (.dd2vtt, .df2vtt, .uvtt)"
            }
            Self::SetBackground => "Lay a PNG, JPEG or WebP image under the map's grid",
            Self::PlayersWindow => "A second window for the TV: the map as the party knows it",
            Self::PlayersFollow => "The players' window shows what the Map pane shows, as it moves",
            Self::PushView => "Show the players what the Map pane shows now, and hold it there",
            Self::Blackout => "Hide everything from the players while you set up",
            Self::PlayersFullscreen => "Fill the players' screen (F11 in that window too)",
            Self::TableScreen => {
                "True-scale cells for miniatures, which way the TV faces, base rings, a grid test"
            }
            Self::ShowCurrentCombatant => {
                "Move the TV's view box the least that brings the current combatant inside"
            }
            Self::PlayersPhones => {
                "Let players hold their heroes on their phones, over this computer's network"
            }
            Self::ExportView => "Save the Map pane's view as the players see it, fog included",
            Self::ExportViewNoFog => "Save the Map pane's view with no fog, for print or prep",
            Self::Handouts => "Pictures kept with the encounter to show on the players' window",
            Self::DismissHandout => "Take the handout shown off the players' window",
            Self::Quit => "Close Lantern (asks first if there are unsaved changes)",
        }
    }

    /// The main shortcut shown in menus.
    pub fn shortcut(self) -> Option<KeyboardShortcut> {
        self.shortcuts().first().copied()
    }

    /// Every shortcut that triggers the action (Redo has two: Ctrl+Shift+Z and Ctrl+Y).
    pub fn shortcuts(self) -> &'static [KeyboardShortcut] {
        match self {
            Self::New => &[NEW],
            Self::Open => &[OPEN],
            Self::Save => &[SAVE],
            Self::SaveAs => &[SAVE_AS],
            Self::Undo => &[UNDO],
            Self::Redo => &[REDO, REDO_ALT],
            Self::PlayersFullscreen => &[PLAYERS_FULLSCREEN],
            Self::Quit => &[QUIT],
            Self::ResetLayout
            | Self::ImportMap
            | Self::SetBackground
            | Self::PlayersWindow
            | Self::PlayersFollow
            | Self::PushView
            | Self::Blackout
            | Self::TableScreen
            | Self::ShowCurrentCombatant
            | Self::PlayersPhones
            | Self::ExportView
            | Self::ExportViewNoFog
            | Self::Handouts
            | Self::DismissHandout => &[],
        }
    }

    /// Whether a text field should keep the key for itself (its own undo) while it has focus.
    pub fn yields_to_text_edit(self) -> bool {
        matches!(self, Self::Undo | Self::Redo)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dialog_actions_end_with_ellipsis() {
        for action in Action::ALL {
            let opens_dialog = matches!(
                action,
                Action::Open
                    | Action::SaveAs
                    | Action::ImportMap
                    | Action::SetBackground
                    | Action::TableScreen
                    | Action::PlayersPhones
                    | Action::ExportView
                    | Action::ExportViewNoFog
                    | Action::Handouts
            );
            assert_eq!(action.label().ends_with('…'), opens_dialog, "{action:?}");
        }
    }

    #[test]
    fn shortcuts_are_distinct() {
        let all: Vec<_> = Action::ALL.iter().flat_map(|a| a.shortcuts()).collect();
        for (i, a) in all.iter().enumerate() {
            assert!(all[i + 1..].iter().all(|b| b != a), "{a:?} twice");
        }
    }

    #[test]
    fn shift_shortcuts_are_checked_before_their_plain_twins() {
        let index = |a| Action::ALL.iter().position(|x| *x == a).unwrap();
        assert!(index(Action::SaveAs) < index(Action::Save));
        assert!(index(Action::Redo) < index(Action::Undo));
    }
}
