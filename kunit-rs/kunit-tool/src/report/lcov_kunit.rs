//! `lcov.rs`'s tests, declared by `lcov.rs` under `cfg(test)` and run by the library's
//! test target (CONTRIBUTING.md, "One test convention").

use crate::report::lcov::*;

const SAMPLE: &str = "SF:/w/src/lib.rs\nFN:3,_RNvCs_3lib3sum\nFN:7,_RNvCs_3lib5never\nFNDA:4,_RNvCs_3lib3sum\nFNDA:0,_RNvCs_3lib5never\nFNF:2\nFNH:1\nBRDA:4,0,0,3\nBRDA:4,0,1,-\nBRF:2\nBRH:1\nDA:3,4\nDA:4,4\nDA:7,0\nDA:8,0\nLF:4\nLH:2\nend_of_record\n";

#[kunit::kunit_tests(kunit_tool_lcov)]
mod tests {
    use super::*;

    #[test]
    fn lcov_round_trips_with_recomputed_summaries() {
        let files = parse(SAMPLE).unwrap();
        assert_eq!(files.len(), 1);
        let f = &files[0];
        assert_eq!((f.lines_hit(), f.lines_found()), (2, 4));
        assert_eq!((f.functions_hit(), f.functions_found()), (1, 2));
        assert_eq!((f.branches_hit(), f.branches_found()), (1, 2));
        assert_eq!(write(&files), SAMPLE);
    }

    #[test]
    fn lcov_records_of_one_file_merge() {
        let twice = format!("TN:\n{SAMPLE}{}", SAMPLE.replace("DA:7,0", "DA:7,1"));
        let files = parse(&twice).unwrap();
        assert_eq!(files.len(), 1);
        assert_eq!(files[0].lines[&3], 8);
        assert_eq!(files[0].lines[&7], 1);
        assert_eq!(files[0].branches[1].taken, None);
        assert_eq!(
            totals(&files),
            Totals {
                lines_hit: 3,
                lines_found: 4,
                functions_hit: 1,
                functions_found: 2,
                branches_hit: 1,
                branches_found: 2
            }
        );
        assert_eq!(percent(3, 4), "75.0%");
        assert_eq!(percent(0, 0), "-");
    }

    #[test]
    fn lcov_refuses_what_it_cannot_read() {
        assert_eq!(
            parse("SF:a\nXX:1\nend_of_record\n").unwrap_err(),
            "lcov: line 2: unknown record 'XX'"
        );
        assert_eq!(
            parse("DA:1,1\n").unwrap_err(),
            "lcov: line 1: DA outside a record"
        );
        assert!(parse("SF:a\nDA:1\n").is_err());
        assert_eq!(
            parse("SF:a\nDA:1,2\n").unwrap_err(),
            "lcov: the last record has no end_of_record"
        );
    }
}
