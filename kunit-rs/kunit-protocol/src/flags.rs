//! The harness flags the runner passes, by their names on the harness's command line. The
//! harness (`kunit::harness`) matches on these; the runner forwards them (`kunit-tool`'s
//! `exec::harness_flags`, whose clap options take the same names through [`long`]).

/// `suite_glob[.test_glob]`: which suites and cases run.
pub const FILTER_GLOB: &str = "--filter_glob";
/// Attribute filters (`speed>slow, module=foo`).
pub const FILTER: &str = "--filter";
/// `skip`: what the filters leave out is reported skipped.
pub const FILTER_ACTION: &str = "--filter_action";
/// The base per-case timeout in seconds.
pub const TIMEOUT: &str = "--timeout";
/// The output format (`ktap`, `tap`, `tap14`; libtest's `json`, `pretty`, `terse`).
pub const FORMAT: &str = "--format";
/// How many suites (or cases of a parallel suite) run at a time.
pub const JOBS: &str = "--jobs";
/// `suite` and `suite.case` lines, as the kernel's `kunit.action=list`.
pub const LIST_TESTS: &str = "--list_tests";
/// The same with attribute lines (`kunit.action=list_attr`).
pub const LIST_TESTS_ATTR: &str = "--list_tests_attr";
/// Suite names only.
pub const LIST_SUITES: &str = "--list_suites";

/// A flag's name without its `--`, as clap's `long` takes it.
pub const fn long(flag: &'static str) -> &'static str {
    flag.split_at(2).1
}
