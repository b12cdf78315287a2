//! The command lines IDEs send to run one test (docs/src/writing-suites.md, "Running a case
//! from the editor"), run literally against examples/lib-layout: each must run exactly the
//! chosen `#[kunit_tests]` case (or module), in the library's libtest binary and in a harness
//! target.
//! * rust-analyzer (crates/rust-analyzer/src/target_spec.rs): `-- PATH --exact` for a test,
//!   `-- PATH` for a module, then runnables.extraTestBinaryArgs (default `--show-output`),
//!   then `--ignored` for an #[ignore] test.
//! * RustRover / IntelliJ Rust (CargoTestRunConfigurationProducerBase.kt): `-- PATH --exact`,
//!   `--ignored` for an #[ignore] test.
//! * Test explorers (rust-analyzer's test_runner.rs, RustRover's test window) run libtest's
//!   JSON mode: a `kunit_case!` case (hello-kunit) and a C case (c-suite); each must run
//!   exactly the chosen case, and the listing must name it.

#[kunit::kunit_tests(xtask_ide_runnables)]
mod tests {
    use crate::common::{cargo, text};

    /// `cargo test ARGS`: stdout, and stdout then stderr.
    fn cargo_test(args: &str) -> (String, String) {
        let out = cargo()
            .arg("test")
            .args(args.split_whitespace())
            .output()
            .expect("cargo runs");
        let stdout = text(&out.stdout);
        let both = format!("{stdout}{}", text(&out.stderr));
        (stdout, both)
    }

    /// Checks every `(cargo test arguments, closing line counts, a line of the output)`.
    fn check(test: &mut kunit::Kunit, lines: &[(&str, &str, &str)]) {
        for (args, counts, line) in lines {
            let (_, out) = cargo_test(args);
            assert!(
                out.contains(&format!("test result: ok. {counts}")) && out.contains(line),
                "cargo test {args}: wanted '{counts}' and '{line}'; got:\n{out}"
            );
            kunit::kunit_info!(test, "ok: cargo test {args}");
        }
    }

    const LIB: &str = "--package lib-layout --lib --";
    const HARNESS: &str = "--package lib-layout --test kunit --";
    const JSON: &str = "-Z unstable-options --format=json";

    #[test]
    #[ignore = "runs cargo test on examples: scripts/test.sh ide-runnables"]
    fn rust_analyzer_runs_exactly_the_chosen_case(test: &mut kunit::Kunit) {
        let one = "1 passed; 0 failed; 0 ignored";
        check(
            test,
            &[
                (
                    &format!("{LIB} tests::parses_kilobytes --exact --show-output"),
                    one,
                    "    ok 1 parses_kilobytes",
                ),
                (
                    &format!("{LIB} tests::suffixes::megabytes --exact --show-output"),
                    one,
                    "    ok 1 suffixes.megabytes",
                ),
                (
                    &format!("{LIB} tests::every_small_size --exact --show-output --ignored"),
                    one,
                    "    ok 1 every_small_size",
                ),
                (
                    &format!("{LIB} tests --show-output"),
                    "3 passed; 0 failed; 1 ignored",
                    "    ok 1 rejects_garbage",
                ),
                (
                    &format!("{HARNESS} tests::plain_bytes --exact --show-output"),
                    "1 passed; 0 failed; 0 ignored; 0 measured; 1 filtered out",
                    "    ok 1 plain_bytes",
                ),
                (
                    &format!("{HARNESS} tests --show-output"),
                    "2 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out",
                    "    ok 2 plain_bytes",
                ),
            ],
        );
    }

    #[test]
    #[ignore = "runs cargo test on examples: scripts/test.sh ide-runnables"]
    fn rustrover_runs_exactly_the_chosen_case(test: &mut kunit::Kunit) {
        let one = "1 passed; 0 failed; 0 ignored";
        check(
            test,
            &[
                (
                    &format!("{LIB} tests::rejects_garbage --exact"),
                    one,
                    "test tests::rejects_garbage ... ok",
                ),
                (
                    &format!("{LIB} tests::every_small_size --exact --ignored"),
                    one,
                    "test tests::every_small_size ... ok",
                ),
                (
                    &format!("{HARNESS} tests::overflow_is_none --exact"),
                    "1 passed; 0 failed; 0 ignored; 0 measured; 1 filtered out",
                    "    ok 1 overflow_is_none",
                ),
            ],
        );
    }

    #[test]
    #[ignore = "runs cargo test on examples: scripts/test.sh ide-runnables"]
    fn test_explorers_run_and_list_exactly_the_chosen_case(test: &mut kunit::Kunit) {
        for (args, name) in [
            (
                "--package hello-kunit --test hello --no-fail-fast -- ring_buffer.test_fifo_order --exact",
                "ring_buffer.test_fifo_order",
            ),
            (
                "--package c-suite --test c_suite --no-fail-fast -- c_api.resources --exact",
                "c_api.resources",
            ),
        ] {
            let args = format!("{args} {JSON}");
            let (out, _) = cargo_test(&args);
            let ok = format!("{{ \"type\": \"test\", \"name\": \"{name}\", \"event\": \"ok\" }}");
            let started = out
                .matches("\"type\": \"test\", \"event\": \"started\"")
                .count();
            assert!(
                out.contains(&ok)
                    && out.contains("\"type\": \"suite\", \"event\": \"ok\", \"passed\": 1, \"failed\": 0")
                    && started == 1,
                "cargo test {args}: wanted exactly {name}, passed; got:\n{out}"
            );
            kunit::kunit_info!(test, "ok: cargo test {args}");
        }
        for (args, name) in [
            (
                "--package hello-kunit --test hello --",
                "ring_buffer.test_fifo_order",
            ),
            ("--package c-suite --test c_suite --", "c_api.resources"),
            (
                "--package lib-layout --test kunit --",
                "lib_layout_harness.plain_bytes",
            ),
        ] {
            let args = format!("{args} --list {JSON}");
            let (out, _) = cargo_test(&args);
            assert!(
                out.contains(&format!("\"event\": \"discovered\", \"name\": \"{name}\"")),
                "cargo test {args}: wanted {name} discovered; got:\n{out}"
            );
            kunit::kunit_info!(test, "ok: cargo test {args}");
        }
    }
}
