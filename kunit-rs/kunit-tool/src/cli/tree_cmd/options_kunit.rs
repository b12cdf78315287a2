//! `options.rs`'s tests (suite `tree_options`), declared by `options.rs` under `cfg(test)`
//! and run by the library's test target (CONTRIBUTING.md, "One test convention").

#[kunit::kunit_tests(tree_options)]
mod tests {
    use crate::cli::tree_cmd::options::*;
    use clap::Parser;

    fn parse(args: &[&str]) -> TreeArgs {
        TreeArgs::try_parse_from(std::iter::once("kunit").chain(args.iter().copied()))
            .expect("parses")
    }

    #[test]
    fn kunit_py_command_lines_parse() {
        let a = parse(&[
            "--kunitconfig",
            "lib/kunit",
            "--kunitconfig=fs/ext4",
            "--kconfig_add",
            "CONFIG_KUNIT_ALL_TESTS=y",
            "--alltests",
            "--arch=um",
            "--jobs",
            "3",
            "--timeout",
            "30",
            "--json",
            "--raw_output=kunit",
            "--build_dir",
            "b",
            "list*",
        ]);
        assert_eq!(a.build.kunitconfigs, ["lib/kunit", "fs/ext4"]);
        assert_eq!(a.build.kconfig_add, ["CONFIG_KUNIT_ALL_TESTS=y"]);
        assert!(a.build.alltests);
        assert_eq!(a.build.jobs, Some(3));
        assert_eq!(a.build.build_dir.as_deref(), Some("b"));
        assert_eq!(a.positional_glob.as_deref(), Some("list*"));
        assert_eq!(refused(&a.build), None);
        assert_eq!(bad_kconfig_add(&a.build), None);
    }

    #[test]
    fn the_additions_parse_as_kunit_cs() {
        let a = parse(&["--sanitize=undefined,address", "--debugger"]);
        // In one order whatever the order given (exec compares it with the build's).
        assert_eq!(a.instrument.sanitizers(), ["address", "undefined"]);
        assert!(a.exec.debugger.is_some());
        let a = parse(&["--coverage", "--coverage-all"]);
        assert_eq!(a.instrument.coverage.as_deref(), Some(""));
        assert!(a.instrument.sanitizers().is_empty());
        let a = parse(&["--coverage=out"]);
        assert_eq!(a.instrument.coverage.as_deref(), Some("out"));
        let bad = |args: &[&str]| {
            TreeArgs::try_parse_from(std::iter::once("kunit").chain(args.iter().copied())).is_err()
        };
        assert!(bad(&["--sanitize=address,thread"]));
        assert!(bad(&["--sanitize=memory"]));
        assert!(bad(&["--coverage", "--sanitize=address"]));
        assert!(bad(&["--coverage-all"]));
    }

    #[test]
    fn what_cannot_hold_is_refused() {
        assert!(
            refused(&parse(&["--arch", "arm64"]).build).is_some_and(|e| e.contains("--arch arm64"))
        );
        assert!(refused(&parse(&["--qemu_args=-smp 2"]).build)
            .is_some_and(|e| e.contains("--qemu_args")));
        assert!(refused(&parse(&["--make_options", "LLVM=1"]).build).is_some());
        assert!(bad_kconfig_add(&parse(&["--kconfig_add", "FOO=y"]).build).is_some());
    }
}
