//! Several test threads at once: each thread's hardirq interrupts that thread only,
//! lines on different threads do not disturb each other.

use crate::probe::*;
use kunit::prelude::*;
use run_in_irq::{run_irq_test, Context, IrqTestConfig, IrqTestReport, SoftirqMode};
use std::sync::atomic::{AtomicU32, Ordering::SeqCst};

struct Owned {
    tid: i32,
    mode: SoftirqMode,
    wrong_thread: AtomicU32,
}

fn on_the_right_thread(s: &Owned) -> bool {
    let here = gettid() == s.tid;
    let ok = match (Context::current(), s.mode) {
        (Context::Softirq, SoftirqMode::Thread) => !here,
        _ => here,
    };
    if !ok {
        s.wrong_thread.fetch_add(1, SeqCst);
    }
    ok
}

fn run_on_this_thread(mode: SoftirqMode) -> (std::io::Result<IrqTestReport>, u32) {
    let state = Owned {
        tid: gettid(),
        mode,
        wrong_thread: AtomicU32::new(0),
    };
    let config = IrqTestConfig {
        softirq_mode: mode,
        ..IrqTestConfig::default()
    };
    let r = run_irq_test(on_the_right_thread, 50_000, &state, &config);
    (r, state.wrong_thread.load(SeqCst))
}

fn test_two_threads_at_once(test: &mut Kunit) {
    for modes in [
        [SoftirqMode::OnIrqExit, SoftirqMode::OnIrqExit],
        [SoftirqMode::OnIrqExit, SoftirqMode::Thread],
        [SoftirqMode::Thread, SoftirqMode::Thread],
    ] {
        let results = std::thread::scope(|s| {
            let handles = modes.map(|mode| s.spawn(move || run_on_this_thread(mode)));
            handles.map(|h| h.join().expect("runner thread"))
        });
        for (r, wrong) in results {
            let Some(r) = line_ok(test, r) else { continue };
            kunit_expect_eq!(test, wrong, 0);
            kunit_expect_gt!(test, r.hardirq_calls, 0);
            kunit_expect_gt!(test, r.softirq_calls, 0);
            kunit_expect_false!(test, r.task_failed || r.hardirq_failed || r.softirq_failed);
            kunit_expect_eq!(test, r.violations.len(), 0);
        }
    }
}

static CASES: &[Case] = &[kunit_case!(test_two_threads_at_once)];

kunit_test_suite!(Suite {
    name: "run_in_irq_parallel",
    test_cases: CASES,
    // Measures two irq tests at once; a third suite's load would skew it.
    attr: Attributes {
        serial: true,
        ..Attributes::DEFAULT
    },
    ..Suite::DEFAULT
});
