//! SGF import of records as they come from servers, programs and old collections: moves of one
//! colour in a row, a first move against `PL`, `HA` without `AB`, several games in one file,
//! moves the rules of play refuse, set-up stones during the game. Each test quotes the part of
//! the SGF FF[4] definition (https://www.red-bean.com/sgf/) it follows. A property test plays
//! random records through the importer and through the definition's own way of executing a
//! move, and asks for the same stones.

mod live_helper;

use live_helper::table_of;
use proptest::prelude::*;
use scorekeeper::core::handicap;
use scorekeeper::core::live::Live;
use scorekeeper::core::moves::{AsWritten, PlayError, Status};
use scorekeeper::core::record::{Event, GameRecord, TimedEvent};
use scorekeeper::core::sgf::{SgfError, export, import, import_all};
use scorekeeper::core::store::codec;
use scorekeeper::core::{Color, Game, Point, Preset};

use Color::{Black, White};

fn p(s: &str) -> Point {
    Point::from_sgf(s).expect("test point")
}

fn events(r: &GameRecord) -> Vec<Event> {
    r.events().iter().map(|e| e.event.clone()).collect()
}

/// What the record did against the rules of play, as `AsWritten` events in log order.
fn as_written(r: &GameRecord) -> Vec<AsWritten> {
    r.events()
        .iter()
        .filter_map(|e| match &e.event {
            Event::AsWritten { what } => Some(*what),
            _ => None,
        })
        .collect()
}

/// The game replayed from the record, after the stored text of its log is read back: what a
/// reload shows. It must be the game the import built.
fn reloaded(r: &GameRecord) -> Game {
    let text = codec::encode(r.events()).expect("encodes");
    let back: Vec<TimedEvent> = codec::decode(&text).expect("decodes");
    assert_eq!(back, r.events(), "the stored text gives back the same log");
    let stored = GameRecord::from_parts(r.schema, r.settings.clone(), back);
    stored.replay().expect("an imported record always replays")
}

/// Every stone on the board, as (point, colour) in row order.
fn stones(g: &Game) -> Vec<(String, Color)> {
    let b = g.board();
    (0..b.area())
        .filter_map(|i| {
            let pt = b.point(i);
            b.get(pt).map(|c| (pt.to_sgf(), c))
        })
        .collect()
}

/// B and W: "Execute a black move. This is one of the most used properties in actual
/// collections. As long as the given move is syntactically correct it should be executed. It
/// doesn't matter if the move itself is illegal (e.g. recapturing a ko in a Go game)."
#[test]
fn two_moves_of_one_colour_in_a_row_are_played_and_marked() {
    let text = "(;GM[1]FF[4]SZ[9]RU[Japanese];B[ee];W[cc];W[gg];B[cg];W[gc])";
    let r = import(text).expect("a record with two white moves in a row imports");
    let g = r.replay().unwrap();
    assert_eq!(g.move_number(), 5);
    assert_eq!(
        stones(&g),
        [
            ("cc".into(), White),
            ("gc".into(), White),
            ("ee".into(), Black),
            ("cg".into(), Black),
            ("gg".into(), White),
        ]
    );
    assert_eq!(as_written(&r), [AsWritten::OutOfTurn { color: White }]);
    // The mark stands in the log just before the move it concerns, and the game names it.
    assert!(matches!(
        r.events().get(2).map(|e| &e.event),
        Some(Event::AsWritten {
            what: AsWritten::OutOfTurn { color: White }
        })
    ));
    let notes = g.as_written();
    assert_eq!(notes.len(), 1);
    assert_eq!(notes[0].move_number, 3);
    assert_eq!(
        notes[0].describe(9),
        "Move 3: White plays out of turn (Black was to move); played as the record has it"
    );
    // The app's own rules take over from the end of the record: Black answers White's move.
    assert_eq!(g.to_move(), Black);
    let mut live = g.clone();
    assert_eq!(
        live.try_play(White, scorekeeper::core::Move::Play(p("aa"))),
        Err(PlayError::NotYourTurn { color: White })
    );
    // After a reload the game is the same, mark included.
    assert_eq!(reloaded(&r), g);
    assert_eq!(reloaded(&r).as_written(), g.as_written());
}

/// B and W are executed "as long as the given move is syntactically correct"; a pass is a move
/// too ("A pass move is shown as '[]' or alternatively as '[tt]'").
#[test]
fn a_pass_out_of_turn_and_two_black_moves_are_played() {
    let text = "(;SZ[9];B[cc];B[];W[gg];W[tt];B[ee];B[ce])";
    let r = import(text).unwrap();
    let g = r.replay().unwrap();
    assert_eq!(g.move_number(), 6);
    assert_eq!(
        as_written(&r),
        [
            AsWritten::OutOfTurn { color: Black },
            AsWritten::OutOfTurn { color: White },
            AsWritten::OutOfTurn { color: Black },
        ]
    );
    let numbers: Vec<u32> = g.as_written().iter().map(|n| n.move_number).collect();
    assert_eq!(numbers, [2, 4, 6]);
    assert_eq!(g.to_move(), White);
    assert_eq!(reloaded(&r), g);
}

/// PL: "PL tells whose turn it is to play. This can be used when setting up positions or
/// problems." A set-up that names White and a first move by Black: the move is executed (B:
/// "it should be executed"), marked as out of turn, and `PL` is kept for the export.
#[test]
fn a_first_move_against_pl_is_played_and_pl_is_kept() {
    let text = "(;GM[1]FF[4]SZ[9]AB[cc][dc]AW[cd][dd]PL[W];B[ee];W[ge])";
    let r = import(text).unwrap();
    assert!(matches!(
        r.events().first().map(|e| &e.event),
        Some(Event::StonesSetUp { to_move: White, .. })
    ));
    assert_eq!(as_written(&r), [AsWritten::OutOfTurn { color: Black }]);
    let g = r.replay().unwrap();
    assert_eq!(g.move_number(), 2);
    assert_eq!(g.as_written()[0].move_number, 1);
    assert_eq!(g.board().get(p("ee")), Some(Black));
    // Export writes the set-up and the moves as they came; importing that gives the same log.
    let out = export(&r);
    assert!(out.contains("PL[W]\n;B[ee]"), "{out}");
    assert_eq!(events(&import(&out).unwrap()), events(&r));
    assert_eq!(reloaded(&r), g);
}

/// PL that agrees with the first move changes nothing: no mark.
#[test]
fn pl_that_agrees_with_the_first_move_leaves_no_mark() {
    let r = import("(;SZ[9]AB[cc]PL[W];W[gg];B[ee])").unwrap();
    assert!(as_written(&r).is_empty());
    let r = import("(;SZ[9]PL[B];B[gg];W[ee])").unwrap();
    assert!(as_written(&r).is_empty());
}

/// HA: "Defines the number of handicap stones (>=2). If there is a handicap, the position
/// should be set up with AB within the same node. HA itself doesn't add any stones to the
/// board, nor does it imply any particular way of placing the handicap stones."
/// Older records give `HA` with no `AB` and White moving first: the stones are placed at the
/// standard points (the record only plays as it was played with them), and the record says so.
#[test]
fn ha_without_ab_places_the_standard_stones_and_says_so() {
    let text = "(;GM[1]FF[4]SZ[19]HA[4]KM[0.5]PB[Kim]PW[Lee];W[qc];B[qd];W[pc];B[od])";
    let r = import(text).unwrap();
    let g = r.replay().unwrap();
    let fixed = handicap::fixed_points(19, 4).unwrap();
    for pt in &fixed {
        assert_eq!(g.board().get(*pt), Some(Black), "{}", pt.to_sgf());
    }
    assert_eq!(g.handicap_stones(), 4);
    assert_eq!(r.settings.handicap.stones, 4);
    assert_eq!(as_written(&r), [AsWritten::StandardHandicap { stones: 4 }]);
    let notes = g.as_written();
    assert_eq!(notes.len(), 1, "the moves themselves are regular");
    assert_eq!(notes[0].move_number, 0);
    assert_eq!(
        notes[0].describe(19),
        "The file gives a handicap of 4 stones but lists none: they were placed at the standard points"
    );
    assert_eq!(g.move_number(), 4);
    assert_eq!(reloaded(&r), g);
}

/// HA "doesn't add any stones to the board": with `AB` the listed stones are the handicap and
/// nothing is said; with neither `AB` nor White moving first, no stone is added.
#[test]
fn ha_with_ab_or_with_black_first_adds_nothing_of_its_own() {
    let r = import("(;SZ[19]HA[2]AB[pd][dp];W[qp])").unwrap();
    assert!(as_written(&r).is_empty());
    assert!(matches!(
        r.events().first().map(|e| &e.event),
        Some(Event::HandicapPlaced { .. })
    ));
    let r = import("(;SZ[19]HA[2];B[pd];W[dp];B[pp])").unwrap();
    assert!(as_written(&r).is_empty());
    let g = r.replay().unwrap();
    assert_eq!(stones(&g).len(), 3, "only the three moves are on the board");
    assert_eq!(g.handicap_stones(), 0);
}

/// HA "doesn't add any stones to the board": a handicap larger than nine, with its stones in
/// `AB`, is the position those stones make.
#[test]
fn a_handicap_above_nine_is_kept_as_its_set_up_stones() {
    let text = "(;SZ[19]HA[13]AB[dd][jd][pd][dj][jj][pj][dp][jp][pp][gg][mg][gm][mm];W[qc];B[qd])";
    let r = import(text).unwrap();
    let g = r.replay().unwrap();
    assert_eq!(stones(&g).len(), 15);
    assert_eq!(g.to_move(), White);
    assert!(as_written(&r).is_empty());
}

/// The definition of a file: "Collection = GameTree { GameTree }". Every game of the file is
/// read on its own; `import` gives the first.
#[test]
fn a_file_with_several_games_gives_each_game() {
    let text = "(;GM[1]FF[4]SZ[9]PB[Ann]PW[Bo];B[ee];W[cc])\n\
                (;GM[1]FF[4]SZ[13]PB[Cy]PW[Di];B[gg];W[dd];B[jj])\n\
                (;GM[1]FF[4]SZ[19]PB[Ed]PW[Fa]HA[2]AB[pd][dp];W[qp])\n";
    let games = import_all(text).unwrap();
    assert_eq!(games.len(), 3);
    let names: Vec<(String, u8, u32)> = games
        .iter()
        .map(|g| {
            let r = g.as_ref().unwrap();
            (
                r.settings.black.clone(),
                r.settings.size,
                r.replay().unwrap().move_number(),
            )
        })
        .collect();
    assert_eq!(
        names,
        [
            ("Ann".into(), 9, 2),
            ("Cy".into(), 13, 3),
            ("Ed".into(), 19, 1)
        ]
    );
    assert_eq!(import(text).unwrap().settings.black, "Ann");
}

/// "Collection = GameTree { GameTree }": a later game that is cut off or broken is reported as
/// such; the games before it are read. Text after the last game that is not a game tree is
/// left alone, as before.
#[test]
fn a_broken_later_game_is_reported_and_the_others_read() {
    let text = "(;SZ[9];B[ee])(;SZ[9];B[cc])(;SZ[9];B[gg]";
    let games = import_all(text).unwrap();
    assert_eq!(games.len(), 3);
    assert!(games[0].is_ok() && games[1].is_ok());
    assert!(matches!(games[2], Err(SgfError::Truncated { .. })));
    let games = import_all("(;SZ[9];B[ee])\n(;SZ[9];B[cc];W[zz])").unwrap();
    assert!(matches!(games[1], Err(SgfError::OffBoard { .. })));
    let games = import_all("(;SZ[9];B[ee])\n\nsaved by some program\n").unwrap();
    assert_eq!(games.len(), 1);
}

/// The refusals that are right stay as they were: a file cut off, a file that is not SGF, a
/// point off the board ("The upper left part of the board is used for smaller boards, e.g.
/// letters "a"-"m" for 13*13"), a game that is not Go.
#[test]
fn the_right_refusals_stay() {
    let msg = |t: &str| import(t).unwrap_err().to_string();
    assert_eq!(
        msg("(;SZ[19];B[dp]\n;W[pd"),
        "The SGF text is cut off (it ends at line 2 in the middle of the game)"
    );
    assert_eq!(
        msg("Hello, here is my game"),
        "This is not an SGF game record (it should start with '(;')"
    );
    assert_eq!(
        msg("(;SZ[9];B[aa];W[jj])"),
        "Move 2 (W[jj]) is off the 9x9 board"
    );
    assert!(msg("(;GM[3];B[aa])").contains("not a game of Go"));
    assert!(matches!(import_all(""), Err(SgfError::Empty)));
    // A handicap on a board too small for standard points adds nothing and refuses nothing.
    let g = import("(;SZ[5]HA[2];W[aa];B[ee])")
        .unwrap()
        .replay()
        .unwrap();
    assert_eq!(stones(&g).len(), 2);
    assert!(matches!(
        import_all("(;B[aa]"),
        Err(SgfError::Truncated { .. })
    ));
}

/// "How to execute a move: When a B (resp. W) property is encountered, a stone of that color is
/// placed on the given position (no matter what was there before). Then the application should
/// check any W (resp. B) groups that are adjacent to the stone just placed. If they have no
/// liberties they should be removed and the prisoner count increased accordingly." A move on a
/// stone takes the stone's place (the stone is no prisoner), captures, and is marked.
#[test]
fn a_move_on_a_stone_takes_its_place() {
    // White's stone at cc is overwritten by Black, which then captures White's dc (its last
    // liberty was... none left once cc is black: dc is surrounded by cc, ec, db, dd).
    let text = "(;SZ[9]AB[ec][db][dd]AW[dc][cc]PL[B];B[cc])";
    let r = import(text).unwrap();
    let g = r.replay().unwrap();
    assert_eq!(as_written(&r), [AsWritten::OnAStone { point: p("cc") }]);
    assert_eq!(g.board().get(p("cc")), Some(Black));
    assert_eq!(
        g.board().get(p("dc")),
        None,
        "the white stone beside it is captured"
    );
    assert_eq!(
        g.captures(Black),
        1,
        "the overwritten stone is not a prisoner"
    );
    let note = g.as_written()[0];
    assert_eq!(note.replaced, Some(White));
    assert_eq!(
        note.describe(9),
        "Move 1 is on C7, where a white stone stood; the stone was taken off and the move played as the record has it"
    );
    assert_eq!(reloaded(&r), g);
    // The same colour on its own stone: nothing changes on the board but the move counts.
    let r = import("(;SZ[9];B[ee];W[cc];B[ee])").unwrap();
    let g = r.replay().unwrap();
    assert_eq!(stones(&g).len(), 2);
    assert_eq!(g.move_number(), 3);
    assert_eq!(reloaded(&r), g);
}

/// "Lastly, the B (resp. W) group that the newest stone belongs to should be checked for
/// liberties, and if it has no liberties, it should be removed (suicide) and the prisoner count
/// increased accordingly." And "It doesn't matter if the move itself is illegal (e.g.
/// recapturing a ko in a Go game)". A suicide or a ko retake breaks the app's rules: it is
/// played, flagged as an illegal move that stands, and the referee's procedures apply to it as
/// to one played at the table.
#[test]
fn suicide_and_ko_retake_are_played_and_flagged() {
    // Black plays into White's eye at aa: a suicide, removed; White gets the prisoner.
    let r = import("(;SZ[9]RU[Japanese]AW[ba][ab]PL[W];W[ee];B[aa])").unwrap();
    let g = r.replay().unwrap();
    assert_eq!(g.board().get(p("aa")), None);
    assert_eq!(g.captures(White), 1);
    assert!(matches!(
        g.illegal_moves().first().map(|m| &m.reason),
        Some(PlayError::Suicide { .. })
    ));
    assert!(matches!(
        r.events().last().map(|e| &e.event),
        Some(Event::StonePlayed { forced: true, .. })
    ));
    assert_eq!(reloaded(&r), g);
    // A ko taken back at once.
    let text = "(;SZ[9]RU[Japanese]AB[bb][ac][bd]AW[cb][dc][cd][bc]PL[B];B[cc];W[bc])";
    let r = import(text).unwrap();
    let g = r.replay().unwrap();
    assert!(matches!(
        g.illegal_moves().first().map(|m| &m.reason),
        Some(PlayError::Ko { .. })
    ));
    assert_eq!(g.board().get(p("bc")), Some(White));
    assert_eq!(g.board().get(p("cc")), None);
    assert_eq!(reloaded(&r), g);
}

/// B and W: "it should be executed" even after both players passed and play stopped by the
/// app's rules: play goes on as the record has it, marked.
#[test]
fn moves_after_play_stopped_are_played() {
    // Japanese rules: two passes pause play, and two more at the start of a resumption end it
    // with every stone alive; the record still goes on.
    let text = "(;SZ[9]RU[Japanese];B[ee];W[];B[];B[];W[];B[cc];W[gg])";
    let r = import(text).unwrap();
    let g = r.replay().unwrap();
    assert_eq!(g.move_number(), 7);
    assert_eq!(g.status(), Status::Playing);
    assert_eq!(stones(&g).len(), 3);
    assert!(
        as_written(&r)
            .iter()
            .any(|w| matches!(w, AsWritten::AfterTheEnd { color: Black }))
    );
    assert_eq!(reloaded(&r), g);
}

/// AB: "Adding is done by 'overwriting' the given point with black stones. It doesn't matter
/// what was there before. Adding a stone must not trigger any rule specific actions, e.g. in Go
/// GM[1]: no prisoners nor any other captures (e.g. suicide)." AE: "Clear the given points on
/// the board." Set-up stones during the game are painted onto the board, and exported back.
#[test]
fn set_up_stones_during_the_game_are_painted() {
    // Set-up stones take cc's last liberty: it stays, breathless, as the definition says.
    let text = "(;SZ[9];B[ee];W[cc]\n;AB[cb][bc][dc][cd]AE[ee]\n;W[gg])";
    let r = import(text).unwrap();
    let g = r.replay().unwrap();
    assert_eq!(g.board().get(p("ee")), None, "cleared by AE");
    assert_eq!(g.board().get(p("cc")), Some(White), "no capture by set-up");
    assert_eq!(g.captures(Black), 0);
    assert_eq!(g.to_move(), Black, "the turn stays with the moves");
    // A move then takes a liberty the usual way: Black's cd captures White's cc.
    let text2 = "(;SZ[9];B[ee];W[cc]\n;AB[cb][bc][dc]\n;B[cd])";
    let g2 = import(text2).unwrap().replay().unwrap();
    assert_eq!(g2.board().get(p("cc")), None);
    assert_eq!(g2.board().get(p("cd")), Some(Black));
    // A set-up node and a move node in the root: set-up first, then the move.
    let r3 = import("(;SZ[9]AB[aa]B[bb];W[cc])").unwrap();
    let g3 = r3.replay().unwrap();
    assert_eq!(stones(&g3).len(), 3);
    assert!(as_written(&r3).is_empty());
    let back = import(&export(&r)).unwrap();
    assert_eq!(back.replay().unwrap().board(), g.board());
    assert_eq!(reloaded(&r), g);
}

// ---- The definition's own way of executing a move, against the importer ----

/// One node of a random record.
#[derive(Clone, Debug)]
enum Node {
    Move(Color, Option<(u8, u8)>),
    Setup {
        black: Vec<(u8, u8)>,
        white: Vec<(u8, u8)>,
        empty: Vec<(u8, u8)>,
    },
}

/// The board after a record, executed as the SGF definition says and nothing else: "a stone of
/// that color is placed on the given position (no matter what was there before)", adjacent
/// enemy groups without liberties are removed, then the mover's own group if it has none;
/// set-up stones overwrite their points without any capture.
fn reference(size: u8, nodes: &[Node]) -> Vec<Option<Color>> {
    let n = usize::from(size);
    let mut b: Vec<Option<Color>> = vec![None; n * n];
    let at = |x: u8, y: u8| usize::from(y) * n + usize::from(x);
    let neighbours = |i: usize| {
        let (x, y) = (i % n, i / n);
        let mut v = Vec::new();
        if x > 0 {
            v.push(i - 1);
        }
        if x + 1 < n {
            v.push(i + 1);
        }
        if y > 0 {
            v.push(i - n);
        }
        if y + 1 < n {
            v.push(i + n);
        }
        v
    };
    // The group at `i` and whether it has a liberty.
    let group = |b: &Vec<Option<Color>>, i: usize| {
        let c = b[i];
        let mut seen = vec![false; n * n];
        let mut stack = vec![i];
        let mut out = Vec::new();
        let mut free = false;
        seen[i] = true;
        while let Some(j) = stack.pop() {
            out.push(j);
            for k in neighbours(j) {
                if b[k].is_none() {
                    free = true;
                } else if b[k] == c && !seen[k] {
                    seen[k] = true;
                    stack.push(k);
                }
            }
        }
        (out, free)
    };
    for node in nodes {
        match node {
            Node::Setup {
                black,
                white,
                empty,
            } => {
                for &(x, y) in empty {
                    b[at(x, y)] = None;
                }
                for &(x, y) in black {
                    b[at(x, y)] = Some(Black);
                }
                for &(x, y) in white {
                    b[at(x, y)] = Some(White);
                }
            }
            Node::Move(_, None) => {}
            Node::Move(c, Some((x, y))) => {
                let i = at(*x, *y);
                b[i] = Some(*c);
                for k in neighbours(i) {
                    if b[k] == Some(!*c) {
                        let (g, free) = group(&b, k);
                        if !free {
                            for j in g {
                                b[j] = None;
                            }
                        }
                    }
                }
                let (g, free) = group(&b, i);
                if !free {
                    for j in g {
                        b[j] = None;
                    }
                }
            }
        }
    }
    b
}

fn sgf_point((x, y): (u8, u8)) -> String {
    format!("{}{}", (b'a' + x) as char, (b'a' + y) as char)
}

fn to_sgf(size: u8, ru: &str, pl: Option<Color>, nodes: &[Node]) -> String {
    let mut out = format!("(;GM[1]FF[4]SZ[{size}]RU[{ru}]");
    if let Some(c) = pl {
        out.push_str(&format!("PL[{}]", c.sgf()));
    }
    for node in nodes {
        out.push_str("\n;");
        match node {
            Node::Move(c, None) => out.push_str(&format!("{}[]", c.sgf())),
            Node::Move(c, Some(pt)) => out.push_str(&format!("{}[{}]", c.sgf(), sgf_point(*pt))),
            Node::Setup {
                black,
                white,
                empty,
            } => {
                for (id, list) in [("AB", black), ("AW", white), ("AE", empty)] {
                    if !list.is_empty() {
                        out.push_str(id);
                        for pt in list {
                            out.push_str(&format!("[{}]", sgf_point(*pt)));
                        }
                    }
                }
            }
        }
    }
    out.push(')');
    out
}

fn record_strategy() -> impl Strategy<Value = (u8, usize, Option<Color>, Vec<Node>)> {
    (5u8..=9, 0..Preset::ALL.len()).prop_flat_map(|(size, preset)| {
        let pt = (0..size, 0..size);
        let colour = prop_oneof![Just(Black), Just(White)];
        let node = prop_oneof![
            12 => (colour.clone(), pt.clone()).prop_map(|(c, p)| Node::Move(c, Some(p))),
            2 => colour.prop_map(|c| Node::Move(c, None)),
            1 => proptest::collection::vec((pt, 0u8..3), 1..5).prop_map(|list| {
                // Points are unique within a node ("Points used in stone type must be unique").
                let mut seen = Vec::new();
                let (mut black, mut white, mut empty) = (Vec::new(), Vec::new(), Vec::new());
                for (p, kind) in list {
                    if seen.contains(&p) {
                        continue;
                    }
                    seen.push(p);
                    match kind {
                        0 => black.push(p),
                        1 => white.push(p),
                        _ => empty.push(p),
                    }
                }
                Node::Setup { black, white, empty }
            }),
        ];
        let pl = proptest::option::of(prop_oneof![Just(Black), Just(White)]);
        (
            Just(size),
            Just(preset),
            pl,
            proptest::collection::vec(node, 0..120),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// Any record of moves and set-ups, of any colour in any order, on any point, under any
    /// preset, imports; it ends on the stones the definition's execution gives; it replays the
    /// same after a reload; and its export imports to the same stones.
    #[test]
    fn any_record_imports_to_the_stones_the_definition_gives(
        (size, preset, pl, nodes) in record_strategy()
    ) {
        let preset = Preset::ALL[preset];
        let text = to_sgf(size, preset.sgf_ru(), pl, &nodes);
        let r = import(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        let g = r.replay().map_err(|e| TestCaseError::fail(e.to_string()))?;
        let want = reference(size, &nodes);
        let got: Vec<Option<Color>> =
            (0..g.board().area()).map(|i| g.board().get(g.board().point(i))).collect();
        prop_assert_eq!(&got, &want, "{}", text);
        prop_assert_eq!(reloaded(&r), g.clone());
        let again = import(&export(&r)).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let g2 = again.replay().map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(g2.board(), g.board(), "{}", export(&r));
        // Undo back to the start: every step replays, and no mark outlives its move.
        let mut back = Live::load(r.clone()).map_err(|e| TestCaseError::fail(e.to_string()))?;
        while !back.record().events().is_empty() {
            back.undo();
            let g = back.record().replay().map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert!(g.as_written().iter().all(|n| n.move_number <= g.move_number()));
        }
    }
}

/// A real game played by the rules imports with nothing marked.
#[test]
fn a_regular_game_has_no_marks() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/ear-reddening.sgf"
    );
    let text = std::fs::read_to_string(path).expect("fixture");
    let r = import(&text).unwrap();
    assert!(as_written(&r).is_empty());
    let g = r.replay().unwrap();
    assert!(g.as_written().is_empty());
    assert!(g.illegal_moves().is_empty());
    assert!(g.move_number() > 300);
}

/// Undoing the last move of an imported record takes what made it possible with it: no turn
/// given, no stone taken off for a move that is no longer there. Appending the same events
/// again redoes it.
#[test]
fn undoing_a_move_played_as_written_takes_its_mark_with_it() {
    let r = import("(;SZ[9];B[ee];W[cc];B[ee];B[gg])").unwrap();
    let before = r.replay().unwrap();
    let mut r = Live::load(r).unwrap();
    let undone = r.undo().unwrap_or_default();
    assert_eq!(undone.len(), 2);
    assert!(matches!(
        undone[0].event,
        Event::AsWritten {
            what: AsWritten::OutOfTurn { color: Black }
        }
    ));
    let g = r.record().replay().unwrap();
    assert_eq!(g.to_move(), White, "the app's turn, not the record's");
    assert_eq!(g.as_written().len(), 1, "move 3 on a stone stays");
    // Move 3 (on Black's own stone) goes with its mark too.
    let undone3 = r.undo().unwrap_or_default();
    assert!(matches!(
        undone3[0].event,
        Event::AsWritten {
            what: AsWritten::OnAStone { .. }
        }
    ));
    let g = r.record().replay().unwrap();
    assert!(g.as_written().is_empty());
    assert_eq!(g.board().get(p("ee")), Some(Black));
    for e in undone3.into_iter().chain(undone) {
        r.append(e.at_ms, e.event).unwrap();
    }
    assert_eq!(r.game(), &before);
    // An ordinary event goes alone.
    let mut plain = Live::load(import("(;SZ[9];B[ee];W[cc])").unwrap()).unwrap();
    assert_eq!(plain.undo().unwrap_or_default().len(), 1);
    assert_eq!(plain.record().events().len(), 1);
    assert!(
        Live::load(GameRecord::new(plain.record().settings.clone()).unwrap())
            .unwrap()
            .undo()
            .unwrap_or_default()
            .is_empty()
    );
}

/// SZ: "Propvalue: (number | composed number ":" number)"; a square board written as
/// `19:19` is the 19x19 board. An empty game-info or time value is no value.
#[test]
fn a_square_size_as_columns_and_rows_and_empty_values_are_read() {
    let r = import("(;SZ[13:13]KM[]HA[];B[gg]BL[];W[dd]WL[299.5]OW[])").unwrap();
    assert_eq!(r.settings.size, 13);
    assert_eq!(r.replay().unwrap().move_number(), 2);
    assert!(matches!(
        import("(;SZ[19:13];B[aa])"),
        Err(SgfError::BadSize(_))
    ));
}

proptest! {
    /// The core never panics: any text made of SGF's own characters is read or refused.
    #[test]
    fn any_sgf_like_text_is_read_or_refused_without_panicking(
        text in "[(;)\\[\\]ABWEHPLSZKMacdeikst0-9: \n]{0,300}"
    ) {
        let _ = import_all(&text);
        let _ = import(&format!("(;SZ[9]{text}"));
    }
}

/// The app's own rules take over from the end of the record: the next move is the one the
/// rules give, at the table, on the board and in the count, which all replay the same log.
#[test]
fn the_rules_of_play_take_over_from_the_end_of_the_record() {
    use scorekeeper::core::Move;
    use scorekeeper::core::count::CountState;
    use scorekeeper::core::history::GameSummary;
    let r = import("(;SZ[9]RU[Japanese];B[ee];W[cc];W[gg];B[gg];B[cg])").unwrap();
    let mut live = Live::load(r).unwrap();
    let g = live.game();
    assert_eq!(g.as_written().len(), 3);
    assert_eq!(g.to_move(), White);
    assert_eq!(
        live.play(10_000, Black, Move::Play(p("aa"))),
        Err(PlayError::NotYourTurn { color: Black })
    );
    live.play(10_000, White, Move::Play(p("ge"))).unwrap();
    live.play(11_000, Black, Move::Pass).unwrap();
    let (r, g) = (live.record(), live.game());
    assert_eq!(&r.replay().unwrap(), g);
    assert!(table_of(r, 12_000).is_ok());
    assert!(CountState::of(r, 12_000).is_ok());
    assert_eq!(GameSummary::of("x", 0, r, 12_000).moves, 7);
}
