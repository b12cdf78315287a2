//! Self-tests of the instrumented builds' flags (run by `tests/selftest.rs`, which includes
//! `instrument.rs` as its own module).

use kunit::prelude::*;

use crate::instrument::{
    cargo_link_directives, check, compile_flags, config_defaults, link_flags, with_instrumentation,
};
use crate::kconfig::{Config, Value};
use crate::spec::Build;

fn list(names: &[&str]) -> Vec<String> {
    names.iter().map(|s| (*s).to_owned()).collect()
}

/// The configuration `--sanitize=LIST` gives, with `extra` options set after it.
fn config(names: &[&str], extra: &[(&str, &str)]) -> Config {
    let mut c = Config::with_defaults();
    for (n, v) in config_defaults(&list(names)) {
        c.set(n, Value::parse(v));
    }
    for (n, v) in extra {
        c.set(n, Value::parse(v));
    }
    c
}

fn ubsan_is_the_kernels_debug_config(test: &mut Kunit) {
    let u = list(&["undefined"]);
    kunit_expect_eq!(
        test,
        compile_flags(&u, false, false, &config(&["undefined"], &[])),
        list(&[
            "-fsanitize=bounds-strict,shift,unreachable,bool,enum",
            "-fsanitize-recover=all",
            "-fno-omit-frame-pointer",
        ])
    );
    // Clang's bounds check is array-bounds (CONFIG_UBSAN_ARRAY_BOUNDS).
    kunit_expect_eq!(
        test,
        compile_flags(&u, false, true, &config(&["undefined"], &[]))[0].as_str(),
        "-fsanitize=array-bounds,shift,unreachable,bool,enum"
    );
    // The configuration changes the checks; signed overflow only when asked for.
    let tuned = config(
        &["undefined"],
        &[
            ("CONFIG_UBSAN_SHIFT", "n"),
            ("CONFIG_UBSAN_ALIGNMENT", "y"),
            ("CONFIG_UBSAN_SIGNED_WRAP", "y"),
            ("CONFIG_UBSAN_DIV_ZERO", "y"),
        ],
    );
    kunit_expect_eq!(
        test,
        compile_flags(&u, false, false, &tuned)[0].as_str(),
        "-fsanitize=bounds-strict,unreachable,bool,enum,alignment,signed-integer-overflow,integer-divide-by-zero"
    );
    // Clang gets no divide-by-zero check (Kconfig.ubsan: broken there).
    kunit_expect_false!(
        test,
        compile_flags(&u, false, true, &tuned)[0].contains("integer-divide-by-zero")
    );
    // Without `undefined`, no UBSAN option is set.
    kunit_expect_false!(
        test,
        config(&["address"], &[])
            .autoconf_h()
            .contains("CONFIG_UBSAN")
    );
    kunit_expect_true!(
        test,
        config(&["undefined"], &[])
            .autoconf_h()
            .contains("#define CONFIG_UBSAN_SHIFT 1\n")
    );
}

fn address_thread_and_coverage_flags(test: &mut Kunit) {
    let c = config(&[], &[]);
    kunit_expect_eq!(
        test,
        compile_flags(&list(&["address"]), false, false, &c),
        list(&[
            "-fsanitize=address",
            "-fno-sanitize-address-use-after-scope",
            "-fsanitize-recover=all",
            "-fno-omit-frame-pointer",
        ])
    );
    kunit_expect_eq!(
        test,
        compile_flags(&list(&["thread"]), true, false, &c),
        list(&[
            "-fsanitize=thread",
            "-fsanitize-recover=all",
            "-fno-omit-frame-pointer",
            "--coverage",
            "-fprofile-update=single",
        ])
    );
    kunit_expect_true!(test, compile_flags(&[], false, false, &c).is_empty());
    kunit_expect_eq!(
        test,
        link_flags(&list(&["address", "undefined"]), true),
        list(&["-fsanitize=address", "-fsanitize=undefined", "--coverage"])
    );
}

fn build_script_links_gccs_runtimes_first(test: &mut Kunit) {
    // The test runs outside a build script: no CARGO_ENCODED_RUSTFLAGS, Rust not sanitized.
    kunit_expect_eq!(
        test,
        cargo_link_directives(&list(&["address", "undefined"]), true, false),
        list(&[
            "cargo:rustc-link-lib=dylib=asan",
            "cargo:rustc-link-lib=dylib=ubsan",
            "cargo:rustc-link-arg=-lgcov",
        ])
    );
    kunit_expect_eq!(
        test,
        cargo_link_directives(&list(&["thread"]), false, true),
        list(&["cargo:rustc-link-arg=-fsanitize=thread"])
    );
}

fn build_script_reads_kunit_runs_request(test: &mut Kunit) {
    let plain = Build::default();
    // Nothing asked: plain.
    let b = with_instrumentation(&plain, None, None);
    kunit_expect_true!(test, b.sanitize.is_empty());
    kunit_expect_false!(test, b.coverage);
    // `kunit run --sanitize=address,undefined --coverage`.
    let b = with_instrumentation(&plain, Some("address, undefined"), Some("1"));
    kunit_expect_eq!(test, b.sanitize, list(&["address", "undefined"]));
    kunit_expect_true!(test, b.coverage);
    // `0` and empty are off; a build's own choices win over the environment's.
    kunit_expect_false!(test, with_instrumentation(&plain, None, Some("0")).coverage);
    kunit_expect_false!(test, with_instrumentation(&plain, None, Some("")).coverage);
    let own = Build {
        sanitize: list(&["thread"]),
        coverage: true,
        ..Build::default()
    };
    let b = with_instrumentation(&own, Some("address"), Some("0"));
    kunit_expect_eq!(test, b.sanitize, list(&["thread"]));
    kunit_expect_true!(test, b.coverage);
}

fn bad_lists_are_errors(test: &mut Kunit) {
    kunit_expect_eq!(test, check(&list(&["address", "undefined"])), Ok(()));
    kunit_expect_eq!(
        test,
        check(&list(&["memory"])),
        Err(
            "kunit-c: unknown sanitizer 'memory' (choose from address, undefined, thread)"
                .to_owned()
        )
    );
    kunit_expect_eq!(
        test,
        check(&list(&["address", "address"])),
        Err("kunit-c: sanitizer 'address' is given twice".to_owned())
    );
    kunit_expect_eq!(
        test,
        check(&list(&["thread", "address"])),
        Err("kunit-c: address and thread cannot be combined (one runtime per process)".to_owned())
    );
}

static CASES: &[Case] = &[
    kunit_case!(ubsan_is_the_kernels_debug_config),
    kunit_case!(address_thread_and_coverage_flags),
    kunit_case!(build_script_links_gccs_runtimes_first),
    kunit_case!(build_script_reads_kunit_runs_request),
    kunit_case!(bad_lists_are_errors),
];
kunit_test_suite!(Suite {
    name: "kunit_c_instrument",
    test_cases: CASES,
    ..Suite::DEFAULT
});
