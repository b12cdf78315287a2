//! `cargo xtask layering` on small crates written here: a cycle is found with the lines that
//! make it, a re-export does not close one, a macro call and a path inside a macro's tokens
//! are imports (a `$crate::` path is not), and a declared layer may not import a higher one.

#[kunit::kunit_tests(xtask_layering)]
mod tests {
    use std::path::{Path, PathBuf};

    /// Writes `files` (path, text) into a fresh folder; returns its `lib.rs`.
    fn crate_with(name: &str, files: &[(&str, &str)]) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("xtask-layering-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for (rel, text) in files {
            let path = dir.join(rel);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, text).unwrap();
        }
        dir.join("lib.rs")
    }

    fn check(root: &Path) -> xtask::layering::Report {
        xtask::layering::check_crate(root, "fixture").expect("the fixture parses")
    }

    #[test]
    fn a_cycle_is_shown_with_its_lines() {
        let root = crate_with(
            "cycle",
            &[
                ("lib.rs", "mod a;\nmod b;\n"),
                ("a.rs", "use crate::b::B;\npub struct A(B);\n"),
                ("b.rs", "pub struct B;\n\nfn f(_: crate::a::A) {}\n"),
            ],
        );
        let report = check(&root);
        assert_eq!(report.problems.len(), 1, "{report:?}");
        let p = &report.problems[0];
        assert!(
            p.starts_with("fixture: import cycle among 2 files: "),
            "{p}"
        );
        assert!(p.contains("a.rs:1 uses crate::b::B ("), "{p}");
        assert!(p.contains("b.rs:3 uses crate::a::A ("), "{p}");
    }

    #[test]
    fn a_reexport_is_followed_and_closes_no_cycle() {
        let root = crate_with(
            "facade",
            &[
                ("lib.rs", "mod a;\nmod b;\npub use a::A;\npub use b::B;\n"),
                ("a.rs", "pub struct A(crate::B);\n"),
                ("b.rs", "pub struct B;\n"),
            ],
        );
        let report = check(&root);
        assert!(report.problems.is_empty(), "{report:?}");
        assert_eq!(
            report.summary,
            "fixture: 2 files, no cycle; lowest first: b a"
        );
    }

    #[test]
    fn macro_calls_and_paths_in_macro_tokens_are_imports() {
        let root = crate_with(
            "macros",
            &[
                ("lib.rs", "mod a;\nmod b;\n"),
                (
                    "a.rs",
                    "#[macro_export]\nmacro_rules! m { () => { $crate::b::g() } }\n\
                     pub fn f() { println!(\"{}\", crate::b::N); }\n",
                ),
                (
                    "b.rs",
                    "pub const N: u8 = 1;\npub fn g() {}\nfn h() { crate::m!(); }\n",
                ),
            ],
        );
        let report = check(&root);
        assert_eq!(report.problems.len(), 1, "{report:?}");
        assert!(
            report.problems[0].contains("a.rs:3 uses crate::b::N"),
            "{report:?}"
        );
        assert!(
            report.problems[0].contains("b.rs:3 uses crate::m"),
            "{report:?}"
        );

        // `$crate::` alone is the expansion site's import, not the defining file's.
        let root = crate_with(
            "dollar-crate",
            &[
                ("lib.rs", "mod a;\nmod b;\n"),
                (
                    "a.rs",
                    "#[macro_export]\nmacro_rules! m { () => { $crate::b::g() } }\n",
                ),
                ("b.rs", "pub fn g() {}\nfn h() { crate::m!(); }\n"),
            ],
        );
        let report = check(&root);
        assert!(report.problems.is_empty(), "{report:?}");
        assert_eq!(
            report.summary,
            "fixture: 2 files, no cycle; lowest first: a b"
        );
    }

    #[test]
    fn a_lower_layer_may_not_import_a_higher_one() {
        let lib = "//! Layers, lowest first (a file imports only its own layer and those below):\n\
                   //! 1. `low` — the bottom\n\
                   //!    (continued)\n\
                   //! 2. `high` — the top\n\
                   mod high;\nmod low;\n";
        let root = crate_with(
            "layers",
            &[
                ("lib.rs", lib),
                ("low.rs", "pub fn f() -> u8 { crate::high::X }\n"),
                ("high.rs", "pub const X: u8 = 0;\n"),
            ],
        );
        let report = check(&root);
        assert_eq!(report.problems.len(), 1, "{report:?}");
        let p = &report.problems[0];
        assert!(
            p.contains("low.rs:1 (layer 1) imports crate::high::X from "),
            "{p}"
        );
        assert!(p.ends_with("high.rs (layer 2), a higher layer"), "{p}");
    }

    #[test]
    fn a_module_without_its_file_is_an_error() {
        let root = crate_with("missing", &[("lib.rs", "mod gone;\n")]);
        let err = xtask::layering::check_crate(&root, "fixture").unwrap_err();
        assert!(err.ends_with("lib.rs:1: no file for `mod gone;`"), "{err}");
    }
}

kunit::main!();
