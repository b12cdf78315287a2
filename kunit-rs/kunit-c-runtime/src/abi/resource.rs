//! Deferred actions, resources and managed memory for C (`kunit/resource.h`, the
//! `kunit_k*alloc` family) on kunit's own resource stack and its semantics: C and Rust
//! entries unwind together, LIFO, after the suite's `exit`; a timed-out case's data is
//! leaked rather than freed under its feet.
//!
//! A C `struct kunit_resource` is a kunit [`Resource`] whose data is the C struct's address
//! and whose free callback calls the C `free` (then frees the struct if kunit allocated
//! it). The C struct keeps a pointer to the kunit resource, so `kunit_get_resource()` and
//! `kunit_put_resource()` are the kunit resource's reference count — the one KUnit's kref
//! is. C match functions see the C resources of the test (kunit's other entries have no C
//! struct to show them), newest first, with the test's resource lock held, as in KUnit.

use super::c_test::{from_c, with_current_or};
use super::ctypes::{CKunit, ListHead};
use kunit::resource::Resource;
use kunit::Kunit;
use std::ffi::{c_char, c_int, c_void, CStr};
use std::mem::ManuallyDrop;

/// `kunit_action_t`.
type CAction = unsafe extern "C-unwind" fn(*mut c_void);

struct Deferred {
    action: CAction,
    ctx: *mut c_void,
    /// The C struct of the test the action was deferred on.
    test: *mut CKunit,
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
    let d = Deferred {
        action,
        ctx,
        test: ct.cstruct(),
    };
    // SAFETY: `rust` is the running test (refreshed by the trampoline that called C).
    let rust = unsafe { &mut *ct.rust };
    let handle = rust.add_action(move || {
        let d = d;
        // SAFETY: the C action with the context it was registered with; the test's C struct
        // lives until its cleanup is over.
        with_current_or(d.test, || unsafe { (d.action)(d.ctx) })
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

/// The running Rust test of a C test.
///
/// # Safety
/// `test` is a kunit-c test whose Rust test is alive (a case, or the parent of the
/// parameter series that is running).
unsafe fn rust_test<'a>(test: *mut CKunit) -> &'a mut Kunit {
    // SAFETY: the caller's contract; `rust` is refreshed by every trampoline.
    unsafe { &mut *from_c(test).rust }
}

/// `kunit_kmalloc_array()`: kunit's [`Kunit::kmalloc_array`] (zeroed whatever `gfp`
/// says, 16-byte aligned, NULL when `n * size` overflows), freed when the test ends.
///
/// # Safety
/// As [`kunit_add_action`].
#[no_mangle]
pub unsafe extern "C" fn kunit_kmalloc_array(
    test: *mut CKunit,
    n: usize,
    size: usize,
    _gfp: u32,
) -> *mut c_void {
    // SAFETY: the caller's contract.
    unsafe { rust_test(test) }.kmalloc_array(n, size).cast()
}

/// `kunit_kstrdup()`: kunit's [`Kunit::kstrdup`]; NULL for NULL.
///
/// # Safety
/// As [`kunit_add_action`]; `s` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn kunit_kstrdup(
    test: *mut CKunit,
    s: *const c_char,
    _gfp: u32,
) -> *mut c_char {
    if s.is_null() {
        return std::ptr::null_mut();
    }
    // SAFETY: the caller's contract.
    let bytes = unsafe { CStr::from_ptr(s) }.to_bytes();
    // SAFETY: the caller's contract.
    unsafe { rust_test(test) }.kstrdup(bytes)
}

/// `kunit_kfree()`: kunit's [`Kunit::kfree`] — frees a `k*alloc` allocation of the test
/// now; NULL and other pointers are ignored.
///
/// # Safety
/// As [`kunit_add_action`].
#[no_mangle]
pub unsafe extern "C" fn kunit_kfree(test: *mut CKunit, ptr: *const c_void) {
    // SAFETY: the caller's contract.
    unsafe { rust_test(test) }.kfree(ptr.cast());
}

/// `kunit_resource_init_t`.
type CResourceInit = unsafe extern "C-unwind" fn(*mut CResource, *mut c_void) -> c_int;
/// `kunit_resource_free_t`.
pub(crate) type CResourceFree = unsafe extern "C-unwind" fn(*mut CResource);
/// `kunit_resource_match_t`.
type CResourceMatch = unsafe extern "C-unwind" fn(*mut CKunit, *mut CResource, *mut c_void) -> bool;

/// `struct kunit_resource`.
#[repr(C)]
pub(crate) struct CResource {
    data: *mut c_void,
    name: *const c_char,
    free: Option<CResourceFree>,
    /// The kunit resource (a pointer from [`Resource::into_raw`] that owns no reference).
    rust: *const (),
    /// On `test->resources` while the test holds it.
    node: ListHead,
    /// The test it was added to.
    test: *mut CKunit,
    should_kfree: bool,
}

impl CResource {
    /// `res->free`.
    ///
    /// # Safety
    /// `res` is a live resource.
    pub(crate) unsafe fn free_fn(res: *mut CResource) -> Option<CResourceFree> {
        // SAFETY: the caller's contract.
        unsafe { (*res).free }
    }

    /// `res->data`.
    ///
    /// # Safety
    /// `res` is a live resource.
    pub(crate) unsafe fn data(res: *mut CResource) -> *mut c_void {
        // SAFETY: the caller's contract.
        unsafe { (*res).data }
    }

    /// A zeroed resource that kunit frees with its last reference (`should_kfree`), as
    /// `kunit_alloc_and_get_resource()` allocates one.
    pub(crate) fn alloc() -> *mut CResource {
        // SAFETY: kunit-c's glue allocator; zeroed is a valid (empty) resource.
        let res = unsafe { __kmalloc_noprof(std::mem::size_of::<CResource>(), GFP_ZERO) }
            .cast::<CResource>();
        assert!(!res.is_null(), "kunit-c: out of memory for a resource");
        // SAFETY: just allocated.
        unsafe { (*res).should_kfree = true };
        res
    }

    /// Frees an [`alloc`](CResource::alloc)ed resource that was never added.
    ///
    /// # Safety
    /// `res` came from `alloc` and is on no test.
    pub(crate) unsafe fn free_unadded(res: *mut CResource) {
        // SAFETY: the caller's contract.
        unsafe { kfree(res.cast()) };
    }
}

/// `__GFP_ZERO` (kunit-c's `gfp_types.h`).
const GFP_ZERO: u32 = 0x100;

/// The data of the kunit resource behind a C one: the C struct.
struct CResourceRef(*mut CResource);

// SAFETY: KUnit may release a resource on whichever thread cleans up; the C struct lives
// until its free callback (below) has run.
unsafe impl Send for CResourceRef {}

/// The kunit resource's free callback: KUnit's `kunit_release_resource()`.
fn release(r: &mut CResourceRef) {
    let res = r.0;
    // SAFETY: the last reference went: nothing else uses `res`; `free` is C's callback,
    // and a struct kunit allocated came from kzalloc (kunit-c's glue), as in KUnit. A
    // resource still on `test->resources` (a test's cleanup releases them newest first) is
    // taken off it before it is freed, as KUnit's kunit_cleanup() takes each off first
    // (`del_init` leaves a node never linked, all zeroes, self-linked).
    unsafe {
        ListHead::del_init(&raw mut (*res).node);
        if let Some(free) = (*res).free {
            free(res);
        }
        if (*res).should_kfree {
            kfree(res.cast());
        }
    }
}

extern "C" {
    /// kunit-c's glue (`src/glue/slab.c`): frees what `kzalloc()` returned.
    fn kfree(p: *const c_void);
    /// kunit-c's glue (`src/glue/slab.c`): `kmalloc()`.
    fn __kmalloc_noprof(size: usize, flags: u32) -> *mut c_void;
}

/// The C struct of a kunit resource, if it is a C resource.
fn c_resource(r: &Resource) -> Option<*mut CResource> {
    r.data::<CResourceRef>().map(|d| d.0)
}

/// The kunit resource of a C one, borrowed (no reference taken or dropped).
///
/// # Safety
/// `res` is a live C resource added to a test (someone holds a reference).
unsafe fn borrowed(res: *mut CResource) -> ManuallyDrop<Resource> {
    // SAFETY: the caller's contract; `ManuallyDrop` keeps the count as it is.
    ManuallyDrop::new(unsafe { Resource::from_raw((*res).rust) })
}

/// `__kunit_add_resource()`: `init(res, data)` sets `res` up (without `init`,
/// `res->data = data`) and it becomes a kunit resource of the test, whose stack holds the
/// one reference; an `init` error is returned and nothing is added.
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
        (*res).rust = std::ptr::null();
    }
    let mut rc = 0;
    let setup = |_: &mut Kunit, ()| {
        // SAFETY: C's init with the resource and its context, or the plain assignment.
        unsafe {
            match init {
                Some(init) => rc = init(res, data),
                None => (*res).data = data,
            }
        }
        if rc == 0 {
            Ok(CResourceRef(res))
        } else {
            Err(rc)
        }
    };
    // SAFETY: the caller's contract.
    let added = unsafe { rust_test(test) }.alloc_and_get_resource(setup, Some(release), ());
    let Some(added) = added else {
        return rc;
    };
    // Keep the address, not the reference `alloc_and_get_resource` returned: the stack's
    // is the one the test holds.
    let raw = added.into_raw();
    // SAFETY: `raw` owns the returned reference's count, given back here; the stack keeps
    // its own.
    drop(unsafe { Resource::from_raw(raw) });
    // SAFETY: as above (`res` is writable); the test's list is live (see `c_test`).
    unsafe {
        (*res).rust = raw;
        (*res).test = test;
        ListHead::init(&raw mut (*res).node);
        ListHead::add_tail(
            &raw mut (*res).node,
            &raw mut from_c(test).cstruct().resources,
        );
    }
    0
}

/// `kunit_get_resource()`: takes a reference.
///
/// # Safety
/// `res` is a live resource with a reference held by the caller.
#[no_mangle]
pub unsafe extern "C" fn kunit_get_resource(res: *mut CResource) {
    // SAFETY: the caller's contract; the clone's count is the new reference.
    let r = unsafe { borrowed(res) };
    std::mem::forget(Resource::clone(&r));
}

/// `kunit_put_resource()`: drops a reference; the last one calls `free` and, for
/// resources kunit allocated, frees the resource itself.
///
/// # Safety
/// `res` is a live resource with a reference held by the caller.
#[no_mangle]
pub unsafe extern "C-unwind" fn kunit_put_resource(res: *mut CResource) {
    // SAFETY: the caller's contract: the caller's reference is the one dropped.
    drop(unsafe { Resource::from_raw((*res).rust) });
}

/// Runs C's match function on a kunit resource (false for entries with no C struct).
///
/// # Safety
/// `test` is a kunit-c test; `match_fn` is safe to call with its resources.
unsafe fn matches(
    test: *mut CKunit,
    r: &Resource,
    match_fn: CResourceMatch,
    match_data: *mut c_void,
) -> bool {
    // SAFETY: a resource on the test's stack is alive; C's match function reads it.
    c_resource(r).is_some_and(|res| unsafe { match_fn(test, res, match_data) })
}

/// `kunit_find_resource()`: kunit's [`Kunit::find_resource`] with C's match function —
/// the newest C resource it accepts, with a reference taken.
///
/// # Safety
/// As [`kunit_add_action`]; `match_fn` is safe to call with the test's resources and does
/// not call the resource API of the same test (its resource lock is held, as in KUnit).
#[no_mangle]
pub unsafe extern "C-unwind" fn kunit_find_resource(
    test: *mut CKunit,
    match_fn: CResourceMatch,
    match_data: *mut c_void,
) -> *mut CResource {
    // SAFETY: the caller's contract.
    let rust = unsafe { rust_test(test) };
    // SAFETY: as above.
    let found = rust.find_resource(|r| unsafe { matches(test, r, match_fn, match_data) });
    let Some(found) = found else {
        return std::ptr::null_mut();
    };
    let res = c_resource(&found).unwrap_or(std::ptr::null_mut());
    // The reference `find_resource` took is the caller's now (`kunit_put_resource`).
    let _ = found.into_raw();
    res
}

/// `kunit_remove_resource()`: kunit's [`Kunit::remove_resource`] — takes `res` off the
/// test it was added to (and off `test->resources`) and drops the test's reference (again:
/// nothing). As in KUnit, `test` is only the caller's.
///
/// # Safety
/// As [`kunit_add_action`]; `res` was added to `test` and is alive.
#[no_mangle]
pub unsafe extern "C-unwind" fn kunit_remove_resource(test: *mut CKunit, res: *mut CResource) {
    let _ = test;
    // SAFETY: the caller's contract: `res` was added to a test, which is alive.
    let (owner, r) = unsafe { ((*res).test, borrowed(res)) };
    // SAFETY: as above; the node is self-linked once off the list.
    unsafe {
        ListHead::del_init(&raw mut (*res).node);
        rust_test(owner).remove_resource(&r);
    }
}

/// `kunit_destroy_resource()`: as kunit's [`Kunit::destroy_resource`], with C's match
/// function — finds, removes (off `test->resources` too) and puts the newest matching
/// resource; `-ENOENT` if none matches.
///
/// # Safety
/// As [`kunit_find_resource`].
#[no_mangle]
pub unsafe extern "C-unwind" fn kunit_destroy_resource(
    test: *mut CKunit,
    match_fn: CResourceMatch,
    match_data: *mut c_void,
) -> c_int {
    // KUnit's: find (a reference), remove (the test's reference), put (the found one).
    // SAFETY: the caller's contract.
    let res = unsafe { kunit_find_resource(test, match_fn, match_data) };
    if res.is_null() {
        return -ENOENT;
    }
    // SAFETY: `res` is live: the reference just taken.
    unsafe {
        kunit_remove_resource(test, res);
        kunit_put_resource(res);
    }
    0
}

/// `ENOENT`.
const ENOENT: c_int = 2;
