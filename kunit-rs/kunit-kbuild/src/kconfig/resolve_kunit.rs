//! `resolve.rs`'s tests (suite `kbuild_kconfig_resolve`), declared by `resolve.rs` under
//! `cfg(test)` and run by the library's test target (CONTRIBUTING.md, "One test convention").

#[kunit::kunit_tests(kbuild_kconfig_resolve)]
mod tests {
    use crate::kconfig::resolve::*;
    use std::path::PathBuf;

    fn fixture() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixture")
    }

    fn errors(kunitconfigs: &[&str], add: &[&str]) -> Vec<String> {
        let t = fixture();
        let kc: Vec<PathBuf> = kunitconfigs.iter().map(|p| t.join(p)).collect();
        let add: Vec<String> = add.iter().map(|s| s.to_string()).collect();
        match resolve(&t, "um", &kc, &add, false) {
            Ok(_) => Vec::new(),
            Err(es) => es.into_iter().map(|e| e.message).collect(),
        }
    }

    #[test]
    fn a_directory_means_its_kunitconfig_plus_the_arch_fragment() {
        let t = fixture();
        let c = resolve(&t, "um", &[t.join("lib")], &[], false).unwrap();
        assert_eq!(c.get("LIST_KUNIT_TEST"), Some("y"));
        assert_eq!(c.get("UML_PCI"), Some("y"));
        assert_eq!(c.get("GREETING"), Some("hello-kunit"));
        assert_eq!(c.get("ARCH_WIDE"), Some("y"));
        // A promptless default of n is not written (6.12 writes a default only above n).
        assert_eq!(c.get("ARCH_NARROW"), None);
        assert_eq!(c.get("CRC_TABLE_BITS"), Some("4"));
        assert_eq!(c.get("SORT_HEAP"), Some("y"));
        assert!(c.dot_config().starts_with(
            "# CONFIG_MODULES is not set\nCONFIG_ARCH_WIDE=y\nCONFIG_GREETING=\"hello-kunit\"\n"
        ));
        let ac = c.autoconf();
        assert!(ac.contains(&("CONFIG_DMA_MASK".into(), "0x20".into())));
        assert!(ac.contains(&("CONFIG_KUNIT".into(), "1".into())));
        assert!(!ac.iter().any(|(k, _)| k == "CONFIG_BITOPS"));
    }

    #[test]
    fn alltests_and_default_config() {
        let t = fixture();
        let c = resolve(&t, "um", &[], &[], true).unwrap();
        assert_eq!(c.get("BITOPS_KUNIT_TEST"), Some("y"));
        assert_eq!(c.get("FIND_BIT"), Some("y"));
        assert_eq!(c.get("HWEIGHT"), Some("y"));
        let d = resolve(&t, "um", &[], &[], false).unwrap();
        assert_eq!(d.get("KUNIT_ALL_TESTS"), Some("y"));
        assert_eq!(d.get("BITOPS"), Some("n"));
    }

    #[test]
    fn each_unmet_option_gets_one_error_with_its_reason() {
        assert_eq!(
            errors(&["lib"], &["CONFIG_LIST=n", "CONFIG_BITOPS_KUNIT_TEST=y"]),
            [
                "CONFIG_LIST_KUNIT_TEST=y was asked, but it depends on LIST, which is n",
                "CONFIG_BITOPS_KUNIT_TEST=y was asked, but it depends on BITOPS, which is n",
            ]
        );
        assert_eq!(
            errors(
                &["lib"],
                &["CONFIG_NO_SUCH=y", "CONFIG_FIND_BIT=n", "CONFIG_BITOPS=y"]
            ),
            [
                "CONFIG_NO_SUCH=y was asked, but no Kconfig file defines NO_SUCH",
                "CONFIG_FIND_BIT=n was asked, but BITOPS selects it",
            ]
        );
        assert_eq!(
            errors(&["lib"], &["CONFIG_KUNIT_QUIET=y", "CONFIG_KUNIT_DEBUG=y", "CONFIG_SCALE=99", "CONFIG_LIST=m"]),
            [
                "CONFIG_KUNIT_DEBUG=y was asked, but its prompt depends on !KUNIT_QUIET, which is n",
                "CONFIG_SCALE=99 was asked, but its range is 2..16, so it is 16",
                "CONFIG_LIST=m was asked, but LIST is a bool, which cannot be m",
            ]
        );
        assert_eq!(
            errors(&["lib"], &["CONFIG_SORT_MERGE=y"]),
            ["CONFIG_SORT_MERGE=y was asked, but it depends on BITOPS, which is n"]
        );
    }

    #[test]
    fn conflicting_kunitconfigs_and_missing_ones_are_errors() {
        let dir = std::env::temp_dir().join(format!("kunit-kbuild-resolve-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("a.config"), "CONFIG_LIST=n\n").unwrap();
        let t = fixture();
        let e = resolve(
            &t,
            "um",
            &[t.join("lib/.kunitconfig"), dir.join("a.config")],
            &[],
            false,
        )
        .unwrap_err();
        assert_eq!(
            e[0].message,
            "CONFIG_LIST_KUNIT_TEST=y was asked, but it depends on LIST, which is n"
        );
        let e = resolve(&t, "um", &[dir.join("nope")], &[], false).unwrap_err();
        assert_eq!(
            e[0].message,
            format!(
                "Specified kunitconfig ({}) does not exist",
                dir.join("nope").display()
            )
        );
        std::fs::write(dir.join("b.config"), "CONFIG_KUNIT=n\n").unwrap();
        let e = resolve(&t, "um", &[t.join("lib"), dir.join("b.config")], &[], false).unwrap_err();
        assert_eq!(
            e[0].message,
            format!(
                "Multiple values specified for 1 options in kunitconfig:\nCONFIG_KUNIT=y\n  vs from {}\n# CONFIG_KUNIT is not set",
                dir.join("b.config").display()
            )
        );
        assert_eq!(resolve(&t, "arm64", &[], &[], false).unwrap_err().len(), 1);
        let _ = std::fs::remove_dir_all(dir);
    }

    fn copy_tree(from: &std::path::Path, to: &std::path::Path) {
        std::fs::create_dir_all(to).unwrap();
        for e in std::fs::read_dir(from).unwrap() {
            let e = e.unwrap();
            let dest = to.join(e.file_name());
            if e.file_type().unwrap().is_dir() {
                copy_tree(&e.path(), &dest);
            } else {
                std::fs::copy(e.path(), dest).unwrap();
            }
        }
    }

    #[test]
    fn the_resolved_cache_is_used_until_a_kconfig_file_changes() {
        let t = std::env::temp_dir().join(format!("kunit-kbuild-rcache-{}", std::process::id()));
        copy_tree(&fixture(), &t);
        let opts = Options {
            resolved_cache: Some(t.join("resolved.cache")),
            ..Options::default()
        };
        let first = resolve_with(&t, "um", &[t.join("lib")], &[], false, &opts).unwrap();
        assert_eq!(first.get("CRC_TABLE_BITS"), Some("4"));
        // A hit is read from the file: a value planted there comes back.
        let cache = std::fs::read_to_string(t.join("resolved.cache")).unwrap();
        let planted = cache.replace("int\tCRC_TABLE_BITS\t4", "int\tCRC_TABLE_BITS\t7");
        assert_ne!(planted, cache);
        std::fs::write(t.join("resolved.cache"), planted).unwrap();
        let hit = resolve_with(&t, "um", &[t.join("lib")], &[], false, &opts).unwrap();
        assert_eq!(hit.get("CRC_TABLE_BITS"), Some("7"));
        assert_eq!(
            hit.dot_config().lines().count(),
            first.dot_config().lines().count()
        );
        // Other asked values miss.
        let other = resolve_with(
            &t,
            "um",
            &[t.join("lib")],
            &["CONFIG_CRC_TABLE_BITS=3".into()],
            false,
            &opts,
        )
        .unwrap();
        assert_eq!(other.get("CRC_TABLE_BITS"), Some("3"));
        // An edited Kconfig file (another size) misses.
        let k = t.join("lib/Kconfig");
        let text = std::fs::read_to_string(&k)
            .unwrap()
            .replace("default 4 if LIST", "default 5 if LIST ");
        std::fs::write(&k, text).unwrap();
        let edited = resolve_with(&t, "um", &[t.join("lib")], &[], false, &opts).unwrap();
        assert_eq!(edited.get("CRC_TABLE_BITS"), Some("5"));
        let _ = std::fs::remove_dir_all(t);
    }
}
