//! Deferred actions and resources for C (`kunit/resource.h`) on the Rust test's resource
//! stack, so C and Rust actions unwind together, LIFO, after the suite's `exit`.
//! `kunit_kfree()` releases the action `kunit_kmalloc()` added. A C resource is listed on the
//! C test (for `kunit_find_resource()`) and holds a Rust action that drops the test's
//! reference when the test ends.

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

/// `kunit_resource_init_t`.
type CResourceInit = unsafe extern "C-unwind" fn(*mut CResource, *mut c_void) -> c_int;
/// `kunit_resource_free_t`.
type CResourceFree = unsafe extern "C-unwind" fn(*mut CResource);
/// `kunit_resource_match_t`.
type CResourceMatch = unsafe extern "C-unwind" fn(*mut CKunit, *mut CResource, *mut c_void) -> bool;

/// `struct kunit_resource`.
#[repr(C)]
pub(crate) struct CResource {
    data: *mut c_void,
    name: *const std::ffi::c_char,
    free: Option<CResourceFree>,
    refcount: c_int,
    should_kfree: bool,
}

/// A resource, as the action that drops the test's reference carries it.
struct Listed {
    test: *mut CKunit,
    res: *mut CResource,
}

// SAFETY: as `Deferred`: the test's cleanup may run on another thread; the resource and the
// C test it belongs to outlive the test's actions.
unsafe impl Send for Listed {}

/// `__kunit_add_resource()`: initialises `res` and lists it on the test, which holds one
/// reference until the resource is removed or the test ends.
///
/// # Safety
/// As [`kunit_add_action`]; `res` stays valid until its last reference is dropped.
#[no_mangle]
pub unsafe extern "C-unwind" fn __kunit_add_resource(
    test: *mut CKunit,
    init: Option<CResourceInit>,
    free: Option<CResourceFree>,
    res: *mut CResource,
    data: *mut c_void,
) -> c_int {
    // SAFETY: the caller's contract: `res` is a writable resource.
    unsafe {
        (*res).free = free;
        (*res).refcount = 1;
        match init {
            Some(init) => {
                let rc = init(res, data);
                if rc != 0 {
                    return rc;
                }
            }
            None => (*res).data = data,
        }
    }
    // SAFETY: the caller's contract.
    let ct = unsafe { from_c(test) };
    let listed = Listed { test, res };
    // SAFETY: `rust` is the running test.
    let rust = unsafe { &mut *ct.rust };
    let handle = rust.add_action(move || {
        let l = listed;
        // SAFETY: the test ends; its C struct and the resource are still alive.
        unsafe { unlist(l.test, l.res) };
    });
    ct.resources.push((res as usize, handle));
    0
}

/// Takes `res` off the C list (if still there) and drops the test's reference.
///
/// # Safety
/// `test` is a kunit-c test; `res` a resource added to it.
unsafe fn unlist(test: *mut CKunit, res: *mut CResource) -> Option<kunit::ActionHandle> {
    // SAFETY: the caller's contract.
    let ct = unsafe { from_c(test) };
    let pos = ct.resources.iter().position(|&(r, _)| r == res as usize)?;
    let (_, handle) = ct.resources.remove(pos);
    // SAFETY: the list's reference is the one dropped here.
    unsafe { kunit_put_resource(res) };
    Some(handle)
}

/// `kunit_find_resource()`: the newest resource `match_fn` accepts, with a reference taken.
///
/// # Safety
/// As [`kunit_add_action`]; `match_fn` is safe to call with the test's resources.
#[no_mangle]
pub unsafe extern "C-unwind" fn kunit_find_resource(
    test: *mut CKunit,
    match_fn: CResourceMatch,
    match_data: *mut c_void,
) -> *mut CResource {
    // Copy the list: `match_fn` may call back into the resource API.
    // SAFETY: the caller's contract.
    let listed: Vec<usize> = unsafe { from_c(test) }
        .resources
        .iter()
        .map(|&(r, _)| r)
        .collect();
    for r in listed.into_iter().rev() {
        let res = r as *mut CResource;
        // SAFETY: a listed resource is alive; C's match function reads it.
        if unsafe { match_fn(test, res, match_data) } {
            // SAFETY: as above.
            unsafe { (*res).refcount += 1 };
            return res;
        }
    }
    std::ptr::null_mut()
}

/// `kunit_remove_resource()`: takes `res` off the test (its end-of-test release is
/// cancelled) and drops the test's reference.
///
/// # Safety
/// As [`kunit_add_action`]; `res` was added to `test`.
#[no_mangle]
pub unsafe extern "C-unwind" fn kunit_remove_resource(test: *mut CKunit, res: *mut CResource) {
    // SAFETY: the caller's contract.
    if let Some(handle) = unsafe { unlist(test, res) } {
        // SAFETY: `rust` is the running test.
        unsafe { (*from_c(test).rust).remove_action(handle) };
    }
}

/// `kunit_put_resource()`: drops a reference; the last one calls `free` and, for
/// resources kunit allocated, frees the resource itself.
///
/// # Safety
/// `res` is a live resource with a reference held by the caller.
#[no_mangle]
pub unsafe extern "C-unwind" fn kunit_put_resource(res: *mut CResource) {
    // SAFETY: the caller's contract; C code races on it only through kunit_get_resource's
    // atomic add, so the decrement is atomic too.
    let left = unsafe {
        std::sync::atomic::AtomicI32::from_ptr(std::ptr::addr_of_mut!((*res).refcount))
            .fetch_sub(1, std::sync::atomic::Ordering::SeqCst)
            - 1
    };
    if left != 0 {
        return;
    }
    // SAFETY: the last reference: nothing else uses `res` now.
    unsafe {
        if let Some(free) = (*res).free {
            free(res);
        }
        if (*res).should_kfree {
            libc::free(res.cast());
        }
    }
}
