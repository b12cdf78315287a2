//! The C structures of `kunit/test.h` and `kunit/assert.h`, laid out as C lays them out.
//! Only the fields Rust reads or writes are named; C never allocates a `struct kunit`.

use std::ffi::{c_char, c_int, c_uint, c_void};

/// `enum kunit_status`.
pub(crate) const KUNIT_SUCCESS: c_int = 0;
pub(crate) const KUNIT_FAILURE: c_int = 1;
pub(crate) const KUNIT_SKIPPED: c_int = 2;

/// `enum kunit_assert_type`.
pub(crate) const KUNIT_ASSERTION: c_int = 0;

/// `KUNIT_STATUS_COMMENT_SIZE`.
pub(crate) const STATUS_COMMENT_SIZE: usize = 256;
/// `KUNIT_PARAM_DESC_SIZE`.
pub(crate) const PARAM_DESC_SIZE: usize = 128;

/// `struct kunit_attributes`.
#[repr(C)]
#[derive(Clone, Copy)]
pub(crate) struct CAttributes {
    pub speed: c_int,
}

/// A case function, init, exit: C frames an ASSERT unwinds through.
pub(crate) type CTestFn = unsafe extern "C-unwind" fn(*mut CKunit);
pub(crate) type CInitFn = unsafe extern "C-unwind" fn(*mut CKunit) -> c_int;
pub(crate) type CGenFn =
    unsafe extern "C-unwind" fn(*mut CKunit, *const c_void, *mut c_char) -> *const c_void;
pub(crate) type CSuiteInitFn = unsafe extern "C-unwind" fn(*mut CSuite) -> c_int;
pub(crate) type CSuiteExitFn = unsafe extern "C-unwind" fn(*mut CSuite);

/// `struct kunit_case`, whole: case tables are arrays, so the size must match C's.
#[repr(C)]
pub(crate) struct CCase {
    pub run_case: Option<CTestFn>,
    pub name: *const c_char,
    pub generate_params: Option<CGenFn>,
    pub attr: CAttributes,
    pub param_init: Option<CInitFn>,
    pub param_exit: Option<CTestFn>,
    pub _status: c_int,
    pub _module_name: *mut c_char,
    pub _log: *mut c_void,
}

// Case tables are arrays: the stride must be C's (`_Static_assert` in kunit/test.h).
const _: () = assert!(std::mem::size_of::<CCase>() == 9 * std::mem::size_of::<usize>());

/// `struct kunit_suite` (the public part).
#[repr(C)]
pub(crate) struct CSuite {
    pub name: [c_char; 256],
    pub suite_init: Option<CSuiteInitFn>,
    pub suite_exit: Option<CSuiteExitFn>,
    pub init: Option<CInitFn>,
    pub exit: Option<CTestFn>,
    pub test_cases: *mut CCase,
    pub attr: CAttributes,
}

/// `get_description(test, param, desc)` of a registered parameter array.
pub(crate) type CDescFn = unsafe extern "C-unwind" fn(*mut CKunit, *const c_void, *mut c_char);

/// `struct kunit_params`: `test->params_array`.
#[repr(C)]
#[derive(Clone, Copy)]
pub(crate) struct CParams {
    pub params: *const c_void,
    pub get_description: Option<CDescFn>,
    pub num_params: usize,
    pub elem_size: usize,
}

impl CParams {
    /// What identifies the registration (the description function by address).
    pub(crate) fn key(&self) -> (usize, usize, usize, usize) {
        let describe = self.get_description.map_or(0, |f| f as *const () as usize);
        (
            self.params as usize,
            describe,
            self.num_params,
            self.elem_size,
        )
    }
}

/// `struct kunit`: what C code sees of a running test.
#[repr(C)]
pub(crate) struct CKunit {
    pub priv_: *mut c_void,
    pub parent: *mut CKunit,
    pub params_array: CParams,
    pub name: *const c_char,
    pub param_value: *const c_void,
    pub param_index: c_int,
    pub status: c_int,
    pub status_comment: [c_char; STATUS_COMMENT_SIZE],
    /// `struct string_stream *log` (NULL unless `kunit_init_test()` was given one).
    pub log: *mut c_void,
    /// `test->resources`: the C resources' nodes. Self-linked (empty) only once the struct
    /// has its final address: [`ListHead::init`].
    pub resources: ListHead,
}

/// `struct list_head`.
#[repr(C)]
pub(crate) struct ListHead {
    pub next: *mut ListHead,
    pub prev: *mut ListHead,
}

impl ListHead {
    /// Unlinked, to be [`init`](ListHead::init)ed in place.
    pub(crate) const fn unlinked() -> ListHead {
        ListHead {
            next: std::ptr::null_mut(),
            prev: std::ptr::null_mut(),
        }
    }

    /// `INIT_LIST_HEAD()`: an empty list (or a node on none).
    ///
    /// # Safety
    /// `head` is writable.
    pub(crate) unsafe fn init(head: *mut ListHead) {
        // SAFETY: the caller's contract.
        unsafe {
            (*head).next = head;
            (*head).prev = head;
        }
    }

    /// `list_add_tail(node, head)`.
    ///
    /// # Safety
    /// `head` is a list; `node` is writable and on no list.
    pub(crate) unsafe fn add_tail(node: *mut ListHead, head: *mut ListHead) {
        // SAFETY: the caller's contract: a list's neighbours are live.
        unsafe {
            let prev = (*head).prev;
            (*node).next = head;
            (*node).prev = prev;
            (*prev).next = node;
            (*head).prev = node;
        }
    }

    /// `list_del_init(node)`: off its list, if on one (an unlinked node is self-linked).
    ///
    /// # Safety
    /// `node` is self-linked or on a live list.
    pub(crate) unsafe fn del_init(node: *mut ListHead) {
        // SAFETY: the caller's contract.
        unsafe {
            let (next, prev) = ((*node).next, (*node).prev);
            if !next.is_null() && !prev.is_null() {
                (*prev).next = next;
                (*next).prev = prev;
            }
            ListHead::init(node);
        }
    }
}

/// `struct kunit_loc`.
#[repr(C)]
pub(crate) struct CLoc {
    pub line: c_int,
    pub file: *const c_char,
}

/// `struct kunit_binary_assert_text`.
#[repr(C)]
pub(crate) struct CBinaryText {
    pub operation: *const c_char,
    pub left_text: *const c_char,
    pub right_text: *const c_char,
}

/// `struct __kunit_c_msg`: a user message C formats on demand (the rest is C's `va_list`).
#[repr(C)]
pub(crate) struct CMsg {
    pub format: unsafe extern "C" fn(*mut CMsg) -> *mut c_char,
}

/// `struct task_struct` of `linux/sched.h`: its state word and `kunit_test`.
#[repr(C)]
pub(crate) struct CTask {
    pub state: c_uint,
    pub kunit_test: *mut CKunit,
}

extern "C" {
    /// `current`: the calling thread's task, one per thread (kunit-c's glue, `kthread.c`).
    pub(crate) fn __kunit_c_current() -> *mut CTask;
}
