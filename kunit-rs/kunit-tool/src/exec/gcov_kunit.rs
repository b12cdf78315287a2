//! `gcov.rs`'s tests, declared by `gcov.rs` under `cfg(test)` and run by the library's test
//! target (CONTRIBUTING.md, "One test convention").

use crate::exec::gcov::*;
use std::path::{Path, PathBuf};

#[kunit::kunit_tests(kunit_tool_gcov)]
mod tests {
    use super::*;

    /// gcc 12's `gcov --json-format --stdout` for a file with a branch taken one way.
    const JSON: &str = r#"{"gcc_version": "12.2.0", "files": [{"lines": [{"branches": [{"count": 3, "throw": false, "fallthrough": true}, {"count": 0, "throw": false, "fallthrough": false}, {"count": 1, "throw": true, "fallthrough": false}], "count": 3, "line_number": 4, "unexecuted_block": false, "function_name": "f"}, {"branches": [], "count": 0, "line_number": 5, "unexecuted_block": true, "function_name": "f"}, {"branches": [{"count": 0, "throw": false, "fallthrough": true}], "count": 0, "line_number": 9, "unexecuted_block": true, "function_name": "g"}], "functions": [{"blocks": 3, "end_column": 1, "start_line": 3, "name": "f", "blocks_executed": 2, "execution_count": 3, "demangled_name": "f", "start_column": 5, "end_line": 6}, {"blocks": 1, "end_column": 1, "start_line": 8, "name": "g", "blocks_executed": 0, "execution_count": 0, "demangled_name": "g", "start_column": 5, "end_line": 10}], "file": "lib/../lib/code.c"}], "format_version": "1", "current_working_directory": "/w/tree", "data_file": "x.gcda"}"#;

    #[test]
    fn gcov_json_becomes_lines_functions_and_branches() {
        let files = from_json(JSON).expect("parses");
        assert_eq!(files.len(), 1);
        let f = &files[0];
        // Relative to the compiler's directory, without `..`.
        assert_eq!(f.path, "/w/tree/lib/code.c");
        assert_eq!(f.lines.get(&4), Some(&3));
        assert_eq!(f.lines.get(&5), Some(&0));
        assert_eq!((f.lines_found(), f.lines_hit()), (3, 1));
        assert_eq!(f.functions.get("f"), Some(&(3, 3)));
        assert_eq!(f.functions.get("g"), Some(&(8, 0)));
        // The exception edge is dropped; a branch of a line that never ran is `-`.
        assert_eq!(f.branches_found(), 3);
        assert_eq!(f.branches_hit(), 1);
        assert_eq!(f.branches.iter().filter(|b| b.taken.is_none()).count(), 1);
        // Two documents of the same file add up.
        let twice = from_json(&format!("{JSON}\n{JSON}\n")).expect("parses");
        assert_eq!(twice.len(), 1);
        assert_eq!(twice[0].lines.get(&4), Some(&6));
    }

    #[test]
    fn gcov_bad_json_is_an_error() {
        assert!(from_json("{not json").is_err());
        assert_eq!(from_json("").map(|v| v.len()), Ok(0));
    }

    #[test]
    fn gcov_tool_follows_the_compilers_name() {
        assert_eq!(gcov_for(Path::new("gcc")), PathBuf::from("gcov"));
        assert_eq!(
            gcov_for(Path::new("/usr/bin/gcc-12")),
            PathBuf::from("/usr/bin/gcov-12")
        );
        assert_eq!(
            gcov_for(Path::new("x86_64-linux-gnu-gcc-12")),
            PathBuf::from("x86_64-linux-gnu-gcov-12")
        );
        assert_eq!(gcov_for(Path::new("/usr/bin/cc")), PathBuf::from("gcov"));
    }
}
