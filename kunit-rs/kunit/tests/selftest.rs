//! kunit tests itself with kunit: each concern's self-test lives beside it in `src/`
//! (`*_kunit.rs`, as lib/kunit/ does with `*-test.c`) and is collected here.
//!
//! Most self-tests run small, unregistered suites through the embedding API and compare the
//! whole KTAP text they print with what KUnit prints.

#[path = "../src/assert/assert_kunit.rs"]
mod assert_kunit;
#[path = "../src/internal/call_stack_kunit.rs"]
mod call_stack_kunit;
#[path = "../src/errptr_kunit.rs"]
mod errptr_kunit;
#[path = "../src/executor_kunit.rs"]
mod executor_kunit;
#[path = "../src/filter_kunit.rs"]
mod filter_kunit;
#[path = "../src/harness_bad_input_kunit.rs"]
mod harness_bad_input_kunit;
#[path = "../src/harness_kunit.rs"]
mod harness_kunit;
#[path = "../src/ktap_kunit.rs"]
mod ktap_kunit;
#[path = "../src/libtest_json_kunit.rs"]
mod libtest_json_kunit;
#[path = "../src/operands_kunit.rs"]
mod operands_kunit;
#[path = "../src/output_kunit.rs"]
mod output_kunit;
#[path = "../src/params_kunit.rs"]
mod params_kunit;
#[path = "../src/resource_kunit.rs"]
mod resource_kunit;
#[path = "../src/executor/select_kunit.rs"]
mod select_kunit;
#[path = "../src/stub_kunit.rs"]
mod stub_kunit;
#[path = "../src/executor/suite_run_kunit.rs"]
mod suite_run_kunit;
#[path = "../src/test_handle_kunit.rs"]
mod test_handle_kunit;
#[path = "../src/valgrind_kunit.rs"]
mod valgrind_kunit;
#[path = "../src/warn_kunit.rs"]
mod warn_kunit;

/// The list above is the whole list: every `src/**/*_kunit.rs` is pulled in exactly once, so a
/// new self-test file cannot be forgotten here (it would never run).
mod listing {
    use kunit::prelude::*;
    use std::path::Path;

    fn self_test_files(dir: &Path, root: &Path, out: &mut Vec<String>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .expect("read src/")
            .map(|e| e.expect("a directory entry").path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                self_test_files(&path, root, out);
            } else if path.to_string_lossy().ends_with("_kunit.rs") {
                let rel = path.strip_prefix(root).expect("under src/");
                out.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }

    fn test_every_self_test_file_is_listed(test: &mut Kunit) {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut on_disk = Vec::new();
        self_test_files(&src, &src, &mut on_disk);
        let mut listed: Vec<String> = include_str!("selftest.rs")
            .lines()
            .filter_map(|l| l.strip_prefix("#[path = \"../src/")?.strip_suffix("\"]"))
            .map(String::from)
            .collect();
        listed.sort();
        on_disk.sort();
        let missing: Vec<&String> = on_disk.iter().filter(|f| !listed.contains(f)).collect();
        let stale: Vec<&String> = listed.iter().filter(|f| !on_disk.contains(f)).collect();
        kunit_expect_true_msg!(
            test,
            missing.is_empty(),
            "not in tests/selftest.rs: {:?}",
            missing
        );
        kunit_expect_true_msg!(test, stale.is_empty(), "listed but absent: {:?}", stale);
        kunit_expect_gt!(test, listed.len(), 0);
        let mut unique = listed.clone();
        unique.dedup();
        kunit_expect_eq_msg!(
            test,
            unique.len(),
            listed.len(),
            "listed twice: {:?}",
            listed
        );
    }

    static CASES: &[Case] = &[kunit_case!(test_every_self_test_file_is_listed)];
    kunit_test_suite!(Suite::new("kunit_selftest_listing", CASES));
}

/// Running inner suites and capturing their KTAP.
pub mod support {
    use kunit::{Capture, Config, Registration, Report, Suite};

    /// Runs `suites` (unregistered, module `module`) and returns their KTAP and report.
    pub fn run_with(
        suites: &[&'static Suite],
        module: &'static str,
        config: &Config,
    ) -> (String, Report) {
        let regs: Vec<Registration> = suites
            .iter()
            .map(|s| Registration::unregistered(s, module))
            .collect();
        let out = Capture::new();
        let report = kunit::run(Some(&regs), config, out.clone()).expect("filters parse");
        (out.text(), report)
    }

    /// Runs with every case included (slow ones too) and the default stats.
    pub fn run(suites: &[&'static Suite]) -> (String, Report) {
        run_with(
            suites,
            "",
            &Config {
                ignored: kunit::Ignored::Include,
                ..Config::default()
            },
        )
    }

    /// The first `EXPECTATION FAILED` line (its file:line depends on where the case sits).
    pub fn first_failure_line(ktap: &str) -> String {
        ktap.lines()
            .find(|l| l.contains("EXPECTATION FAILED"))
            .unwrap_or("")
            .to_owned()
    }

    /// The KTAP of one suite, without the two top-level lines.
    pub fn suite_ktap(suite: &'static Suite) -> String {
        let (text, _) = run(&[suite]);
        text.strip_prefix("KTAP version 1\n1..1\n")
            .expect("top-level header")
            .to_owned()
    }
}

kunit::main!();
