//! Per-suite state: the kernel file's globals (`test_key`, `random_seed`, the guarded
//! `test_buf`), one copy per KTAP suite so each implementation runs the cases on its own.

use crate::guarded::GuardedBuf;
use crate::rand::TestRng;
use kunit::prelude::*;
use kunit_arch::polyval::{polyval_preparekey_with, Implementation, PolyvalKey};
use std::sync::{Mutex, MutexGuard};

/// `TEST_BUF_LEN`: `&test_buf[TEST_BUF_LEN]` is an inaccessible guard page.
pub const TEST_BUF_LEN: usize = 16384;

/// Which implementation a suite tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Which {
    /// `Implementation::best()`: what the kernel would pick (suite `polyval`).
    Best,
    /// One implementation; skipped if the CPU lacks it or it is the best one (which
    /// suite `polyval` already covers).
    Only(Implementation),
}

/// What the kernel keeps in file-scope variables.
pub struct SuiteState {
    pub imp: Implementation,
    pub test_key: PolyvalKey,
    pub rng: TestRng,
    pub test_buf: GuardedBuf,
}

/// `polyval_preparekey` for a suite's implementation, which `suite_init` checked is
/// supported. A free function so that cases can call it while they borrow the state's
/// other fields.
pub fn preparekey(imp: Implementation, key: &mut PolyvalKey, raw_key: &[u8; 16]) {
    polyval_preparekey_with(key, raw_key, imp)
        .expect("suite_init checked that the implementation is supported");
}

impl SuiteState {
    /// `test_key`, the generator and the whole `test_buf`, borrowed together (most cases
    /// use all three at once).
    pub fn key_rng_buf(&mut self) -> (&PolyvalKey, &mut TestRng, &mut [u8]) {
        (&self.test_key, &mut self.rng, self.test_buf.as_mut_slice())
    }
}

/// The skip reason of an implementation this CPU cannot run: the features it lacks.
pub fn unsupported_reason(imp: Implementation) -> String {
    format!(
        "{}: CPU lacks {}",
        imp.name(),
        imp.missing_cpu_features().join("/")
    )
}

/// One suite's slot, shared by its `suite_init`, `suite_exit` and cases.
pub struct Slot {
    pub which: Which,
    /// `Err(reason)`: every case is skipped with `reason` (or fails, for setup errors).
    state: Mutex<Option<Result<SuiteState, Unavailable>>>,
}

#[derive(Clone, Debug)]
enum Unavailable {
    Skip(String),
    Failed(String),
}

impl Slot {
    pub const fn new(which: Which) -> Slot {
        Slot {
            which,
            state: Mutex::new(None),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Option<Result<SuiteState, Unavailable>>> {
        // A case that failed an assertion unwinds while holding the lock; the state
        // itself stays consistent, so ignore the poison.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// `polyval_suite_init`: derive and prepare `test_key`, allocate `test_buf`.
    pub fn suite_init(&self) -> Result<(), i32> {
        let imp = match self.which {
            Which::Best => Ok(Implementation::best()),
            Which::Only(imp) if !imp.is_supported() => {
                Err(Unavailable::Skip(unsupported_reason(imp)))
            }
            Which::Only(imp) if imp == Implementation::best() => Err(Unavailable::Skip(format!(
                "{} is the best implementation here: suite polyval runs it",
                imp.name()
            ))),
            Which::Only(imp) => Ok(imp),
        };
        let state = imp.and_then(|imp| {
            let test_buf = GuardedBuf::new(TEST_BUF_LEN).map_err(Unavailable::Failed)?;
            let mut rng = TestRng::default();
            let mut raw_key = [0u8; 16];
            rng.rand_bytes_seeded_from_len(&mut raw_key);
            let mut test_key = PolyvalKey::ZEROED;
            polyval_preparekey_with(&mut test_key, &raw_key, imp)
                .map_err(|e| Unavailable::Failed(e.to_string()))?;
            Ok(SuiteState {
                imp,
                test_key,
                rng,
                test_buf,
            })
        });
        *self.lock() = Some(state);
        Ok(())
    }

    /// `polyval_suite_exit`: free everything.
    pub fn suite_exit(&self) {
        *self.lock() = None;
    }

    /// The suite's state for a case; skips or fails the case if there is none.
    pub fn get(&self, test: &mut Kunit) -> StateGuard<'_> {
        let guard = self.lock();
        match guard.as_ref() {
            Some(Ok(_)) => StateGuard(guard),
            Some(Err(Unavailable::Skip(reason))) => {
                let reason = reason.clone();
                drop(guard);
                test.skip(reason)
            }
            Some(Err(Unavailable::Failed(why))) => {
                let why = why.clone();
                drop(guard);
                kunit_fail_and_abort!(test, "suite setup failed: {}", why)
            }
            None => {
                drop(guard);
                kunit_fail_and_abort!(test, "suite_init did not run")
            }
        }
    }
}

/// The locked state of a suite whose setup succeeded.
pub struct StateGuard<'a>(MutexGuard<'a, Option<Result<SuiteState, Unavailable>>>);

impl std::ops::Deref for StateGuard<'_> {
    type Target = SuiteState;
    fn deref(&self) -> &SuiteState {
        match self.0.as_ref() {
            Some(Ok(s)) => s,
            _ => unreachable!("StateGuard is only built for a ready state"),
        }
    }
}

impl std::ops::DerefMut for StateGuard<'_> {
    fn deref_mut(&mut self) -> &mut SuiteState {
        match self.0.as_mut() {
            Some(Ok(s)) => s,
            _ => unreachable!("StateGuard is only built for a ready state"),
        }
    }
}

/// The slot of the running case's suite (set by the suite's `init`).
pub fn slot(test: &mut Kunit) -> &'static Slot {
    test.priv_mut::<&'static Slot>()
}
