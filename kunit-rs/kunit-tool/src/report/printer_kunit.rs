//! `printer.rs`'s tests (suite `report_printer`), declared by `printer.rs` under `cfg(test)` and run
//! by the library's test target (CONTRIBUTING.md, "One test convention").

#[kunit::kunit_tests(report_printer)]
mod tests {
    use crate::ktap::pytext::for_each_dedented;
    use crate::report::printer::*;

    #[test]
    fn dividers_centre_the_message() {
        assert_eq!(
            format_test_divider("example (2 subtests)", 20),
            "=================== example (2 subtests) ==================="
        );
        let long = "x".repeat(70);
        assert_eq!(format_test_divider(&long, 70), format!("=== {long} ==="));
    }

    fn date_hms() -> String {
        let out = std::process::Command::new("date")
            .arg("+%H:%M:%S")
            .output()
            .expect("run date");
        String::from_utf8(out.stdout).unwrap().trim().to_string()
    }

    #[test]
    fn stamps_are_the_local_time_date_prints() {
        // Retried when the second changes between the two `date` runs.
        for _ in 0..5 {
            let before = date_hms();
            let stamp = String::from_utf8(Clock::default().stamp().to_vec()).unwrap();
            if date_hms() == before {
                assert_eq!(stamp, format!("[{before}] "));
                return;
            }
        }
        panic!("the second changed during each of five tries");
    }

    #[test]
    fn print_log_matches_the_general_dedent() {
        let mut logs: Vec<Vec<&str>> = vec![
            vec!["    # a: b", "    Expected x", "        y == 1", "    "],
            vec!["\t# a", "\t\tb", "", "\t", ""],
            vec!["", "", "x"],
            vec!["  a", "\tb", " \t c"],
            vec!["    é", "    x"],
            vec!["a\u{b}b", "  c"],
            vec![""],
        ];
        logs.push(["    line"; FEW_LOG_LINES].to_vec());
        logs.push(["    line"; FEW_LOG_LINES + 1].to_vec());
        for lines in logs {
            let mut test = Test {
                status: TestStatus::Failure,
                ..Test::default()
            };
            for l in &lines {
                test.log.push(l);
            }
            let buf = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
            let mut p = Printer::to_vec(buf.clone());
            print_log(&mut p, &test);
            drop(p);
            let printed = String::from_utf8(buf.lock().unwrap().clone()).unwrap();
            let printed: Vec<&str> = printed.lines().map(|l| &l[11..]).collect();
            let mut expected = Vec::new();
            for_each_dedented(&lines, |l| expected.push(l.to_string()));
            assert_eq!(printed, expected, "{lines:?}");
        }
    }

    #[test]
    fn failure_names_follow_kunit_py() {
        let paths = vec![
            vec!["case".to_string(), "suite".to_string()],
            vec!["x".to_string(), "main".to_string()],
            vec!["y".to_string(), "".to_string()],
            vec!["leaf".to_string()],
        ];
        assert_eq!(failure_names(&paths), ["suite.case", "x", "y", "leaf"]);
    }
}
