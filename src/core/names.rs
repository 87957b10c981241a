//! How a person's name is shown, on every screen and in every message: as people write names,
//! first name then family name ("Anna Bakker"), OpenGotha's `_` as the spaces it stands for
//! ("Ufuk Emre", not "Ufuk_Emre"). The files written for the pairing program and the rating
//! bodies keep their own format and spelling; only what a person reads goes through here.

/// A name as people write it: OpenGotha writes spaces inside a name as `_` ("Ufuk_Emre"), and
/// a screen shows them as spaces.
pub fn shown_name(text: &str) -> String {
    text.replace('_', " ").trim().to_string()
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
