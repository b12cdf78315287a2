//! `eval.rs`'s tests (suite `kbuild_kconfig_eval`), declared by `eval.rs` under `cfg(test)` and
//! run by the library's test target (CONTRIBUTING.md, "One test convention").

#[kunit::kunit_tests(kbuild_kconfig_eval)]
mod tests {
    use crate::kconfig::eval::*;
    use crate::kconfig::expr::Tri;
    use crate::kconfig::macros::Macros;
    use crate::kconfig::model::Kconfig;
    use crate::kconfig::parse::parse_tree;

    fn kc(text: &str) -> Kconfig {
        // One folder per call: the cases run in parallel, several on the same text.
        static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir =
            std::env::temp_dir().join(format!("kunit-kbuild-eval-{}-{call}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("Kconfig"), text).unwrap();
        let k = parse_tree(&dir, "Kconfig", &mut Macros::default()).unwrap();
        let _ = std::fs::remove_dir_all(dir);
        k
    }

    fn values(k: &Kconfig, user: &[(&str, &str)]) -> Vec<(String, String, bool)> {
        let asg: Vec<(usize, String)> = user
            .iter()
            .map(|(n, v)| (k.sym(n).unwrap(), v.to_string()))
            .collect();
        let mut ev = Eval::new(k, &asg);
        k.order
            .iter()
            .map(|&s| {
                let v = ev.val(s);
                (k.syms[s].name.clone(), v.text, v.write)
            })
            .collect()
    }

    fn get<'a>(vals: &'a [(String, String, bool)], n: &str) -> &'a str {
        &vals.iter().find(|v| v.0 == n).unwrap().1
    }

    const TEXT: &str = "config MODULES\n\tbool \"m\"\n\tmodules\n\
config A\n\ttristate \"a\"\n\
config B\n\tbool \"b\"\n\tdepends on A\n\tselect C\n\timply D\n\
config C\n\tbool\n\
config D\n\ttristate \"d\"\n\
config E\n\ttristate \"e\"\n\tdepends on m\n\
config N\n\tint \"n\"\n\trange 2 6\n\tdefault 9\n\
config H\n\thex\n\tdefault 0x10 if B\n\
choice\n\tprompt \"c\"\n\tdefault Y2\nconfig Y1\n\tbool \"y1\"\nconfig Y2\n\tbool \"y2\"\n\tdepends on B\nendchoice\n";

    #[test]
    fn select_forces_and_imply_suggests() {
        let k = kc(TEXT);
        let v = values(&k, &[("A", "y"), ("B", "y")]);
        assert_eq!(get(&v, "C"), "y");
        assert_eq!(get(&v, "D"), "y");
        // The user's n beats imply (it is visible), but not select.
        let v = values(&k, &[("A", "y"), ("B", "y"), ("D", "n"), ("C", "n")]);
        assert_eq!((get(&v, "C"), get(&v, "D")), ("y", "n"));
    }

    #[test]
    fn tristate_is_bool_without_modules() {
        let k = kc(TEXT);
        let v = values(&k, &[("A", "m")]);
        assert_eq!(get(&v, "A"), "y");
        assert_eq!(get(&v, "E"), "n");
        let v = values(&k, &[("MODULES", "y"), ("A", "m"), ("E", "y")]);
        assert_eq!(get(&v, "A"), "m");
        // `depends on m` caps E at m.
        assert_eq!(get(&v, "E"), "m");
    }

    #[test]
    fn ranges_clamp_defaults_and_user_values() {
        let k = kc(TEXT);
        assert_eq!(get(&values(&k, &[]), "N"), "6");
        assert_eq!(get(&values(&k, &[("N", "1")]), "N"), "2");
        assert_eq!(get(&values(&k, &[("N", "4")]), "N"), "4");
        // Not visible and its default off: the kernel's starting value, not written.
        let v = values(&k, &[]);
        let h = v.iter().find(|x| x.0 == "H").unwrap();
        assert_eq!((h.1.as_str(), h.2), ("0x0", false));
    }

    #[test]
    fn choice_default_user_and_visibility() {
        let k = kc(TEXT);
        let v = values(&k, &[]);
        assert_eq!((get(&v, "Y1"), get(&v, "Y2")), ("y", "n"));
        let v = values(&k, &[("A", "y"), ("B", "y")]);
        assert_eq!((get(&v, "Y1"), get(&v, "Y2")), ("n", "y"));
        let v = values(&k, &[("A", "y"), ("B", "y"), ("Y2", "y"), ("Y1", "y")]);
        assert_eq!((get(&v, "Y1"), get(&v, "Y2")), ("y", "n"));
        let v = values(&k, &[("A", "y"), ("B", "y"), ("Y2", "n")]);
        assert_eq!((get(&v, "Y1"), get(&v, "Y2")), ("y", "n"));
    }

    #[test]
    fn values_the_type_cannot_hold_are_dropped() {
        assert!(!valid_for(crate::kconfig::model::Type::Bool, "m"));
        assert!(valid_for(crate::kconfig::model::Type::Hex, "1f"));
        assert!(!valid_for(crate::kconfig::model::Type::Int, "0x1"));
        let k = kc(TEXT);
        let asg = [(k.sym("B").unwrap(), "m".to_string())];
        let mut ev = Eval::new(&k, &asg);
        assert_eq!(ev.user(k.sym("B").unwrap()), None);
        assert_eq!(ev.val(k.sym("B").unwrap()).tri, Tri::N);
    }

    #[test]
    fn a_dependency_loop_is_recorded() {
        let k =
            kc("config A\n\tbool \"a\"\n\tdepends on B\nconfig B\n\tbool \"b\"\n\tdepends on A\n");
        let mut ev = Eval::new(&k, &[]);
        ev.val(k.sym("A").unwrap());
        assert_eq!(ev.loops, [k.sym("A").unwrap()]);
        let k = kc(TEXT);
        let mut ev = Eval::new(&k, &[]);
        for s in k.order.clone() {
            ev.val(s);
        }
        assert!(ev.loops.is_empty());
    }
}
