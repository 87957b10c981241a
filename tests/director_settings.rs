//! A game from a director's table or round code keeps the director's settings unless the
//! players change them on purpose, and then its result code tells the director: the form tells
//! a change from the same values written otherwise, the game keeps the mark wherever it is
//! stored or handed over, and the result code carries it (the last free bit of its flags) to
//! the director's round, which keeps it.

use scorekeeper::core::handicap::Handicap;
use scorekeeper::core::new_game::NewGameForm;
use scorekeeper::core::preset::Preset;
use scorekeeper::core::record::GameSettings;
use scorekeeper::core::round::code::{self, CodePlayer, ResultCode, Verdict};
use scorekeeper::core::store::json;

const BASE: &str = "https://go.example";
const TABLE_CODE: &str = "preset=dutch-lightning&size=19&handicap=0&komi=6.5&time=sudden&main=600\
     &black=Andr%C3%A9%20Nemo&white=Zofia%20%C5%81ukaszewska&event=Blitz%202026&round=2&table=7\
     &bkey=NEMOANDR%C3%89&wkey=%C5%81UKASZEWSKAZOFIA";

fn form(query: &str) -> NewGameForm {
    let pairs: Vec<(String, String)> = query
        .split('&')
        .map(|kv| {
            let (k, v) = kv.split_once('=').unwrap();
            (k.to_string(), decode(v))
        })
        .collect();
    let (form, errors) =
        NewGameForm::from_query(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())));
    assert!(errors.is_empty(), "{errors:?}");
    form
}

/// `%XX` escapes of a query value.
fn decode(v: &str) -> String {
    let bytes = v.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            out.push(u8::from_str_radix(&v[i + 1..i + 3], 16).unwrap());
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).unwrap()
}

#[test]
fn a_table_code_fills_a_form_from_the_director_and_a_settings_link_does_not() {
    assert!(form(TABLE_CODE).from_director());
    assert!(!form("preset=dutch-lightning&size=19&komi=6.5").from_director());
}

#[test]
fn a_change_to_the_game_is_a_change_and_the_same_values_written_otherwise_are_not() {
    let director = form(TABLE_CODE);
    let same = |edit: fn(&mut NewGameForm)| {
        let mut mine = director.clone();
        edit(&mut mine);
        !mine.settings_differ(&director)
    };
    assert!(same(|_| {}));
    assert!(same(|f| f.komi = "6.50".into()));
    assert!(same(|f| f.main = " 600 ".into()));
    // Who plays and where is not the director's setting of the game.
    assert!(same(|f| f.black = "André Nemo-Dupont".into()));
    assert!(!same(|f| f.komi = "0.5".into()));
    assert!(!same(|f| f.main = "900".into()));
    assert!(!same(|f| f.size = "13".into()));
    assert!(!same(|f| f.handicap = "2".into()));
    assert!(!same(|f| f.jigo = "no".into()));
    assert!(!same(|f| *f = f.with_preset(Preset::CapeTown2005)));
    // A form that does not check is compared as written.
    assert!(!same(|f| f.komi = "lots".into()));
}

#[test]
fn the_mark_is_kept_with_the_game_and_left_out_when_there_is_none() {
    let mut s = GameSettings::new(Preset::DutchLightning, 19, Handicap::NONE);
    assert!(!json::to_text(&s).contains("settings_changed"));
    s.settings_changed = true;
    let text = json::to_text(&s);
    assert!(text.contains("\"settings_changed\":true"), "{text}");
    assert_eq!(json::from_text::<GameSettings>(&text).unwrap(), s);
    // serde's form (the handover and backups) reads and writes it the same.
    assert_eq!(serde_json::to_string(&s).unwrap(), text);
}

fn code(changed: bool) -> ResultCode {
    let mut c = ResultCode::new(
        "Blitz 2026",
        2,
        7,
        CodePlayer::new("NEMOANDRÉ", "André Nemo"),
        CodePlayer::new("ŁUKASZEWSKAZOFIA", "Zofia Łukaszewska"),
        Verdict::of_game("W+R", None).unwrap(),
    );
    c.finished_s = 1_795_000_000;
    c.settings_changed = changed;
    c
}

#[test]
fn the_result_code_carries_the_change_to_the_director() {
    for changed in [false, true] {
        let link = code::result_link(BASE, &code(changed));
        let read = code::read_result_link(&link).unwrap();
        assert_eq!(read.settings_changed, changed);
        assert_eq!(read, code::as_carried(BASE, &code(changed)));
        // It still reads from arm's length.
        assert!(code::result_qr(&link).unwrap().version().value() <= code::MAX_QR_VERSION);
    }
    // Only the flag differs between the two codes' data.
    let (plain, marked) = (
        code::result_link(BASE, &code(false)),
        code::result_link(BASE, &code(true)),
    );
    assert_ne!(plain, marked);
    assert_eq!(plain.len(), marked.len());
}

#[test]
fn the_directors_round_keeps_the_mark_of_a_code_it_took() {
    let marked = code(true);
    let text = json::to_text(&marked);
    assert!(text.contains("\"settings_changed\":true"), "{text}");
    assert_eq!(json::from_text::<ResultCode>(&text).unwrap(), marked);
    // A code kept before the mark existed reads as unchanged.
    let plain = json::to_text(&code(false));
    assert!(!plain.contains("settings_changed"));
    assert!(
        !json::from_text::<ResultCode>(&plain)
            .unwrap()
            .settings_changed
    );
}
