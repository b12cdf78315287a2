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

    #[test]
    fn debugger_lldb_command_line_selects_the_tests_frame() {
        let dir = std::env::temp_dir().join(format!("kunit-lldb-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let cmd = command(Debugger::Lldb, "/h".as_ref(), "s.a", &[], &dir).unwrap();
        let args: Vec<String> = cmd
            .get_args()
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        assert_eq!(cmd.get_program(), "lldb");
        let script = dir.join("kunit_debugger.py");
        let expected = [
            "-o".to_string(),
            format!("command script import {}", script.display()),
            "-o".into(),
            format!("breakpoint set -n {HOOK}"),
            "-o".into(),
            "run".into(),
            "-o".into(),
            "kunit-select".into(),
            "--".into(),
            "/h".into(),
            "--filter_glob".into(),
            "s.a".into(),
            "--timeout".into(),
            "86400".into(),
        ];
        assert!(args.ends_with(&expected), "{args:?}");
        // The module registers the command under the name the command line uses.
        let text = std::fs::read_to_string(&script).unwrap();
        assert!(text.contains("command script add -f kunit_debugger.select kunit-select"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn debugger_lldb_python_module_beside_lldb() {
        let root = std::env::temp_dir().join(format!("kunit-lldb-py-{}", std::process::id()));
        let lldb = root.join("bin/lldb");
        std::fs::create_dir_all(root.join("bin")).unwrap();
        // None: lldb's own search path is left alone.
        assert_eq!(lldb_python_path(&lldb), None);
        // Debian's lldb-14: an empty lib/python3, the module under lib/python3.11.
        std::fs::create_dir_all(root.join("lib/python3/dist-packages/lldb")).unwrap();
        let real = root.join("lib/python3.11/dist-packages");
        std::fs::create_dir_all(real.join("lldb")).unwrap();
        std::fs::write(real.join("lldb/embedded_interpreter.py"), "").unwrap();
        assert_eq!(lldb_python_path(&lldb), Some(real));
        std::fs::remove_dir_all(&root).unwrap();
    }
}
