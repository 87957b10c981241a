//! How a person's name is shown, on every screen and in every message: as people write names,
//! first name then family name ("Anna Bakker"), OpenGotha's `_` as the spaces it stands for
//! ("Ufuk Emre", not "Ufuk_Emre"). The files written for the pairing program and the rating
//! bodies keep their own format and spelling; only what a person reads goes through here.

/// A name as people write it: OpenGotha writes spaces inside a name as `_` ("Ufuk_Emre"), and
/// a screen shows them as spaces.
pub fn shown_name(text: &str) -> String {
    text.replace('_', " ").trim().to_string()
}

/// Where the family name starts in the text [`person_name`] gives (a byte index; 0 for a name
/// with no first name or no family name): a list of names shown first name first is still
/// sorted by family name, as people look for their own.
pub fn family_start(first: &str, family: &str) -> u32 {
    let (first, family) = (shown_name(first), shown_name(family));
    if first.is_empty() || family.is_empty() {
        0
    } else {
        u32::try_from(first.len() + 1).unwrap_or(0)
    }
}

/// The order of people in a list a player looks for their name in ("Who are you?", the
/// wall): by family name A to Z, then first name, case ignored, accents as written.
pub fn by_family(first: &str, family: &str) -> (String, String) {
    (
        shown_name(family).to_lowercase(),
        shown_name(first).to_lowercase(),
    )
}

/// The one way a person's name is shown: "First Family", either of which may be empty, each
/// as people write it ([`shown_name`]).
pub fn person_name(first: &str, family: &str) -> String {
    let (first, family) = (shown_name(first), shown_name(family));
    if first.is_empty() {
        family
    } else if family.is_empty() {
        first
    } else {
        format!("{first} {family}")
    }
}
