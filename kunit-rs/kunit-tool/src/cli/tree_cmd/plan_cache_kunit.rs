//! `plan_cache.rs`'s tests (suite `tree_plan_cache`), declared by `plan_cache.rs` under
//! `cfg(test)` and run by the library's test target (CONTRIBUTING.md, "One test convention").

#[kunit::kunit_tests(tree_plan_cache)]
mod tests {
    use crate::cli::tree_cmd::plan_cache::*;
    use std::path::PathBuf;

    fn dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("kunit-plan-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn unchanged_files_give_the_result_back() {
        let d = dir("same");
        let f = d.join("a.c");
        std::fs::write(&f, "int a;").unwrap();
        let mut w = Watched::default();
        w.add(f.clone());
        let text = w.plan_text("k", "{\"so\":1}").unwrap();
        assert_eq!(fresh_result(&text, "k").as_deref(), Some("{\"so\":1}"));
        assert_eq!(fresh_result(&text, "other key"), None);
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn a_changed_size_or_an_appearing_file_is_a_change() {
        let d = dir("changed");
        let f = d.join("a.c");
        let absent = d.join("Kbuild");
        std::fs::write(&f, "int a;").unwrap();
        let mut w = Watched::default();
        w.add(f.clone());
        w.add(absent.clone());
        let text = w.plan_text("k", "r").unwrap();
        std::fs::write(&absent, "obj-y += x.o").unwrap();
        assert_eq!(fresh_result(&text, "k"), None);
        let text = w.plan_text("k", "r").unwrap();
        assert!(fresh_result(&text, "k").is_some());
        std::fs::write(&f, "int a, b;").unwrap();
        assert_eq!(fresh_result(&text, "k"), None);
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn deps_lists_are_read_and_an_unreadable_one_keeps_no_plan() {
        let d = dir("deps");
        let h = d.join("x.h");
        std::fs::write(&h, "#define X 1").unwrap();
        let mut w = Watched::default();
        w.add_deps_text(&format!("0123456789abcdef {}\n", h.display()));
        let text = w.plan_text("k", "r").unwrap();
        assert!(text.ends_with(&format!("\t{}\n", h.display())));
        w.add_deps_file(&d.join("missing.deps"));
        assert_eq!(w.plan_text("k", "r"), None);
        let _ = std::fs::remove_dir_all(&d);
    }
}
