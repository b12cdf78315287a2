//! Timing shared by the polyval bench and its soft-backend helper process, so both
//! sides measure the same way: a contender runs `n` operations per call; a sample is
//! the wall time of one call divided by `n`.

use std::time::{Duration, Instant};

/// Wall time of one sample.
pub const SAMPLE_TIME: Duration = Duration::from_millis(20);

/// Nanoseconds per operation for one call of `run(iters)`.
pub fn sample_ns(run: &mut dyn FnMut(u64), iters: u64) -> f64 {
    let t = Instant::now();
    run(iters);
    t.elapsed().as_nanos() as f64 / iters as f64
}

/// Operations per sample so that one sample takes about [`SAMPLE_TIME`].
pub fn calibrate(run: &mut dyn FnMut(u64)) -> u64 {
    let mut iters = 1u64;
    loop {
        let t = Instant::now();
        run(iters);
        let el = t.elapsed();
        if el >= SAMPLE_TIME / 8 {
            let scale = SAMPLE_TIME.as_secs_f64() / el.as_secs_f64();
            return ((iters as f64 * scale) as u64).max(1);
        }
        iters *= 2;
    }
}
