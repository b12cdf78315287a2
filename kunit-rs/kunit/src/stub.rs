//! Static stubs (include/kunit/static_stub.h): a function declared with
//! [`kunit_static_stub!`](crate::kunit_static_stub) can be redirected to a replacement for the
//! duration of one test.
//!
//! The redirection is stored in the running test, so it is seen only on that test's thread
//! and on threads spawned with [`crate::spawn`]; a test running in parallel is not affected.
//! It ends with the test. A global count of active stubs keeps the check in the stubbed
//! function to one relaxed atomic load when no test uses stubs.

use crate::test_handle::TestShared;
use crate::Kunit;
use std::sync::atomic::{AtomicUsize, Ordering};

static ACTIVE: AtomicUsize = AtomicUsize::new(0);

#[doc(hidden)]
#[inline]
pub fn __lookup(real: usize) -> Option<usize> {
    if ACTIVE.load(Ordering::Relaxed) == 0 {
        return None;
    }
    crate::test_handle::with_current(|t| {
        let stubs = t.stubs.lock().unwrap_or_else(|e| e.into_inner());
        stubs
            .iter()
            .rev()
            .find(|(r, _)| *r == real)
            .map(|&(_, repl)| repl)
    })
    .flatten()
}

/// Drops `real`'s redirection from `test`, if it has one.
fn remove(test: &TestShared, real: usize) {
    let mut stubs = test.stubs.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(pos) = stubs.iter().position(|(r, _)| *r == real) {
        stubs.remove(pos);
        ACTIVE.fetch_sub(1, Ordering::Relaxed);
    }
}

impl Kunit {
    #[doc(hidden)]
    pub fn __activate_static_stub(&mut self, real: usize, replacement: usize) {
        let mut stubs = self.shared.stubs.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(slot) = stubs.iter_mut().find(|(r, _)| *r == real) {
            slot.1 = replacement;
            return;
        }
        stubs.push((real, replacement));
        drop(stubs);
        ACTIVE.fetch_add(1, Ordering::Relaxed);
        let shared = self.shared.clone();
        self.add_action(move || remove(&shared, real));
    }

    #[doc(hidden)]
    pub fn __deactivate_static_stub(&mut self, real: usize) {
        remove(&self.shared, real);
    }
}

/// Declares a function that tests can redirect (`KUNIT_STATIC_STUB_REDIRECT`).
///
/// ```
/// kunit::kunit_static_stub! {
///     pub fn read_sensor(channel: u32) -> i32 { channel as i32 * 10 }
/// }
/// assert_eq!(read_sensor(2), 20); // no test active: the real body runs
/// ```
#[macro_export]
macro_rules! kunit_static_stub {
    ($(#[$attr:meta])* $vis:vis fn $name:ident($($arg:ident : $ty:ty),* $(,)?) $(-> $ret:ty)? $body:block) => {
        $(#[$attr])*
        $vis fn $name($($arg: $ty),*) $(-> $ret)? {
            if let ::core::option::Option::Some(repl) = $crate::stub::__lookup($name as fn($($ty),*) $(-> $ret)? as usize) {
                // SAFETY: only `kunit_activate_static_stub!` stores replacements, and it
                // type-checks the replacement against this exact function signature.
                let repl: fn($($ty),*) $(-> $ret)? = unsafe { ::core::mem::transmute::<usize, fn($($ty),*) $(-> $ret)?>(repl) };
                return repl($($arg),*);
            }
            $body
        }
    };
}

/// `kunit_activate_static_stub(test, real_fn, replacement)`: redirect `real_fn` (declared with
/// `kunit_static_stub!`) to `replacement` (same signature) until the test ends.
#[macro_export]
macro_rules! kunit_activate_static_stub {
    ($test:expr, $real:path, $replacement:expr $(,)?) => {{
        // An array forces both to coerce to one fn-pointer type: this is `typecheck_fn`.
        let pair = [$real, $replacement];
        $test.__activate_static_stub(pair[0] as usize, pair[1] as usize);
    }};
}

/// `kunit_deactivate_static_stub(test, real_fn)`.
#[macro_export]
macro_rules! kunit_deactivate_static_stub {
    ($test:expr, $real:path $(,)?) => {
        $test.__deactivate_static_stub($real as usize)
    };
}
