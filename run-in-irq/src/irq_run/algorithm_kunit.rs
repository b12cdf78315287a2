//! Soak (slow, not in the default run): 1000 consecutive kunit_run_irq_test runs of
//! 200 000 iterations each with a ~100 ns function; every run must pass.
//! Run with
//! `cargo test -p run-in-irq --test selftest -- --include-ignored --filter_glob 'run_in_irq_soak*'`.

use kunit::prelude::*;
use run_in_irq::{kunit_run_irq_test, Context};
use std::hint::black_box;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

const RUNS: u32 = 1_000;
const ITERATIONS: u32 = 200_000;

struct Work {
    rounds: u64,
    /// `mix(rounds)`, computed in task context before the run.
    expected: u64,
    calls: [AtomicU32; 3],
    checksum_errors: AtomicU64,
}

impl Work {
    fn new(rounds: u64) -> Work {
        Work {
            rounds,
            expected: mix(rounds),
            calls: Default::default(),
            checksum_errors: AtomicU64::new(0),
        }
    }
}

fn mix(rounds: u64) -> u64 {
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    for i in 0..black_box(rounds) {
        x = x.rotate_left(7) ^ i.wrapping_mul(0x2545_f491_4f6c_dd1d);
    }
    x
}

/// A fixed computation checked against its known result: ~100 ns once calibrated.
fn work(w: &Work) -> bool {
    let ok = mix(w.rounds) == w.expected;
    w.calls[Context::current() as usize].fetch_add(1, Relaxed);
    if !ok {
        w.checksum_errors.fetch_add(1, Relaxed);
    }
    ok
}

/// Rounds of `mix` that take about 100 ns here.
fn calibrate() -> u64 {
    let mut rounds = 8;
    loop {
        let w = Work::new(rounds);
        let start = Instant::now();
        for _ in 0..10_000 {
            work(&w);
        }
        if start.elapsed() / 10_000 >= Duration::from_nanos(100) || rounds > 1 << 16 {
            return rounds;
        }
        rounds += rounds / 4;
    }
}

fn test_soak_1000_runs(test: &mut Kunit) {
    let rounds = calibrate();
    let start = Instant::now();
    // A run fails as kunit_run_irq_test judges it: a context never ran, or func failed.
    let mut failed_runs = 0;
    // Runs that ended at the 1 s limit before max_iterations (a pass upstream too).
    let mut time_limited_runs = 0;
    let mut durations = Vec::with_capacity(RUNS as usize);
    let mut totals = [0u64; 3];
    for _ in 0..RUNS {
        let w = Work::new(rounds);
        let run_start = Instant::now();
        kunit_run_irq_test(test, work, ITERATIONS, &w);
        durations.push(run_start.elapsed());
        let calls = w.calls.each_ref().map(|c| u64::from(c.load(Relaxed)));
        failed_runs +=
            u32::from(calls[1] == 0 || calls[2] == 0 || w.checksum_errors.load(Relaxed) != 0);
        time_limited_runs += u32::from(calls.iter().sum::<u64>() < u64::from(ITERATIONS));
        for (t, c) in totals.iter_mut().zip(calls) {
            *t += c;
        }
    }
    durations.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    kunit_info!(
        test,
        "{} runs x {} iterations ({} rounds/call): {} failed, {} hit the 1 s limit; \
         calls task {} softirq {} hardirq {}; run ms median {:.1} p99 {:.1} max {:.1}; total {:.1} s",
        RUNS,
        ITERATIONS,
        rounds,
        failed_runs,
        time_limited_runs,
        totals[0],
        totals[1],
        totals[2],
        ms(durations[durations.len() / 2]),
        ms(durations[durations.len() * 99 / 100]),
        ms(durations[durations.len() - 1]),
        start.elapsed().as_secs_f64()
    );
    kunit_expect_eq!(test, failed_runs, 0);
}

static CASES: &[Case] = &[kunit_case!(
    test_soak_1000_runs,
    Attributes {
        speed: Speed::Slow,
        timeout: Some(Duration::from_secs(3600)),
        ..Attributes::DEFAULT
    }
)];

kunit_test_suite!(Suite::new("run_in_irq_soak", CASES));
