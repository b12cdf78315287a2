//! `generate.rs`'s tests (suite `c_generate`), declared by `generate.rs` under `cfg(test)` and
//! run by the library's test target (CONTRIBUTING.md, "One test convention").

#[kunit::kunit_tests(c_generate)]
mod tests {
    use crate::cli::c_cmd::generate::*;
    use kunit_kbuild::{Generated, HostProgram, HostSource, Recipe};
    use std::path::PathBuf;

    fn scratch(name: &str) -> (PathBuf, PathBuf) {
        let d = std::env::temp_dir().join(format!("kunit-c-gen-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(d.join("tree/lib")).expect("scratch folder");
        (d.join("tree"), d.join("out"))
    }

    /// A host program that prints a table of as many entries as the configuration says
    /// (reading autoconf.h through its relative include, as gen_crc32table does).
    const GEN: &str = "#include <stdio.h>\n#include \"../include/generated/autoconf.h\"\n\
int main(void) { printf(\"static const int table[%d];\\n\", CONFIG_N); return 0; }\n";

    fn table(recipe: Recipe) -> Generated {
        Generated {
            target: "lib/table.h".into(),
            rule: "lib/Makefile:9".into(),
            recipe,
            programs: vec![HostProgram {
                path: "lib/gen".into(),
                sources: vec![HostSource {
                    source: "lib/gen.c".into(),
                    cflags: vec!["-O2".into(), "-I".into(), "./lib".into()],
                }],
                ldflags: vec![],
            }],
            inputs: vec![],
        }
    }

    #[test]
    fn a_host_program_makes_the_table_outside_the_tree() {
        let (tree, out) = scratch("table");
        std::fs::write(tree.join("lib/gen.c"), GEN).expect("gen.c");
        let o = ObjTree {
            root: out.clone(),
            tree: tree.clone(),
        };
        o.write_autoconf("#define CONFIG_N 3\n").expect("autoconf");
        let g = table(Recipe::Shell("lib/gen > lib/table.h".into()));
        let read = o.make("lib/t.o", std::slice::from_ref(&g)).expect("made");
        let text = std::fs::read_to_string(out.join("lib/table.h")).expect("table");
        assert_eq!(text, "static const int table[3];\n");
        assert!(read.iter().any(|p| p.ends_with("gen.c")), "{read:?}");
        assert!(read.iter().any(|p| p.ends_with("autoconf.h")), "{read:?}");
        // Nothing in the tree but the source.
        let in_tree: Vec<_> = std::fs::read_dir(tree.join("lib")).unwrap().collect();
        assert_eq!(in_tree.len(), 1);
        assert_eq!(
            o.include_flag("lib/t.o"),
            format!("-I{}", out.join("lib").display())
        );

        // Unchanged inputs: the file is kept (a hand edit shows it was not made again).
        std::fs::write(out.join("lib/table.h"), "kept\n").expect("edit");
        o.make("lib/t.o", std::slice::from_ref(&g)).expect("kept");
        assert_eq!(
            std::fs::read_to_string(out.join("lib/table.h")).unwrap(),
            "kept\n"
        );
        // A header the program read changed: rebuilt, run again.
        o.write_autoconf("#define CONFIG_N 5\n").expect("autoconf");
        o.make("lib/t.o", std::slice::from_ref(&g)).expect("remade");
        assert_eq!(
            std::fs::read_to_string(out.join("lib/table.h")).unwrap(),
            "static const int table[5];\n"
        );
        // filechk: the output is the file.
        let g = table(Recipe::Stdout("lib/gen".into()));
        o.make("lib/t.o", &[g]).expect("filechk");
        assert_eq!(
            std::fs::read_to_string(out.join("lib/table.h")).unwrap(),
            "static const int table[5];\n"
        );
        let _ = std::fs::remove_dir_all(tree.parent().unwrap());
    }

    #[test]
    fn what_cannot_be_made_says_why() {
        let (tree, out) = scratch("fail");
        std::fs::write(
            tree.join("lib/gen.c"),
            "int main(void) { return undeclared; }\n",
        )
        .expect("gen.c");
        let o = ObjTree {
            root: out.clone(),
            tree: tree.clone(),
        };
        let g = table(Recipe::Shell("lib/gen > lib/table.h".into()));
        let e = o.make("lib/t.o", std::slice::from_ref(&g)).unwrap_err();
        assert!(
            e.starts_with(
                "lib/table.h (which lib/t.o needs) cannot be made by lib/Makefile:9: host \
                 program lib/gen does not build with "
            ) && e.contains("undeclared"),
            "{e}"
        );
        // A recipe that fails leaves no half-written file.
        std::fs::write(tree.join("lib/gen.c"), "int main(void) { return 3; }\n").expect("gen.c");
        let e = o.make("lib/t.o", &[g]).unwrap_err();
        assert!(
            e.contains("`lib/gen > lib/table.h` failed (exit status: 3)"),
            "{e}"
        );
        assert!(!out.join("lib/table.h").exists());
        let _ = std::fs::remove_dir_all(tree.parent().unwrap());
    }
}
