//! `benchmark_csum`: a KUnit-style benchmark case, shaped like the kernel's crypto
//! `benchmark_hash`: one `kunit_info` line per length. It is registered speed=slow, which the
//! harness leaves out unless asked (the kernel gates its benchmarks on
//! `CONFIG_CRYPTO_LIB_BENCHMARK` instead). Run it with
//! `cargo test -p checksum-kunit --release -- --include-ignored --filter_glob '*.benchmark_csum'`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use kunit::prelude::*;
use kunit_arch::checksum::Wsum;

use crate::cases::implementation;

const LENS: [usize; 4] = [64, 1500, 64 << 10, 1 << 20];
/// Timed batches per length; the median is reported.
const BATCHES: usize = 7;
const BATCH_TIME: Duration = Duration::from_millis(20);

pub fn benchmark_csum(test: &mut Kunit) {
    let imp = implementation(test);
    let mut buf = vec![0u8; LENS[LENS.len() - 1]];
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    for b in buf.iter_mut() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        *b = x as u8;
    }
    let run = |len: usize, iters: u64| {
        let start = Instant::now();
        for _ in 0..iters {
            black_box(imp.csum_partial(black_box(&buf[..len]), Wsum::from_raw(0)));
        }
        start.elapsed()
    };
    for len in LENS {
        // Calibrate (this doubles as the warm-up): iterations for about BATCH_TIME.
        let mut iters = 1u64;
        while run(len, iters) < BATCH_TIME / 4 {
            iters *= 2;
        }
        iters *= 4;
        let mut gbps: Vec<f64> = (0..BATCHES)
            .map(|_| (len as u64 * iters) as f64 / run(len, iters).as_nanos().max(1) as f64)
            .collect();
        gbps.sort_by(f64::total_cmp);
        kunit_info!(test, "len={}: {:.2} GB/s", len, gbps[BATCHES / 2]);
    }
}
