//! Timing shared by the polyval bench and its soft-backend helper process, so both
//! sides measure the same way: a contender runs `n` operations per call; a sample is the
//! calling thread's CPU time for one call divided by `n`. CPU time rather than wall time
//! because the machine is shared: time spent preempted by other processes is not the
//! code's cost (and would hit contenders unevenly).

use std::time::Duration;

/// CPU time of one sample.
pub const SAMPLE_TIME: Duration = Duration::from_millis(10);

/// This thread's CPU time.
fn thread_cpu_time() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid out-pointer; CLOCK_THREAD_CPUTIME_ID always exists on Linux.
    let r = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    assert_eq!(r, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed");
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

/// Times one call of `run(iters)` in thread CPU time.
fn time(run: &mut dyn FnMut(u64), iters: u64) -> Duration {
    let t = thread_cpu_time();
    run(iters);
    thread_cpu_time() - t
}

/// Nanoseconds per operation for one call of `run(iters)`.
pub fn sample_ns(run: &mut dyn FnMut(u64), iters: u64) -> f64 {
    time(run, iters).as_nanos() as f64 / iters as f64
}

/// Operations per sample so that one sample takes about [`SAMPLE_TIME`].
pub fn calibrate(run: &mut dyn FnMut(u64)) -> u64 {
    let mut iters = 1u64;
    loop {
        let el = time(run, iters);
        if el >= SAMPLE_TIME / 8 {
            let scale = SAMPLE_TIME.as_secs_f64() / el.as_secs_f64();
            return ((iters as f64 * scale) as u64).max(1);
        }
        iters *= 2;
    }
}
