//! OpenGotha's criteria and parameters as rows: each placement criterion has one row whose
//! file name reads back to it, each pairing parameter's default is what OpenGotha's reader
//! takes for a file that leaves it out, and each pairing criterion's weight is a parameter's
//! row.

use scorekeeper::core::tournament::files::{read_tournament, write_tournament};
use scorekeeper::core::tournament::pairing::criteria::PAIRING_CRITERIA;
use scorekeeper::core::tournament::params::PAIRING_PARAMETERS;
use scorekeeper::core::tournament::scores::placement::PLACEMENT;
use scorekeeper::core::tournament::{PairingParameterSet, PlacementCriterion};

#[test]
fn each_placement_criterion_is_one_row_named_as_the_file_names_it() {
    for (i, row) in PLACEMENT.iter().enumerate() {
        assert_eq!(
            PLACEMENT
                .iter()
                .filter(|r| r.criterion == row.criterion)
                .count(),
            1,
            "{}",
            row.file_name
        );
        assert_eq!(PlacementCriterion::from_name(row.file_name), row.criterion);
        assert_eq!(
            PlacementCriterion::from_name(&row.file_name.to_lowercase()),
            row.criterion
        );
        assert_eq!(row.criterion.name(), row.file_name, "row {i}");
        assert!([1, 2, 4].contains(&row.unit), "{}", row.file_name);
        assert!(!row.words.is_empty());
    }
    assert_eq!(
        PlacementCriterion::from_name("NOSUCH"),
        PlacementCriterion::Null
    );
}

/// A file whose `PairingParameterSet` is empty reads each parameter as its row's default, and
/// a tournament written and read again keeps every parameter.
#[test]
fn a_pairing_parameter_left_out_takes_its_row_s_default() {
    let xml = r#"<?xml version="1.0" encoding="UTF-8"?>
<Tournament><Players/><Games/><TournamentParameterSet>
<GeneralParameterSet name="Rows" numberOfRounds="3"/>
<PairingParameterSet/>
</TournamentParameterSet></Tournament>"#;
    let t = read_tournament(xml).expect("reads");
    let written = write_tournament(&t);
    for row in &PAIRING_PARAMETERS {
        let needle = format!(" {}=\"{}\"", row.attribute, row.default);
        // Numbers and flags are written as the row's default is; a rank or a criterion may be
        // spelt otherwise (`RATING`, `Rating`), and reads the same.
        let line = written
            .lines()
            .find(|l| l.contains("<PairingParameterSet"))
            .expect("the set");
        assert!(
            line.contains(&needle) || line.to_lowercase().contains(&needle.to_lowercase()),
            "{}: {line}",
            row.attribute
        );
    }
    assert_eq!(read_tournament(&written).expect("reads again"), t);
    let attributes: Vec<&str> = PAIRING_PARAMETERS.iter().map(|r| r.attribute).collect();
    let mut sorted = attributes.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted, attributes, "one row each, in the file's order");
    assert_ne!(
        t.pairing,
        PairingParameterSet::default(),
        "the reader's defaults, not a new tournament's"
    );
}

#[test]
fn each_pairing_criterion_s_weight_is_a_parameter_row() {
    for c in &PAIRING_CRITERIA {
        assert!(
            PAIRING_PARAMETERS.iter().any(|p| p.attribute == c.weight),
            "{}",
            c.words
        );
    }
}

/// The general and handicap parameter sets are rows too: a set left empty reads each
/// parameter as its row's default, each row's value is written as the file writes it, and a
/// value changed in the tournament is written and read back under its row's attribute.
#[test]
fn a_general_or_handicap_parameter_left_out_takes_its_row_s_default() {
    use scorekeeper::core::tournament::param_rows::{GENERAL_PARAMETERS, HANDICAP_PARAMETERS};
    let xml = r#"<?xml version="1.0" encoding="UTF-8"?>
<Tournament><Players/><Games/><TournamentParameterSet>
<GeneralParameterSet/>
<HandicapParameterSet/>
</TournamentParameterSet></Tournament>"#;
    let mut t = read_tournament(xml).expect("reads");
    for row in &GENERAL_PARAMETERS {
        assert_eq!(row.value(&t.general), row.default, "{}", row.words);
    }
    for row in &HANDICAP_PARAMETERS {
        assert_eq!(row.value(&t.handicap), row.default, "{}", row.words);
    }
    // One row each, no attribute twice.
    let mut general: Vec<&str> = GENERAL_PARAMETERS.iter().map(|r| r.attribute).collect();
    general.sort_unstable();
    general.dedup();
    assert_eq!(general.len(), GENERAL_PARAMETERS.len());
    let handicap: Vec<&str> = HANDICAP_PARAMETERS.iter().map(|r| r.attribute).collect();
    let mut sorted = handicap.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, handicap, "in the file's order");

    t.general.mcmahon_bar = 5;
    t.general.wins_x2_bye = 2;
    t.handicap.ceiling = 4;
    t.handicap.on_mcmahon_score = false;
    let written = write_tournament(&t);
    assert!(written.contains(" genMMBar=\"6D\""), "{written}");
    assert!(written.contains(" genNBW2ValueBye=\"2\""));
    assert!(written.contains(" hdCeiling=\"4\""));
    assert!(written.contains(" hdBasedOnMMS=\"false\""));
    assert_eq!(read_tournament(&written).expect("reads again"), t);

    // A value out of its row's range is refused by the row's attribute.
    let bad = xml.replace(
        "<HandicapParameterSet/>",
        "<HandicapParameterSet hdCeiling=\"12\"/>",
    );
    let e = read_tournament(&bad).unwrap_err();
    assert!(e.to_string().contains("hdCeiling"), "{e}");
}
