//! `benchmark_hash`: throughput per message length as KTAP diagnostic lines. speed=slow,
//! so it runs only on request (`--include-ignored`, or a speed filter), the counterpart
//! of the kernel's `CONFIG_CRYPTO_LIB_BENCHMARK`.

use crate::state::{slot, TEST_BUF_LEN};
use kunit::prelude::*;
use kunit_arch::polyval::polyval;
use std::hint::black_box;
use std::time::Instant;

pub fn benchmark_hash(test: &mut Kunit) {
    const LENS_TO_TEST: [usize; 13] = [
        1, 16, 64, 127, 128, 200, 256, 511, 512, 1024, 3173, 4096, 16384,
    ];
    let mut st = slot(test).get(test);
    let (test_key, _, data) = st.key_rng_buf();
    let mut hash = [0u8; 16];

    // Warm-up.
    data.fill(0);
    for _ in (0..10_000_000).step_by(TEST_BUF_LEN) {
        polyval(test_key, black_box(&data[..]), &mut hash);
    }

    for len in LENS_TO_TEST {
        // The '+ 128' accounts for per-message overhead.
        let num_iters = 10_000_000 / (len + 128);
        kunit_assert_le!(test, len, TEST_BUF_LEN);
        let t = Instant::now();
        for _ in 0..num_iters {
            polyval(test_key, black_box(&data[..len]), &mut hash);
            black_box(&hash);
        }
        let ns = t.elapsed().as_nanos().max(1);
        kunit_info!(
            test,
            "len={}: {} MB/s",
            len,
            (len * num_iters) as u128 * 1000 / ns
        );
    }
}
