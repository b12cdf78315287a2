//! "Built-in tests at boot": any binary that links kunit runs its registered suites before
//! `main` when `KUNIT_BOOT` is set, printing KTAP to stderr — off unless asked.
//!
//! `KUNIT_BOOT=1` runs everything; any other value is a `suite_glob[.test_glob]` filter
//! (`KUNIT_BOOT='checksum*'`). `KUNIT_BOOT_EXIT=1` exits after the tests (status 0 or 1)
//! instead of continuing into `main`, like `kunit_shutdown=halt`.
//!
//! The hook is a `ctor` constructor in this crate, in the plain `.init_array` (`naked`: a
//! prioritised constructor would run before inventory's plain ones). Constructors there run
//! in link order and a crate is linked after the crates that use it, so every suite's
//! inventory registration (a constructor in the suite's crate) has run by the time this one
//! does.

use crate::executor::{run_plan, Config, Ignored, Plan};
use crate::output::Sink;
use crate::registry::registered_suites;
use std::sync::Arc;

/// Runs the boot-time tests if `KUNIT_BOOT` asks for them; returns whether they all passed.
pub fn run_boot_tests() -> Option<bool> {
    let spec = std::env::var(kunit_protocol::env::BOOT)
        .ok()
        .filter(|v| !v.is_empty() && v != "0")?;
    let config = Config {
        filter_glob: (spec != "1").then_some(spec),
        ignored: Ignored::Include,
        ..Config::default()
    };
    let plan = match Plan::new(&registered_suites(), &config) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{e}");
            return Some(false);
        }
    };
    let report = run_plan(plan, &config, Arc::new(Sink::stderr()));
    Some(report.success())
}

ctor::declarative::ctor! {
    #[ctor(unsafe, naked)]
    fn kunit_boot_hook() {
        if let Some(ok) = run_boot_tests() {
            if std::env::var_os(kunit_protocol::env::BOOT_EXIT).is_some_and(|v| v == "1") {
                std::process::exit(if ok { 0 } else { 1 });
            }
        }
    }
}
