//! `source_scan.rs`'s tests (suite `tree_source_scan`), declared by `source_scan.rs` under
//! `cfg(test)` and run by the library's test target (CONTRIBUTING.md, "One test convention").

#[kunit::kunit_tests(tree_source_scan)]
mod tests {
    use crate::cli::tree_cmd::source_scan::*;

    const TEST: &str = r#"
#include <kunit/test.h>
#include "helpers.c"

static void a(struct kunit *test) {}
static struct kunit_case __refdata foo_cases[] = {
	KUNIT_CASE(a),
	KUNIT_CASE_SLOW(b_slow),
	KUNIT_CASE_PARAM(c, c_gen_params),
	{}
};
static struct kunit_case bar_cases[] = { KUNIT_CASE(only), {} };

static struct kunit_suite foo_suite = {
	.name = "foo-suite",
	.test_cases = foo_cases,
};
static struct kunit_suite bar = {
	.name = "bar",
	.init = bar_init,
	.test_cases = bar_cases,
};
kunit_test_suites(&foo_suite, &bar);
"#;

    #[test]
    fn suites_and_their_cases_are_read_from_the_source() {
        assert!(registers_suites(TEST));
        let s = declared_suites(TEST, "foo-test");
        assert_eq!(s.len(), 2);
        assert_eq!(s[0].name, "foo-suite");
        assert_eq!(s[0].cases, ["a", "b_slow", "c"]);
        assert_eq!(s[1].name, "bar");
        assert_eq!(s[1].cases, ["only"]);
        assert_eq!(included_c_files(TEST), [("helpers.c".to_string(), None)]);
        let guarded = "#ifdef CONFIG_A_TEST\n#include \"a-test.c\"\n#endif\n\
                       #if IS_BUILTIN(CONFIG_B)\n#else\n#include \"b.c\"\n#endif\n";
        assert_eq!(
            included_c_files(guarded),
            [
                ("a-test.c".to_string(), Some("CONFIG_A_TEST".to_string())),
                ("b.c".to_string(), None)
            ]
        );
    }

    #[test]
    fn cases_the_configuration_leaves_out_are_not_declared() {
        let text = "static struct kunit_case fault_cases[] = {\n\
                    #if IS_ENABLED(CONFIG_FAULT_TEST)\n\
                    \tKUNIT_CASE(null_dereference),\n\
                    #endif /* CONFIG_FAULT_TEST */\n\
                    #ifndef CONFIG_UML\n\tKUNIT_CASE(not_uml),\n#else\n\tKUNIT_CASE(uml),\n#endif\n\
                    \t{}\n};\n\
                    static struct kunit_suite fault = {\n\t.name = \"kunit_fault\",\n\t.test_cases = fault_cases,\n};\n";
        let uml = declared_suites_under(text, "kunit-test", &|o| o == "UML");
        assert_eq!(uml[0].cases, ["uml"]);
        assert!(!uml[0].no_case);
        let both = declared_suites_under(text, "kunit-test", &|o| o == "FAULT_TEST");
        assert_eq!(both[0].cases, ["null_dereference", "not_uml"]);
        let only_fault = text
            .replace("KUNIT_CASE(not_uml)", "")
            .replace("KUNIT_CASE(uml)", "");
        let none = declared_suites_under(&only_fault, "kunit-test", &|_| false);
        assert!(none[0].cases.is_empty());
        assert!(
            none[0].no_case,
            "an array left only its {{}} is a suite with no case"
        );
        // Without a configuration every case counts.
        assert_eq!(
            declared_suites(&only_fault, "kunit-test")[0].cases,
            ["null_dereference"]
        );
        // A case list some other macro builds is unreadable, not empty.
        let other = only_fault.replace("#if IS_ENABLED(CONFIG_FAULT_TEST)", "MY_CASES(x)\n#if 0");
        assert!(!declared_suites_under(&other, "kunit-test", &|_| false)[0].no_case);
    }

    #[test]
    fn unreadable_suites_fall_back_to_the_file_name() {
        let s = declared_suites("kunit_test_suite(MAKE_SUITE(x));\n", "my-test");
        assert_eq!(s.len(), 1);
        assert_eq!(s[0].name, "my_test");
        assert!(s[0].cases.is_empty());
        let m = declared_suites(
            "static struct kunit_suite s = {\n\t.name = KBUILD_MODNAME,\n};\n",
            "binfmt-elf",
        );
        assert_eq!(m[0].name, "binfmt_elf");
    }

    #[test]
    fn the_framework_naming_the_macro_is_no_registration() {
        assert!(!registers_suites(
            "void __kunit_test_suites_init(struct kunit_suite * const * const suites);\n"
        ));
        assert!(!registers_suites("/* see kunit_test_suites() */\n"));
        assert!(registers_suites("kunit_test_suite(x);\n"));
        assert!(registers_suites("kunit_test_init_section_suites(&x);\n"));
    }

    #[test]
    fn global_definitions_and_exports_are_found() {
        let text = "\
int visible(int a,
\t    int b)
{
\treturn a + b;
}
EXPORT_SYMBOL_GPL(visible);

static int hidden(void)
{
\treturn 0;
}

unsigned long
long_one(void)
{
}
int declared(int x);
void
__init on_next_line(void)
{
}
MODULE_LICENSE(\"GPL\");
EXPORT_SYMBOL(exported_macro_made);
";
        let got = defined_symbols(text);
        assert!(got.contains(&"visible".to_string()), "{got:?}");
        assert!(got.contains(&"exported_macro_made".to_string()), "{got:?}");
        assert!(got.contains(&"on_next_line".to_string()), "{got:?}");
        assert!(!got.contains(&"hidden".to_string()), "{got:?}");
        assert!(!got.contains(&"declared".to_string()), "{got:?}");
        assert!(!got.contains(&"MODULE_LICENSE".to_string()), "{got:?}");
    }
}
