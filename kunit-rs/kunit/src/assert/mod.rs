//! The KUnit assertion family: `kunit_expect_*!` records a failure and continues,
//! `kunit_assert_*!` records it and aborts the case (its cleanup still runs).
//!
//! Each macro evaluates its operands once, compares them in their own types and stores its
//! location as the test's "last seen" line. A call site expands to that comparison plus, on
//! failure, calls into shared, cold, non-generic code ([`failure`]) that prints KUnit's exact
//! text (see [`format`](mod@format)) as one log entry. Everything known at compile time (operand texts,
//! operator, location) is one `'static` [`Site`] record.
//!
//! Rust-specific semantics, all documented in the user guide:
//! - integers print as KUnit's `%lld (0x%llx)`; 128-bit values outside `long long`'s range
//!   print whole in the same shape ([`operand`]); other types print with `{:?}`;
//! - strings compare whole (a NUL inside a Rust string is an ordinary character) and a NUL
//!   prints as `\0`, so the KTAP stream never carries a raw NUL; a C string prints as the
//!   bytes it holds (`%s`), UTF-8 or not;
//! - the line diff after a failed multi-line `STREQ` is opt-in (`Config::diff`, `--diff`).
//!
//! An operand type without `Debug` or `PartialEq` is refused with the standard library's own
//! error and `#[derive]` hint; no internal trait shows up in it:
//! ```compile_fail,E0277
//! use kunit::prelude::*;
//! #[derive(PartialEq)]
//! struct NoDebug(u8);
//! fn case(test: &mut Kunit) {
//!     kunit_expect_eq!(test, NoDebug(1), NoDebug(1)); // `NoDebug` doesn't implement `Debug`
//! }
//! ```
//! ```compile_fail,E0369
//! use kunit::prelude::*;
//! #[derive(Debug)]
//! struct NoEq(u8);
//! fn case(test: &mut Kunit) {
//!     kunit_expect_eq!(test, NoEq(1), NoEq(1)); // binary operation `==` cannot be applied
//! }
//! ```
//! The string, pointer and memory families say what they accept (`#[diagnostic::on_unimplemented]`):
//! ```compile_fail,E0277
//! use kunit::prelude::*;
//! fn case(test: &mut Kunit) {
//!     kunit_expect_streq!(test, 5u32, "5"); // `u32` is not a string for kunit's string assertions
//! }
//! ```

mod check;
mod diff;
pub mod failure;
pub(crate) mod families;
pub mod format;
mod macros;
pub mod operand;
pub mod pass;
pub mod site;

pub use check::{mem_holds, not_err_or_null_holds, ptr_holds, str_holds};
pub use site::{AssertType, Site};

use crate::test_handle::{TestRef, TestShared};
use crate::Kunit;
use std::cell::Cell;
use std::panic::Location;

/// Anything assertions can report to: the case's `&mut Kunit`, or a [`TestRef`] on another
/// thread.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a kunit test handle",
    label = "assertions report to this",
    note = "pass the case's `test: &mut Kunit`, or a `TestRef` from `test.handle()` or `kunit::current_test()`"
)]
pub trait TestHandle {
    #[doc(hidden)]
    fn __shared(&self) -> &TestShared;
}
impl TestHandle for Kunit {
    fn __shared(&self) -> &TestShared {
        &self.shared
    }
}
impl TestHandle for TestRef {
    fn __shared(&self) -> &TestShared {
        &self.0
    }
}
impl<T: TestHandle + ?Sized> TestHandle for &T {
    fn __shared(&self) -> &TestShared {
        (**self).__shared()
    }
}
impl<T: TestHandle + ?Sized> TestHandle for &mut T {
    fn __shared(&self) -> &TestShared {
        (**self).__shared()
    }
}

thread_local! {
    /// `test->last_seen`, per thread: the location of the last assertion this thread ran.
    /// A thread-local (not a field of the test) so that saving it is one store of a constant
    /// and needs no test handle on the passing path; the executor reads it on the case's own
    /// thread when the case faults.
    static LAST_SEEN: Cell<Option<&'static Location<'static>>> = const { Cell::new(None) };
}

/// `_KUNIT_SAVE_LOC`: the macro's call site, through `#[track_caller]` (no `file!()` /
/// `line!()` expansion per call site). Inlined only in optimized builds without debug
/// assertions (where a passing check should cost at most one store): inlined at
/// `opt-level=1` with debug info, the thread-local machinery's inline frames cost each call
/// site hundreds of bytes of debug info.
#[doc(hidden)]
#[cfg_attr(debug_assertions, inline(never))]
#[cfg_attr(not(debug_assertions), inline)]
#[track_caller]
pub fn __save_loc() {
    let here = Location::caller();
    // One unconditional store, no branch. It costs what `assert_eq!` costs once the operands
    // stay out of memory on the passing path (assert/pass.rs); a compare-and-store-if-moved
    // instead took two taken branches per check and was 1.0x or 1.5x `assert_eq!` depending
    // on where the loop fell relative to a 64-byte line (see benches/overhead.rs).
    LAST_SEEN.set(Some(here));
}

/// The last location saved on this thread, clearing it (at the start and the end of a case).
pub(crate) fn take_last_seen() -> Option<&'static Location<'static>> {
    LAST_SEEN.take()
}

#[doc(hidden)]
pub fn __skip(test: &TestShared, reason: std::fmt::Arguments<'_>) -> ! {
    test.mark_skipped(reason);
    crate::try_catch::abort()
}
