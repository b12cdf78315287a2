//! `expr.rs`'s tests (suite `kbuild_kconfig_expr`), declared by `expr.rs` under `cfg(test)` and
//! run by the library's test target (CONTRIBUTING.md, "One test convention").

#[kunit::kunit_tests(kbuild_kconfig_expr)]
mod tests {
    use crate::kconfig::expr::*;

    fn parse(s: &str, names: &mut Vec<String>) -> Expr {
        let toks = tokenize(s).unwrap();
        let mut intern = |n: &str| match names.iter().position(|x| x == n) {
            Some(i) => i,
            None => {
                names.push(n.to_string());
                names.len() - 1
            }
        };
        let mut p = ExprParser::new(&toks, &mut intern);
        let e = p.expr().unwrap();
        assert_eq!(p.pos(), toks.len(), "{s}");
        e
    }

    #[test]
    fn precedence_is_or_then_and_then_not() {
        let mut n = Vec::new();
        let e = parse("A || B && !C", &mut n);
        let name = |i: usize| n[i].clone();
        assert_eq!(e.display(&name), "A || B && !C");
        match e {
            Expr::Or(_, b) => assert!(matches!(*b, Expr::And(..))),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn comparisons_and_constants() {
        let mut n = Vec::new();
        let e = parse("(BITS > 2) && NAME != \"\" && m", &mut n);
        let name = |i: usize| n[i].clone();
        assert_eq!(e.display(&name), "BITS > \"2\" && NAME != \"\" && m");
        assert!(e.mentions_m());
        assert_eq!(n, ["BITS", "NAME"]);
    }

    #[test]
    fn tristate_logic() {
        assert_eq!(!Tri::M, Tri::M);
        assert_eq!(!Tri::Y, Tri::N);
        assert_eq!(Tri::M.min(Tri::Y), Tri::M);
        assert_eq!(Tri::parse("x"), None);
    }

    #[test]
    fn m_in_a_dependency_needs_modules() {
        let mut n = Vec::new();
        let e = parse("!m", &mut n).with_modules(7);
        let name = |i: usize| format!("S{i}");
        assert_eq!(e.display(&name), "!(m && S7)");
    }

    #[test]
    fn tokenizer_rejects_an_unterminated_string() {
        assert!(tokenize("\"abc").is_err());
    }
}
