//! A player registering from their own phone: the card they keep at `/me` (name, first name,
//! rank, club, country, EGD PIN), its registration code, and the director's tournament taking
//! it. A card read twice adds nobody twice; a card whose rank, club, country or PIN changed
//! updates the player it names.
//!
//! The code is a link to the app, `{base}/p#P1-<data>`, whose fragment is written in the
//! characters of a QR code's alphanumeric mode: `P`, the format version, a dash, then the
//! card's bytes in base 32 ending with their CRC-32, so a damaged code is refused.

use std::fmt;

use super::players::PlayerError;
use super::rank::{MAX_RANK, MIN_RANK, format_rank};
use super::{Player, Tournament};
use crate::core::link::bytes::{push_signed, push_text, take_signed, take_text};
use crate::core::link::qr;
use crate::core::link::signed::{self, SignedError};
use crate::core::new_game::MAX_NAME_CHARS;
use crate::core::text::{t, tf};
use crate::core::tournament::files::player_key;

/// The app's route that takes a registration code.
pub const CARD_PATH: &str = "/p";
/// The version of the registration code's format this app writes and reads.
pub const CARD_VERSION: u32 = 1;
/// The longest club kept, in characters.
pub const MAX_CLUB_CHARS: usize = 40;

/// What a player tells the director about themselves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerCard {
    /// Family name.
    pub name: String,
    pub first_name: String,
    /// Rank as OpenGotha's integer: 30k is -30, 1k is -1, 1d is 0, 9d is 8.
    pub rank: i32,
    pub club: String,
    /// Country code (`NL`, `FR`), upper case.
    pub country: String,
    /// EGD PIN, empty when unknown.
    pub egd_pin: String,
}

impl PlayerCard {
    /// The key OpenGotha gives the player: name and first name, upper case, spaces removed.
    pub fn key(&self) -> String {
        player_key(&self.name, &self.first_name)
    }

    /// The card with its texts trimmed and the country in upper case, or why it cannot be a
    /// player's.
    pub fn checked(&self) -> Result<PlayerCard, String> {
        let card = PlayerCard {
            name: self.name.trim().to_string(),
            first_name: self.first_name.trim().to_string(),
            rank: self.rank,
            club: self.club.trim().to_string(),
            country: self.country.trim().to_uppercase(),
            egd_pin: self.egd_pin.trim().to_string(),
        };
        if card.name.is_empty() {
            return Err(t("Write your family name.").into());
        }
        let too_long = |text: &str, max: usize| text.chars().count() > max;
        if too_long(&card.name, MAX_NAME_CHARS) || too_long(&card.first_name, MAX_NAME_CHARS) {
            return Err(tf(
                "A name can have at most {} characters.",
                &[&MAX_NAME_CHARS],
            ));
        }
        if [&card.name, &card.first_name, &card.club]
            .iter()
            .any(|s| s.chars().any(char::is_control))
        {
            return Err(t("A name or club cannot contain control characters.").into());
        }
        if !(MIN_RANK..=MAX_RANK).contains(&card.rank) {
            return Err(t("Choose your rank, from 30k to 9d.").into());
        }
        if too_long(&card.club, MAX_CLUB_CHARS) {
            return Err(tf(
                "A club can have at most {} characters.",
                &[&MAX_CLUB_CHARS],
            ));
        }
        if !(card.country.is_empty()
            || (card.country.len() == 2 && card.country.chars().all(|c| c.is_ascii_uppercase())))
        {
            return Err(
                t("The country is its two-letter code, such as NL, DE or FR, or nothing.").into(),
            );
        }
        if !(card.egd_pin.is_empty()
            || (card.egd_pin.len() == 8 && card.egd_pin.chars().all(|c| c.is_ascii_digit())))
        {
            return Err(t("An EGD PIN is 8 digits, or nothing if you have none.").into());
        }
        Ok(card)
    }

    /// The player the card registers, with OpenGotha's defaults for what it does not say.
    fn player(&self) -> Player {
        Player {
            name: self.name.clone(),
            first_name: self.first_name.clone(),
            rank: self.rank,
            grade: format_rank(self.rank),
            club: self.club.clone(),
            country: self.country.clone(),
            egf_pin: self.egd_pin.clone(),
            ..Player::default()
        }
    }
}

/// Why a registration code cannot be read. Nothing is taken from a refused code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CardError {
    /// The text holds no code at all.
    Empty,
    /// The text is not a registration code of this app.
    Foreign,
    /// The code was written in a format version this app does not know.
    UnknownVersion(u32),
    /// The code is damaged or cut short (the text says how).
    Damaged(String),
    /// The card in it cannot be a player's (the text says why).
    Refused(String),
}

impl fmt::Display for CardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CardError::Empty => f.write_str(t(
                "This holds no player: scan the code a player shows at “Me” on their phone.",
            )),
            CardError::Foreign => f.write_str(t(
                "This is not a player's registration code. Scan the code a player shows at “Me” on their phone.",
            )),
            CardError::UnknownVersion(v) => f.write_str(&tf(
                "This registration code is of format version {}, which this app does not read (it reads version {}): update the app on this phone, or type the player in. Nothing was changed.",
                &[v, &CARD_VERSION],
            )),
            CardError::Damaged(why) => f.write_str(&tf(
                "This registration code is damaged or was cut short ({}). Scan it again. Nothing was changed.",
                &[why],
            )),
            CardError::Refused(why) => f.write_str(&tf(
                "This registration code cannot be taken: {} Nothing was changed.",
                &[why],
            )),
        }
    }
}

impl std::error::Error for CardError {}

/// The registration code's link for `card`: `{base}/p#P1-…`. `base` is where the app is
/// served, without a trailing `/`.
pub fn card_link(base: &str, card: &PlayerCard) -> String {
    let mut bytes = Vec::new();
    push_text(&mut bytes, &card.name);
    push_text(&mut bytes, &card.first_name);
    push_signed(&mut bytes, i64::from(card.rank));
    push_text(&mut bytes, &card.club);
    push_text(&mut bytes, &card.country);
    push_text(&mut bytes, &card.egd_pin);
    format!(
        "{base}{CARD_PATH}#{}",
        signed::write('P', CARD_VERSION, &bytes)
    )
}

/// The registration code drawn as a QR code.
pub fn card_qr(link: &str) -> Result<qr::Code, String> {
    qr::code(link)
}

/// Reads a registration code from its link or fragment: the card, checked.
pub fn read_card_link(text: &str) -> Result<PlayerCard, CardError> {
    let payload = signed::read(text, 'P', CARD_VERSION).map_err(|e| match e {
        SignedError::Empty => CardError::Empty,
        SignedError::Foreign => CardError::Foreign,
        SignedError::UnknownVersion(v) => CardError::UnknownVersion(v),
        SignedError::Damaged(why) => CardError::Damaged(why),
    })?;
    let mut input = payload.as_slice();
    let card = decode(&mut input).map_err(|e| CardError::Damaged(e.to_string()))?;
    if !input.is_empty() {
        return Err(CardError::Damaged(t("it holds more than a player").into()));
    }
    card.checked().map_err(CardError::Refused)
}

fn decode(input: &mut &[u8]) -> Result<PlayerCard, crate::core::link::bytes::BytesError> {
    let name = take_text(input)?;
    let first_name = take_text(input)?;
    let rank = take_signed(input)?;
    Ok(PlayerCard {
        name,
        first_name,
        rank: i32::try_from(rank).unwrap_or(i32::MIN),
        club: take_text(input)?,
        country: take_text(input)?,
        egd_pin: take_text(input)?,
    })
}

/// What became of a card taken into the tournament: the player's index and whether they were
/// added, updated or already registered as the card says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Registered {
    Added(usize),
    Updated(usize),
    Unchanged(usize),
}

impl Tournament {
    /// Takes a player's card: adds the player, or updates the one registered under the same
    /// key when the card's rank, club, country or EGD PIN differ. Refused, nothing changed, as
    /// adding or editing a player is refused.
    pub fn register(&mut self, card: &PlayerCard) -> Result<Registered, PlayerError> {
        let key = card.key();
        let Some(index) = self.players.iter().position(|p| p.key() == key) else {
            return self.add_player(card.player()).map(Registered::Added);
        };
        let old = &self.players[index];
        let changed = old.rank != card.rank
            || old.club != card.club
            || old.country != card.country
            || (!card.egd_pin.is_empty() && old.egf_pin != card.egd_pin);
        if !changed {
            return Ok(Registered::Unchanged(index));
        }
        let mut updated = old.clone();
        if old.rank != card.rank {
            updated.rank = card.rank;
            updated.grade = format_rank(card.rank);
        }
        updated.club.clone_from(&card.club);
        updated.country.clone_from(&card.country);
        if !card.egd_pin.is_empty() {
            updated.egf_pin.clone_from(&card.egd_pin);
        }
        self.edit_player(index, updated)?;
        Ok(Registered::Updated(index))
    }
}
