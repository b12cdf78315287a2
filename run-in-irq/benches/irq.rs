//! `cargo bench -p run-in-irq --bench irq`
//!
//! * `all_contexts_ms_median` / `_p99`: time from the start of `run_irq_test` until
//!   the task sees that every context has run (max_iterations = 1, trivial func).
//! * `hardirq_rate_vs_timer_ceiling`: hardirq calls per second during a long run
//!   (default line: `Auto`, the timer thread while it gets a CPU), over the rate of
//!   a bare POSIX-timer signal loop (handler only counts and re-arms at 5 µs)
//!   measured in the same process, interleaved, median of pairs. The bare loop runs
//!   half its time just before and half just after our run, so a change in the
//!   machine's load during a pair weighs on both sides alike. A second figure,
//!   `hardirq_rate_vs_timer_ceiling_posix`, runs our line on the POSIX timer.
//! * `*_loaded`: the same with one CPU-bound thread spinning beside the bench (as a
//!   second test binary or a build would); the bare loop is measured under the same
//!   load. Goals as idle: `all_contexts_ms_median_loaded` ≤ 1 ms,
//!   `hardirq_rate_vs_timer_ceiling_loaded` ≥ 0.8.

use run_in_irq::{run_irq_test, HardirqTimer, IrqTestConfig};
use std::hint::black_box;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

fn trivial(counter: &AtomicU64) -> bool {
    black_box(counter.fetch_add(1, Relaxed));
    true
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    let idx = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[idx]
}

/// The peer: a bare per-thread POSIX timer whose handler counts and re-arms.
mod bare_timer {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    static COUNT: AtomicU64 = AtomicU64::new(0);
    static TIMER: AtomicUsize = AtomicUsize::new(0);

    fn arm(timer: libc::timer_t, ns: i64) {
        let spec = libc::itimerspec {
            it_interval: libc::timespec {
                tv_sec: 0,
                tv_nsec: 0,
            },
            it_value: libc::timespec {
                tv_sec: 0,
                tv_nsec: ns,
            },
        };
        // SAFETY: valid timer id and itimerspec.
        unsafe { libc::timer_settime(timer, 0, &spec, std::ptr::null_mut()) };
    }

    extern "C" fn handler(_: libc::c_int) {
        COUNT.fetch_add(1, Relaxed);
        arm(TIMER.load(Relaxed) as libc::timer_t, 5_000);
    }

    /// Signals handled per second while the thread spins for `duration`.
    pub fn rate(duration: Duration) -> f64 {
        let sig = libc::SIGRTMIN() + 6;
        // SAFETY: installs a counting handler for a signal nobody else uses, creates
        // a thread-directed timer, and undoes both before returning.
        unsafe {
            let mut act: libc::sigaction = std::mem::zeroed();
            act.sa_sigaction = handler as *const () as usize;
            act.sa_flags = libc::SA_RESTART;
            let mut old: libc::sigaction = std::mem::zeroed();
            libc::sigaction(sig, &act, &mut old);
            let mut sev: libc::sigevent = std::mem::zeroed();
            sev.sigev_notify = libc::SIGEV_THREAD_ID;
            sev.sigev_signo = sig;
            sev.sigev_notify_thread_id = libc::gettid();
            let mut timer: libc::timer_t = std::mem::zeroed();
            assert_eq!(
                libc::timer_create(libc::CLOCK_MONOTONIC, &mut sev, &mut timer),
                0
            );
            TIMER.store(timer as usize, Relaxed);
            COUNT.store(0, Relaxed);
            let start = Instant::now();
            arm(timer, 5_000);
            while start.elapsed() < duration {
                black_box(COUNT.load(Relaxed));
            }
            let handled = COUNT.load(Relaxed);
            let elapsed = start.elapsed();
            libc::timer_delete(timer);
            let mut set: libc::sigset_t = std::mem::zeroed();
            libc::sigemptyset(&mut set);
            libc::sigaddset(&mut set, sig);
            libc::pthread_sigmask(libc::SIG_BLOCK, &set, std::ptr::null_mut());
            let zero = libc::timespec {
                tv_sec: 0,
                tv_nsec: 0,
            };
            while libc::sigtimedwait(&set, std::ptr::null_mut(), &zero) > 0 {}
            libc::pthread_sigmask(libc::SIG_UNBLOCK, &set, std::ptr::null_mut());
            libc::sigaction(sig, &old, std::ptr::null_mut());
            handled as f64 / elapsed.as_secs_f64()
        }
    }
}

/// One round of figures under the current machine load.
struct Figures {
    all_ms: Vec<f64>,
    ratio: f64,
    ratio_posix: f64,
}

fn measure(config: &IrqTestConfig, label: &str) -> Figures {
    let counter = AtomicU64::new(0);
    // Warm-up.
    for _ in 0..20 {
        run_irq_test(trivial, 1, &counter, config).expect("irq test setup");
    }
    let mut all_ms: Vec<f64> = (0..RUNS)
        .map(|_| {
            let r = run_irq_test(trivial, 1, &counter, config).expect("irq test setup");
            r.all_contexts_after
                .map_or(f64::INFINITY, |d| d.as_secs_f64() * 1e3)
        })
        .collect();
    all_ms.sort_by(f64::total_cmp);
    let ratio = hardirq_rate_ratio(config, &format!("{label}default"));
    let posix = IrqTestConfig {
        hardirq_timer: HardirqTimer::PosixTimer,
        ..*config
    };
    let ratio_posix = hardirq_rate_ratio(&posix, &format!("{label}posix timer"));
    println!(
        "{label}all_contexts_ms: min {:.4} median {:.4} p90 {:.4} p99 {:.4} max {:.4} ({RUNS} runs)",
        all_ms[0],
        percentile(&all_ms, 0.5),
        percentile(&all_ms, 0.9),
        percentile(&all_ms, 0.99),
        all_ms[RUNS - 1]
    );
    Figures {
        all_ms,
        ratio,
        ratio_posix,
    }
}

const RUNS: usize = 500;
/// Pairs per rate figure (the median is reported).
const PAIRS: usize = 9;

/// Runs `f` with one CPU-bound thread spinning beside it (as another test binary or a
/// build would), stopped and joined before returning.
fn with_busy_thread<R>(f: impl FnOnce() -> R) -> R {
    let stop = AtomicBool::new(false);
    std::thread::scope(|s| {
        s.spawn(|| {
            while !stop.load(Relaxed) {
                std::hint::spin_loop();
            }
        });
        let r = f();
        stop.store(true, Relaxed);
        r
    })
}

fn main() {
    let config = IrqTestConfig::default();
    let idle = measure(&config, "");
    let loaded = with_busy_thread(|| measure(&config, "loaded: "));
    println!(
        "all_contexts_ms_median={:.4}",
        percentile(&idle.all_ms, 0.5)
    );
    println!("all_contexts_ms_p99={:.4}", percentile(&idle.all_ms, 0.99));
    println!(
        "all_contexts_ms_median_loaded={:.4}",
        percentile(&loaded.all_ms, 0.5)
    );
    println!(
        "all_contexts_ms_p99_loaded={:.4}",
        percentile(&loaded.all_ms, 0.99)
    );
    println!(
        "hardirq_rate_vs_timer_ceiling_posix={:.3}",
        idle.ratio_posix
    );
    println!(
        "hardirq_rate_vs_timer_ceiling_posix_loaded={:.3}",
        loaded.ratio_posix
    );
    println!("hardirq_rate_vs_timer_ceiling_loaded={:.3}", loaded.ratio);
    println!("hardirq_rate_vs_timer_ceiling={:.3}", idle.ratio);
}

/// Median over interleaved pairs of (our hardirq rate in a long run) / (bare loop rate
/// over the same duration, half of it before and half after our run).
fn hardirq_rate_ratio(config: &IrqTestConfig, label: &str) -> f64 {
    let counter = AtomicU64::new(0);
    let mut ratios: Vec<f64> = (0..PAIRS)
        .map(|i| {
            // Our run lasts its time limit (2M calls take longer): half of that each side.
            let before = bare_timer::rate(config.time_limit / 2);
            let r = run_irq_test(trivial, 2_000_000, &counter, config).expect("irq test setup");
            let ours = r.hardirq_calls as f64 / r.elapsed.as_secs_f64();
            let after = bare_timer::rate(config.time_limit / 2);
            let ceiling = (before + after) / 2.0;
            println!(
                "{label} pair {i}: hardirq {ours:.0}/s over {:.0} ms (t={} h={} s={}, interval {} ns, {:?}), bare timer {ceiling:.0}/s ({before:.0} before, {after:.0} after)",
                r.elapsed.as_secs_f64() * 1e3,
                r.task_calls,
                r.hardirq_calls,
                r.softirq_calls,
                r.final_interval_ns,
                r.hardirq_timer,
            );
            ours / ceiling
        })
        .collect();
    ratios.sort_by(f64::total_cmp);
    percentile(&ratios, 0.5)
}
