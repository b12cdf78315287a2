//! `macros.rs`'s tests (suite `kbuild_kconfig_macros`), declared by `macros.rs` under
//! `cfg(test)` and run by the library's test target (CONTRIBUTING.md, "One test convention").

#[kunit::kunit_tests(kbuild_kconfig_macros)]
mod tests {
    use crate::kconfig::macros::*;
    use std::collections::HashMap;

    fn env() -> Macros {
        Macros::new(HashMap::from([("ARCH".to_string(), "um".to_string())]))
    }

    #[test]
    fn simple_recursive_and_append() {
        let mut m = env();
        m.assign("A", ":=", "$(ARCH)-x").unwrap();
        m.assign("F", "=", "<$(1)|$(2)>").unwrap();
        m.assign("A", "+=", "more").unwrap();
        assert_eq!(
            m.expand("$(A) $(F,one,two) $(UNSET)!", &[]).unwrap(),
            "um-x more <one|two> !"
        );
    }

    #[test]
    fn shell_keeps_stdout_with_newlines_as_spaces() {
        let mut m = env();
        assert_eq!(m.expand("$(shell,printf 'a\\nb\\n')", &[]).unwrap(), "a b");
        assert_eq!(m.shell_runs, 1);
        // The second call is answered from the cache.
        m.expand("$(shell,printf 'a\\nb\\n')", &[]).unwrap();
        assert_eq!(m.shell_runs, 1);
    }

    #[test]
    fn success_as_kconfig_include_defines_it() {
        let mut m = env();
        m.assign("success", "=", "$(if-success,$(1),y,n)").unwrap();
        m.assign(
            "if-success",
            "=",
            "$(shell,{ $(1); } >/dev/null 2>&1 && echo \"$(2)\" || echo \"$(3)\")",
        )
        .unwrap();
        assert_eq!(
            m.expand("$(success,true)/$(success,false)", &[]).unwrap(),
            "y/n"
        );
    }

    #[test]
    fn error_if_fails_and_warning_if_is_kept() {
        let mut m = env();
        m.file = "Kconfig".into();
        m.line = 3;
        assert_eq!(m.expand("$(warning-if,y,careful)", &[]).unwrap(), "");
        assert_eq!(m.messages, ["Kconfig:3: careful"]);
        assert_eq!(
            m.expand("$(error-if,y,stop)", &[]).unwrap_err(),
            "Kconfig:3: stop"
        );
        assert!(m.expand("$(unterminated", &[]).is_err());
    }
}
