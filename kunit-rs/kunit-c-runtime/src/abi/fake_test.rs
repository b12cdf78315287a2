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
/// resources, succeeding. A log stream (`log`) is KUnit's private `string_stream`, which
/// kunit-c does not write: a non-NULL `log` is refused (the process aborts, saying so)
/// rather than left empty.
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
    if !log.is_null() {
        eprintln!(
            "kunit-c: kunit_init_test() with a log stream: kunit-c keeps a test's log itself \
             and cannot write KUnit's string_stream; pass NULL"
        );
        std::process::abort();
    }
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
        },
        rust: &mut *rust,
        handle,
        actions: Vec::new(),
        synced_params: None,
        ext: test,
    };
    let addr = test as usize;
    // Made again in the same memory: the old fake goes.
    forget_fake(addr);
    // Forgotten when the running test ends, before its memory can be reused.
    let running = kunit_get_current_test();
    if !running.is_null() {
        // SAFETY: the current C test is a kunit-c test whose Rust test is running.
        let owner = unsafe { &mut *from_c(running).rust };
        owner.add_action(move || forget_fake(addr));
    }
    register_fake(addr, ct, rust);
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
    let rust = unsafe { &mut *from_c(test).rust };
    rust.cleanup();
}
