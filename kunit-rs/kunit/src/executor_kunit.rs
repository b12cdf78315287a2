//! Self-tests of the executor: the case lifecycle and its ordering, status rules, init
//! failures, panics, timeouts, parallel suites, parallel cases and shuffling.

use crate::support::{run, run_with, suite_ktap};
use kunit::prelude::*;
use kunit::{Config, Ignored};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// What the lifecycle hooks saw, in order.
static EVENTS: Mutex<Vec<String>> = Mutex::new(Vec::new());

fn event(e: impl Into<String>) {
    EVENTS.lock().unwrap().push(e.into());
}
fn take_events() -> Vec<String> {
    std::mem::take(&mut *EVENTS.lock().unwrap())
}

fn ev_suite_init(_: &Suite) -> Result<(), i32> {
    event("suite_init");
    Ok(())
}
fn ev_suite_exit(_: &Suite) {
    event("suite_exit");
}
fn ev_init(t: &mut Kunit) -> Result<(), i32> {
    event(format!("init {}", t.name()));
    if t.name() == "init_fails" {
        return Err(-12);
    }
    Ok(())
}
fn ev_exit(t: &mut Kunit) {
    event(format!("exit {}", t.name()));
}
fn passes(t: &mut Kunit) {
    t.add_action(|| event("action 1"));
    t.add_action(|| event("action 2"));
    event("run passes");
}
fn asserts(t: &mut Kunit) {
    t.add_action(|| event("action asserts"));
    kunit_assert_eq!(t, 1, 2);
    event("not reached");
}
fn init_fails(_: &mut Kunit) {
    event("run init_fails (must not run)");
}
static LIFECYCLE_CASES: &[Case] = &[
    kunit_case!(passes),
    kunit_case!(asserts),
    kunit_case!(init_fails),
];
static LIFECYCLE: Suite = Suite {
    name: "lifecycle",
    suite_init: Some(ev_suite_init),
    suite_exit: Some(ev_suite_exit),
    init: Some(ev_init),
    exit: Some(ev_exit),
    test_cases: LIFECYCLE_CASES,
    ..Suite::DEFAULT
};

fn test_lifecycle_order(test: &mut Kunit) {
    take_events();
    let got = suite_ktap(&LIFECYCLE);
    let events = take_events();
    let want = [
        "suite_init",
        "init passes",
        "run passes",
        "exit passes",
        "action 2",
        "action 1",
        "init asserts",
        "exit asserts",
        "action asserts",
        "init init_fails",
        "exit init_fails",
        "suite_exit",
    ];
    kunit_expect_eq!(test, events, want.map(String::from).to_vec());
    kunit_expect_true!(
        test,
        got.contains("    # init_fails: failed to initialize: -12\n    not ok 3 init_fails\n")
    );
}

fn suite_init_fails(_: &Suite) -> Result<(), i32> {
    Err(-19)
}
static BROKEN_SUITE: Suite = Suite {
    name: "broken",
    suite_init: Some(suite_init_fails),
    suite_exit: Some(ev_suite_exit),
    test_cases: LIFECYCLE_CASES,
    ..Suite::DEFAULT
};

fn test_suite_init_failure(test: &mut Kunit) {
    take_events();
    // No header, no cases, no suite_exit (`goto suite_end`); the suite fails.
    kunit_expect_streq!(
        test,
        suite_ktap(&BROKEN_SUITE),
        "    # broken:     # failed to initialize (-19)\nnot ok 1 broken\n"
    );
    kunit_expect_eq!(test, take_events(), Vec::<String>::new());
}

fn skip_then_fail(t: &mut Kunit) {
    t.mark_skipped("first");
    kunit_expect_eq!(t, 1, 2);
}
fn fail_then_skip(t: &mut Kunit) {
    kunit_expect_eq!(t, 1, 2);
    kunit_mark_skipped!(t, "wins {}", 1);
}
fn skip_continues(t: &mut Kunit) {
    kunit_mark_skipped!(t, "marked");
    kunit_info!(t, "after mark_skipped");
}
fn skip_aborts(t: &mut Kunit) {
    kunit_skip!(t, "gone");
}
static SKIP_CASES: &[Case] = &[
    kunit_case!(skip_then_fail),
    kunit_case!(fail_then_skip),
    kunit_case!(skip_continues),
    kunit_case!(skip_aborts),
];
static SKIPS: Suite = Suite::new("skips", SKIP_CASES);

fn test_skip_semantics(test: &mut Kunit) {
    let (got, report) = run(&[&SKIPS]);
    let statuses: Vec<Status> = report.suites[0].cases.iter().map(|c| c.status).collect();
    kunit_expect_eq!(
        test,
        statuses,
        vec![
            Status::Failure,
            Status::Skipped,
            Status::Skipped,
            Status::Skipped
        ]
    );
    kunit_expect_true!(test, got.contains("    not ok 1 skip_then_fail\n"));
    kunit_expect_true!(
        test,
        got.contains("    ok 2 fail_then_skip # SKIP wins 1\n")
    );
    kunit_expect_true!(
        test,
        got.contains(
            "    # skip_continues: after mark_skipped\n    ok 3 skip_continues # SKIP marked\n"
        )
    );
    kunit_expect_true!(test, got.contains("    ok 4 skip_aborts # SKIP gone\n"));
    kunit_expect_streq!(test, report.suites[0].cases[3].skip_reason, "gone");
}

fn panics(t: &mut Kunit) {
    kunit_succeed!(t);
    let v: Vec<u8> = Vec::new();
    let _ = std::hint::black_box(&v)[1];
}
static PANIC_CASES: &[Case] = &[kunit_case!(panics), kunit_case!(passes)];
static PANICS: Suite = Suite::new("panics", PANIC_CASES);

fn test_panic_is_a_failure(test: &mut Kunit) {
    let got = suite_ktap(&PANICS);
    let lines: Vec<&str> = got.lines().collect();
    kunit_expect_true!(test, lines[3].starts_with("    # panics: panicked at "));
    kunit_expect_streq!(
        test,
        lines[4],
        "    index out of bounds: the len is 0 but the index is 1"
    );
    kunit_expect_true!(
        test,
        lines[5].starts_with("    # panics: try faulted: last line seen ")
    );
    kunit_expect_streq!(
        test,
        lines[6],
        "    # panics: internal error occurred preventing test case from running: -4"
    );
    kunit_expect_streq!(test, lines[7], "    not ok 1 panics");
    kunit_expect_streq!(test, lines[8], "    ok 2 passes");
}

static RELEASE_HUNG: AtomicBool = AtomicBool::new(false);
fn hangs(t: &mut Kunit) {
    t.add_action(|| event("hung action"));
    event("hang start");
    while !RELEASE_HUNG.load(Relaxed) {
        std::thread::sleep(Duration::from_millis(5));
    }
    kunit_info!(t, "detached output is dropped");
}
fn after_hang(_: &mut Kunit) {
    event("after hang");
}
static HANG_CASES: &[Case] = &[
    Case {
        name: "hangs",
        run_case: hangs,
        attr: Attributes {
            timeout: Some(Duration::from_millis(300)),
            ..Attributes::DEFAULT
        },
        ..Case::DEFAULT
    },
    kunit_case!(after_hang),
];
static HANGS: Suite = Suite::new("hangs", HANG_CASES);

fn test_timeout_then_next_case(test: &mut Kunit) {
    take_events();
    let start = Instant::now();
    let (got, report) = run(&[&HANGS]);
    let elapsed = start.elapsed();
    RELEASE_HUNG.store(true, Relaxed);
    kunit_expect_streq!(
        test,
        got,
        "KTAP version 1\n1..1\n    KTAP version 1\n    # Subtest: hangs\n    1..2\n    # hangs: try timed out\n    # hangs: test case timed out\n    not ok 1 hangs\n    ok 2 after_hang\n# hangs: pass:1 fail:1 skip:0 total:2\n# Totals: pass:1 fail:1 skip:0 total:2\nnot ok 1 hangs\n"
    );
    kunit_expect_eq!(
        test,
        take_events(),
        vec![
            "hang start".to_string(),
            "hung action".into(),
            "after hang".into()
        ]
    );
    kunit_expect_true!(test, report.suites[0].cases[0].timed_out);
    // Reported within its limit (plus the watchdog's scheduling slack), not after it returns.
    kunit_expect_lt_msg!(test, elapsed, Duration::from_secs(3), "took {:?}", elapsed);
    kunit_expect_ge!(test, elapsed, Duration::from_millis(300));
}

static RELEASE_PARAM_EXIT: AtomicBool = AtomicBool::new(false);
fn two_params(_: &mut Kunit, prev: Option<&Param>, _: &mut String) -> Option<Param> {
    let next = prev.map_or(0, |p| *p.get::<u32>().unwrap() + 1);
    (next < 2).then(|| Param::new(next))
}
fn param_passes(_: &mut Kunit) {}
fn param_exit_hangs(_: &mut Kunit) {
    while !RELEASE_PARAM_EXIT.load(Relaxed) {
        std::thread::sleep(Duration::from_millis(5));
    }
}
static PARAM_EXIT_HANG_CASES: &[Case] = &[Case {
    attr: Attributes {
        timeout: Some(Duration::from_millis(300)),
        ..Attributes::DEFAULT
    },
    ..kunit_case_param_with_init!(param_passes, two_params, None, Some(param_exit_hangs))
}];
static PARAM_EXIT_HANGS: Suite = Suite::new("param_exit_hangs", PARAM_EXIT_HANG_CASES);

/// A timeout in param_exit reports every parameter that completed before it.
fn test_param_exit_timeout_keeps_param_results(test: &mut Kunit) {
    let (got, report) = run(&[&PARAM_EXIT_HANGS]);
    RELEASE_PARAM_EXIT.store(true, Relaxed);
    // The stats line counts both completed parameters (and the timeout as a failure),
    // matching the result lines printed before it.
    kunit_expect_streq!(
        test,
        got,
        "KTAP version 1\n1..1\n    KTAP version 1\n    # Subtest: param_exit_hangs\n    1..1\n        KTAP version 1\n        # Subtest: param_passes\n        ok 1 param-1\n        ok 2 param-2\n    # param_passes: try timed out\n    # param_passes: test case timed out\n    # param_passes: pass:2 fail:1 skip:0 total:3\n    not ok 1 param_passes\n# Totals: pass:2 fail:1 skip:0 total:3\nnot ok 1 param_exit_hangs\n"
    );
    let case = &report.suites[0].cases[0];
    kunit_expect_true!(test, case.timed_out);
    let descriptions: Vec<&str> = case.params.iter().map(|p| p.description.as_str()).collect();
    kunit_expect_eq!(test, descriptions, vec!["param-1", "param-2"]);
    kunit_expect_true!(
        test,
        case.params.iter().all(|p| p.status == Status::Success)
    );
}

fn suite_a_case(t: &mut Kunit) {
    kunit_info!(t, "a");
    std::thread::sleep(Duration::from_millis(20));
}
fn suite_b_case(t: &mut Kunit) {
    kunit_expect_eq!(t, 2, 3);
}
static A_CASES: &[Case] = &[kunit_case!(suite_a_case), kunit_case!(suite_a_case)];
static B_CASES: &[Case] = &[kunit_case!(suite_b_case), kunit_case!(suite_a_case)];
static PAR_A: Suite = Suite::new("par_a", A_CASES);
static PAR_B: Suite = Suite::new("par_b", B_CASES);
static PAR_SERIAL: Suite = Suite {
    name: "par_serial",
    test_cases: A_CASES,
    attr: Attributes {
        serial: true,
        ..Attributes::DEFAULT
    },
    ..Suite::DEFAULT
};

fn test_jobs_output_identical(test: &mut Kunit) {
    let suites: [&'static Suite; 5] = [&PAR_A, &PAR_SERIAL, &PAR_B, &LIFECYCLE, &SKIPS];
    let serial = run_with(
        &suites,
        "m",
        &Config {
            ignored: Ignored::Include,
            ..Config::default()
        },
    )
    .0;
    let parallel = run_with(
        &suites,
        "m",
        &Config {
            ignored: Ignored::Include,
            jobs: 3,
            ..Config::default()
        },
    )
    .0;
    kunit_expect_streq!(test, parallel, serial);
}

/// Cases of the parallel suite below that have arrived at the rendezvous.
static ARRIVED: AtomicUsize = AtomicUsize::new(0);

/// Waits (up to 60 s, far beyond any scheduling delay) until `n` cases have arrived: true
/// only when cases of the suite run at the same time.
fn rendezvous(n: usize) -> bool {
    ARRIVED.fetch_add(1, Relaxed);
    let deadline = Instant::now() + Duration::from_secs(60);
    while ARRIVED.load(Relaxed) < n {
        if Instant::now() > deadline {
            return false;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    true
}
fn meets_a(t: &mut Kunit) {
    kunit_info!(t, "first line of meets_a");
    kunit_expect_true!(t, rendezvous(2));
    kunit_info!(t, "second line of meets_a");
    kunit_expect_eq!(t, 1, 2);
}
fn meets_b(t: &mut Kunit) {
    kunit_expect_true!(t, rendezvous(2));
    kunit_info!(t, "meets_b");
}
fn par_hangs(t: &mut Kunit) {
    kunit_info!(t, "before the hang");
    while !RELEASE_PAR_HUNG.load(Relaxed) {
        std::thread::sleep(Duration::from_millis(5));
    }
}
static RELEASE_PAR_HUNG: AtomicBool = AtomicBool::new(false);
fn par_skips(t: &mut Kunit) {
    kunit_skip!(t, "not here");
}
fn par_suite_init(suite: &Suite) -> Result<(), i32> {
    kunit_info!(suite, "suite_init ran");
    Ok(())
}
fn par_suite_exit(suite: &Suite) {
    kunit_info!(suite, "suite_exit ran");
}
static MEET_CASES: &[Case] = &[
    kunit_case!(meets_a),
    kunit_case!(meets_b),
    Case {
        name: "par_hangs",
        run_case: par_hangs,
        attr: Attributes {
            timeout: Some(Duration::from_millis(300)),
            ..Attributes::DEFAULT
        },
        ..Case::DEFAULT
    },
    kunit_case!(par_skips),
    kunit_case!(suite_a_case),
];
static MEETS: Suite = Suite {
    name: "meets",
    suite_init: Some(par_suite_init),
    suite_exit: Some(par_suite_exit),
    test_cases: MEET_CASES,
    parallel_cases: true,
    ..Suite::DEFAULT
};

/// A suite whose cases may run in parallel does so under `--jobs 2` (its first two cases
/// wait for each other), and prints what one job would: the cases' lines in case order,
/// `suite_init` before and `suite_exit` after them, a timed-out case reported in its place.
fn test_parallel_cases(test: &mut Kunit) {
    ARRIVED.store(0, Relaxed);
    let config = Config {
        ignored: Ignored::Include,
        jobs: 2,
        ..Config::default()
    };
    let (got, report) = run_with(&[&PAR_A, &MEETS, &PAR_B], "", &config);
    RELEASE_PAR_HUNG.store(true, Relaxed);
    let want = "KTAP version 1
1..3
    KTAP version 1
    # Subtest: par_a
    1..2
    # suite_a_case: a
    ok 1 suite_a_case
    # suite_a_case: a
    ok 2 suite_a_case
# par_a: pass:2 fail:0 skip:0 total:2
# Totals: pass:2 fail:0 skip:0 total:2
ok 1 par_a
    # meets: suite_init ran
    KTAP version 1
    # Subtest: meets
    1..5
    # meets_a: first line of meets_a
    # meets_a: second line of meets_a
    # meets_a: EXPECTATION FAILED at ";
    kunit_expect_true_msg!(test, got.starts_with(want), "{}", got);
    let rest = "
    Expected 1 == 2, but
    not ok 1 meets_a
    # meets_b: meets_b
    ok 2 meets_b
    # par_hangs: before the hang
    # par_hangs: try timed out
    # par_hangs: test case timed out
    not ok 3 par_hangs
    ok 4 par_skips # SKIP not here
    # suite_a_case: a
    ok 5 suite_a_case
    # meets: suite_exit ran
# meets: pass:2 fail:2 skip:1 total:5
# Totals: pass:2 fail:2 skip:1 total:5
not ok 2 meets
    KTAP version 1
    # Subtest: par_b
    1..2
";
    kunit_expect_true_msg!(test, got.contains(rest), "{}", got);
    let statuses: Vec<Vec<Status>> = report
        .suites
        .iter()
        .map(|s| s.cases.iter().map(|c| c.status).collect())
        .collect();
    kunit_expect_eq!(test, statuses[1].len(), 5);
    kunit_expect_true!(test, report.suites[1].cases[2].timed_out);
    kunit_expect_eq!(test, report.suites[1].status, Status::Failure);
    kunit_expect_eq!(test, report.suites.len(), 3);
}

fn test_shuffle_is_reproducible(test: &mut Kunit) {
    let suites: [&'static Suite; 4] = [&PAR_A, &PAR_B, &SKIPS, &PANICS];
    let cfg = |seed| Config {
        shuffle_seed: Some(seed),
        ..Config::default()
    };
    let first = run_with(&suites, "", &cfg(7)).1;
    let again = run_with(&suites, "", &cfg(7)).1;
    let order = |r: &kunit::Report| {
        r.suites
            .iter()
            .flat_map(|s| {
                s.cases
                    .iter()
                    .map(move |c| format!("{}.{}", s.name, c.name))
            })
            .collect::<Vec<_>>()
    };
    kunit_expect_eq!(test, order(&first), order(&again));
    let mut all: Vec<String> = order(&first);
    all.sort();
    let mut plain = order(&run_with(&suites, "", &Config::default()).1);
    plain.sort();
    kunit_expect_eq!(test, all, plain);
    let differs = (1..20).any(|seed| order(&run_with(&suites, "", &cfg(seed)).1) != order(&first));
    kunit_expect_true!(test, differs);
}

static CASES: &[Case] = &[
    kunit_case!(test_lifecycle_order),
    kunit_case!(test_suite_init_failure),
    kunit_case!(test_skip_semantics),
    kunit_case!(test_panic_is_a_failure),
    kunit_case!(test_timeout_then_next_case),
    kunit_case!(test_param_exit_timeout_keeps_param_results),
    kunit_case!(test_jobs_output_identical),
    kunit_case!(test_parallel_cases),
    kunit_case!(test_shuffle_is_reproducible),
];
// The event log is shared by these cases, so they must not run beside each other.
kunit_test_suite!(Suite {
    name: "kunit_executor",
    test_cases: CASES,
    attr: Attributes {
        serial: true,
        ..Attributes::DEFAULT
    },
    ..Suite::DEFAULT
});
