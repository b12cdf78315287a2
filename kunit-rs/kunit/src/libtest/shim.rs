//! The libtest `#[test]` that `#[kunit_tests]` puts beside each case under `cfg(test)`, so
//! that plain `cargo test` (the library's libtest binary, rust-analyzer's runnables, IDE test
//! explorers) runs the case, through kunit, under the case's libtest name.

use super::module_cases::home_of;
use crate::executor::{Config, Ignored};
use crate::output::Capture;
use crate::registry::Registration;

/// Runs the case `name` of the module `module` (`module_path!()` there) alone and prints its
/// KTAP (libtest captures it); panics when the case failed, so that libtest reports it failed.
#[track_caller]
pub fn libtest_case(module: &'static str, name: &str) {
    let Some((home, prefix)) = home_of(module) else {
        panic!("kunit: #[test] {module}::{name} is outside every #[kunit_tests] module");
    };
    let full = format!("{}.{}{}", home.suite.name, prefix, name);
    let mut config = Config {
        // libtest decided whether to run it (`#[ignore]` is on this shim too).
        ignored: Ignored::Include,
        ..Config::default()
    };
    config.names.include.push(full.clone());
    config.names.exact = true;
    let out = Capture::new();
    // The `module` attribute is the crate's name, as for registered suites.
    let krate = module.split("::").next().unwrap_or(module);
    let regs = [Registration::unregistered(home.suite, krate)];
    let report = match crate::run(Some(&regs), &config, out.clone()) {
        Ok(report) => report,
        Err(e) => panic!("kunit: {e}"),
    };
    print!("{}", out.text());
    if report.passed() + report.failed() + report.skipped() == 0 {
        panic!("kunit: no case {full} in this binary");
    }
    if !report.success() {
        panic!("kunit case {full} failed (its KTAP is above)");
    }
}
