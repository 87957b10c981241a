//! The state of the end of the game, derived from the record by replay.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::marks::{Mark, Marks};
use super::numbers::{NumbersScore, score_numbers};
use super::result::result_words;
use super::score::{Score, ScoreInput, score, territory_map};
use super::suggest::{suggest_dead, suggest_seki};
use crate::core::color::Color;
use crate::core::game::Game;
use crate::core::moves::{Ending, Status};
use crate::core::point::Point;
use crate::core::record::{CountByNumbers, Decision, Event, GameSettings};
use crate::core::refusal::Refusal;
use crate::core::rules::{Counting, EndOfPlay};
use crate::core::text::{t, tf};

/// Where the end of the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Moves are being played.
    Playing,
    /// Play paused after passes (LGC, London Open, AGA): the players mark dead stones and
    /// confirm, or dispute and resume.
    Agreement,
    /// Play ended (a natural ending after four passes, or both players passed at the start of
    /// a resumption): the players mark dead stones where allowed and confirm the count.
    Counting,
    /// Both players confirmed, or a referee locked the count: the count is the result.
    Locked,
    /// The game ended otherwise: resignation, time, forfeit or a referee's decision.
    Finished,
}

/// The count that decides the result: the phone's board, or the numbers the players counted on
/// the real board.
#[derive(Clone, Debug, PartialEq)]
pub enum Tally {
    /// The position on the phone's board, with its marks.
    Board(Score),
    /// The numbers counted on the real board.
    Numbers(NumbersScore),
}

impl Tally {
    /// The result as SGF `RE`.
    pub fn re(&self) -> &str {
        match self {
            Tally::Board(s) => &s.re,
            Tally::Numbers(n) => &n.re,
        }
    }

    /// One colour's total under the rules' counting.
    pub fn total(&self, color: Color) -> f64 {
        match self {
            Tally::Board(s) => {
                let side = s.side(color);
                match s.counting {
                    Counting::Territory => side.territory_total,
                    Counting::Area => side.area_total,
                }
            }
            Tally::Numbers(n) => n.total(color),
        }
    }

    /// The prisoners each colour holds, where the count knows them.
    pub fn prisoners(&self, color: Color) -> Option<u32> {
        match self {
            Tally::Board(s) => Some(s.side(color).prisoners()),
            Tally::Numbers(n) => n.count.prisoners().map(|p| p[color.index()]),
        }
    }

    /// How the count was made, in words.
    pub fn method(&self) -> &'static str {
        match self {
            Tally::Board(_) => t("Counted on the phone's board"),
            Tally::Numbers(n) => n.count.method_shown(),
        }
    }
}

/// The end-of-game state: phase, marks, confirmations, komi and prisoners as recorded.
#[derive(Clone, Debug, PartialEq)]
pub struct CountState {
    /// Where the end of the game stands.
    pub phase: Phase,
    /// The game (board, passes, prisoners, status), shared with the live game.
    pub game: Arc<Game>,
    /// Dead and seki marks on the final position.
    pub marks: Marks,
    /// Whether each player confirmed the count (index by `Color::index`).
    pub confirmed: [bool; 2],
    /// How many times play resumed after a pause or an ending.
    pub resumptions: u32,
    /// How many disputes were recorded.
    pub disputes: u32,
    /// The komi in force (the settings' komi, or the last change).
    pub komi: f64,
    /// Each komi change, with its reason, in order.
    pub komi_changes: Vec<(f64, String)>,
    /// Prisoners were counted from the lids of a real board (they replace the recorded ones).
    pub prisoners_entered: bool,
    /// A referee locked the count.
    pub locked_by_referee: bool,
    /// The reasons given for each unlock, in order.
    pub unlocks: Vec<String>,
    /// A result decided without a count: `RE` and the reason.
    pub decided: Option<(String, String)>,
    /// The decided result in words where `RE` cannot tell it (both lose, replay).
    pub decided_words: Option<&'static str>,
    /// The warnings each player received (index by `Color::index`).
    pub warnings: [u32; 2],
    /// Who protested, and why, in order.
    pub protests: Vec<(Color, String)>,
    /// A loss on time as the clock has it (`B+T` or `W+T`).
    pub clock_result: Option<String>,
    /// When play last stopped (pause or ending), device milliseconds.
    pub stopped_at_ms: Option<i64>,
    /// The count the players made on the real board, if they entered one.
    pub numbers: Option<CountByNumbers>,
    /// Moves made on the real board only since the position was last copied onto the phone's
    /// board: while there are any, the phone's board does not hold the final position.
    pub moves_off_board: u32,
    /// Stones played, on the phone's board or on the real board only.
    pub plays: u32,
    /// True when every turn is in the record (no set-up position, no move made off the phone,
    /// no prisoners entered by hand), so area and territory counting can be checked.
    pub played_out: bool,
    handicap: u8,
}

impl CountState {
    /// The state before any event of a game with these settings, on `game`.
    pub fn start(game: Game, settings: &GameSettings) -> CountState {
        CountState {
            phase: Phase::Playing,
            game: Arc::new(game),
            marks: Marks::default(),
            confirmed: [false; 2],
            resumptions: 0,
            disputes: 0,
            komi: settings.komi,
            komi_changes: Vec::new(),
            prisoners_entered: false,
            locked_by_referee: false,
            unlocks: Vec::new(),
            decided: None,
            decided_words: None,
            warnings: [0; 2],
            protests: Vec::new(),
            clock_result: None,
            stopped_at_ms: None,
            numbers: None,
            moves_off_board: 0,
            plays: 0,
            played_out: true,
            handicap: settings.handicap.stones,
        }
    }

    /// Takes in `event`, already applied to `self.game`, with the clock's result after it.
    pub fn follow(&mut self, event: &Event, clock_result: Option<String>) {
        self.fold(event);
        self.handicap = self.handicap.max(self.game.handicap_stones());
        self.set_clock_result(clock_result);
    }

    /// The loss on time as the clock has it now; the phase follows.
    pub fn set_clock_result(&mut self, clock_result: Option<String>) {
        self.clock_result = clock_result;
        self.phase = self.derive_phase();
    }

    fn clear_confirmations(&mut self) {
        self.confirmed = [false; 2];
    }

    fn fold(&mut self, event: &Event) {
        match event {
            Event::DeadMarked { points } => {
                self.marks.mark_dead(points);
                self.clear_confirmations();
            }
            Event::DeadUnmarked { points } => {
                self.marks.unmark_dead(points);
                self.clear_confirmations();
            }
            Event::SekiMarked { points } => {
                self.marks.mark_seki(points);
                self.clear_confirmations();
            }
            Event::SekiUnmarked { points } => {
                self.marks.unmark_seki(points);
                self.clear_confirmations();
            }
            Event::AgreementConfirmed { color } => {
                if let Some(c) = self.confirmed.get_mut(color.index()) {
                    *c = true;
                }
            }
            Event::Disputed { .. } => {
                self.disputes += 1;
                self.clear_confirmations();
            }
            Event::PlayResumed { .. } => {
                self.resumptions += 1;
                self.marks = Marks::default();
                self.numbers = None;
                self.clear_confirmations();
                self.locked_by_referee = false;
            }
            Event::KomiChanged { komi, reason } => {
                self.komi = *komi;
                self.komi_changes.push((*komi, reason.clone()));
                self.clear_confirmations();
            }
            Event::StonesSetUp { .. } => {
                self.played_out = false;
                self.moves_off_board = 0;
            }
            Event::MovedOffBoard { .. } => {
                self.played_out = false;
                self.moves_off_board += 1;
                self.plays += 1;
            }
            Event::StonePlayed { .. } => self.plays += 1,
            Event::CountEntered { count } => {
                self.numbers = *count;
                self.clear_confirmations();
            }
            Event::PrisonersCounted { .. } => {
                self.played_out = false;
                self.prisoners_entered = true;
                self.clear_confirmations();
            }
            Event::StonesPainted { .. } => {
                self.played_out = false;
                self.moves_off_board = 0;
                self.clear_confirmations();
            }
            Event::CountLocked => self.locked_by_referee = true,
            Event::CountUnlocked { reason } => {
                self.locked_by_referee = false;
                self.clear_confirmations();
                self.unlocks.push(reason.clone());
            }
            Event::ResultDecided {
                re,
                reason,
                decision,
            } => {
                self.decided = Some((re.clone(), reason.clone()));
                self.decided_words = decision.and_then(Decision::words);
            }
            Event::Warned { color, .. } => self.warnings[color.index()] += 1,
            Event::Protested { by, reason } => self.protests.push((*by, reason.clone())),
            _ => {}
        }
    }

    fn derive_phase(&self) -> Phase {
        if self.decided.is_some()
            || self.clock_result.is_some()
            || matches!(self.game.status(), Status::Ended(Ending::Resigned(_)))
        {
            return Phase::Finished;
        }
        let locked = self.locked_by_referee || self.confirmed == [true, true];
        match self.game.status() {
            Status::Playing => Phase::Playing,
            _ if locked => Phase::Locked,
            Status::Paused => Phase::Agreement,
            Status::Ended(_) => Phase::Counting,
        }
    }

    /// Whether `color` has confirmed the count.
    pub fn has_confirmed(&self, color: Color) -> bool {
        self.confirmed.get(color.index()).copied().unwrap_or(false)
    }

    /// True when both players passed at the start of a resumption: every stone on the board
    /// counts as alive and no stone may be marked dead.
    pub fn all_stones_alive(&self) -> bool {
        self.game.status() == Status::Ended(Ending::AllStonesAlive)
    }

    /// True when the rules make White pass last and Black passed last: on agreement the
    /// wizard adds White's pass (and pass stone) before the count.
    pub fn closing_pass_pending(&self) -> bool {
        self.game.is_closing_pass(Color::White)
    }

    /// True when the game ended with a natural ending (Dutch, Cape Town), where a player who
    /// finds a point may resume play.
    pub fn natural_ending(&self) -> bool {
        self.game.status() == Status::Ended(Ending::NaturalEnding)
    }

    /// The handicap stones of the game.
    pub fn handicap(&self) -> u8 {
        self.handicap
    }

    /// Stones each colour captured in play, as recorded or as counted in the lids.
    pub fn captures(&self) -> [u32; 2] {
        [
            self.game.captures(Color::Black),
            self.game.captures(Color::White),
        ]
    }

    /// The count of the position with the current marks. While White's closing pass is
    /// pending it is counted already (Black receives the pass stone), as it will be once
    /// both players confirm.
    pub fn score(&self) -> Score {
        let dead: Vec<Point> = if self.all_stones_alive() {
            Vec::new()
        } else {
            self.marks.dead_points()
        };
        let seki = self.marks.seki_points();
        let mut pass_stones = [
            self.game.pass_stones(Color::Black),
            self.game.pass_stones(Color::White),
        ];
        let mut last_passer = self.game.last_passer();
        if self.closing_pass_pending() && self.game.rules().pass_stones {
            pass_stones[Color::Black.index()] += 1;
            last_passer = Some(Color::White);
        }
        score(&ScoreInput {
            board: self.game.board(),
            dead: &dead,
            seki: &seki,
            captures: self.captures(),
            pass_stones,
            rules: self.game.rules(),
            komi: self.komi,
            handicap: self.handicap,
            last_passer,
            played_out: self.played_out,
        })
    }

    /// The owner of each point as territory with the current marks, by flat index
    /// (`Board::index`), for shading the board.
    pub fn territory(&self) -> Vec<Option<Color>> {
        let dead = if self.all_stones_alive() {
            Vec::new()
        } else {
            self.marks.dead_points()
        };
        territory_map(
            self.game.board(),
            &dead,
            &self.marks.seki_points(),
            self.game.rules(),
        )
    }

    /// The dead-stone suggestions for groups not marked yet, each with its reason.
    pub fn suggested_dead(&self) -> Vec<(Vec<Point>, String)> {
        if self.all_stones_alive() {
            return Vec::new();
        }
        suggest_dead(self.game.board())
            .into_iter()
            .filter(|(g, _)| g.iter().any(|p| self.marks.mark_of(*p).is_none()))
            .collect()
    }

    /// The seki suggestions for groups not marked yet, each with its reason.
    pub fn suggested_seki(&self) -> Vec<(Vec<Point>, String)> {
        suggest_seki(self.game.board())
            .into_iter()
            .filter(|(g, _)| g.iter().any(|p| self.marks.mark_of(*p) != Some(Mark::Seki)))
            .collect()
    }

    /// The result as SGF `RE` once it is known: a decision, time, resignation, or the locked
    /// count.
    pub fn result(&self) -> Option<String> {
        if let Some((re, _)) = &self.decided {
            return Some(re.clone());
        }
        if let Some(re) = &self.clock_result {
            return Some(re.clone());
        }
        if let Status::Ended(Ending::Resigned(c)) = self.game.status() {
            return Some(format!("{}+R", (!c).sgf()));
        }
        (self.phase == Phase::Locked).then(|| self.tally().re().to_string())
    }

    /// The count that decides: the numbers the players entered, else the phone's board.
    pub fn tally(&self) -> Tally {
        match &self.numbers {
            Some(count) => Tally::Numbers(score_numbers(
                count,
                self.game.rules(),
                self.komi,
                self.handicap,
                self.game.size(),
            )),
            None => Tally::Board(self.score()),
        }
    }

    /// Whether the phone's board holds the final position, so that it can be counted; the
    /// error says why not and the two ways on. A game whose moves were made on the real board
    /// only (the phone used as the clock) cannot be counted on the phone's board until the
    /// position is copied onto it, and no game of stones played ends on an empty board.
    pub fn board_holds_position(&self) -> Result<(), Refusal> {
        let ways = t(
            "Count on the real board and enter the numbers (Count by numbers), or copy \
             the final position onto the phone's board.",
        );
        if self.moves_off_board > 0 {
            let n = self.moves_off_board;
            return Err(Refusal::BoardNotFinal(if n == 1 {
                tf(
                    "1 move was made on the real board only, so the phone's board does not hold \
                     the final position. {}",
                    &[&ways],
                )
            } else {
                tf(
                    "{} moves were made on the real board only, so the phone's board does not \
                     hold the final position. {}",
                    &[&n, &ways],
                )
            }));
        }
        let stones = self.game.board().count(Color::Black) + self.game.board().count(Color::White);
        if self.plays > 0 && stones == 0 {
            return Err(Refusal::BoardNotFinal(tf(
                "The phone's board is empty, but {} stones were played: it does not hold the \
                 final position. {}",
                &[&self.plays, &ways],
            )));
        }
        Ok(())
    }

    /// The result in words, once known.
    pub fn result_words(&self) -> Option<String> {
        if self.decided.is_some()
            && let Some(words) = self.decided_words
        {
            return Some(Decision::shown_words(words).to_string());
        }
        self.result().map(|re| result_words(&re))
    }

    /// What the wizard tells the players now, in order.
    pub fn notes(&self) -> Vec<String> {
        let mut notes = Vec::new();
        let rules = self.game.rules();
        match self.phase {
            Phase::Playing => {}
            Phase::Agreement => {
                notes.push(
                    t(
                        "Play has paused after the passes: mark the dead stones group by group, \
                       then each player confirms, or dispute and play on.",
                    )
                    .to_string(),
                );
                if self.closing_pass_pending() {
                    let counted_here =
                        self.numbers.is_none() && self.board_holds_position().is_ok();
                    notes.push(
                        match (rules.pass_stones, counted_here) {
                            (false, _) => {
                                t("Black passed last: on agreement White passes once more.")
                            }
                            (true, true) => t(
                                "Black passed last: on agreement White passes once more and \
                                 hands Black a pass stone (counted already).",
                            ),
                            (true, false) => t(
                                "Black passed last: on agreement White passes once more and \
                                 hands Black a pass stone: fill it in with the prisoners before \
                                 you count.",
                            ),
                        }
                        .to_string(),
                    );
                }
            }
            Phase::Counting if self.all_stones_alive() => {
                notes.push(
                    t(
                        "Both players passed at the start of the resumption: the game has stopped \
                       and every stone on the board counts as alive.",
                    )
                    .to_string(),
                );
                if self.closing_pass_pending() {
                    notes.push(
                        t(
                            "White passes last: the wizard adds White's pass (and pass stone) \
                           when both confirm.",
                        )
                        .to_string(),
                    );
                }
            }
            Phase::Counting => {
                let passes = match rules.end_of_play {
                    EndOfPlay::NaturalEnding { passes }
                    | EndOfPlay::PauseAfterPasses { passes, .. } => passes,
                };
                notes.push(tf(
                    "The game ended after {} consecutive passes: mark the dead stones and \
                     count. A player who finds a point may play it and the game goes on.",
                    &[&passes],
                ));
            }
            Phase::Locked => {
                notes.push(t("The count is locked; only a referee can unlock it.").to_string())
            }
            Phase::Finished => {}
        }
        let stopped = matches!(
            self.phase,
            Phase::Agreement | Phase::Counting | Phase::Locked
        );
        if stopped && self.numbers.is_none() {
            match self.board_holds_position() {
                Err(why) if self.phase != Phase::Locked => notes.push(why.to_string()),
                Err(_) => {}
                Ok(()) => notes.extend(self.score().mismatch),
            }
        }
        notes
    }
}
