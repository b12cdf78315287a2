//! `makefile.rs`'s tests (suite `kbuild_makefile`), declared by `makefile.rs` under
//! `cfg(test)` and run by the library's test target (CONTRIBUTING.md, "One test convention").

#[kunit::kunit_tests(kbuild_makefile)]
mod tests {
    use crate::kbuild::makefile::*;
    use std::path::PathBuf;

    fn mk(vars: &[(&str, &str)], text: &str) -> Makefile {
        let vars: Vec<(String, String)> = vars
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect();
        let mut m = Makefile::new(&vars, PathBuf::from("/nonexistent"), "cc");
        m.eval_text("Makefile", text);
        m
    }

    #[test]
    fn flavours_of_assignment() {
        let mut m = mk(
            &[("CONFIG_A", "y")],
            "x = $(y)\ny := 1\nz := $(x)\ny := 2\nx += $(CONFIG_A)\nw ?= 3\nw ?= 4\n",
        );
        assert_eq!(m.get("z"), "1");
        assert_eq!(m.get("x"), "2 y");
        assert_eq!(m.get("w"), "3");
    }

    #[test]
    fn conditionals_on_config_values() {
        let text = "ifdef CONFIG_A\na := 1\nelse\na := 2\nendif\n\
ifeq ($(CONFIG_B),y)\nb := 1\nelse ifeq ($(CONFIG_A),y)\nb := 2\nelse\nb := 3\nendif\n\
ifneq \"$(CONFIG_N)\" \"8\"\nn := not8\nendif\n\
ifndef CONFIG_A\nifdef CONFIG_B\nnested := inner\nendif\nelse\nnested := right\nendif\n";
        let mut m = mk(&[("CONFIG_A", "y"), ("CONFIG_N", "4")], text);
        assert_eq!(
            (m.get("a"), m.get("b"), m.get("n"), m.get("nested")),
            ("1".into(), "2".into(), "not8".into(), "right".into())
        );
        let mut m = mk(&[("CONFIG_B", "y"), ("CONFIG_N", "8")], text);
        assert_eq!(
            (m.get("a"), m.get("b"), m.get("n"), m.get("nested")),
            ("2".into(), "1".into(), "".into(), "inner".into())
        );
    }

    #[test]
    fn functions_kbuild_uses() {
        let text = "l := a.o b.o c.c\n\
p := $(patsubst %.o,%.c,$(l))\nf := $(filter %.o,$(l))\nfo := $(filter-out a.o,$(l))\n\
pre := $(addprefix d/,$(l))\ns := $(subst .o,.x,$(l))\nsr := $(l:.o=.s)\n\
$(foreach x, a b, $(eval CFLAGS_$(x).o = -D$(x)))\n\
double = [$(1)$(2)]\nc := $(call double,1,2)\ni := $(if $(CONFIG_Z),yes,no) $(or ,o) $(firstword q r)\n";
        let mut m = mk(&[], text);
        assert_eq!(m.get("p"), "a.c b.c c.c");
        assert_eq!(m.get("f"), "a.o b.o");
        assert_eq!(m.get("fo"), "b.o c.c");
        assert_eq!(m.get("pre"), "d/a.o d/b.o d/c.c");
        assert_eq!(m.get("s"), "a.x b.x c.c");
        assert_eq!(m.get("sr"), "a.s b.s c.c");
        assert_eq!(m.get("CFLAGS_b.o"), "-Db");
        assert_eq!(m.get("c"), "[12]");
        assert_eq!(m.get("i"), "no o q");
        assert!(m.skipped.is_empty(), "{:?}", m.skipped);
    }

    #[test]
    fn rules_are_read_and_includes_recorded_not_dropped() {
        let m = mk(
            &[("obj", "lib")],
            "include foo.mk\n$(obj)/x.h: gen FORCE | dir\n\tcmd $@ # for the shell\n\n\
ifdef CONFIG_NO\n\tnot this\nendif\n\t@second\nobj-y += a.o # a comment\n\
$(obj)/y.o $(obj)/z.o:: $(obj)/x.h ; inline $<\n\
$(obj)/%.o: $(obj)/%: $(obj)/%.c\nlib/w.o: CFLAGS += -DX\n",
        );
        assert_eq!(
            m.skipped,
            [
                "Makefile:1: include foo.mk",
                "Makefile:11: $(obj)/%.o: $(obj)/%: $(obj)/%.c",
                "Makefile:12: lib/w.o: CFLAGS += -DX"
            ]
        );
        assert_eq!(
            m.rules,
            [
                Rule {
                    at: "Makefile:2".into(),
                    targets: vec!["lib/x.h".into()],
                    prereqs: vec!["gen".into(), "FORCE".into(), "dir".into()],
                    recipe: vec!["cmd $@ # for the shell".into(), "@second".into()],
                },
                Rule {
                    at: "Makefile:10".into(),
                    targets: vec!["lib/y.o".into(), "lib/z.o".into()],
                    prereqs: vec!["lib/x.h".into()],
                    recipe: vec!["inline $<".into()],
                }
            ]
        );
    }

    #[test]
    fn an_escaped_hash_is_a_hash_not_a_comment() {
        let mut m = mk(&[], "cmd_x = printf '\\#define X' > $@ # a comment\n");
        assert_eq!(m.get("cmd_x"), "printf '#define X' > ");
    }

    #[test]
    fn provenance_names_the_option() {
        let m = mk(
            &[("CONFIG_T", "y")],
            "obj-$(CONFIG_T) += t.o\nifdef CONFIG_T\nobj-y += u.o\nendif\nobj-y += v.o\n",
        );
        let p = |w: &str| {
            m.provenance
                .get(&("obj-y".to_string(), w.to_string()))
                .cloned()
        };
        assert_eq!(p("t.o").as_deref(), Some("CONFIG_T"));
        assert_eq!(p("u.o").as_deref(), Some("CONFIG_T"));
        assert_eq!(p("v.o"), None);
    }
}
