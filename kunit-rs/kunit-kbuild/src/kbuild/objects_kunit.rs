//! `objects.rs`'s tests (suite `kbuild_objects`), declared by `objects.rs` under `cfg(test)`
//! and run by the library's test target (CONTRIBUTING.md, "One test convention").

#[kunit::kunit_tests(kbuild_objects)]
mod tests {
    use crate::kbuild::objects::*;
    use crate::kconfig::resolve::resolve;
    use std::path::PathBuf;

    fn fixture() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixture")
    }

    fn objects(add: &[&str]) -> Objects {
        let t = fixture();
        let add: Vec<String> = add.iter().map(|s| s.to_string()).collect();
        let c = resolve(&t, "um", &[t.join("lib")], &add, false).unwrap();
        objects_for(&t, &c, &["lib"], "cc").unwrap()
    }

    fn find<'a>(o: &'a Objects, obj: &str) -> Option<&'a Object> {
        o.objects.iter().find(|x| x.obj == obj)
    }

    #[test]
    fn the_kunitconfig_builds_its_test_and_obj_y() {
        let o = objects(&[]);
        let names: Vec<&str> = o.objects.iter().map(|x| x.obj.as_str()).collect();
        assert_eq!(
            names,
            [
                "lib/list.o",
                "lib/list-test.o",
                "lib/heap_sort.o",
                "lib/sort.o",
                "lib/sub/sub_a.o",
                "lib/extra/extra_a.o"
            ]
        );
        let t = find(&o, "lib/list-test.o").unwrap();
        assert_eq!(t.source.as_deref(), Some("lib/list-test.c"));
        assert_eq!(t.enabled_by.as_deref(), Some("CONFIG_LIST_KUNIT_TEST"));
        assert_eq!(find(&o, "lib/sort.o").unwrap().kind, Kind::Lib);
        assert_eq!(
            find(&o, "lib/heap_sort.o").unwrap().enabled_by.as_deref(),
            Some("CONFIG_SORT_HEAP")
        );
        assert_eq!(o.dirs, ["lib", "lib/sub", "lib/extra"]);
        assert!(o.skipped.is_empty(), "{:?}", o.skipped);
    }

    #[test]
    fn composites_and_flags() {
        let o = objects(&[
            "CONFIG_BITOPS=y",
            "CONFIG_BITOPS_KUNIT_TEST=y",
            "CONFIG_CRC_KUNIT_TEST=y",
        ]);
        for part in ["lib/find_bit.o", "lib/hweight.o", "lib/bitmap.o"] {
            let p = find(&o, part).unwrap();
            assert_eq!(p.composite.as_deref(), Some("lib/bitops.o"), "{part}");
        }
        assert_eq!(
            find(&o, "lib/hweight.o").unwrap().enabled_by.as_deref(),
            Some("CONFIG_HWEIGHT")
        );
        assert!(find(&o, "lib/bitops.o").is_none());
        assert_eq!(
            find(&o, "lib/bitops_kunit.o").unwrap().cflags,
            ["-DFROM_LIB", "-DTESTING", "-DREMOVED"]
        );
        assert_eq!(
            find(&o, "lib/crc_kunit.o").unwrap().cflags,
            ["-DFROM_LIB", "-DLIB_LEVEL=1", "-DBITS=4"]
        );
        assert_eq!(
            find(&o, "lib/sub/sub_a.o").unwrap().cflags,
            ["-DFROM_LIB", "-DSUB"]
        );
    }

    #[test]
    fn a_directory_without_a_makefile_is_an_error() {
        let t = fixture();
        let c = resolve(&t, "um", &[t.join("lib")], &[], false).unwrap();
        assert_eq!(
            objects_for(&t, &c, &["nope"], "cc").unwrap_err(),
            "nope: no Kbuild or Makefile"
        );
    }

    #[test]
    fn probe_answers_are_kept_and_reused() {
        let t = fixture();
        let c = resolve(&t, "um", &[t.join("lib")], &[], false).unwrap();
        let dir = std::env::temp_dir().join(format!("kunit-kbuild-probes-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let cache = dir.join("probes");
        // The fixture's lib/Makefile asks no probe: nothing to keep, no file.
        objects_for_with(&t, &c, &["lib"], "cc", Some(&cache)).unwrap();
        assert!(!cache.exists());
        let _ = std::fs::remove_dir_all(dir);
    }
}
