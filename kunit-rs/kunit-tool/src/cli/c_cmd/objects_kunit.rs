//! `objects.rs`'s tests (suite `c_objects`), declared by `objects.rs` under `cfg(test)` and
//! run by the library's test target (CONTRIBUTING.md, "One test convention").

#[kunit::kunit_tests(c_objects)]
mod tests {
    use crate::cli::c_cmd::objects::*;
    use std::path::PathBuf;

    fn scratch(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("kunit-c-objects-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).expect("scratch folder");
        d
    }

    #[test]
    fn a_record_is_fresh_until_a_file_changes() {
        let d = scratch("fresh");
        let (a, b) = (d.join("a.c"), d.join("b h.h"));
        std::fs::write(&a, "int a;\n").expect("a");
        std::fs::write(&b, "#define B 1\n").expect("b");
        let record = deps_text(&[a.clone(), b.clone()]).expect("a record");
        assert_eq!(record.lines().count(), 2);
        assert!(record
            .lines()
            .nth(1)
            .is_some_and(|l| l.ends_with(" b h.h") || l.contains("/b h.h")));
        assert!(deps_fresh(&record));
        // Same contents written again: still fresh (contents, not dates).
        std::fs::write(&b, "#define B 1\n").expect("b");
        assert!(deps_fresh(&record));
        std::fs::write(&b, "#define B 2\n").expect("b");
        assert!(!deps_fresh(&record));
        std::fs::remove_file(&a).expect("remove a");
        assert!(!deps_fresh(
            &deps_text(std::slice::from_ref(&b))
                .map(|t| t + &record)
                .expect("b")
        ));
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn one_call_hashes_each_file_once() {
        let d = scratch("digests");
        let h = d.join("shared.h");
        std::fs::write(&h, "#define S 1\n").expect("h");
        let record = deps_text(std::slice::from_ref(&h)).expect("a record");
        let digests = Digests::default();
        assert!(deps_fresh_with(&record, &|p| digests.get(p)));
        // Within the call the first hash stands (the file is not read again) ...
        std::fs::write(&h, "#define S 2\n").expect("h");
        assert!(deps_fresh_with(&record, &|p| digests.get(p)));
        // ... and the next call reads the file as it is now.
        let next = Digests::default();
        assert!(!deps_fresh_with(&record, &|p| next.get(p)));
        assert!(!deps_fresh(&record));
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn an_empty_or_broken_record_is_never_fresh() {
        assert!(!deps_fresh(""));
        assert!(!deps_fresh("no-space-here\n"));
        assert!(!deps_fresh("0000000000000000 /no/such/file\n"));
    }

    #[test]
    fn a_file_that_cannot_be_read_gives_no_record() {
        assert_eq!(deps_text(&[PathBuf::from("/no/such/kunit-c/file.h")]), None);
    }
}
