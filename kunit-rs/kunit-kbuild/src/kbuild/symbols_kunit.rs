//! `symbols.rs`'s tests (suite `kbuild_symbols`), declared by `symbols.rs` under `cfg(test)`
//! and run by the library's test target (CONTRIBUTING.md, "One test convention").

#[kunit::kunit_tests(kbuild_symbols)]
mod tests {
    use crate::kbuild::symbols::*;
    use std::collections::HashMap;

    #[test]
    fn follows_what_each_object_needs() {
        let defines: HashMap<String, Vec<String>> = [
            ("list_add", "lib/list.o"),
            ("find_bit", "lib/find_bit.o"),
            ("hweight", "lib/hweight.o"),
            ("unused", "lib/big.o"),
        ]
        .iter()
        .map(|(s, o)| (s.to_string(), vec![o.to_string()]))
        .collect();
        let undefined_of = |o: &str| match o {
            "lib/find_bit.o" => vec!["hweight".to_string(), "memset".to_string()],
            "lib/hweight.o" => vec!["find_bit".to_string()],
            _ => vec![],
        };
        let c = link_closure(
            &["find_bit".into(), "list_add".into()],
            &defines,
            &undefined_of,
        );
        assert_eq!(c.objects, ["lib/list.o", "lib/find_bit.o", "lib/hweight.o"]);
        assert_eq!(c.unresolved, ["memset"]);
    }

    #[test]
    fn reads_an_objects_globals_with_nm() {
        let dir = std::env::temp_dir().join(format!("kunit-kbuild-nm-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let c = dir.join("a.c");
        std::fs::write(&c, "extern int needed(void);\nstatic int local(void) { return 1; }\nint shown(void) { return needed() + local(); }\n__attribute__((weak)) int maybe;\n").unwrap();
        let o = dir.join("a.o");
        let st = std::process::Command::new("cc")
            .arg("-c")
            .arg(&c)
            .arg("-o")
            .arg(&o)
            .status()
            .unwrap();
        assert!(st.success());
        let t = symbol_table("nm", &o).unwrap();
        assert_eq!(t.undefined, ["needed"]);
        let mut d = t.defined.clone();
        d.sort();
        assert_eq!(d, ["maybe", "shown"]);
        assert!(symbol_table("nm", &dir.join("missing.o")).is_err());
        let _ = std::fs::remove_dir_all(dir);
    }
}
