//! `kunit_init_test()` and `kunit_cleanup()`: a test that C code makes for itself in a
//! `struct kunit` it owns, as KUnit's own self-tests do ("fake" tests whose resources,
//! actions and static stubs they then check). The C struct is the caller's; its Rust test
//! (a [`Kunit::init_test`], whose log is kept, not printed) and its record live in
//! `c_test`'s table of fakes, keyed by the struct's address, which
//! [`from_c`](super::c_test::from_c) consults first.
//! A fake made inside a running test is forgotten when that test ends (its memory is
//! usually that test's `kunit_kzalloc()`); the record of one made outside tests is kept.

use super::c_test::{forget_fake, from_c, kunit_get_current_test, register_fake, CTest};
use super::ctypes::{CKunit, CParams, KUNIT_SUCCESS};
use kunit::Kunit;
use std::ffi::{c_char, c_void, CStr};
use std::sync::Mutex;

/// `kunit_init_test(test, name, log)`: makes `test` a test of its own named `name`, with no
/// resources (`test->resources` empty), succeeding, whose `test->log` is `log` (KUnit's
/// `string_stream`, which the C logging macros add to).
///
/// # Safety
/// `test` points at a `struct kunit` that outlives its use as a test; `name` is a
/// NUL-terminated string that lives as long.
#[no_mangle]
pub unsafe extern "C" fn kunit_init_test(test: *mut CKunit, name: *const c_char, log: *mut c_void) {
    assert!(
        !test.is_null(),
        "kunit-c: kunit_init_test() of a NULL struct kunit *"
    );
    let text = if name.is_null() {
        String::new()
    } else {
        // SAFETY: the caller's contract.
        unsafe { CStr::from_ptr(name) }
            .to_string_lossy()
            .into_owned()
    };
    let mut rust = Box::new(Kunit::init_test(interned(text)));
    // SAFETY: the caller's struct (see above).
    let c = unsafe { &mut *test };
    c.name = name;
    c.status = KUNIT_SUCCESS;
    c.status_comment[0] = 0;
    // What is logged on the test is added to the stream too (kunit/test.h's logging).
    c.log = log;
    // SAFETY: the caller's struct, at its final address.
    unsafe { super::ctypes::ListHead::init(&raw mut c.resources) };
    let handle = rust.handle();
    let ct = CTest {
        // Unused: C reads and writes its own struct (`ext`).
        c: CKunit {
            priv_: std::ptr::null_mut(),
            parent: std::ptr::null_mut(),
            params_array: CParams {
                params: std::ptr::null(),
                get_description: None,
                num_params: 0,
                elem_size: 0,
            },
            name,
            param_value: std::ptr::null(),
            param_index: 0,
            status: KUNIT_SUCCESS,
            status_comment: [0; super::ctypes::STATUS_COMMENT_SIZE],
            log: std::ptr::null_mut(),
            resources: super::ctypes::ListHead::unlinked(),
        },
        rust: &mut *rust,
        handle,
        actions: Vec::new(),
        synced_params: None,
        ext: test,
        fakes: Vec::new(),
    };
    let addr = test as usize;
    // Made again in the same memory: the old fake goes.
    forget_fake(addr);
    let id = register_fake(addr, ct, rust);
    // Forgotten when the running test ends (its record goes), before its memory can be
    // reused.
    let running = kunit_get_current_test();
    if !running.is_null() && running != test {
        // SAFETY: the current C test is a kunit-c test.
        unsafe { from_c(running) }.fakes.push((addr, id));
    }
}

/// `name` for as long as the process runs: a test's name lives as long as the test, and fakes
/// are few and mostly share names. Kept in a table (not merely leaked), so that LeakSanitizer
/// sees it in use.
fn interned(name: String) -> &'static str {
    static NAMES: Mutex<Vec<&'static str>> = Mutex::new(Vec::new());
    let mut names = NAMES.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(known) = names.iter().find(|n| **n == name) {
        return known;
    }
    let name: &'static str = Box::leak(name.into_boxed_str());
    names.push(name);
    name
}

/// `kunit_cleanup(test)`: releases the test's resources, deferred actions and static stubs
/// now, newest first.
///
/// # Safety
/// `test` is a kunit-c test (a running one, or a `kunit_init_test()` one).
#[no_mangle]
pub unsafe extern "C-unwind" fn kunit_cleanup(test: *mut CKunit) {
    // SAFETY: the caller's contract; `rust` is the test's Rust test.
    let ct = unsafe { from_c(test) };
    // SAFETY: as above.
    let rust = unsafe { &mut *ct.rust };
    rust.cleanup();
    // Every resource is off the test now, also one whose last reference someone else holds.
    let head: *mut super::ctypes::ListHead = &raw mut ct.cstruct().resources;
    // SAFETY: the test's list of live C resources (each unlinked before it is freed).
    unsafe {
        while !(*head).next.is_null() && (*head).next != head {
            super::ctypes::ListHead::del_init((*head).next);
        }
    }
}
