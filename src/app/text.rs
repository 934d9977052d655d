//! How much of a user's text the window lays out.
//!
//! A name, a note or a condition can be as long as a file makes it, and egui lays out (and
//! keeps, and draws) every glyph of what it is given, shown or not: one token named with 10 MB
//! of text took the window to 7 GB without ever drawing. So what is handed to a label, a tag, a
//! tooltip or a title is first cut to what could be read there, with "…" where it was cut; the
//! text itself, in the encounter, is never changed (a field too long to edit offers to cut it,
//! as the GM's own one-step edit).

use std::borrow::Cow;

/// A name: a token's, the encounter's, a condition's, a clock's, a library entry's. Longer
/// than any name reads under a token or in a pane's row.
pub const NAME_CHARS: usize = 80;

/// One line of a message or of the roll log.
pub const LINE_CHARS: usize = 400;

/// A token's notes, wrapped in its tooltip: a few screens of text.
pub const NOTE_CHARS: usize = 4_000;

/// `text` cut to at most `max_chars` characters, with "…" in place of the rest. Costs at most
/// `max_chars` steps however long `text` is.
pub fn clip(text: &str, max_chars: usize) -> Cow<'_, str> {
    match text.char_indices().nth(max_chars) {
        None => Cow::Borrowed(text),
        Some((at, _)) => Cow::Owned(format!("{}…", &text[..at])),
    }
}

/// The last part of `path` (a file's or folder's name), or the whole path when it has none
/// (`/`, `..`).
pub fn file_name(path: &std::path::Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// A name as it is shown: [`clip`] to [`NAME_CHARS`].
pub fn name(text: &str) -> Cow<'_, str> {
    clip(text, NAME_CHARS)
}

/// A line of the log or a message as it is shown: [`clip`] to [`LINE_CHARS`].
pub fn line(text: &str) -> Cow<'_, str> {
    clip(text, LINE_CHARS)
}

/// Notes as they are shown: [`clip`] to [`NOTE_CHARS`].
pub fn note(text: &str) -> Cow<'_, str> {
    clip(text, NOTE_CHARS)
}

/// The most characters a text field edits: past this a field would lay out (every frame) more
/// than anyone types into one line.
pub const EDIT_CHARS: usize = 1_000;

/// Whether `text` is too long for a text field (see [`EDIT_CHARS`]).
pub fn too_long_to_edit(text: &str) -> bool {
    text.char_indices().nth(EDIT_CHARS).is_some()
}

/// What stands in for a text field whose `text` is too long to edit: its start, how long it is,
/// and a button that cuts it to `keep` characters. Returns the cut text when the button is
/// clicked (one gesture, the caller's one command: nothing is cut unasked).
pub fn too_long_ui(ui: &mut egui::Ui, text: &str, keep: usize) -> Option<String> {
    ui.label(clip(text, 24).as_ref()).on_hover_text(format!(
        "{} characters: too long to edit here",
        text.chars().count()
    ));
    ui.button(format!("Cut to {keep} characters"))
        .clicked()
        .then(|| text.chars().take(keep).collect())
}

/// The most names one list in a label spells out.
pub const LIST_NAMES: usize = 12;

/// "Aria, Bram and 3 more": the first [`LIST_NAMES`] of `names` (each [`name`]), and how many
/// others there are.
pub fn names<'a>(names: impl IntoIterator<Item = &'a str>) -> String {
    let mut shown = Vec::new();
    let mut more = 0_usize;
    for n in names {
        if shown.len() < LIST_NAMES {
            shown.push(name(n));
        } else {
            more += 1;
        }
    }
    let list = shown.join(", ");
    if more == 0 {
        list
    } else {
        format!("{list} and {more} more")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_is_kept_and_long_text_cut_at_a_character() {
        assert_eq!(clip("Kestrel", 7), "Kestrel");
        assert!(matches!(clip("Kestrel", 7), Cow::Borrowed(_)));
        assert_eq!(clip("Kestrel", 3), "Kes…");
        // Characters, not bytes: "é" is two bytes.
        assert_eq!(clip("ééééé", 2), "éé…");
        let long = "x".repeat(10 << 20);
        assert_eq!(name(&long).chars().count(), NAME_CHARS + 1);
    }

    #[test]
    fn a_long_list_names_its_first_few() {
        assert_eq!(names(["Aria", "Bram"]), "Aria, Bram");
        let crowd: Vec<String> = (0..5_000).map(|i| format!("Goblin {i}")).collect();
        let text = names(crowd.iter().map(String::as_str));
        assert!(text.starts_with("Goblin 0, Goblin 1, "));
        assert!(text.ends_with("Goblin 11 and 4988 more"), "{text}");
    }
}
