//! The initiative tracker: who acts when, under each system's way of taking turns.
//!
//! - Evening (Initiative): everyone rolls d20 + Finesse, highest first; ties roll off until
//!   broken, and a combatant joining a running fight rolls and rolls off its ties the same
//!   way (`roll_joining`); a lair acts on count 20 and loses ties; surprised combatants sit out the surprise
//!   round; a combatant's reaction is unavailable until its first turn, may be used on anyone's
//!   turn, and comes back at the start of its own turn (our reading of "Reactions": the text
//!   ties it to turns, and a creature only regains what it spent when its turn begins).
//! - Go Forth: Heroes (Turns & Order): Round the Table (heroes in seat order, enemies slotted at
//!   the end, split halfway, or woven between heroes), or the Zipper (sides alternate, each side
//!   picks who goes; the side that won the Notice check starts every round). "1 Reaction per
//!   Round" (GFH, Reactions): every reaction comes back when a new round begins, and may be
//!   taken before the combatant's first turn.
//! - Road and Ruin (Hastened Time): everyone acts at once; a round is 10 time pips, and a pip
//!   ends nobody's turn (durations count pips, see `conditions`).
//! - 3d6 core mechanics: a plain order, with Escalation rising by one each round (0–6).
//! - Post core rules: a plain order and a round counter.

pub use crate::model::initiative::{
    Combatant, Economy, EconomyPart, EnemyPlacement, Initiative, InitiativeError, InitiativeRoll,
    JoinRoll, Mode, RollOff, ZipperSide,
};
use rand::{Rng, RngExt as _};

use crate::model::{RuleSystem, Side, TokenId};

impl ZipperSide {
    pub fn of(side: Side) -> Self {
        if side == Side::Enemy {
            Self::Enemies
        } else {
            Self::Heroes
        }
    }

    fn other(self) -> Self {
        match self {
            Self::Heroes => Self::Enemies,
            Self::Enemies => Self::Heroes,
        }
    }
}

impl Mode {
    /// The usual mode for a system.
    pub fn default_for(system: RuleSystem) -> Self {
        crate::rules::system(system).initiative_mode()
    }
}

impl InitiativeRoll {
    /// d20 + Finesse. Saturating: a command carrying an absurd bonus is sorted before the
    /// validation after it refuses it (`model::validate`, bonuses within ±1,000).
    pub fn total(&self) -> i32 {
        i32::from(self.d20).saturating_add(self.bonus)
    }
}

impl Economy {
    /// Movement this turn allows at `speed` cells a Move: one Move plus any extra Moves.
    #[must_use]
    pub fn movement_allowed(&self, speed: u32) -> u32 {
        speed.saturating_mul(1 + self.extra_moves)
    }

    /// Movement still left this turn at `speed`.
    #[must_use]
    pub fn movement_left(&self, speed: u32) -> u32 {
        self.movement_allowed(speed)
            .saturating_sub(self.movement_spent)
    }

    /// Whether an Action is still available (the turn's own, or one bought with momentum).
    #[must_use]
    pub fn action_available(&self) -> bool {
        !self.action_used || self.extra_actions > 0
    }

    /// Whether anything of the turn has been used yet (Prepare comes first, GFH, Preparing).
    #[must_use]
    pub fn untouched(&self) -> bool {
        !self.action_used
            && !self.bonus_action_used
            && self.movement_spent == 0
            && self.extra_actions == 0
            && self.extra_moves == 0
    }
}

/// When a spent reaction comes back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReactionReset {
    /// Evening, Reactions: at the start of the creature's own turn, and none before its first.
    OwnTurn,
    /// GFH, Reactions: "1 Reaction per Round", for every combatant when a round begins. The
    /// other systems' texts have no reactions; Lantern gives them this plain reading.
    EachRound,
}

impl Combatant {
    pub fn new(token: TokenId) -> Self {
        Self {
            token: Some(token),
            roll: None,
            held: false,
            surprised: false,
            had_first_turn: false,
            acted: false,
            economy: Economy::default(),
            intention: String::new(),
        }
    }

    /// An Evening lair's actions, on count 20.
    pub fn lair() -> Self {
        Self {
            token: None,
            ..Self::new(TokenId(0))
        }
    }

    /// The initiative count this combatant acts on (lair: 20).
    pub fn count(&self) -> Option<i32> {
        match (&self.token, &self.roll) {
            (None, _) => Some(Initiative::LAIR_COUNT),
            (Some(_), roll) => roll.as_ref().map(InitiativeRoll::total),
        }
    }

    /// Sort key, highest first: count, then real combatants before the lair, then roll-offs.
    fn key(&self) -> (i32, bool, Vec<u8>) {
        let rolloffs = self
            .roll
            .as_ref()
            .map(|r| r.rolloffs.clone())
            .unwrap_or_default();
        (
            self.count().unwrap_or(i32::MIN),
            self.token.is_some(),
            rolloffs,
        )
    }
}

/// What a turn change did, so the caller can expire conditions and tell the log.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TurnChange {
    pub ended: Option<TokenId>,
    pub started: Option<TokenId>,
    pub new_round: bool,
    /// Road and Ruin: one time pip went by (Hastened Time).
    pub pip: bool,
}

impl Initiative {
    /// Evening: a lair acts on initiative count 20.
    pub const LAIR_COUNT: i32 = 20;

    pub fn is_running(&self) -> bool {
        self.round > 0
    }

    pub fn position(&self, token: TokenId) -> Option<usize> {
        self.combatants.iter().position(|c| c.token == Some(token))
    }

    pub fn current_token(&self) -> Option<TokenId> {
        self.current
            .and_then(|i| self.combatants.get(i))
            .and_then(|c| c.token)
    }

    /// When reactions come back under this mode: Evening's rolled order restores them at the
    /// combatant's own turn, every other mode each round (see [`ReactionReset`]).
    #[must_use]
    pub fn reaction_reset(&self) -> ReactionReset {
        if self.mode == Mode::Rolled {
            ReactionReset::OwnTurn
        } else {
            ReactionReset::EachRound
        }
    }

    /// Whether `token` may take its reaction now: it is in the order, has not used it, and
    /// (Evening) has had its first turn. A reaction may be taken on anyone's turn.
    #[must_use]
    pub fn reaction_available(&self, token: TokenId) -> bool {
        self.position(token).is_some_and(|i| {
            let c = &self.combatants[i];
            !c.economy.reaction_used
                && (c.had_first_turn || self.reaction_reset() == ReactionReset::EachRound)
        })
    }

    /// The Zipper side whose turn it is to pick, or `None` outside the Zipper: the side that did
    /// not just act, if it has anyone left, else the other (GFH, The Zipper).
    #[must_use]
    pub fn zipper_side_to_pick(&self, sides: &dyn Fn(TokenId) -> Side) -> Option<ZipperSide> {
        let Mode::Zipper { first } = self.mode else {
            return None;
        };
        let ended = self.current_token();
        let wanted = ended.map_or(first, |t| ZipperSide::of(sides(t)).other());
        let has = |s: ZipperSide| {
            (0..self.combatants.len()).any(|i| self.zipper_eligible(sides, i, s, ended))
        };
        Some(if has(wanted) { wanted } else { wanted.other() })
    }

    /// The Zipper's next choice: the side that picks and the combatants it may send. When
    /// everyone has acted the round is over, and the side that won the Notice check opens the
    /// next one (GFH, The Zipper).
    #[must_use]
    pub fn zipper_choices(
        &self,
        sides: &dyn Fn(TokenId) -> Side,
    ) -> Option<(ZipperSide, Vec<TokenId>)> {
        let Mode::Zipper { first } = self.mode else {
            return None;
        };
        let ending = self.current_token();
        let pick_from = |s: ZipperSide, fresh: bool| -> Vec<TokenId> {
            (0..self.combatants.len())
                .filter(|&i| {
                    if fresh {
                        !self.combatants[i].held && self.zipper_side_of(sides, i) == s
                    } else {
                        self.zipper_eligible(sides, i, s, ending)
                    }
                })
                .filter_map(|i| self.combatants[i].token)
                .collect()
        };
        let side = self.zipper_side_to_pick(sides)?;
        let now = pick_from(side, false);
        if !now.is_empty() {
            return Some((side, now));
        }
        let opener = if pick_from(first, true).is_empty() {
            first.other()
        } else {
            first
        };
        Some((opener, pick_from(opener, true)))
    }

    fn zipper_side_of(&self, sides: &dyn Fn(TokenId) -> Side, i: usize) -> ZipperSide {
        self.combatants[i]
            .token
            .map_or(ZipperSide::Enemies, |t| ZipperSide::of(sides(t)))
    }

    /// Whether combatant `i` may be sent by side `s`: it has not acted this round, is not
    /// holding, is not the one just ending its turn, and is on that side.
    fn zipper_eligible(
        &self,
        sides: &dyn Fn(TokenId) -> Side,
        i: usize,
        s: ZipperSide,
        ending: Option<TokenId>,
    ) -> bool {
        let c = &self.combatants[i];
        !c.acted
            && !c.held
            && (c.token.is_none() || c.token != ending)
            && self.zipper_side_of(sides, i) == s
    }

    /// Starts round 1 with these combatants in order (already rolled or arranged).
    pub fn start(
        mode: Mode,
        combatants: Vec<Combatant>,
        surprise_round: bool,
    ) -> (Self, TurnChange) {
        let mut init = Self {
            mode,
            combatants,
            round: 1,
            surprise_round,
            ..Self::default()
        };
        if mode == Mode::Rolled {
            sort_by_count(&mut init.combatants);
        }
        let change = init.begin_round_at_first();
        (init, change)
    }

    /// The Zipper's opening: like [`Initiative::start`], with `pick` naming the hero (or enemy)
    /// the side that won the Notice check sends first (GFH, The Zipper: "players choose who
    /// goes first"). Without a pick the first of that side in the list goes.
    pub fn start_zipper(
        first: ZipperSide,
        combatants: Vec<Combatant>,
        sides: &dyn Fn(TokenId) -> Side,
        pick: Option<TokenId>,
    ) -> Result<(Self, TurnChange), InitiativeError> {
        let mut init = Self {
            mode: Mode::Zipper { first },
            combatants,
            round: 1,
            ..Self::default()
        };
        let first_i = init.zipper_round_opener(sides, pick)?;
        init.current = first_i;
        let started = init.begin_current_turn();
        Ok((
            init,
            TurnChange {
                started,
                new_round: true,
                ..TurnChange::default()
            },
        ))
    }

    /// Who opens a Zipper round: `pick` if it is on the side that won the Notice check (or the
    /// other side, when the winner has no one able to act), else the first of that side.
    fn zipper_round_opener(
        &self,
        sides: &dyn Fn(TokenId) -> Side,
        pick: Option<TokenId>,
    ) -> Result<Option<usize>, InitiativeError> {
        let Mode::Zipper { first } = self.mode else {
            return Ok((0..self.combatants.len()).find(|&i| self.can_act(i)));
        };
        let has = |s| (0..self.combatants.len()).any(|i| self.zipper_eligible(sides, i, s, None));
        let side = if has(first) { first } else { first.other() };
        match pick {
            Some(t) => {
                let i = self.position(t).ok_or(InitiativeError::NotIn(t))?;
                if self.zipper_eligible(sides, i, side, None) {
                    Ok(Some(i))
                } else {
                    Err(InitiativeError::NotTheirPick(side))
                }
            }
            None => Ok(
                (0..self.combatants.len()).find(|&i| self.zipper_eligible(sides, i, side, None))
            ),
        }
    }

    fn can_act(&self, i: usize) -> bool {
        let c = &self.combatants[i];
        !(c.held || c.acted || (self.surprise_round && c.surprised))
    }

    /// GFH, Reactions: "1 Reaction per Round": a new round gives every reaction back (under
    /// Evening's reading they come back at each one's own turn instead).
    fn restore_round_reactions(&mut self) {
        if self.reaction_reset() == ReactionReset::EachRound {
            for c in &mut self.combatants {
                c.economy.reaction_used = false;
            }
        }
    }

    fn begin_round_at_first(&mut self) -> TurnChange {
        self.restore_round_reactions();
        // Everyone acts at once in Road and Ruin: there is no one whose turn it is.
        self.current = if self.mode == Mode::Simultaneous {
            None
        } else {
            (0..self.combatants.len()).find(|&i| self.can_act(i))
        };
        let started = self.begin_current_turn();
        TurnChange {
            started,
            new_round: true,
            ..TurnChange::default()
        }
    }

    /// Starts the current combatant's turn: a fresh Action, Move and bonus action; its reaction
    /// comes back here under Evening's reading ([`ReactionReset::OwnTurn`]) and is kept
    /// otherwise (it came back with the round).
    fn begin_current_turn(&mut self) -> Option<TokenId> {
        let own_turn = self.reaction_reset() == ReactionReset::OwnTurn;
        let c = self.current.and_then(|i| self.combatants.get_mut(i))?;
        c.economy = Economy {
            reaction_used: c.economy.reaction_used && !own_turn,
            ..Economy::default()
        };
        c.had_first_turn = true;
        c.token
    }

    /// Ends the current turn and starts the next one. For the Zipper, `pick` names who the side
    /// whose turn it is sends next (the first eligible when `None`).
    pub fn next_turn(
        &mut self,
        sides: &dyn Fn(TokenId) -> Side,
        pick: Option<TokenId>,
    ) -> Result<TurnChange, InitiativeError> {
        if !self.is_running() {
            return Err(InitiativeError::NotStarted);
        }
        let ended = self.current_token();
        let snapshot = self.clone();
        if let Some(c) = self.current.and_then(|i| self.combatants.get_mut(i)) {
            c.acted = true;
        }
        let result = self.next_turn_inner(sides, pick, ended);
        if result.is_err() {
            *self = snapshot;
        }
        result
    }

    fn next_turn_inner(
        &mut self,
        sides: &dyn Fn(TokenId) -> Side,
        pick: Option<TokenId>,
        ended: Option<TokenId>,
    ) -> Result<TurnChange, InitiativeError> {
        if self.mode == Mode::Simultaneous {
            return Ok(self.next_pip());
        }
        let next = match self.mode {
            Mode::Zipper { .. } => self.zipper_next(sides, pick)?,
            _ => self.current.map_or(0, |i| i + 1),
        };
        let next = (next..self.combatants.len()).find(|&i| self.can_act(i));
        let Some(next) = next else {
            let mut change = self.new_round(sides, pick)?;
            change.ended = ended;
            return Ok(change);
        };
        self.current = Some(next);
        let started = self.begin_current_turn();
        Ok(TurnChange {
            ended,
            started,
            ..TurnChange::default()
        })
    }

    /// A new round: everyone may act again; a Zipper round opens with the Notice check's
    /// winners, `pick` naming who they send.
    fn new_round(
        &mut self,
        sides: &dyn Fn(TokenId) -> Side,
        pick: Option<TokenId>,
    ) -> Result<TurnChange, InitiativeError> {
        self.round += 1;
        self.surprise_round = false;
        for c in &mut self.combatants {
            c.acted = false;
        }
        if !matches!(self.mode, Mode::Zipper { .. }) {
            return Ok(self.begin_round_at_first());
        }
        self.restore_round_reactions();
        self.current = self.zipper_round_opener(sides, pick)?;
        Ok(TurnChange {
            started: self.begin_current_turn(),
            new_round: true,
            ..TurnChange::default()
        })
    }

    /// Road and Ruin: one time pip passes for everyone; ten make a round (Hastened Time).
    fn next_pip(&mut self) -> TurnChange {
        self.pip += 1;
        let new_round = self.pip >= Self::PIPS_PER_ROUND;
        if new_round {
            self.pip = 0;
            self.round += 1;
            self.restore_round_reactions();
        }
        TurnChange {
            new_round,
            pip: true,
            ..TurnChange::default()
        }
    }

    /// Zipper: the side that didn't just act picks, if it has anyone left; else the other side.
    /// Past the end of the list means no one is left: a new round.
    fn zipper_next(
        &self,
        sides: &dyn Fn(TokenId) -> Side,
        pick: Option<TokenId>,
    ) -> Result<usize, InitiativeError> {
        let eligible = |i: usize, s: ZipperSide| self.zipper_eligible(sides, i, s, None);
        let Some(side) = self.zipper_side_to_pick(sides) else {
            return Ok(self.combatants.len());
        };
        let anyone_left = (0..self.combatants.len())
            .any(|i| eligible(i, ZipperSide::Heroes) || eligible(i, ZipperSide::Enemies));
        if !anyone_left {
            // The round is over; `pick` opens the next one.
            return Ok(self.combatants.len());
        }
        match pick {
            Some(t) => {
                let i = self.position(t).ok_or(InitiativeError::NotIn(t))?;
                if eligible(i, side) {
                    Ok(i)
                } else {
                    Err(InitiativeError::NotTheirPick(side))
                }
            }
            None => Ok((0..self.combatants.len())
                .find(|&i| eligible(i, side))
                .unwrap_or(self.combatants.len())),
        }
    }

    /// Moves the turn marker back one combatant (a correction; conditions are not restored —
    /// undo does that).
    pub fn previous_turn(&mut self) -> Result<(), InitiativeError> {
        if self.mode == Mode::Simultaneous && self.is_running() {
            // Road and Ruin: back one time pip.
            if self.pip > 0 {
                self.pip -= 1;
            } else if self.round > 1 {
                self.round -= 1;
                self.pip = Self::PIPS_PER_ROUND - 1;
            }
            return Ok(());
        }
        let i = self.current.ok_or(InitiativeError::NotStarted)?;
        if i == 0 {
            if self.round > 1 {
                self.round -= 1;
                self.current = self.combatants.len().checked_sub(1);
            }
        } else {
            self.current = Some(i - 1);
        }
        Ok(())
    }

    /// Drag to reorder: moves the combatant at `from` to `to`, keeping the current turn on the
    /// same combatant.
    pub fn reorder(&mut self, from: usize, to: usize) -> Result<(), InitiativeError> {
        let len = self.combatants.len();
        if from >= len || to >= len {
            return Err(InitiativeError::BadPosition(from.max(to)));
        }
        let current = self.current.and_then(|i| self.combatants.get(i)).cloned();
        let c = self.combatants.remove(from);
        self.combatants.insert(to, c);
        self.current = current.and_then(|c| self.combatants.iter().position(|x| *x == c));
        Ok(())
    }

    /// Adds a combatant. A rolled order puts it at its count; others at the end. Joining a
    /// running fight, its first turn comes when the order reaches it.
    pub fn join(&mut self, combatant: Combatant) -> Result<(), InitiativeError> {
        if let Some(t) = combatant.token
            && self.position(t).is_some()
        {
            return Err(InitiativeError::AlreadyIn(t));
        }
        let current = self.current.and_then(|i| self.combatants.get(i)).cloned();
        self.combatants.push(combatant);
        if self.mode == Mode::Rolled {
            sort_by_count(&mut self.combatants);
        }
        self.current = current.and_then(|c| self.combatants.iter().position(|x| *x == c));
        Ok(())
    }

    /// Evening, Initiative: adds combatants who rolled to join, after adding the roll-off dice
    /// those already in the order rolled against them (see [`roll_joining`]).
    pub fn join_rolled(&mut self, roll: JoinRoll) -> Result<(), InitiativeError> {
        for off in &roll.rolloffs {
            let i = self
                .position(off.token)
                .ok_or(InitiativeError::NotIn(off.token))?;
            if let Some(r) = self.combatants[i].roll.as_mut() {
                r.rolloffs.extend(&off.dice);
            }
        }
        for c in roll.joining {
            self.join(c)?;
        }
        Ok(())
    }

    /// Removes a token from the order; if it was its turn, the turn passes to the next in line.
    pub fn remove(&mut self, token: TokenId) -> Result<(), InitiativeError> {
        if self.drop_token(token) {
            Ok(())
        } else {
            Err(InitiativeError::NotIn(token))
        }
    }

    /// Holds or stops holding a combatant's turn. Acting from a hold makes it the current turn.
    pub fn set_held(&mut self, token: TokenId, held: bool) -> Result<(), InitiativeError> {
        let i = self.position(token).ok_or(InitiativeError::NotIn(token))?;
        self.combatants[i].held = held;
        if !held && self.is_running() {
            self.current = Some(i);
            self.begin_current_turn();
        }
        Ok(())
    }

    /// Marks part of a combatant's economy used. The Action, bonus action and movement belong
    /// to the combatant whose turn it is; a reaction may be taken on anyone's turn (Evening,
    /// Reactions: "during your turn or during someone else's"; GFH, Reactions: "act outside
    /// your turn"). `speed` is the combatant's Move in cells after conditions and Wounds.
    pub fn use_economy(
        &mut self,
        token: TokenId,
        part: EconomyPart,
        speed: u32,
    ) -> Result<(), InitiativeError> {
        let i = self.position(token).ok_or(InitiativeError::NotIn(token))?;
        if part == EconomyPart::Reaction {
            if self.combatants[i].economy.reaction_used {
                return Err(InitiativeError::ReactionSpent);
            }
            if !self.reaction_available(token) {
                return Err(InitiativeError::ReactionBeforeFirstTurn);
            }
            self.combatants[i].economy.reaction_used = true;
            return Ok(());
        }
        if self.current != Some(i) {
            return Err(InitiativeError::NotTheirTurn);
        }
        let bonus_dash = self.mode == Mode::Rolled;
        let e = &mut self.combatants[i].economy;
        match part {
            EconomyPart::Action => take_action(e),
            EconomyPart::BonusAction => take_flag(&mut e.bonus_action_used),
            EconomyPart::Dash => {
                // Evening's Dash is a bonus action; GFH's extra Move is an Action.
                if bonus_dash {
                    take_flag(&mut e.bonus_action_used)?;
                } else {
                    take_action(e)?;
                }
                e.extra_moves += 1;
                Ok(())
            }
            EconomyPart::Movement(cells) => {
                let left = e.movement_left(speed);
                if cells > left {
                    return Err(InitiativeError::NotEnoughMovement {
                        needed: cells,
                        left,
                    });
                }
                e.movement_spent += cells;
                Ok(())
            }
            EconomyPart::Reaction => Ok(()),
        }
    }

    /// Gives the combatant whose turn it is one more Action (GFH, Spending Momentum: Extra
    /// Action). Refused off its turn.
    pub fn grant_extra_action(&mut self, token: TokenId) -> Result<(), InitiativeError> {
        let i = self.position(token).ok_or(InitiativeError::NotIn(token))?;
        if self.current != Some(i) {
            return Err(InitiativeError::NotTheirTurn);
        }
        self.combatants[i].economy.extra_actions += 1;
        Ok(())
    }

    /// Marks the combatant's Prepare for this turn (GFH, Preparing: "at the start of your
    /// turn", one die): refused off its turn, after it has done anything else, or a second time.
    pub fn prepare(&mut self, token: TokenId) -> Result<(), InitiativeError> {
        let i = self.position(token).ok_or(InitiativeError::NotIn(token))?;
        if self.current != Some(i) {
            return Err(InitiativeError::NotTheirTurn);
        }
        let e = &mut self.combatants[i].economy;
        if e.prepared {
            return Err(InitiativeError::AlreadyUsed);
        }
        if !e.untouched() {
            return Err(InitiativeError::NotAtStart);
        }
        e.prepared = true;
        Ok(())
    }
}

/// Uses the turn's Action, or failing that one bought with momentum.
fn take_action(e: &mut Economy) -> Result<(), InitiativeError> {
    if !e.action_used {
        e.action_used = true;
        Ok(())
    } else if e.extra_actions > 0 {
        e.extra_actions -= 1;
        Ok(())
    } else {
        Err(InitiativeError::AlreadyUsed)
    }
}

fn take_flag(flag: &mut bool) -> Result<(), InitiativeError> {
    if *flag {
        return Err(InitiativeError::AlreadyUsed);
    }
    *flag = true;
    Ok(())
}

fn sort_by_count(combatants: &mut [Combatant]) {
    combatants.sort_by_key(|c| std::cmp::Reverse(c.key()));
}

/// Rolls Evening initiative for `(token, finesse)` pairs: d20 + Finesse each, then roll-offs
/// among tied totals until every tie is broken (Evening, Initiative). Returns them in order.
pub fn roll_evening(entries: &[(TokenId, i32)], lair: bool, rng: &mut impl Rng) -> Vec<Combatant> {
    let mut combatants = rolled(entries, rng);
    break_ties(&mut combatants, rng);
    if lair {
        combatants.push(Combatant::lair());
    }
    sort_by_count(&mut combatants);
    combatants
}

/// Each `(token, finesse)` rolls d20 + Finesse, with no roll-offs yet (Evening, Initiative).
fn rolled(entries: &[(TokenId, i32)], rng: &mut impl Rng) -> Vec<Combatant> {
    entries
        .iter()
        .map(|&(token, finesse)| Combatant {
            roll: Some(InitiativeRoll {
                d20: rng.random_range(1..=20),
                bonus: finesse,
                rolloffs: Vec::new(),
            }),
            ..Combatant::new(token)
        })
        .collect()
}

/// Rolls off every tie until an order emerges (Evening, Initiative: "Ties roll off against
/// each other until an order emerges"). Two rolled combatants on the same count are still tied
/// while one's roll-off dice are the start of the other's (or the same): the one with fewer
/// dice rolls the next one, so a combatant joining a fight rolls off against those already on
/// its count with the dice they rolled, exactly as if it had rolled with them at the start.
/// Only token combatants with a roll take part (the lair acts on 20 and loses its ties).
fn break_ties(combatants: &mut [Combatant], rng: &mut impl Rng) {
    loop {
        let keys: Vec<_> = combatants
            .iter()
            .map(|c| (c.token.is_some() && c.roll.is_some()).then(|| c.key()))
            .collect();
        let unsettled: Vec<usize> = (0..keys.len())
            .filter(|&i| {
                let Some((count, _, dice)) = &keys[i] else {
                    return false;
                };
                keys.iter().enumerate().any(|(j, other)| {
                    j != i
                        && other
                            .as_ref()
                            .is_some_and(|(c, _, d)| c == count && d.starts_with(dice))
                })
            })
            .collect();
        if unsettled.is_empty() {
            return;
        }
        for i in unsettled {
            if let Some(roll) = combatants[i].roll.as_mut() {
                roll.rolloffs.push(rng.random_range(1..=20));
            }
        }
    }
}

/// Evening, Initiative ("Joining initiative": whoever joins a running fight rolls initiative,
/// and acts when the countdown reaches it). Each newcomer rolls d20 + Finesse; a tie with
/// anyone on the same count, already in the order or joining too, rolls off the same way as
/// the opening roll ([`break_ties`]): the order already settled stays as it was.
pub fn roll_joining(
    order: &[Combatant],
    entries: &[(TokenId, i32)],
    rng: &mut impl Rng,
) -> JoinRoll {
    settle_joining(order, rolled(entries, rng), rng)
}

/// Settles the ties of `joining` (already rolled) against `order` and among themselves by
/// roll-offs; see [`roll_joining`].
pub fn settle_joining(
    order: &[Combatant],
    joining: Vec<Combatant>,
    rng: &mut impl Rng,
) -> JoinRoll {
    let mut all: Vec<Combatant> = order.iter().cloned().chain(joining).collect();
    break_ties(&mut all, rng);
    let rolloffs = order
        .iter()
        .zip(&all)
        .filter_map(|(before, after)| {
            let token = before.token?;
            let had = before.roll.as_ref()?.rolloffs.len();
            let dice = after.roll.as_ref()?.rolloffs.get(had..)?.to_vec();
            (!dice.is_empty()).then_some(RollOff { token, dice })
        })
        .collect();
    JoinRoll {
        joining: all.split_off(order.len()),
        rolloffs,
    }
}

/// Round the Table: heroes in seat order with enemies slotted as the GM chose (GFH).
pub fn arrange_round_the_table(
    heroes: &[TokenId],
    enemies: &[TokenId],
    placement: EnemyPlacement,
) -> Vec<Combatant> {
    let order: Vec<TokenId> = match placement {
        EnemyPlacement::AtTheEnd => heroes.iter().chain(enemies).copied().collect(),
        EnemyPlacement::SplitHalfway => {
            let (h1, h2) = heroes.split_at(heroes.len().div_ceil(2));
            let (e1, e2) = enemies.split_at(enemies.len().div_ceil(2));
            h1.iter().chain(e1).chain(h2).chain(e2).copied().collect()
        }
        EnemyPlacement::Woven => weave(heroes, enemies),
    };
    order.into_iter().map(Combatant::new).collect()
}

/// Alternates hero, enemy, hero, …; whoever has more fills the end.
fn weave(heroes: &[TokenId], enemies: &[TokenId]) -> Vec<TokenId> {
    let mut out = Vec::with_capacity(heroes.len() + enemies.len());
    for i in 0..heroes.len().max(enemies.len()) {
        out.extend(heroes.get(i));
        out.extend(enemies.get(i));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use rand::SeedableRng as _;

    fn t(i: u64) -> TokenId {
        TokenId(i)
    }

    fn side(t: TokenId) -> Side {
        if t.0 >= 10 { Side::Enemy } else { Side::Party }
    }

    fn rolled(d20: u8, bonus: i32, token: u64) -> Combatant {
        Combatant {
            roll: Some(InitiativeRoll {
                d20,
                bonus,
                rolloffs: vec![],
            }),
            ..Combatant::new(t(token))
        }
    }

    /// Evening, Initiative (line 478): "d20 + Finesse … order is determined from highest to lowest";
    /// Lair (line 852): lair actions "occur on initiative count 20 (losing all initiative ties)".
    #[test]
    fn rolled_order_is_high_to_low_and_the_lair_loses_ties_at_20() {
        let (init, change) = Initiative::start(
            Mode::Rolled,
            vec![
                rolled(5, 2, 1),
                rolled(18, 2, 2),
                rolled(12, 3, 3),
                Combatant::lair(),
            ],
            false,
        );
        let order: Vec<_> = init.combatants.iter().map(|c| c.token).collect();
        // 18+2 = 20 ties the lair's 20 and wins it; then 12+3, then 5+2.
        assert_eq!(order, vec![Some(t(2)), None, Some(t(3)), Some(t(1))]);
        assert_eq!(change.started, Some(t(2)));
    }

    /// Evening, Initiative, Surprise (line 482): the surprised "may not act until the surprise round
    /// is over": the ambushed 20 is skipped in round 1 and acts first in round 2.
    #[test]
    fn surprised_combatants_sit_out_the_surprise_round() {
        let mut ambushed = rolled(20, 0, 1);
        ambushed.surprised = true;
        let (mut init, change) =
            Initiative::start(Mode::Rolled, vec![ambushed, rolled(10, 0, 2)], true);
        assert_eq!(change.started, Some(t(2)), "the surprised one is skipped");
        let change = init.next_turn(&side, None).unwrap();
        assert!(change.new_round);
        assert_eq!((init.round, change.started), (2, Some(t(1))));
    }

    /// Evening, Reactions (line 494): "You may not use your reaction before your first turn."
    #[test]
    fn no_reaction_before_the_first_turn() {
        let (mut init, _) = Initiative::start(
            Mode::Rolled,
            vec![Combatant::new(t(1)), Combatant::new(t(2))],
            false,
        );
        assert_eq!(
            init.use_economy(t(2), EconomyPart::Reaction, 6),
            Err(InitiativeError::ReactionBeforeFirstTurn)
        );
        init.use_economy(t(1), EconomyPart::Reaction, 6).unwrap();
        assert_eq!(
            init.use_economy(t(1), EconomyPart::Movement(7), 6),
            Err(InitiativeError::NotEnoughMovement { needed: 7, left: 6 })
        );
    }

    #[test]
    fn zipper_alternates_sides_and_lets_the_side_pick() {
        let all = vec![
            Combatant::new(t(1)),
            Combatant::new(t(2)),
            Combatant::new(t(10)),
            Combatant::new(t(11)),
            Combatant::new(t(12)),
        ];
        let (mut init, change) = Initiative::start(
            Mode::Zipper {
                first: ZipperSide::Heroes,
            },
            all,
            false,
        );
        assert_eq!(change.started, Some(t(1)));
        assert_eq!(
            init.next_turn(&side, Some(t(2))),
            Err(InitiativeError::NotTheirPick(ZipperSide::Enemies))
        );
        let picks = [t(11), t(2), t(10), t(12)];
        for p in picks {
            assert_eq!(init.next_turn(&side, Some(p)).unwrap().started, Some(p));
        }
        assert!(init.next_turn(&side, None).unwrap().new_round);
    }

    /// GFH, The Zipper: when everyone has acted, the next choice is the Notice check winners'
    /// (here the enemies), from their whole side.
    #[test]
    fn zipper_choices_pass_to_the_winners_when_the_round_is_over() {
        let all = vec![Combatant::new(t(1)), Combatant::new(t(10))];
        let first = ZipperSide::Enemies;
        let (mut init, change) = Initiative::start_zipper(first, all, &side, None).unwrap();
        assert_eq!(change.started, Some(t(10)));
        assert_eq!(
            init.zipper_choices(&side),
            Some((ZipperSide::Heroes, vec![t(1)]))
        );
        init.next_turn(&side, Some(t(1))).unwrap();
        assert_eq!(
            init.zipper_choices(&side),
            Some((ZipperSide::Enemies, vec![t(10)]))
        );
        assert!(init.next_turn(&side, None).unwrap().new_round);
        assert_eq!(init.current_token(), Some(t(10)));
    }

    #[test]
    fn road_and_ruin_previous_steps_back_a_pip() {
        let (mut init, _) =
            Initiative::start(Mode::Simultaneous, vec![Combatant::new(t(1))], false);
        init.previous_turn().unwrap();
        assert_eq!(
            (init.round, init.pip),
            (1, 0),
            "nothing before the first pip"
        );
        for _ in 0..10 {
            init.next_turn(&side, None).unwrap();
        }
        init.previous_turn().unwrap();
        assert_eq!((init.round, init.pip), (1, 9));
    }

    #[test]
    fn road_and_ruin_rounds_are_ten_pips() {
        let (mut init, _) =
            Initiative::start(Mode::Simultaneous, vec![Combatant::new(t(1))], false);
        let changes: Vec<bool> = (0..10)
            .map(|_| init.next_turn(&side, None).unwrap().new_round)
            .collect();
        assert_eq!(changes.iter().filter(|x| **x).count(), 1);
        assert_eq!((init.round, init.pip), (2, 0));
    }

    #[test]
    fn round_the_table_placements() {
        let h = [t(1), t(2), t(3), t(4)];
        let e = [t(10), t(11)];
        let ids = |p| {
            arrange_round_the_table(&h, &e, p)
                .into_iter()
                .map(|c| c.token.unwrap().0)
                .collect::<Vec<_>>()
        };
        assert_eq!(ids(EnemyPlacement::AtTheEnd), vec![1, 2, 3, 4, 10, 11]);
        assert_eq!(ids(EnemyPlacement::SplitHalfway), vec![1, 2, 10, 3, 4, 11]);
        assert_eq!(ids(EnemyPlacement::Woven), vec![1, 10, 2, 11, 3, 4]);
    }

    proptest! {
        /// Initiative ties always resolve: every real combatant ends with a distinct place.
        #[test]
        fn ties_always_resolve(finesse in prop::collection::vec(-1..2i32, 1..30), seed in any::<u64>()) {
            let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
            let entries: Vec<_> = finesse.iter().enumerate().map(|(i, f)| (t(i as u64 + 1), *f)).collect();
            let order = roll_evening(&entries, true, &mut rng);
            let keys: Vec<_> = order.iter().map(Combatant::key).collect();
            for w in keys.windows(2) {
                prop_assert!(w[0] > w[1], "strictly decreasing: {:?}", keys);
            }
        }
    }
}
