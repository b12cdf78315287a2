//! Where an allocation in hardirq is reported: the user's line, named relative to the
//! workspace root the binary was built in — whatever the current directory is when it runs
//! (a test binary reused from a shared `CARGO_TARGET_DIR` runs in another clone).

use crate::probe::line_ok;
use kunit::prelude::*;
use run_in_irq::{in_hardirq, run_irq_test, SourceSite, Violation};
use std::hint::black_box;
use std::process::{Command, Stdio};

/// The line of the `Box::new` in `allocates_in_hardirq`.
const BOX_LINE: u32 = line!() + 4;

fn allocates_in_hardirq(_: &()) -> bool {
    if in_hardirq() {
        let b = black_box(Box::new(7u64));
        return *b == 7;
    }
    true
}

fn test_allocation_site_is_workspace_relative(test: &mut Kunit) {
    let r = run_irq_test(
        allocates_in_hardirq,
        5_000,
        &(),
        &run_in_irq::IrqTestConfig::default(),
    );
    let Some(r) = line_ok(test, r) else { return };
    kunit_assert_gt!(test, r.hardirq_calls, 0);
    kunit_assert_eq!(test, r.violations.len(), 1);
    kunit_expect_eq!(test, r.violations[0].kind, Violation::SleepInAtomic);
    // As `file!()` names this file: relative to the workspace root.
    let want = SourceSite {
        file: file!().to_owned(),
        line: BOX_LINE,
    };
    kunit_expect_eq!(test, r.violations[0].site.as_ref(), Some(&want));
}

/// The case above, run by this binary again from `/` (no `Cargo.lock` above it).
fn test_allocation_site_does_not_depend_on_cwd(test: &mut Kunit) {
    if std::path::Path::new("/Cargo.lock").exists() {
        kunit_skip!(test, "/ holds a Cargo.lock");
    }
    let exe = std::env::current_exe();
    let Ok(exe) = exe else {
        kunit_fail!(test, "current_exe: {:?}", exe.err());
        return;
    };
    let out = Command::new(exe)
        .args([
            "--filter_glob",
            "run_in_irq_symbolize.test_allocation_site_is_workspace_relative",
        ])
        .current_dir("/")
        .stdin(Stdio::null())
        .output();
    let Ok(out) = out else {
        kunit_fail!(test, "running the test binary: {:?}", out.err());
        return;
    };
    let stdout = String::from_utf8_lossy(&out.stdout);
    kunit_expect_true_msg!(test, out.status.success(), "{stdout}");
    kunit_expect_true_msg!(
        test,
        stdout.contains("\n    ok 1 test_allocation_site_is_workspace_relative\n"),
        "{stdout}"
    );
}

static CASES: &[Case] = &[
    kunit_case!(test_allocation_site_is_workspace_relative),
    kunit_case!(test_allocation_site_does_not_depend_on_cwd),
];

kunit_test_suite!(Suite::new("run_in_irq_symbolize", CASES));
