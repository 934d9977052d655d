//! Library entries dropped onto the map: placed as one group (one undo step) near the drop, or
//! refused with the reason shown where the refusals of token drags are.

use std::sync::Arc;

use crate::app::PaneContext;
use crate::app::library::LibraryDrag;
use crate::board::grid::cell_in_grid;
use crate::library::{LibraryEntry, place_group};

use super::transform::MapTransform;

/// How long a refusal stays on the map, in seconds.
const NOTE_SECS: f64 = 4.0;

/// Places what the Library pane dropped on the map this frame, if anything.
pub(super) fn library_drop_ui(
    ui: &egui::Ui,
    ctx: &mut PaneContext<'_>,
    note: &mut Option<(String, f64)>,
    background: &egui::Response,
    t: &MapTransform,
) {
    let Some(drag) = background.dnd_release_payload::<LibraryDrag>() else {
        return;
    };
    let Some(pos) = ui.ctx().pointer_latest_pos() else {
        return;
    };
    let cell = cell_in_grid(ctx.encounter.map.grid, t.grid_from_ui(pos));
    let result = read_whole(&drag).and_then(|entries| {
        let group: Vec<(&LibraryEntry, usize)> =
            entries.iter().map(|(e, n)| (e.as_ref(), *n)).collect();
        place_group(ctx.encounter, &group, cell).map_err(|err| err.to_string())
    });
    match result {
        Ok(command) => ctx.command(command),
        Err(err) => *note = Some((err, ui.input(|i| i.time) + NOTE_SECS)),
    }
}

/// Each dragged entry read whole (if nothing has yet), or why the first that fails cannot be
/// used; that one stays a bad line in the pane.
fn read_whole(drag: &LibraryDrag) -> Result<Vec<(Arc<LibraryEntry>, usize)>, String> {
    drag.group
        .iter()
        .map(|(row, n)| {
            row.load().map(|entry| (entry, *n)).map_err(|err| {
                let name = row
                    .summary
                    .as_ref()
                    .map_or(row.file_name.as_str(), |s| &s.name);
                let name = crate::app::text::name(name);
                format!("“{name}” cannot be used: {err}")
            })
        })
        .collect()
}
