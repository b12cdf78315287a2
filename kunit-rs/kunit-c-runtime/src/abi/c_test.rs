//! The C `struct kunit` of a running test: created on the test's first trip into C, kept
//! in the Rust test's private data (so `priv` lives from `init` through the case to `exit`),
//! and the thread's current C test for `kunit_get_current_test()`: `current->kunit_test`,
//! which C code may set too, as KUnit's self-tests do.

use super::ctypes::{
    __kunit_c_current, CKunit, CParams, ListHead, KUNIT_FAILURE, KUNIT_SKIPPED, KUNIT_SUCCESS,
    STATUS_COMMENT_SIZE,
};
use kunit::{ActionHandle, Kunit, Status, TestRef};
use std::ffi::{c_char, c_int, c_void};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// One C test: the C-visible part first, so a `struct kunit *` is a `*mut CTest`.
#[repr(C)]
pub(crate) struct CTest {
    pub c: CKunit,
    /// The Rust test, valid while one of its trampolines runs (refreshed by each).
    pub rust: *mut Kunit,
    /// For logging and failing, from any thread.
    pub handle: TestRef,
    /// Deferred C actions, to find them again by `(action, ctx)`.
    pub actions: Vec<(usize, usize, ActionHandle)>,
    /// `params_array` as last handed to the Rust test (see `params`).
    pub synced_params: Option<(usize, usize, usize, usize)>,
    /// The C struct when C owns it (a `kunit_init_test()` test, see `fake_test`); null
    /// when it is `c` above.
    pub ext: *mut CKunit,
    /// The fakes made while this test ran (address, registration), forgotten when it ends
    /// (not by its cleanup: KUnit's self-test cleans a test up and goes on using its fakes).
    pub fakes: Vec<(usize, usize)>,
}

extern "C" {
    /// The glue's timers and workqueues forget a test that ended (see `timer.c`).
    fn __kunit_c_sched_test_ended(test: *mut CKunit);
}

impl Drop for CTest {
    fn drop(&mut self) {
        // SAFETY: the glue only compares the pointers and waits for the test's callbacks.
        unsafe {
            __kunit_c_sched_test_ended(&raw mut self.c);
            if !self.ext.is_null() {
                __kunit_c_sched_test_ended(self.ext);
            }
        }
        for (addr, id) in self.fakes.drain(..) {
            forget_fake_registration(addr, id);
        }
    }
}

impl CTest {
    /// The C struct C code reads: `c`, or the one C owns.
    pub(crate) fn cstruct(&mut self) -> &mut CKunit {
        if self.ext.is_null() {
            &mut self.c
        } else {
            // SAFETY: `ext` is the live struct `kunit_init_test()` was given.
            unsafe { &mut *self.ext }
        }
    }
}

// SAFETY: a `CTest` moves with its Rust test between driver threads only while no C code
// of that test runs; the raw pointers it holds are the test's own (or C statics).
unsafe impl Send for CTest {}

/// A parameter as the executor carries it: the C value (`test->param_value`).
pub(crate) struct CParam {
    pub value: *const c_void,
}

// SAFETY: C parameter values are pointers into static tables or arrays the parent owns
// (or whatever the generator returns, which KUnit also hands to another thread); C code
// only reads through them.
unsafe impl Send for CParam {}
// SAFETY: as above; the pointer itself is never written after creation.
unsafe impl Sync for CParam {}

/// The C struct of `test`, created on first use, with `rust` pointing at `test` and
/// `param_index` refreshed (the parent's grows as its parameters run, as in KUnit).
pub(crate) fn c_test(test: &mut Kunit) -> *mut CTest {
    let rust: *mut Kunit = test;
    if test.priv_ref::<CTest>().is_none() {
        // A parameter run: its value, and the parent's C struct (`test->parent`).
        let in_series = test.parent().is_some();
        let param_value = if in_series {
            test.param::<CParam>().value
        } else {
            std::ptr::null()
        };
        let parent = match test.parent_mut() {
            Some(parent) => c_test(parent).cast::<CKunit>(),
            None => std::ptr::null_mut(),
        };
        let c = CKunit {
            priv_: std::ptr::null_mut(),
            parent,
            params_array: CParams {
                params: std::ptr::null(),
                get_description: None,
                num_params: 0,
                elem_size: 0,
            },
            // C cases' names are leaked NUL-terminated copies (see `registry`).
            name: test.name().as_ptr().cast::<c_char>(),
            param_value,
            param_index: 0,
            status: KUNIT_SUCCESS,
            status_comment: [0; STATUS_COMMENT_SIZE],
            log: std::ptr::null_mut(),
            resources: ListHead::unlinked(),
        };
        let handle = test.handle();
        test.set_priv(CTest {
            c,
            rust,
            handle,
            actions: Vec::new(),
            synced_params: None,
            ext: std::ptr::null_mut(),
            fakes: Vec::new(),
        });
        let ct: *mut CTest = test.priv_mut::<CTest>();
        // SAFETY: the struct's final place (the test's private data, which does not move).
        unsafe { ListHead::init(&raw mut (*ct).c.resources) };
    }
    let param_index = test.param_index() as c_int;
    let ct: *mut CTest = test.priv_mut::<CTest>();
    // SAFETY: `ct` points into the test's private data, which lives as long as the test.
    unsafe {
        (*ct).rust = rust;
        (*ct).c.param_index = param_index;
    }
    ct
}

/// A `kunit_init_test()` test's record and the Rust test it points at (see `fake_test`).
struct Fake {
    ct: CTest,
    _rust: Box<Kunit>,
    /// Which registration at this address.
    id: usize,
}

/// The next fake registration's number.
static NEXT_ID: AtomicUsize = AtomicUsize::new(1);

/// The fakes by the address of their C struct.
static FAKES: Mutex<Vec<(usize, Box<Fake>)>> = Mutex::new(Vec::new());
/// How many fakes exist, so that `from_c` skips the lock when there are none.
static COUNT: AtomicUsize = AtomicUsize::new(0);

/// The record of the fake whose C struct is `test`, if it is one.
pub(crate) fn fake_lookup(test: *mut CKunit) -> Option<*mut CTest> {
    if COUNT.load(Ordering::Acquire) == 0 {
        return None;
    }
    let mut fakes = FAKES.lock().unwrap_or_else(|e| e.into_inner());
    fakes
        .iter_mut()
        .find(|(addr, _)| *addr == test as usize)
        .map(|(_, f)| &mut f.ct as *mut CTest)
}

/// Forgets the fake at `addr` (dropping its Rust test).
pub(crate) fn forget_fake(addr: usize) {
    forget_where(|a, _| a == addr);
}

/// Forgets the fake at `addr` if it is still registration `id` (the memory may have been
/// made a new fake since).
pub(crate) fn forget_fake_registration(addr: usize, id: usize) {
    forget_where(|a, f| a == addr && f.id == id);
}

fn forget_where(which: impl Fn(usize, &Fake) -> bool) {
    let removed = {
        let mut fakes = FAKES.lock().unwrap_or_else(|e| e.into_inner());
        let pos = fakes.iter().position(|(a, f)| which(*a, f));
        pos.map(|p| fakes.remove(p))
    };
    if removed.is_some() {
        COUNT.fetch_sub(1, Ordering::AcqRel);
    }
}

/// Registers the fake whose C struct is at `addr`: the registration's number.
pub(crate) fn register_fake(addr: usize, ct: CTest, rust: Box<Kunit>) -> usize {
    let id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
    FAKES.lock().unwrap_or_else(|e| e.into_inner()).push((
        addr,
        Box::new(Fake {
            ct,
            _rust: rust,
            id,
        }),
    ));
    COUNT.fetch_add(1, Ordering::AcqRel);
    id
}

/// The Rust handle of `test` when it is a fake (for static stubs, which look in the current
/// test).
pub(crate) fn fake_handle(test: *mut CKunit) -> Option<TestRef> {
    fake_lookup(test).map(|ct| {
        // SAFETY: a registered fake's record.
        unsafe { (*ct).handle.clone() }
    })
}

/// The `CTest` behind a C `struct kunit *`.
///
/// # Safety
/// `test` must be a `struct kunit *` kunit-c handed to C (they all are: C never makes one).
pub(crate) unsafe fn from_c<'a>(test: *mut CKunit) -> &'a mut CTest {
    assert!(!test.is_null(), "kunit-c: NULL struct kunit *");
    if let Some(fake) = fake_lookup(test) {
        // SAFETY: a `kunit_init_test()` test's record, alive while it is registered.
        return unsafe { &mut *fake };
    }
    // SAFETY: the caller's contract; `CTest` is `repr(C)` with the `CKunit` first.
    unsafe { &mut *test.cast::<CTest>() }
}

/// Copies the Rust test's status (and skip reason) into the C struct.
pub(crate) fn sync_status(ct: &mut CTest) {
    let status = kunit::c_abi::status(&ct.handle);
    let reason = if status == Status::Skipped {
        kunit::c_abi::status_comment(&ct.handle)
    } else {
        String::new()
    };
    let c = ct.cstruct();
    c.status = match status {
        Status::Success => KUNIT_SUCCESS,
        Status::Failure => KUNIT_FAILURE,
        Status::Skipped => KUNIT_SKIPPED,
    };
    if status == Status::Skipped {
        let n = reason.len().min(STATUS_COMMENT_SIZE - 1);
        for (dst, &src) in c.status_comment.iter_mut().zip(&reason.as_bytes()[..n]) {
            *dst = src as c_char;
        }
        c.status_comment[n] = 0;
    }
}

/// `&current->kunit_test`.
fn current_slot() -> *mut *mut CKunit {
    // SAFETY: the glue's task of this thread, which lives as long as the thread.
    unsafe { &raw mut (*__kunit_c_current()).kunit_test }
}

/// Restores the previous current C test when dropped (also when an ASSERT unwinds).
struct CurrentGuard(*mut CKunit);

impl Drop for CurrentGuard {
    fn drop(&mut self) {
        // SAFETY: this thread's task (see `current_slot`).
        unsafe { *current_slot() = self.0 };
    }
}

/// Runs `f` with `c` (NULL: none) as the thread's current C test, restoring the previous one.
pub(crate) fn with_current<R>(c: *mut CKunit, f: impl FnOnce() -> R) -> R {
    // SAFETY: this thread's task (see `current_slot`).
    let _guard = CurrentGuard(unsafe { std::ptr::replace(current_slot(), c) });
    f()
}

/// Calls into C with `ct` as the thread's current C test (`current->kunit_test`).
pub(crate) fn call_c<R>(ct: *mut CTest, f: impl FnOnce(*mut CKunit) -> R) -> R {
    let c = ct.cast::<CKunit>();
    let slot = current_slot();
    // SAFETY: this thread's task (see `current_slot`).
    let _guard = CurrentGuard(unsafe { std::ptr::replace(slot, c) });
    f(c)
}

/// Runs `f` with `c` as the thread's current C test if there is none: the cleanup that
/// follows a case's `exit` runs outside C, and KUnit runs it in the case's own thread,
/// where `current->kunit_test` is the case (driver `remove()` hooks read it).
pub(crate) fn with_current_or<R>(c: *mut CKunit, f: impl FnOnce() -> R) -> R {
    let slot = current_slot();
    // SAFETY: this thread's task (see `current_slot`).
    if unsafe { !(*slot).is_null() } {
        return f();
    }
    // SAFETY: as above.
    let _guard = CurrentGuard(unsafe { std::ptr::replace(slot, c) });
    f()
}

/// `kunit_get_current_test()`: `current->kunit_test`, the C test running on this thread
/// (or the one C code made current), or NULL.
#[no_mangle]
pub extern "C" fn kunit_get_current_test() -> *mut CKunit {
    // SAFETY: this thread's task (see `current_slot`).
    unsafe { *current_slot() }
}
