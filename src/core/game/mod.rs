//! A game in progress: the board together with whose turn it is, ko and superko history,
//! prisoners, passes and the end-of-play status. Commands validate (`try_play`); the record
//! replays them.

mod as_written;
mod ending;
mod illegal;

pub use ending::PassesToEnd;

use super::board::{Board, BoardError};
use super::color::Color;
use super::moves::{IllegalMove, LastMove, Move, PlayError, PlayOutcome, Status, WrittenNote};
use super::point::Point;
use super::rules::{KoRule, Rules};

/// Everything about a game except the stones and the history: cheap to copy into a snapshot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct State {
    to_move: Color,
    move_number: u32,
    /// Stones captured by each colour (index by `Color::index`), suicides included.
    prisoners: [u32; 2],
    /// Pass stones received by each colour.
    pass_stones: [u32; 2],
    consecutive_passes: u32,
    ko_point: Option<Point>,
    last_move: Option<LastMove>,
    /// The last move was made on a real board only, by this player (the clock's press).
    off_board_by: Option<Color>,
    last_passer: Option<Color>,
    status: Status,
    /// The move number at which play last resumed after a pause or ending.
    resumed_at: Option<u32>,
}

/// One position in the history: its hash, who was to move, who created it by a play (none for
/// a pass or the start), and the state after it.
#[derive(Clone, Copy, Debug)]
struct PastPosition {
    hash: u64,
    to_move: Color,
    created_by_play: Option<Color>,
    state: State,
}

/// A game of Go under given rules. Create it with `Game::new`, place handicap stones, then call
/// `try_play` for each move.
#[derive(Clone, Debug)]
pub struct Game {
    rules: Rules,
    board: Board,
    state: State,
    handicap_stones: u8,
    history: Vec<PastPosition>,
    /// The board after each history entry, `area` bytes each.
    snapshots: Vec<u8>,
    illegal: Vec<IllegalMove>,
    /// What the record did that the rules of play would refuse (an imported SGF).
    as_written: Vec<WrittenNote>,
}

/// A stone placed with the rules' checks: what it did to the board.
struct Placed {
    captured: u32,
    /// The point a ko forbids next, if the stone took exactly one in a ko shape.
    ko_point: Option<Point>,
    /// The stones of its own chain a suicide took off.
    suicide_removed: u32,
    /// The rule a stone played on the real board broke (`force_play`).
    illegal: Option<PlayError>,
}

impl Placed {
    /// The stones the move took off the board: its captures, or its own by suicide.
    fn removed(&self) -> u32 {
        self.captured.max(self.suicide_removed)
    }
}

impl PartialEq for Game {
    /// Two games are equal when everything a player can see is equal: rules, stones, turn,
    /// counts, status and the recorded illegal moves.
    fn eq(&self, other: &Game) -> bool {
        self.rules == other.rules
            && self.board == other.board
            && self.state == other.state
            && self.handicap_stones == other.handicap_stones
            && self.illegal == other.illegal
            && self.as_written == other.as_written
    }
}

impl Game {
    /// A new game on an empty board of side `size`, Black to move.
    pub fn new(rules: Rules, size: u8) -> Result<Game, BoardError> {
        let board = Board::new(size)?;
        let state = State {
            to_move: Color::Black,
            move_number: 0,
            prisoners: [0; 2],
            pass_stones: [0; 2],
            consecutive_passes: 0,
            ko_point: None,
            last_move: None,
            last_passer: None,
            status: Status::Playing,
            resumed_at: None,
            off_board_by: None,
        };
        let mut g = Game {
            rules,
            board,
            state,
            handicap_stones: 0,
            history: Vec::with_capacity(320),
            snapshots: Vec::new(),
            illegal: Vec::new(),
            as_written: Vec::new(),
        };
        g.push_entry(None);
        Ok(g)
    }

    pub(super) fn push_entry(&mut self, created_by_play: Option<Color>) {
        self.history.push(PastPosition {
            hash: self.board.hash(),
            to_move: self.state.to_move,
            created_by_play,
            state: self.state,
        });
        self.snapshots.extend_from_slice(self.board.raw());
    }

    fn reset_history(&mut self) {
        self.history.clear();
        self.snapshots.clear();
        self.push_entry(None);
    }

    /// The rules the game is played under.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The stones on the board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side of the board.
    pub fn size(&self) -> u8 {
        self.board.size()
    }

    /// Who is to move.
    pub fn to_move(&self) -> Color {
        self.state.to_move
    }

    /// The number of moves made (passes count, handicap placement does not).
    pub fn move_number(&self) -> u32 {
        self.state.move_number
    }

    /// Stones captured by `color` during play (suicides of the opponent included).
    pub fn captures(&self, color: Color) -> u32 {
        self.state.prisoners[color.index()]
    }

    /// Pass stones handed to `color` by the opponent (always 0 when the rules use none).
    pub fn pass_stones(&self, color: Color) -> u32 {
        self.state.pass_stones[color.index()]
    }

    /// All the prisoners `color` holds: captures plus pass stones received.
    pub fn prisoners(&self, color: Color) -> u32 {
        self.captures(color) + self.pass_stones(color)
    }

    /// How many passes in a row were just made.
    pub fn consecutive_passes(&self) -> u32 {
        self.state.consecutive_passes
    }

    /// The last move, if any.
    pub fn last_move(&self) -> Option<LastMove> {
        self.state.last_move
    }

    /// Who passed last, if anyone has.
    pub fn last_passer(&self) -> Option<Color> {
        self.state.last_passer
    }

    /// Whether moves are being played, play is paused, or the game ended.
    pub fn status(&self) -> Status {
        self.state.status
    }

    /// The point the player to move may not take back at once because of ko.
    pub fn ko_point(&self) -> Option<Point> {
        self.state.ko_point
    }

    /// The number of handicap stones placed.
    pub fn handicap_stones(&self) -> u8 {
        self.handicap_stones
    }

    /// Illegal moves that stand in the game because they were played (forced).
    pub fn illegal_moves(&self) -> &[IllegalMove] {
        &self.illegal
    }

    /// Places handicap stones for Black before the first move; White then moves first.
    pub fn place_handicap(&mut self, points: &[Point]) -> Result<(), PlayError> {
        self.check_setup()?;
        super::handicap::check_free(self.size(), points)
            .map_err(|e| PlayError::BadSetup(e.to_string()))?;
        for &p in points {
            if self.board.get(p).is_some() {
                return Err(PlayError::Occupied {
                    point: p,
                    size: self.size(),
                });
            }
        }
        for &p in points {
            self.board
                .set(p, Some(Color::Black))
                .map_err(|e| PlayError::BadSetup(e.to_string()))?;
        }
        self.handicap_stones = self.handicap_stones.saturating_add(points.len() as u8);
        self.state.to_move = Color::White;
        self.reset_history();
        Ok(())
    }

    /// Sets up stones of both colours before the first move (an SGF position), with `to_move`
    /// to play first. A stone given for an occupied point replaces it.
    pub fn set_up(
        &mut self,
        black: &[Point],
        white: &[Point],
        to_move: Color,
    ) -> Result<(), PlayError> {
        self.check_setup()?;
        for (list, color) in [(black, Color::Black), (white, Color::White)] {
            for &p in list {
                self.board
                    .set(p, Some(color))
                    .map_err(|e| PlayError::BadSetup(e.to_string()))?;
            }
        }
        self.state.to_move = to_move;
        self.reset_history();
        Ok(())
    }

    /// Paints stones onto the board as they stand on a real board (a finished position copied
    /// to count it, or a correction): each point gets `stone`, or is emptied for `None`. Allowed
    /// at any time; the turn and the counts stay, the ko ends, and repetition is judged from the
    /// painted position on. A point off the board refuses the whole paint.
    pub fn paint(&mut self, points: &[Point], stone: Option<Color>) -> Result<(), PlayError> {
        let size = self.size();
        if let Some(&point) = points.iter().find(|&&p| !self.board.contains(p)) {
            return Err(PlayError::OffBoard { point, size });
        }
        for &p in points {
            self.board
                .set(p, stone)
                .map_err(|e| PlayError::BadSetup(e.to_string()))?;
        }
        self.state.ko_point = None;
        self.push_entry(None);
        Ok(())
    }

    /// Sets the prisoners each player holds to what was counted in the lids of a real board:
    /// `black` and `white` are the totals (pass stones included) that Black and White hold.
    pub fn count_prisoners(&mut self, black: u32, white: u32) {
        for (color, total) in [(Color::Black, black), (Color::White, white)] {
            let i = color.index();
            self.state.prisoners[i] = total.saturating_sub(self.state.pass_stones[i]);
        }
        self.sync_last_entry();
    }

    fn check_setup(&self) -> Result<(), PlayError> {
        if self.state.move_number == 0 && self.state.status == Status::Playing {
            Ok(())
        } else {
            Err(PlayError::SetupAfterStart)
        }
    }

    /// Plays a move for `color` if the rules allow it; on error nothing changes.
    pub fn try_play(&mut self, color: Color, mv: Move) -> Result<PlayOutcome, PlayError> {
        match mv {
            Move::Play(p) => self.play_stone(color, p, false),
            Move::Pass => self.pass(color),
            Move::Resign => self.resign(color),
        }
    }

    /// Plays a stone that breaks the ko, superko or suicide rule because it was played on the
    /// board and must stand in the record (the illegal-move procedures decide what follows).
    /// An occupied or off-board point, or the wrong turn, is still refused.
    pub fn force_play(&mut self, color: Color, point: Point) -> Result<PlayOutcome, PlayError> {
        self.play_stone(color, point, true)
    }

    pub(super) fn check_turn(&self, color: Color) -> Result<(), PlayError> {
        match self.state.status {
            Status::Playing => {}
            Status::Paused => return Err(PlayError::Paused),
            Status::Ended(_) => return Err(PlayError::GameOver),
        }
        if color != self.state.to_move {
            return Err(PlayError::NotYourTurn { color });
        }
        Ok(())
    }

    /// What `color` playing at `point` would take off the board (captures, or the stones of a
    /// suicide), checked as the move itself is (`forced`: as `force_play`); nothing changes.
    pub fn check_stone(&self, color: Color, point: Point, forced: bool) -> Result<u32, PlayError> {
        let mut board = self.board.clone();
        let placed = self.place_on(&mut board, color, point, forced)?;
        Ok(placed.removed())
    }

    fn play_stone(
        &mut self,
        color: Color,
        point: Point,
        forced: bool,
    ) -> Result<PlayOutcome, PlayError> {
        // The game's own board, taken out while the stone is placed on it.
        let mut board = std::mem::take(&mut self.board);
        let placed = self.place_on(&mut board, color, point, forced);
        self.board = board;
        let placed = placed?;
        let removed = placed.removed();
        let Placed {
            captured,
            ko_point,
            suicide_removed,
            illegal,
        } = placed;
        // The move stands.
        let s = &mut self.state;
        s.prisoners[color.index()] += captured;
        s.prisoners[(!color).index()] += suicide_removed;
        s.ko_point = ko_point;
        s.move_number += 1;
        s.consecutive_passes = 0;
        s.to_move = !color;
        s.last_move = Some(LastMove {
            color,
            mv: Move::Play(point),
        });
        s.off_board_by = None;
        if let Some(reason) = illegal.clone() {
            self.illegal.push(IllegalMove {
                move_number: self.state.move_number,
                color,
                point,
                reason,
            });
        }
        self.push_entry(Some(color));
        Ok(PlayOutcome {
            move_number: self.state.move_number,
            captured,
            suicide_removed,
            neutral_capture: self
                .rules
                .neutral_capture_count
                .is_some_and(|n| removed >= n),
            status: self.state.status,
            illegal,
        })
    }

    /// Places `color`'s stone at `point` on `board` (the game's own, or a copy to check a
    /// move on) with the rules' checks; a refused stone leaves `board` as it was.
    fn place_on(
        &self,
        board: &mut Board,
        color: Color,
        point: Point,
        forced: bool,
    ) -> Result<Placed, PlayError> {
        self.check_turn(color)?;
        let size = board.size();
        let i = board
            .index(point)
            .ok_or(PlayError::OffBoard { point, size })?;
        if board.get(point).is_some() {
            return Err(PlayError::Occupied { point, size });
        }
        let mut illegal = None;
        if self.state.ko_point == Some(point) {
            if !forced {
                return Err(PlayError::Ko { point, size });
            }
            illegal = Some(PlayError::Ko { point, size });
        }
        let placement = board.place(i, color);
        let mut suicide_removed: Vec<Point> = Vec::new();
        if placement.self_atari_empty {
            if !self.rules.suicide_allowed {
                if !forced {
                    board.undo_place(i, color);
                    return Err(PlayError::Suicide { point, size });
                }
                illegal.get_or_insert(PlayError::Suicide { point, size });
            }
            suicide_removed = board.chain(point);
            for &p in &suicide_removed {
                let _ = board.set(p, None);
            }
        }
        if illegal.is_none()
            && let Some(repeats_move) = self.repetition(board, color)
        {
            let err = PlayError::Superko {
                point,
                size,
                repeats_move,
            };
            if !forced {
                for &p in &suicide_removed {
                    let _ = board.set(p, Some(color));
                }
                board.undo_place(i, color);
                return Err(err);
            }
            illegal = Some(err);
        }
        Ok(Placed {
            captured: placement.captured,
            ko_point: match placement.single_capture {
                Some(c) if placement.lone_with_one_liberty && suicide_removed.is_empty() => Some(c),
                _ => None,
            },
            suicide_removed: suicide_removed.len() as u32,
            illegal,
        })
    }

    /// The move number whose position `board` (after `color` played) repeats, if the
    /// repetition rule forbids it.
    fn repetition(&self, board: &Board, color: Color) -> Option<u32> {
        let hash = board.hash();
        let area = board.area();
        let to_move = !color;
        for (k, e) in self.history.iter().enumerate().rev() {
            if e.hash != hash {
                continue;
            }
            let counts = match self.rules.ko {
                KoRule::Simple => false,
                KoRule::PositionalSuperko => true,
                KoRule::SituationalSuperko => e.to_move == to_move,
                KoRule::NaturalSituationalSuperko => e.created_by_play == Some(color),
            };
            if !counts {
                continue;
            }
            let same = self
                .snapshots
                .get(k * area..(k + 1) * area)
                .is_some_and(|s| s == board.raw());
            if same {
                return Some(e.state.move_number);
            }
        }
        None
    }

    /// The positional hash recomputed from the stones (a check on the incremental hash).
    pub fn recompute_hash(&self) -> u64 {
        self.board.compute_hash()
    }
}
