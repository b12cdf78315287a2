//! Static stubs for C (`kunit/static_stub.h`) on kunit's stub table: a replacement is active
//! for the test that set it, until that test ends. As in KUnit (lib/kunit/static_stub.c),
//! each active stub is also a resource on `test->resources` whose data is the pair
//! `{ real_fn_addr, replacement_addr }`, which KUnit's own self-test reads.

use super::c_test::from_c;
use super::ctypes::CKunit;
use super::resource::{
    __kunit_add_resource, kunit_destroy_resource, kunit_find_resource, kunit_put_resource,
    CResource,
};
use std::ffi::c_void;

/// KUnit's `struct kunit_static_stub_ctx`: the data of a stub's resource.
#[repr(C)]
struct StubCtx {
    real_fn_addr: *mut c_void,
    replacement_addr: *mut c_void,
}

/// Matches the resource of the stub of `real` (a resource whose free callback is ours).
unsafe extern "C-unwind" fn stub_match(
    _test: *mut CKunit,
    res: *mut CResource,
    real: *mut c_void,
) -> bool {
    // SAFETY: a live resource of the test; ours carry a `StubCtx`.
    unsafe {
        CResource::free_fn(res).map(|f| f as usize) == Some(stub_free as *const () as usize)
            && (*CResource::data(res).cast::<StubCtx>()).real_fn_addr == real
    }
}

/// The stub resource's free callback: the pair goes (the stub table's entry is removed by
/// the deactivation that destroys the resource, or by kunit when the test ends).
unsafe extern "C-unwind" fn stub_free(res: *mut CResource) {
    // SAFETY: our resource, whose data is a leaked `StubCtx`.
    drop(unsafe { Box::from_raw(CResource::data(res).cast::<StubCtx>()) });
}

/// The stub's resource: updated if the test has one for `real`, else added.
///
/// # Safety
/// `test` is a kunit-c test.
unsafe fn mirror(test: *mut CKunit, real: *mut c_void, replacement: *mut c_void) {
    // SAFETY: the caller's contract.
    let found = unsafe { kunit_find_resource(test, stub_match, real) };
    if !found.is_null() {
        // SAFETY: the reference just taken keeps it alive.
        unsafe {
            (*CResource::data(found).cast::<StubCtx>()).replacement_addr = replacement;
            kunit_put_resource(found);
        }
        return;
    }
    let ctx = Box::into_raw(Box::new(StubCtx {
        real_fn_addr: real,
        replacement_addr: replacement,
    }));
    let res = CResource::alloc();
    // SAFETY: a fresh resource; its free callback frees the pair; the test holds it.
    if unsafe { __kunit_add_resource(test, None, Some(stub_free), res, ctx.cast()) } != 0 {
        // SAFETY: nothing was added.
        unsafe {
            CResource::free_unadded(res);
            drop(Box::from_raw(ctx));
        }
    }
}

/// The current test's replacement for `real`, or NULL (also outside tests). The current
/// test is `current->kunit_test`: a `kunit_init_test()` test that C code made current
/// (KUnit's self-tests do) is looked in, not the case that runs.
#[no_mangle]
pub extern "C" fn __kunit_c_stub_lookup(real: *const c_void) -> *mut c_void {
    let fake = super::c_test::fake_handle(super::c_test::kunit_get_current_test());
    let _current = fake.as_ref().map(kunit::TestRef::make_current);
    kunit::stub::__lookup(real as usize).map_or(std::ptr::null_mut(), |r| r as *mut c_void)
}

/// `kunit_activate_static_stub()`.
///
/// # Safety
/// `test` is a kunit-c test whose Rust test is running; `replacement` has `real`'s type.
#[no_mangle]
pub unsafe extern "C" fn __kunit_activate_static_stub(
    test: *mut CKunit,
    real: *mut c_void,
    replacement: *mut c_void,
) {
    if replacement.is_null() {
        // KUnit's: activating NULL deactivates.
        // SAFETY: the caller's contract.
        return unsafe { kunit_deactivate_static_stub(test, real) };
    }
    // SAFETY: the caller's contract.
    let rust = unsafe { &mut *from_c(test).rust };
    rust.__activate_static_stub(real as usize, replacement as usize);
    // SAFETY: as above.
    unsafe { mirror(test, real, replacement) };
}

/// `kunit_deactivate_static_stub()`.
///
/// # Safety
/// As [`__kunit_activate_static_stub`].
#[no_mangle]
pub unsafe extern "C" fn kunit_deactivate_static_stub(test: *mut CKunit, real: *mut c_void) {
    // SAFETY: the caller's contract.
    let rust = unsafe { &mut *from_c(test).rust };
    rust.__deactivate_static_stub(real as usize);
    // SAFETY: as above; -ENOENT when the stub was not active is nothing.
    let _ = unsafe { kunit_destroy_resource(test, stub_match, real) };
}
