//! A Go tournament as OpenGotha keeps it: the players, the games and byes of each round, and
//! the four parameter sets (general, handicap, pairing, placement). The pairing of a new round
//! (`pairing`), the scores (`scores`) and the standings (`standings`) are computed from it as
//! OpenGotha 3.52 computes them, so that a director can pair with this app and with OpenGotha
//! interchangeably; `files` reads and writes OpenGotha's XML tournament file.

pub mod direct;
pub mod files;
pub mod kept;
pub mod list_line;
pub mod pairing;
pub mod param_rows;
pub mod params;
pub mod player_list;
pub mod players;
pub mod rank;
pub mod register;
pub mod results;
pub mod round_screen;
pub mod scores;
pub mod standings;
pub mod waiting;

pub use params::{
    DrawMode, GeneralParameterSet, HandicapParameterSet, PairingParameterSet, PairingRules,
    PlacementCriterion, PlacementParameterSet, SeedSystem,
};

/// The most rounds OpenGotha holds (`Gotha.MAX_NUMBER_OF_ROUNDS`).
pub const MAX_ROUNDS: usize = 20;

/// The most players a tournament holds (`Gotha.MAX_NUMBER_OF_PLAYERS`).
pub const MAX_PLAYERS: usize = 2000;

/// Whether a player's registration is final (`FIN`, the player is paired) or preliminary
/// (`PRE`, listed but not paired).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Registration {
    /// `FIN`: paired in the rounds the player takes part in.
    Final,
    /// `PRE`: registered in advance, not yet paired.
    Preliminary,
}

/// One player of the tournament.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Player {
    /// Family name as registered.
    pub name: String,
    /// First name as registered.
    pub first_name: String,
    /// Rank as OpenGotha's integer: 30k is -30, 1k is -1, 1d is 0, 9d is 8.
    pub rank: i32,
    /// The grade written beside the rank (often the same), kept for the file.
    pub grade: String,
    /// Rating (EGF-like, -900 to 2949 in OpenGotha).
    pub rating: i32,
    /// Where the rating comes from, kept for the file.
    pub rating_origin: String,
    /// Club, as OpenGotha compares it (case ignored).
    pub club: String,
    /// Country code.
    pub country: String,
    /// EGD PIN, empty when unknown.
    pub egf_pin: String,
    /// FFG licence number, kept for the file.
    pub ffg_licence: String,
    /// FFG licence status, kept for the file.
    pub ffg_licence_status: String,
    /// AGA id, kept for the file.
    pub aga_id: String,
    /// AGA expiration date, kept for the file.
    pub aga_expiration_date: String,
    /// Final or preliminary registration.
    pub registration: Registration,
    /// Whether the player takes part in each round (index 0 is round 1), [`MAX_ROUNDS`] long.
    pub participating: Vec<bool>,
    /// The director's correction of the McMahon start (`smmsCorrection`).
    pub smms_correction: i32,
}

impl Player {
    /// The player's key as OpenGotha forms it: name then first name, spaces removed, upper
    /// case with the accents kept. Games and byes name players by it.
    pub fn key(&self) -> String {
        files::player_key(&self.name, &self.first_name)
    }

    /// Whether the player takes part in `round` (1-based); a round out of range is "no".
    pub fn plays_in(&self, round: u32) -> bool {
        round
            .checked_sub(1)
            .and_then(|r| self.participating.get(r as usize))
            .copied()
            .unwrap_or(false)
    }
}

/// The outcome of a game as OpenGotha records it (`Game.RESULT_*`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameOutcome {
    /// Not yet known.
    Unknown,
    /// White won.
    WhiteWins,
    /// Black won.
    BlackWins,
    /// Jigo (draw).
    Equal,
    /// Both lost.
    BothLose,
    /// Both won.
    BothWin,
}

/// A game's result: the outcome and whether it was decided without play (by default).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// Who won.
    pub outcome: GameOutcome,
    /// Decided by the director without the game being played (`_BYDEF`).
    pub by_default: bool,
}

impl GameResult {
    /// The result of a game not yet played.
    pub const UNKNOWN: GameResult = GameResult {
        outcome: GameOutcome::Unknown,
        by_default: false,
    };

    /// Points (times two) the result gives the white player: 2 a win, 1 a draw.
    pub fn white_points_x2(self) -> i32 {
        match self.outcome {
            GameOutcome::WhiteWins | GameOutcome::BothWin => 2,
            GameOutcome::Equal => 1,
            _ => 0,
        }
    }

    /// Points (times two) the result gives the black player: 2 a win, 1 a draw.
    pub fn black_points_x2(self) -> i32 {
        match self.outcome {
            GameOutcome::BlackWins | GameOutcome::BothWin => 2,
            GameOutcome::Equal => 1,
            _ => 0,
        }
    }
}

/// One game of a round. Players are indices into [`Tournament::players`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairedGame {
    /// Round, 1-based as OpenGotha shows and writes it.
    pub round: u32,
    /// Table, 1-based as OpenGotha shows and writes it.
    pub table: u32,
    /// The white player.
    pub white: usize,
    /// The black player.
    pub black: usize,
    /// Handicap stones (0 for an even game).
    pub handicap: u8,
    /// Whether the colours were published (false: the players choose at the board).
    pub known_color: bool,
    /// The result.
    pub result: GameResult,
}

impl PairedGame {
    /// The other player of the game, if `player` plays in it.
    pub fn opponent_of(&self, player: usize) -> Option<usize> {
        if self.white == player {
            Some(self.black)
        } else if self.black == player {
            Some(self.white)
        } else {
            None
        }
    }
}

/// A whole tournament: players, games, byes and parameters.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Tournament {
    /// Players, in the order of the file.
    pub players: Vec<Player>,
    /// Games of every round.
    pub games: Vec<PairedGame>,
    /// The bye player of each round (index 0 is round 1), [`MAX_ROUNDS`] long.
    pub byes: Vec<Option<usize>>,
    /// Name, rounds, McMahon bar and floor, scores of absent and bye players...
    pub general: GeneralParameterSet,
    /// How handicaps are given.
    pub handicap: HandicapParameterSet,
    /// The weights of OpenGotha's pairing criteria.
    pub pairing: PairingParameterSet,
    /// The criteria of the standings.
    pub placement: PlacementParameterSet,
    /// Pairs of players (by key) the director does not want paired together (family, club
    /// mates...). OpenGotha's file has no place for them: they live with this app's copy of
    /// the tournament. See `pairing::hand` for how the pairing treats them.
    pub forbidden_pairs: Vec<(String, String)>,
    /// Settings of the file this app does not know (a placement criterion, a pairing setting,
    /// a handicap base), named as the file names them. The pairing refuses to pair such a
    /// tournament rather than pair it otherwise than OpenGotha would.
    pub unknown_settings: Vec<String>,
}

impl Tournament {
    /// The games of `round` (1-based).
    pub fn games_of(&self, round: u32) -> impl Iterator<Item = &PairedGame> {
        self.games.iter().filter(move |g| g.round == round)
    }

    /// The bye player of `round` (1-based), if any.
    pub fn bye_of(&self, round: u32) -> Option<usize> {
        round
            .checked_sub(1)
            .and_then(|r| self.byes.get(r as usize))
            .copied()
            .flatten()
    }

    /// The index of the player whose key is `key`.
    pub fn player_by_key(&self, key: &str) -> Option<usize> {
        self.players.iter().position(|p| p.key() == key)
    }

    /// The tournament's forbidden pairs as player indices (smaller first); pairs naming a key no
    /// player has are left out.
    pub fn forbidden_indices(&self) -> Vec<(usize, usize)> {
        self.forbidden_pairs
            .iter()
            .filter_map(|(a, b)| {
                let (a, b) = (self.player_by_key(a)?, self.player_by_key(b)?);
                Some((a.min(b), a.max(b)))
            })
            .collect()
    }

    /// The same tournament without the games and bye of `round` and the rounds after it: the
    /// state in which OpenGotha paired `round`.
    pub fn before_round(&self, round: u32) -> Tournament {
        let mut t = self.clone();
        t.games.retain(|g| g.round < round);
        for (i, bye) in t.byes.iter_mut().enumerate() {
            if i + 1 >= round as usize {
                *bye = None;
            }
        }
        t
    }
}

impl Default for Player {
    fn default() -> Self {
        Player {
            name: String::new(),
            first_name: String::new(),
            rank: -20,
            grade: String::new(),
            rating: -900,
            rating_origin: String::new(),
            club: String::new(),
            country: String::new(),
            egf_pin: String::new(),
            ffg_licence: String::new(),
            ffg_licence_status: String::new(),
            aga_id: String::new(),
            aga_expiration_date: String::new(),
            registration: Registration::Final,
            participating: vec![true; MAX_ROUNDS],
            smms_correction: 0,
        }
    }
}
