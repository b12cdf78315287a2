//! Deferred actions for C (`kunit/resource.h`) on the Rust test's resource stack, so C and
//! Rust actions unwind together, LIFO, after the suite's `exit`. `kunit_kfree()` releases the
//! action `kunit_kmalloc()` added.

use super::ctypes::CKunit;
use super::test::from_c;
use std::ffi::{c_int, c_void};

/// `kunit_action_t`.
type CAction = unsafe extern "C-unwind" fn(*mut c_void);

struct Deferred {
    action: CAction,
    ctx: *mut c_void,
}

// SAFETY: KUnit runs a test's actions on whichever thread cleans up; C accepts that.
unsafe impl Send for Deferred {}

/// `kunit_add_action()`: defers `action(ctx)` to the end of the test. Always 0 (the
/// allocation cannot fail short of aborting).
///
/// # Safety
/// `test` is a kunit-c test whose Rust test is running.
#[no_mangle]
pub unsafe extern "C" fn kunit_add_action(
    test: *mut CKunit,
    action: CAction,
    ctx: *mut c_void,
) -> c_int {
    // SAFETY: the caller's contract.
    let ct = unsafe { from_c(test) };
    let d = Deferred { action, ctx };
    // SAFETY: `rust` is the running test (refreshed by the trampoline that called C).
    let rust = unsafe { &mut *ct.rust };
    let handle = rust.add_action(move || {
        let d = d;
        // SAFETY: the C action with the context it was registered with.
        unsafe { (d.action)(d.ctx) }
    });
    ct.actions.push((action as usize, ctx as usize, handle));
    0
}

/// `kunit_add_action_or_reset()`: as `kunit_add_action()`, which cannot fail.
///
/// # Safety
/// As [`kunit_add_action`].
#[no_mangle]
pub unsafe extern "C" fn kunit_add_action_or_reset(
    test: *mut CKunit,
    action: CAction,
    ctx: *mut c_void,
) -> c_int {
    // SAFETY: the caller's contract.
    unsafe { kunit_add_action(test, action, ctx) }
}

/// Takes the newest deferred `(action, ctx)` off the C list.
fn take(
    test: *mut CKunit,
    action: usize,
    ctx: usize,
) -> Option<(kunit::ActionHandle, &'static mut kunit::Kunit)> {
    // SAFETY: every `struct kunit *` C passes was made by kunit-c.
    let ct = unsafe { from_c(test) };
    let pos = ct
        .actions
        .iter()
        .rposition(|&(a, c, _)| a == action && c == ctx)?;
    let (_, _, handle) = ct.actions.remove(pos);
    // SAFETY: `rust` is the running test.
    Some((handle, unsafe { &mut *ct.rust }))
}

/// `kunit_remove_action()`: cancels the newest matching action without running it.
///
/// # Safety
/// As [`kunit_add_action`].
#[no_mangle]
pub unsafe extern "C" fn kunit_remove_action(test: *mut CKunit, action: CAction, ctx: *mut c_void) {
    if let Some((handle, rust)) = take(test, action as usize, ctx as usize) {
        rust.remove_action(handle);
    }
}

/// `kunit_release_action()`: runs the newest matching action now and cancels it.
///
/// # Safety
/// As [`kunit_add_action`].
#[no_mangle]
pub unsafe extern "C-unwind" fn kunit_release_action(
    test: *mut CKunit,
    action: CAction,
    ctx: *mut c_void,
) {
    if let Some((handle, rust)) = take(test, action as usize, ctx as usize) {
        rust.release_action(handle);
    }
}

/// The action `kunit_kmalloc()` defers: frees the C allocation.
///
/// # Safety
/// `ptr` is NULL or came from `malloc`/`calloc` and is not freed elsewhere.
#[no_mangle]
pub unsafe extern "C-unwind" fn __kunit_c_kfree_action(ptr: *mut c_void) {
    // SAFETY: the caller's contract.
    unsafe { libc::free(ptr) }
}

/// `kunit_kfree()`: frees a `kunit_kmalloc()` allocation now (nothing for other pointers).
///
/// # Safety
/// As [`kunit_add_action`].
#[no_mangle]
pub unsafe extern "C" fn kunit_kfree(test: *mut CKunit, ptr: *const c_void) {
    if ptr.is_null() {
        return;
    }
    // SAFETY: the caller's contract.
    unsafe { kunit_release_action(test, __kunit_c_kfree_action, ptr.cast_mut()) }
}
