//! `generated.rs`'s tests (suite `tree_generated`), declared by `generated.rs` under
//! `cfg(test)` and run by the library's test target (CONTRIBUTING.md, "One test convention").

#[kunit::kunit_tests(tree_generated)]
mod tests {
    use crate::cli::tree_cmd::generated::*;
    use kunit_kbuild::kbuild::generated::OFFSETS_HEADERS;
    use std::path::{Path, PathBuf};

    fn dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("kunit-gen-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(d.join("kernel")).unwrap();
        d
    }

    /// A tree's kernel/bounds.c of our own: the compiler answers what the header holds.
    const BOUNDS_C: &str = "#define DEFINE(sym, val) asm volatile(\"\\n.ascii \\\"->\" #sym \" %0 \" #val \"\\\"\" : : \"i\" (val))\n\
        enum things { A, B, C, __NR_THINGS };\n\
        struct lock { int a; char b; };\n\
        int main(void) { DEFINE(NR_THINGS, __NR_THINGS); DEFINE(LOCK_SIZE, sizeof(struct lock)); return 0; }\n";

    fn commands(source: &Path) -> kunit_c::Commands {
        kunit_c::Commands {
            compiler: std::env::var("CC").unwrap_or_else(|_| "cc".into()).into(),
            envs: Vec::new(),
            files: vec![kunit_c::FileCommand {
                source: source.to_path_buf(),
                args: vec!["-O2".into(), "-c".into(), source.into()],
            }],
            link_flags: Vec::new(),
            sanitizers: Vec::new(),
        }
    }

    fn bounds() -> Vec<&'static kunit_kbuild::kbuild::generated::OffsetsHeader> {
        OFFSETS_HEADERS
            .iter()
            .filter(|h| h.header == "generated/bounds.h")
            .collect()
    }

    #[test]
    fn bounds_h_holds_the_compilers_values_and_is_rewritten_only_on_change() {
        let d = dir("ok");
        let src = d.join("kernel/bounds.c");
        std::fs::write(&src, BOUNDS_C).unwrap();
        assert_eq!(sources(&d).len(), 1);
        let work = d.join("work");
        let made = make(
            &bounds(),
            &commands(&src),
            &d.join("cache"),
            &work,
            &|_, e| e.into(),
        )
        .unwrap();
        assert!(made.failed.is_empty());
        assert!(made.changed);
        assert_eq!(made.deps.len(), 1);
        let h = std::fs::read_to_string(include_dir(&work).join("generated/bounds.h")).unwrap();
        assert!(
            h.starts_with("#ifndef __LINUX_BOUNDS_H__\n#define __LINUX_BOUNDS_H__\n"),
            "{h}"
        );
        assert!(
            h.contains("\n#define NR_THINGS 3 /* __NR_THINGS */\n"),
            "{h}"
        );
        assert!(
            h.contains("\n#define LOCK_SIZE 8 /* sizeof(struct lock) */\n"),
            "{h}"
        );
        let again = make(
            &bounds(),
            &commands(&src),
            &d.join("cache"),
            &work,
            &|_, e| e.into(),
        )
        .unwrap();
        assert!(!again.changed);
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn a_source_that_does_not_compile_removes_the_header_and_says_why() {
        let d = dir("bad");
        let src = d.join("kernel/bounds.c");
        std::fs::write(&src, BOUNDS_C).unwrap();
        let work = d.join("work");
        make(
            &bounds(),
            &commands(&src),
            &d.join("cache"),
            &work,
            &|_, e| e.into(),
        )
        .unwrap();
        std::fs::write(&src, "#include <no/such.h>\n").unwrap();
        let made = make(
            &bounds(),
            &commands(&src),
            &d.join("cache"),
            &work,
            &|f, _| format!("{} does not compile: fatal error: no/such.h", f.display()),
        )
        .unwrap();
        assert!(made.changed);
        assert!(!include_dir(&work).join("generated/bounds.h").exists());
        assert_eq!(
            missing_reason(&made.failed, "generated/bounds.h").as_deref(),
            Some("not runnable in userspace: <generated/bounds.h> is generated from kernel/bounds.c, which does not compile: fatal error: no/such.h")
        );
        assert_eq!(missing_reason(&made.failed, "generated/other.h"), None);
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn a_tree_without_the_source_makes_nothing() {
        let d = dir("none");
        assert!(sources(&d).is_empty());
        let _ = std::fs::remove_dir_all(&d);
    }
}
