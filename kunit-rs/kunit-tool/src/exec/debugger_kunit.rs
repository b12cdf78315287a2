//! `debugger.rs`'s tests, declared by `debugger.rs` under `cfg(test)` and run by the library's
//! test target (CONTRIBUTING.md, "One test convention").

use crate::exec::debugger::*;
use std::path::PathBuf;

#[kunit::kunit_tests(kunit_tool_debugger)]
mod tests {
    use super::*;

    #[test]
    fn debugger_needs_exactly_one_test() {
        let one = vec![(PathBuf::from("/h"), "s.a".to_string())];
        assert_eq!(
            choose(one).unwrap(),
            (PathBuf::from("/h"), "s.a".to_string())
        );
        assert_eq!(
            choose(Vec::new()).unwrap_err(),
            "kunit: error: --debugger: the filters select no test"
        );
        let two = vec![
            (PathBuf::from("/h"), "s.a".to_string()),
            (PathBuf::from("/h"), "s.b".to_string()),
        ];
        assert_eq!(
            choose(two).unwrap_err(),
            "kunit: error: --debugger runs one test; the filters select 2 (narrow them, e.g. kunit run SUITE.CASE --debugger):\n  s.a\n  s.b"
        );
    }

    #[test]
    fn debugger_gdb_command_line_runs_the_case_alone() {
        let dir = std::env::temp_dir().join(format!("kunit-dbg-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let cmd = command(Debugger::Gdb, "/h".as_ref(), "s.a", &[], &dir).unwrap();
        let args: Vec<String> = cmd
            .get_args()
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        assert_eq!(cmd.get_program(), "gdb");
        assert_eq!(
            args[3..],
            ["--args", "/h", "--filter_glob", "s.a", "--timeout", "86400"]
        );
        let script = std::fs::read_to_string(dir.join("kunit-debugger.gdb")).unwrap();
        assert!(script.contains(&format!("break {HOOK}\nrun\n")));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
