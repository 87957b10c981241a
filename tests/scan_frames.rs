//! The in-app scanner's reading of a frame (`core::scan`), on pictures of the app's own codes as
//! a camera gives them: each frame of `tests/fixtures/frames/` (how each was made:
//! `make_frames.py` there) goes through what the scanner does with a frame of the camera, RGBA
//! pixels made grey, then read, and must give exactly the texts of its codes, and none where it
//! shows no code. Then where each text leads inside the app.

use std::fs::File;
use std::io::BufReader;
use std::path::Path;

use scorekeeper::core::round::code;
use scorekeeper::core::scan::{app_path, grey_levels, read_codes};

const ORIGIN: &str = "https://scorekeeper.example.org";

/// What `code::table_link` writes for table 7 of round 3, as the table code holds it.
const TABLE_LINK: &str = "https://scorekeeper.example.org/new?preset=london-open&size=19\
    &handicap=0&komi=6.5&time=fischer&main=600&inc=5&black=Andre%20Nemo&white=Jean%20Dupont\
    &event=Paris%20Blitz%202026&round=3&table=7&bkey=NEMOANDRE&wkey=DUPONTJEAN";

/// What `code::result_link` writes for the result of that table, as the result code holds it.
const RESULT_LINK: &str = "https://scorekeeper.example.org/r#R1-041GE00791K9JGTD0PEP1AA4R9QS1\
    3FMQS310K31E9KN6822DHKN8UH068O34DGA85N68SJ54176ARBF1D56AOBE4127AS3FDPQ7UCMD7K";

/// A frame as the scanner's canvas hands it over: width, height and RGBA pixels, row by row.
struct Frame {
    width: usize,
    height: usize,
    rgba: Vec<u8>,
}

/// Reads `tests/fixtures/frames/<name>` (a PNG of any colour type) into RGBA pixels.
fn frame(name: &str) -> Frame {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/frames")
        .join(name);
    let file = File::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut decoder = png::Decoder::new(BufReader::new(file));
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().expect("a PNG file");
    let mut pixels = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut pixels).expect("its pixels");
    pixels.truncate(info.buffer_size());
    let (width, height) = (info.width as usize, info.height as usize);
    let rgba = match info.color_type {
        png::ColorType::Rgba => pixels,
        png::ColorType::Rgb => pixels
            .chunks_exact(3)
            .flat_map(|p| [p[0], p[1], p[2], u8::MAX])
            .collect(),
        png::ColorType::Grayscale => pixels.iter().flat_map(|&g| [g, g, g, u8::MAX]).collect(),
        png::ColorType::GrayscaleAlpha => pixels
            .chunks_exact(2)
            .flat_map(|p| [p[0], p[0], p[0], p[1]])
            .collect(),
        other => panic!("{name}: colour type {other:?} after normalising"),
    };
    assert_eq!(rgba.len(), width * height * 4, "{name}");
    Frame {
        width,
        height,
        rgba,
    }
}

/// The texts the scanner reads in frame `name`, in the order found; the frame's size is
/// checked too, so a frame replaced by another is noticed.
fn read(name: &str, size: (usize, usize)) -> Vec<String> {
    let frame = frame(name);
    assert_eq!((frame.width, frame.height), size, "{name}");
    // The scanner reads a frame at 640 pixels on its longer side at most (`MAX_SIDE`).
    assert!(frame.width.max(frame.height) <= 640, "{name}");
    let grey = grey_levels(&frame.rgba);
    assert_eq!(grey.len(), frame.width * frame.height);
    read_codes(&grey, frame.width, frame.height)
}

#[test]
fn a_screenshot_of_the_result_code_at_phone_size_reads_its_link() {
    assert_eq!(
        read("result-code-phone.png", (358, 358)),
        vec![RESULT_LINK.to_string()]
    );
}

#[test]
fn the_result_code_seen_from_afar_small_and_blurred_reads_its_link() {
    assert_eq!(
        read("result-code-far.png", (640, 360)),
        vec![RESULT_LINK.to_string()]
    );
}

#[test]
fn the_printed_table_code_seen_at_a_slant_reads_its_link() {
    assert_eq!(
        read("table-code-angled.png", (640, 360)),
        vec![TABLE_LINK.to_string()]
    );
}

#[test]
fn two_codes_in_one_frame_are_both_read() {
    let mut texts = read("two-codes.png", (640, 360));
    texts.sort();
    let mut both = vec![RESULT_LINK.to_string(), TABLE_LINK.to_string()];
    both.sort();
    assert_eq!(texts, both);
}

#[test]
fn a_frame_with_no_code_reads_nothing() {
    // The same table, phone and sheet, with text and a Go board's grid where the codes were.
    assert_eq!(read("no-code.png", (640, 360)), Vec::<String>::new());
}

#[test]
fn the_texts_read_are_the_apps_codes() {
    let result = code::read_result_link(&read("result-code-far.png", (640, 360))[0])
        .expect("a result code of the app");
    assert_eq!((result.round, result.table), (3, 7));
    assert_eq!(result.tournament, "Paris Blitz 2026");
    let table = &read("table-code-angled.png", (640, 360))[0];
    assert!(table.contains("&round=3&table=7&"), "{table}");
}

#[test]
fn a_code_of_this_app_leads_to_its_path_here() {
    assert_eq!(
        app_path(RESULT_LINK, ORIGIN).as_deref(),
        RESULT_LINK.strip_prefix(ORIGIN)
    );
    assert_eq!(
        app_path(TABLE_LINK, ORIGIN).as_deref(),
        TABLE_LINK.strip_prefix(ORIGIN)
    );
    // Read with the spaces a text may come with.
    assert_eq!(
        app_path(&format!("  {TABLE_LINK}\n"), ORIGIN).as_deref(),
        TABLE_LINK.strip_prefix(ORIGIN)
    );
    // A path alone, and the origin alone.
    assert_eq!(
        app_path("/handover#G2-ABC", ORIGIN).as_deref(),
        Some("/handover#G2-ABC")
    );
    assert_eq!(app_path(ORIGIN, ORIGIN).as_deref(), Some("/"));
    assert_eq!(
        app_path(&format!("{ORIGIN}/"), ORIGIN).as_deref(),
        Some("/")
    );
}

#[test]
fn anything_else_is_not_opened() {
    for text in [
        // The same code from another address: another site's app.
        RESULT_LINK
            .replace(ORIGIN, "https://other.example")
            .as_str(),
        // The origin's name with more after it: another host.
        &format!("{ORIGIN}.evil.example/r#R1-AAAA"),
        // Paths a browser reads as another site.
        "//other.example/new",
        "/\\other.example",
        // Plain text, and a path with a space.
        "Table 7, round 3",
        "/new?black=Andre Nemo",
        "",
    ] {
        assert_eq!(app_path(text, ORIGIN), None, "{text:?}");
    }
}
