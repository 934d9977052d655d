//! Touch on the table's screen: a TV lying flat under a touch frame, with several hands on it.
//!
//! egui-winit reports every finger as an [`egui::Event::Touch`] with its own [`egui::TouchId`],
//! and also makes the *first* finger down the mouse pointer (a primary press, moves, a release
//! and `PointerGone`, all in the same frame as that finger's touch events); egui reads two or more
//! fingers as one pinch. Neither fits a table with six players on it, so this module reads the
//! touch events itself, one contact per touch id, and leaves the pointer events a finger made
//! alone: a mouse press or release counts only in a frame with no touch event and while no finger
//! is down (a table without touch uses the mouse the same way).
//!
//! Each contact is a small state machine over its own events:
//!
//! - Down on a token the table may move ([`TableMoves`]), then moved past a few points within
//!   [`REST_SECS`]: it drags that token. Lifted, the token is dropped: one move, checked by the
//!   same rule as the GM's drags (the map's `table_drop`), one undo step. Several fingers drag
//!   several tokens at once, each its own step.
//! - Held still for [`LONG_PRESS_SECS`] anywhere but on a token it may drag: a ping there, at
//!   once, with the finger still down (the window asks for frames while a contact is down, so no
//!   further event is needed), and only once however long it stays.
//! - A finger held still past [`REST_SECS`] (a miniature's base, a cup) or moved off a token:
//!   ignored until lifted — it never drags, and its one ping is all it ever does. The mouse is
//!   never resting: a press held before it drags still drags, however slow the frames.
//!   Nothing done here pans or zooms the view; the GM steers it.
//!
//! The contact's geometry is the frame the players last saw ([`super::PlayersFrame`]): a touch
//! lands on what was drawn under it. [`TableInput::run`] is a function of the frame's events, so
//! tests drive it with the very events a touch frame sends.

use std::collections::BTreeMap;

use egui::{Event, PointerButton, Pos2, TouchPhase, Vec2};
use serde::{Deserialize, Serialize};

use crate::model::{Cell, GridPoint, TokenId};

/// How long a finger is held still for a ping, in seconds.
pub const LONG_PRESS_SECS: f64 = 0.5;
/// A finger still for longer than this is resting (a miniature's base, a cup): never a gesture.
pub const REST_SECS: f64 = 1.5;
/// How far a finger may wander, in points, and still be held still.
pub const SLOP_POINTS: f32 = 12.0;

/// Who may be moved from the table (an app setting, shown in the Table screen window).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum TableMoves {
    /// The table only pings; tokens move from the GM's window.
    Nobody,
    /// The token whose turn it is (none outside a fight).
    #[default]
    CurrentCombatant,
    /// Any of the party's tokens, in a fight or not.
    PartyTokens,
}

impl TableMoves {
    pub const ALL: [Self; 3] = [Self::Nobody, Self::CurrentCombatant, Self::PartyTokens];

    pub fn label(self) -> &'static str {
        match self {
            Self::Nobody => "Nobody",
            Self::CurrentCombatant => "The current combatant",
            Self::PartyTokens => "Any party token",
        }
    }

    /// What a player is told when a token they tried to drag may not move.
    pub fn refusal(self) -> &'static str {
        match self {
            Self::Nobody => "Tokens are moved from the GM's window.",
            Self::CurrentCombatant => "Only the current combatant moves from the table.",
            Self::PartyTokens => "Only the party's tokens move from the table.",
        }
    }
}

/// A contact: a finger, by its device and touch id, or the mouse's primary button.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Contact {
    Touch(u64, u64),
    Mouse,
}

/// What a contact is doing.
#[derive(Clone, Copy, Debug, PartialEq)]
enum State {
    /// Down and still. `token`: the token under it that the table may move; `blocked`: one it
    /// may not (a drag on it says why).
    Pressed {
        token: Option<TokenId>,
        blocked: Option<TokenId>,
    },
    /// Dragging `token`, grabbed `grab` (map space) from its anchor cell's centre, to `target`.
    Dragging {
        token: TokenId,
        grab: Vec2,
        target: Cell,
        /// Whether a drop on `target` is allowed (`None`: it would change nothing).
        allowed: Option<bool>,
    },
    /// Resting, or moved where it means nothing: ignored until lifted.
    Ignored,
}

#[derive(Clone, Copy, Debug)]
struct Finger {
    /// Where it went down and where it is now, in the window's points.
    start: Pos2,
    pos: Pos2,
    /// When it went down (the players' window's input time).
    since: f64,
    state: State,
    /// Whether its long press has pinged.
    pinged: bool,
    /// Whether it may be something resting on the glass (a finger or object on the touch frame;
    /// the mouse never is, so a press held before it drags still drags).
    may_rest: bool,
}

/// What the table asked for this frame.
#[derive(Clone, Debug, PartialEq)]
pub enum TableAct {
    /// `token` dropped on `target`: the caller checks it as the GM's map would and applies it.
    Drop { token: TokenId, target: Cell },
    /// A long press (or an Alt+click) at this spot, map space.
    Ping(GridPoint),
    /// A token the table may not move was dragged.
    Refused { token: TokenId },
}

/// What the contacts need to know about the picture under them, from the frame last drawn.
pub trait TableBoard {
    /// The map point under the window point `p`, when `p` is on the map shown.
    fn grid_at(&self, p: Pos2) -> Option<GridPoint>;
    /// The token the players see under map point `p`, if any.
    fn token_at(&mut self, p: GridPoint) -> Option<TokenId>;
    /// Whether the table may move `token` now.
    fn may_move(&self, token: TokenId) -> bool;
    /// The centre of `token`'s anchor cell, map space.
    fn anchor(&self, token: TokenId) -> Option<GridPoint>;
    /// The cell under map point `p`.
    fn cell_at(&self, p: GridPoint) -> Cell;
    /// Whether dropping `token` on `target` would be allowed (`None`: it would change nothing).
    fn allowed(&mut self, token: TokenId, target: Cell) -> Option<bool>;
}

/// The contacts on the players' window. View state.
#[derive(Clone, Debug, Default)]
pub struct TableInput {
    contacts: BTreeMap<Contact, Finger>,
}

/// A token being dragged from the table, for drawing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TableDrag {
    pub token: TokenId,
    pub target: Cell,
    pub allowed: Option<bool>,
}

impl TableInput {
    /// Reads one frame's `events` at `now` (the window's input time) against `board`.
    pub fn run(&mut self, events: &[Event], now: f64, board: &mut dyn TableBoard) -> Vec<TableAct> {
        let mut acts = Vec::new();
        // The pointer a finger drags along is the platform's copy of that finger.
        let fingers = events.iter().any(|e| matches!(e, Event::Touch { .. }))
            || self
                .contacts
                .keys()
                .any(|c| matches!(c, Contact::Touch(..)));
        for event in events {
            match *event {
                Event::Touch {
                    device_id,
                    id,
                    phase,
                    pos,
                    ..
                } => {
                    let contact = Contact::Touch(device_id.0, id.0);
                    self.contact(contact, phase, pos, now, board, &mut acts);
                }
                Event::PointerButton {
                    pos,
                    button: PointerButton::Primary,
                    pressed,
                    modifiers,
                } if !fingers => {
                    if pressed && modifiers.alt {
                        acts.extend(board.grid_at(pos).map(TableAct::Ping));
                    } else {
                        let phase = if pressed {
                            TouchPhase::Start
                        } else {
                            TouchPhase::End
                        };
                        self.contact(Contact::Mouse, phase, pos, now, board, &mut acts);
                    }
                }
                Event::PointerMoved(pos) if !fingers => {
                    self.contact(Contact::Mouse, TouchPhase::Move, pos, now, board, &mut acts);
                }
                Event::PointerGone if !fingers => {
                    self.contacts.remove(&Contact::Mouse);
                }
                _ => {}
            }
        }
        // A press held long enough pings now, whether or not this frame brought an event.
        for finger in self.contacts.values_mut() {
            if long_press(finger, now) {
                finger.pinged = true;
                acts.extend(board.grid_at(finger.start).map(TableAct::Ping));
            }
        }
        acts
    }

    /// One event of one contact.
    fn contact(
        &mut self,
        contact: Contact,
        phase: TouchPhase,
        pos: Pos2,
        now: f64,
        board: &mut dyn TableBoard,
        acts: &mut Vec<TableAct>,
    ) {
        // A touch frame that behaves oddly is diagnosed with `RUST_LOG=lantern=debug`.
        log::debug!("table contact {contact:?} {phase:?} at {pos:?}, t = {now:.2} s");
        match phase {
            TouchPhase::Start => {
                let state = self.pressed(pos, board);
                let finger = Finger {
                    start: pos,
                    pos,
                    since: now,
                    state,
                    pinged: false,
                    may_rest: matches!(contact, Contact::Touch(..)),
                };
                self.contacts.insert(contact, finger);
            }
            TouchPhase::Move => {
                if let Some(mut finger) = self.contacts.get(&contact).copied() {
                    // One token, one hand: a second finger on a token already dragged holds
                    // nothing.
                    if let State::Pressed {
                        token: Some(id), ..
                    } = finger.state
                        && self.dragging().any(|d| d.token == id)
                    {
                        finger.state = State::Ignored;
                    }
                    finger.pos = pos;
                    finger.state = moved(&finger, now, board, acts);
                    self.contacts.insert(contact, finger);
                }
            }
            TouchPhase::End => {
                if let Some(finger) = self.contacts.remove(&contact) {
                    // Lifted after the long press but before a frame saw it held (a slow frame).
                    if long_press(&finger, now) {
                        acts.extend(board.grid_at(finger.start).map(TableAct::Ping));
                    }
                    acts.extend(lifted(&finger));
                }
            }
            TouchPhase::Cancel => {
                self.contacts.remove(&contact);
            }
        }
    }

    /// A contact going down at `pos`: on a token the table may move (and no other finger
    /// drags), on one it may not, or on bare map; off the map it means nothing.
    fn pressed(&self, pos: Pos2, board: &mut dyn TableBoard) -> State {
        let Some(at) = board.grid_at(pos) else {
            return State::Ignored;
        };
        let under = board.token_at(at);
        let taken = under.is_some_and(|id| self.dragging().any(|d| d.token == id));
        match under.filter(|_| !taken) {
            Some(id) if board.may_move(id) => State::Pressed {
                token: Some(id),
                blocked: None,
            },
            other => State::Pressed {
                token: None,
                blocked: other,
            },
        }
    }

    /// The tokens being dragged now.
    pub fn dragging(&self) -> impl Iterator<Item = TableDrag> + '_ {
        self.contacts.values().filter_map(|f| match f.state {
            State::Dragging {
                token,
                target,
                allowed,
                ..
            } => Some(TableDrag {
                token,
                target,
                allowed,
            }),
            _ => None,
        })
    }

    /// The contacts held still towards a ping, with how far through the long press each is, at
    /// their window points.
    pub fn pressing(&self, now: f64) -> impl Iterator<Item = (Pos2, f32)> + '_ {
        self.contacts.values().filter_map(move |f| {
            let held = now - f.since;
            // A touch too short to be anything shows nothing (a tap, the start of a drag); a
            // grab of a token it may drag is no ping.
            (pings_when_held(f) && held > LONG_PRESS_SECS * 0.3)
                .then(|| (f.pos, (held / LONG_PRESS_SECS).min(1.0) as f32))
        })
    }

    /// Whether any contact is down (the window then asks for frames, to show a long press).
    pub fn any_down(&self) -> bool {
        !self.contacts.is_empty()
    }
}

/// A contact moved to `finger.pos`: a press on a movable token that goes past the slop in time
/// starts dragging it; any other press that moves is ignored from then on.
fn moved(finger: &Finger, now: f64, board: &mut dyn TableBoard, acts: &mut Vec<TableAct>) -> State {
    match finger.state {
        State::Pressed { token, blocked } => {
            if (finger.pos - finger.start).length() <= SLOP_POINTS {
                return finger.state;
            }
            if finger.may_rest && now - finger.since >= REST_SECS {
                // A resting contact that starts to slide is still no gesture.
                return State::Ignored;
            }
            if let Some(id) = token {
                return start_drag(finger, id, board).unwrap_or(State::Ignored);
            }
            if let Some(id) = blocked {
                acts.push(TableAct::Refused { token: id });
            }
            State::Ignored
        }
        State::Dragging {
            token,
            grab,
            target,
            allowed,
        } => {
            let Some(at) = board.grid_at(finger.pos) else {
                return finger.state;
            };
            let anchor = GridPoint::new(at.x - f64::from(grab.x), at.y - f64::from(grab.y));
            let cell = board.cell_at(anchor);
            let allowed = if cell == target {
                allowed
            } else {
                board.allowed(token, cell)
            };
            State::Dragging {
                token,
                grab,
                target: cell,
                allowed,
            }
        }
        State::Ignored => State::Ignored,
    }
}

/// The drag of `token` a contact starts, grabbed where it went down.
fn start_drag(finger: &Finger, token: TokenId, board: &mut dyn TableBoard) -> Option<State> {
    let at = board.grid_at(finger.start)?;
    let anchor = board.anchor(token)?;
    let grab = Vec2::new((at.x - anchor.x) as f32, (at.y - anchor.y) as f32);
    let state = State::Dragging {
        token,
        grab,
        target: board.cell_at(anchor),
        allowed: None,
    };
    let moving = Finger { state, ..*finger };
    // The move so far lands it where the finger is now.
    Some(moved(&moving, finger.since, board, &mut Vec::new()))
}

/// Whether `finger`, held still from now on, would still ping: it is down and still, has not
/// pinged, and holds no token it may drag (holding one still is a slow grab, not a ping).
fn pings_when_held(finger: &Finger) -> bool {
    !finger.pinged && matches!(finger.state, State::Pressed { token: None, .. })
}

/// Whether `finger` pings at `now`: held still for the long press and not pinged yet.
fn long_press(finger: &Finger, now: f64) -> bool {
    pings_when_held(finger) && now - finger.since >= LONG_PRESS_SECS
}

/// What lifting a contact does: drops what it drags (a long press pinged while it was held).
fn lifted(finger: &Finger) -> Option<TableAct> {
    match finger.state {
        State::Dragging { token, target, .. } => Some(TableAct::Drop { token, target }),
        State::Pressed { .. } | State::Ignored => None,
    }
}
