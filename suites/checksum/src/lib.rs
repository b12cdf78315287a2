//! The kernel's checksum KUnit suite (`lib/tests/checksum_kunit.c`), ported to kunit-rs and
//! run once per implementation of `kunit_arch::checksum`:
//!
//! | KTAP suite | implementation |
//! |---|---|
//! | `checksum` | the default one, `Impl::best()` (what the free functions use) |
//! | `checksum_generic` | lib/checksum.c |
//! | `checksum_i386` | the i386 non-PPro assembly model (feature `seed-bugs`: the carry bug) |
//! | `checksum_x86_64` | x86-64 `adcq` chains (x86-64 only) |
//! | `checksum_avx2` | AVX2 (x86-64 only; skipped on CPUs without AVX2) |
//!
//! Every suite has the kernel's five cases plus `benchmark_csum` (speed=slow: it runs only
//! with `--include-ignored` or a speed filter).

mod benchmark;
mod cases;
mod vectors;

use kunit::prelude::*;
use kunit_arch::checksum::Impl;

static CHECKSUM_CASES: &[Case] = &[
    kunit_case!(cases::test_csum_fixed_random_inputs),
    kunit_case!(cases::test_csum_all_carry_inputs),
    kunit_case!(cases::test_csum_no_carry_inputs),
    kunit_case!(cases::test_ip_fast_csum),
    kunit_case!(cases::test_csum_ipv6_magic),
    kunit_case_slow!(benchmark::benchmark_csum),
];

/// Registers suite `$name` running [`CHECKSUM_CASES`] on implementation `$imp`.
macro_rules! checksum_suite {
    ($name:literal, $imp:expr) => {
        const _: () = {
            fn init(test: &mut Kunit) -> Result<(), i32> {
                test.set_priv::<Impl>($imp);
                Ok(())
            }
            kunit_test_suite!(Suite {
                name: $name,
                init: Some(init),
                test_cases: CHECKSUM_CASES,
                ..Suite::DEFAULT
            });
        };
    };
}

checksum_suite!("checksum", Impl::best());
checksum_suite!("checksum_generic", Impl::Generic);
checksum_suite!("checksum_i386", Impl::I386);
#[cfg(target_arch = "x86_64")]
checksum_suite!("checksum_x86_64", Impl::X86_64);
#[cfg(target_arch = "x86_64")]
checksum_suite!("checksum_avx2", Impl::Avx2);
