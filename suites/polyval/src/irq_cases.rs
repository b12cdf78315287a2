//! The irq-context cases: `test_hash_interrupt_context_{1,2}` (hash-test-template.h) and
//! `test_polyval_preparekey_in_irqs` (polyval_kunit.c), with the kernel's iteration
//! counts. The `*_func`s run in task, softirq and hardirq context (a signal handler):
//! no allocation, no locks, no panics — atomics, stack buffers and comparisons only.

use crate::hash_cases::{hash, HASH_SIZE};
use crate::prefix_irq_test::kunit_run_irq_test_prefix;
use crate::state::{slot, TEST_BUF_LEN};
use kunit::prelude::*;
use kunit_arch::polyval::{
    polyval, polyval_final, polyval_init, polyval_preparekey_with, polyval_update, Implementation,
    PolyvalCtx, PolyvalKey,
};
use run_in_irq::{kunit_run_irq_test, kunit_run_irq_test_with, warn_on, IrqStartup, IrqTestConfig};
use std::cell::UnsafeCell;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

const IRQ_TEST_DATA_LEN: usize = 256;
/// Matches the maximum concurrency of `kunit_run_irq_test` (one call per context).
const IRQ_TEST_NUM_BUFFERS: usize = 3;

/// `max_iterations` of `test_polyval_preparekey_in_irqs` (20 000 before Thomas
/// Weißschuh's "Increase iterations for preparekey in IRQs").
pub const PREPAREKEY_IRQ_ITERATIONS: u32 = 200_000;

/// `WARN_ON_ONCE(condition)`, with the "once" flag in the test state.
fn warn_on_once(warned: &AtomicBool, condition: bool) -> bool {
    if condition && !warned.swap(true, Ordering::Relaxed) {
        warn_on(true);
    }
    condition
}

struct HashIrqTest1State<'a> {
    test_key: &'a PolyvalKey,
    data: &'a [u8],
    expected_hashes: [[u8; HASH_SIZE]; IRQ_TEST_NUM_BUFFERS],
    seqno: AtomicU32,
}

/// Hashes one of the messages (cycling) and compares with the expected digest.
fn hash_irq_test1_func(state: &HashIrqTest1State<'_>) -> bool {
    let i = (state.seqno.fetch_add(1, Ordering::Relaxed).wrapping_add(1)) as usize
        % IRQ_TEST_NUM_BUFFERS;
    let mut actual_hash = [0u8; HASH_SIZE];
    let msg = &state.data[i * IRQ_TEST_DATA_LEN..(i + 1) * IRQ_TEST_DATA_LEN];
    polyval(state.test_key, msg, &mut actual_hash);
    actual_hash == state.expected_hashes[i]
}

pub fn test_hash_interrupt_context_1(test: &mut Kunit) {
    let mut st = slot(test).get(test);
    let (test_key, rng, test_buf) = st.key_rng_buf();
    let data = &mut test_buf[..IRQ_TEST_NUM_BUFFERS * IRQ_TEST_DATA_LEN];
    rng.rand_bytes(data);
    let data = &*data;
    let state = HashIrqTest1State {
        test_key,
        data,
        expected_hashes: std::array::from_fn(|i| {
            hash(
                test_key,
                &data[i * IRQ_TEST_DATA_LEN..(i + 1) * IRQ_TEST_DATA_LEN],
            )
        }),
        seqno: AtomicU32::new(0),
    };
    kunit_run_irq_test(test, hash_irq_test1_func, 100_000, &state);
}

/// One incremental computation, advanced one step per call by whichever context
/// claims it.
struct HashIrqTest2Ctx<'k> {
    in_use: AtomicU32,
    inner: UnsafeCell<HashIrqTest2CtxInner<'k>>,
}

struct HashIrqTest2CtxInner<'k> {
    hash_ctx: PolyvalCtx<'k>,
    offset: usize,
    step: usize,
}

// SAFETY: `inner` is only accessed by the context that won `in_use` 0 -> 1 (Acquire) and
// released with a Release store of 0, so accesses never overlap and are ordered.
unsafe impl Sync for HashIrqTest2Ctx<'_> {}

struct HashIrqTest2State<'a> {
    test_key: &'a PolyvalKey,
    data: &'a [u8],
    ctxs: [HashIrqTest2Ctx<'a>; IRQ_TEST_NUM_BUFFERS],
    expected_hash: [u8; HASH_SIZE],
    update_lens: [u16; 32],
    num_steps: usize,
    warned: AtomicBool,
}

fn hash_irq_test2_func(state: &HashIrqTest2State<'_>) -> bool {
    let claimed = state.ctxs.iter().find(|c| {
        c.in_use
            .compare_exchange(0, 1, Ordering::Acquire, Ordering::Relaxed)
            .is_ok()
    });
    let Some(ctx) = claimed else {
        // Cannot happen: there are as many contexts as concurrent calls.
        warn_on_once(&state.warned, true);
        return false;
    };
    // SAFETY: this call owns `ctx` until the Release store below (see the Sync impl).
    let c = unsafe { &mut *ctx.inner.get() };
    let mut ret = true;
    if c.step == 0 {
        polyval_init(&mut c.hash_ctx, state.test_key);
        c.offset = 0;
        c.step += 1;
    } else if c.step < state.num_steps - 1 {
        let len = usize::from(state.update_lens[c.step - 1]);
        polyval_update(&mut c.hash_ctx, &state.data[c.offset..c.offset + len]);
        c.offset += len;
        c.step += 1;
    } else {
        let mut actual_hash = [0u8; HASH_SIZE];
        if warn_on_once(&state.warned, c.offset != state.data.len()) {
            ret = false;
        }
        polyval_final(&mut c.hash_ctx, &mut actual_hash);
        if actual_hash != state.expected_hash {
            ret = false;
        }
        c.step = 0;
    }
    ctx.in_use.store(0, Ordering::Release);
    ret
}

pub fn test_hash_interrupt_context_2(test: &mut Kunit) {
    const _: () = assert!(TEST_BUF_LEN / 4096 > 1);
    let mut st = slot(test).get(test);
    let (test_key, rng, data) = st.key_rng_buf();
    rng.rand_bytes(data);
    let data = &*data;
    // kunit_kzalloc in the kernel (the state is large); a Box cannot come back null.
    let mut state = Box::new(HashIrqTest2State {
        test_key,
        data,
        ctxs: std::array::from_fn(|_| HashIrqTest2Ctx {
            in_use: AtomicU32::new(0),
            inner: UnsafeCell::new(HashIrqTest2CtxInner {
                hash_ctx: PolyvalCtx::ZEROED,
                offset: 0,
                step: 0,
            }),
        }),
        expected_hash: hash(test_key, data),
        update_lens: [0; 32],
        num_steps: 0,
        warned: AtomicBool::new(false),
    });
    // Update lengths: several, at most 31, summing to TEST_BUF_LEN.
    let mut remaining = TEST_BUF_LEN;
    while state.num_steps < state.update_lens.len() - 1 && remaining != 0 {
        let len = rng.rand_length(remaining.min(4096));
        state.update_lens[state.num_steps] = len as u16;
        remaining -= len;
        state.num_steps += 1;
    }
    if remaining != 0 {
        state.update_lens[state.num_steps] = remaining as u16;
        state.num_steps += 1;
    }
    state.num_steps += 2; // init and final
    kunit_run_irq_test(test, hash_irq_test2_func, 250_000, &*state);
}

pub struct PolyvalIrqTestState {
    pub expected_key: PolyvalKey,
    pub raw_key: [u8; 16],
    pub imp: Implementation,
}

/// Prepares the key in whatever context this is and compares the whole key struct.
pub fn polyval_irq_test_func(state: &PolyvalIrqTestState) -> bool {
    let mut key = PolyvalKey::ZEROED;
    polyval_preparekey_with(&mut key, &state.raw_key, state.imp).is_ok()
        && key.as_bytes() == state.expected_key.as_bytes()
}

/// The irq-test configuration of `test_polyval_preparekey_in_irqs`. Normally the default.
/// With feature `seed-bugs` it models the slow machines (UML, 32-bit arm, m68k) on which the
/// kernel test failed: the first timer expiry comes only after the task's 200 000 calls
/// (and [`preparekey_in_irqs_with`] runs the pre-fix algorithm, [`crate::prefix_irq_test`]).
pub fn preparekey_in_irqs_config() -> IrqTestConfig {
    let mut config = IrqTestConfig::default();
    if cfg!(feature = "seed-bugs") {
        config.startup = IrqStartup::AfterTaskCalls(PREPAREKEY_IRQ_ITERATIONS);
    }
    config
}

/// Which `kunit_run_irq_test` a case runs: today's, or the seed bug's pre-fix model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IrqTestVersion {
    /// run-in-irq's `kunit_run_irq_test` (upstream's newest).
    Fixed,
    /// [`crate::prefix_irq_test`]: counts task iterations only, fixed 5 µs timer.
    PreFix,
}

/// The version `test_polyval_preparekey_in_irqs` runs: the pre-fix model under feature
/// `seed-bugs`, else today's.
pub const PREPAREKEY_IRQ_TEST: IrqTestVersion = if cfg!(feature = "seed-bugs") {
    IrqTestVersion::PreFix
} else {
    IrqTestVersion::Fixed
};

/// `test_polyval_preparekey_in_irqs` with an explicit irq-test configuration.
pub fn preparekey_in_irqs_with(
    test: &mut Kunit,
    imp: Implementation,
    rng_state: &mut crate::rand::TestRng,
    config: &IrqTestConfig,
    version: IrqTestVersion,
) {
    let mut raw_key = [0u8; 16];
    rng_state.rand_bytes(&mut raw_key);
    let mut state = PolyvalIrqTestState {
        expected_key: PolyvalKey::ZEROED,
        raw_key,
        imp,
    };
    if let Err(e) = polyval_preparekey_with(&mut state.expected_key, &raw_key, imp) {
        kunit_fail_and_abort!(test, "{}", e);
    }
    let run = match version {
        IrqTestVersion::Fixed => kunit_run_irq_test_with::<PolyvalIrqTestState, _>,
        IrqTestVersion::PreFix => kunit_run_irq_test_prefix::<PolyvalIrqTestState, _>,
    };
    run(
        test,
        polyval_irq_test_func,
        PREPAREKEY_IRQ_ITERATIONS,
        &state,
        config,
    );
}

pub fn test_polyval_preparekey_in_irqs(test: &mut Kunit) {
    let mut st = slot(test).get(test);
    let imp = st.imp;
    preparekey_in_irqs_with(
        test,
        imp,
        &mut st.rng,
        &preparekey_in_irqs_config(),
        PREPAREKEY_IRQ_TEST,
    );
}
