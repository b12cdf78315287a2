//! `parse.rs`'s tests (suite `kbuild_kconfig_parse`), declared by `parse.rs` under `cfg(test)`
//! and run by the library's test target (CONTRIBUTING.md, "One test convention").

#[kunit::kunit_tests(kbuild_kconfig_parse)]
mod tests {
    use crate::kconfig::macros::Macros;
    use crate::kconfig::model::Type;
    use crate::kconfig::parse::*;
    use std::collections::HashMap;
    use std::path::PathBuf;

    fn fixture() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixture")
    }

    fn tree(files: &[(&str, &str)]) -> PathBuf {
        // One folder per call: the cases run in parallel.
        static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir =
            std::env::temp_dir().join(format!("kunit-kbuild-parse-{}-{call}", std::process::id()));
        for (p, text) in files {
            let path = dir.join(p);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        dir
    }

    #[test]
    fn the_fixture_parses_with_every_construct() {
        let env = HashMap::from([
            ("SRCARCH".to_string(), "um".to_string()),
            ("ARCH".into(), "um".into()),
        ]);
        let mut m = Macros::new(env);
        let kc = parse_tree(&fixture(), "Kconfig", &mut m).unwrap();
        assert_eq!(kc.files, ["Kconfig", "arch/um/Kconfig", "lib/Kconfig"]);
        let ty = |n: &str| kc.syms[kc.sym(n).unwrap()].ty;
        assert_eq!(ty("KUNIT"), Type::Tristate);
        assert_eq!(ty("CRC_TABLE_BITS"), Type::Int);
        assert_eq!(ty("DMA_MASK"), Type::Hex);
        assert_eq!(ty("GREETING"), Type::String);
        assert_eq!(kc.modules, kc.sym("MODULES"));
        assert_eq!(kc.choices.len(), 1);
        assert_eq!(kc.choices[0].members.len(), 3);
        // `if KUNIT` … `endif` is part of each enclosed symbol's dependencies.
        let names = |i: usize| kc.syms[i].name.clone();
        let dep = kc.syms[kc.sym("KUNIT_ALL_TESTS").unwrap()]
            .dir_dep
            .as_ref()
            .unwrap();
        assert_eq!(dep.display(&names), "KUNIT && KUNIT");
        // The macros ran: $(success,true) is y.
        let d = &kc.syms[kc.sym("ARCH_WIDE").unwrap()].defaults[0];
        assert!(d.value.is_y());
    }

    #[test]
    fn errors_name_the_file_and_line() {
        let t = tree(&[("Kconfig", "config A\n\tbool \"a\"\n\tfrobnicate\nif A\n")]);
        let errs = parse_tree(&t, "Kconfig", &mut Macros::default()).unwrap_err();
        assert_eq!(
            errs,
            [
                "Kconfig:3: unknown keyword `frobnicate`",
                "Kconfig:4: `if` is never closed"
            ]
        );
        let _ = std::fs::remove_dir_all(t);
    }

    #[test]
    fn help_text_ends_at_a_shallower_line() {
        let t = tree(&[(
            "Kconfig",
            "config A\n\tbool \"a\"\n\thelp\n\t  config B is text\n\n\t  depends on C is text\nconfig B\n\tbool\n",
        )]);
        let kc = parse_tree(&t, "Kconfig", &mut Macros::default()).unwrap();
        assert_eq!(kc.order.len(), 2);
        assert!(kc.syms[kc.sym("A").unwrap()]
            .dir_dep
            .as_ref()
            .unwrap()
            .is_y());
        let _ = std::fs::remove_dir_all(t);
    }
}
