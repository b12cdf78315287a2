//! The kernel's POLYVAL KUnit suite (`lib/crypto/tests/polyval_kunit.c` with
//! `hash-test-template.h`), ported to kunit-rs and run once per implementation of
//! `kunit_arch::polyval`:
//!
//! | KTAP suite | implementation |
//! |---|---|
//! | `polyval` | `Implementation::best()` (what `polyval_preparekey` picks) |
//! | `polyval_generic` | portable constant-time code |
//! | `polyval_pclmul` | x86-64 PCLMULQDQ + AVX |
//! | `polyval_vpclmul256` | x86-64 VPCLMULQDQ on 256-bit registers |
//! | `polyval_vpclmul512` | x86-64 VPCLMULQDQ on 512-bit registers (AVX-512F) |
//!
//! An implementation suite whose implementation is missing on this CPU (reason: the CPU
//! features it lacks, e.g. `vpclmul512: CPU lacks avx512f/vpclmulqdq`), or is the best
//! one (already run as `polyval`), reports every case skipped with the reason.
//!
//! Cases, in the kernel's order: the template's nine (`test_hash_*`), the five
//! POLYVAL ones, and `benchmark_hash` (speed=slow: off by default, run it with
//! `--include-ignored`). Test data: the kernel's LCG generator ([`rand`]) and the
//! vectors in `vectors/polyval` ([`vectors`]).

pub mod benchmark;
pub mod guarded;
pub mod hash_cases;
pub mod irq_cases;
pub mod polyval_cases;
pub mod prefix_irq_test;
pub mod rand;
mod seed_scenario;
pub mod state;
pub mod vectors;

use kunit::prelude::*;
use kunit_arch::polyval::Implementation;
use state::{Slot, Which};

static POLYVAL_CASES: &[Case] = &[
    kunit_case!(hash_cases::test_hash_test_vectors),
    kunit_case!(hash_cases::test_hash_all_lens_up_to_4096),
    kunit_case!(hash_cases::test_hash_incremental_updates),
    kunit_case!(hash_cases::test_hash_buffer_overruns),
    kunit_case!(hash_cases::test_hash_overlaps),
    kunit_case!(hash_cases::test_hash_alignment_consistency),
    kunit_case!(hash_cases::test_hash_ctx_zeroization),
    kunit_case!(irq_cases::test_hash_interrupt_context_1),
    kunit_case!(irq_cases::test_hash_interrupt_context_2),
    kunit_case!(polyval_cases::test_polyval_rfc8452_testvec),
    kunit_case!(polyval_cases::test_polyval_allones_key_and_message),
    kunit_case!(polyval_cases::test_polyval_with_guarded_key),
    kunit_case!(polyval_cases::test_polyval_with_minimally_aligned_key),
    kunit_case!(irq_cases::test_polyval_preparekey_in_irqs),
    kunit_case_slow!(benchmark::benchmark_hash),
];

/// Registers KTAP suite `$name` running [`POLYVAL_CASES`] on `$which`, with its own
/// copy of the kernel file's globals.
macro_rules! polyval_suite {
    ($name:literal, $which:expr) => {
        const _: () = {
            static SLOT: Slot = Slot::new($which);
            fn suite_init(_: &Suite) -> Result<(), i32> {
                SLOT.suite_init()
            }
            fn suite_exit(_: &Suite) {
                SLOT.suite_exit()
            }
            fn init(test: &mut Kunit) -> Result<(), i32> {
                test.set_priv::<&'static Slot>(&SLOT);
                Ok(())
            }
            kunit_test_suite!(Suite {
                name: $name,
                suite_init: Some(suite_init),
                suite_exit: Some(suite_exit),
                init: Some(init),
                test_cases: POLYVAL_CASES,
                ..Suite::DEFAULT
            });
        };
    };
}

polyval_suite!("polyval", Which::Best);
polyval_suite!("polyval_generic", Which::Only(Implementation::Generic));
polyval_suite!("polyval_pclmul", Which::Only(Implementation::Pclmul));
polyval_suite!(
    "polyval_vpclmul256",
    Which::Only(Implementation::Vpclmul256)
);
polyval_suite!(
    "polyval_vpclmul512",
    Which::Only(Implementation::Vpclmul512)
);
