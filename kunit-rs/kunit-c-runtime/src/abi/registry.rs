//! C suites into the kunit registry, and the trampolines that run their C functions.
//!
//! A Rust `Case` calls a plain `fn(&mut Kunit)`, so every C case shares one trampoline that
//! finds its C case from the test's name: each C case's name is a leaked, NUL-terminated copy,
//! unique per case, and the executor names each test with its case's `name` (the same
//! pointer). Suite-level hooks get the `&Suite`, which is leaked per C suite too.

use super::c_test::{c_test, call_c, CParam};
use super::ctypes::{CCase, CSuite, PARAM_DESC_SIZE};
use super::params::{array_gen_trampoline, is_array_gen, push_desc};
use kunit::{Attributes, Case, Kunit, Param, Registration, Speed, Suite};
use std::collections::HashMap;
use std::ffi::{c_char, c_int, CStr};
use std::sync::{LazyLock, RwLock};

#[derive(Clone, Copy)]
struct CaseEntry {
    suite: *mut CSuite,
    case: *mut CCase,
}

// SAFETY: the pointers are to C statics (suite and case tables), never freed.
unsafe impl Send for CaseEntry {}
// SAFETY: as above; C owns the tables and kunit-c only reads them.
unsafe impl Sync for CaseEntry {}

/// Case name pointer → its C case; `&Suite` address → its C suite.
static CASES: LazyLock<RwLock<HashMap<usize, CaseEntry>>> = LazyLock::new(Default::default);
static SUITES: LazyLock<RwLock<HashMap<usize, CaseEntry>>> = LazyLock::new(Default::default);
/// C suite address → its Rust suite, for logging on a `struct kunit_suite *`.
static RUST_SUITES: LazyLock<RwLock<HashMap<usize, &'static Suite>>> =
    LazyLock::new(Default::default);

/// A leaked copy of `s` followed by a NUL (so C can read it too), without the NUL.
fn leak_name(s: &str) -> &'static str {
    let with_nul: &'static str = Box::leak(format!("{s}\0").into_boxed_str());
    &with_nul[..s.len()]
}

/// A C string as a leaked Rust string (invalid UTF-8 is replaced).
///
/// # Safety
/// `p` is NULL or a NUL-terminated string.
unsafe fn leak_c_str(p: *const c_char) -> &'static str {
    if p.is_null() {
        return leak_name("");
    }
    // SAFETY: the caller's contract.
    leak_name(&unsafe { CStr::from_ptr(p) }.to_string_lossy())
}

fn speed(c: c_int) -> Speed {
    match c {
        1 => Speed::VerySlow,
        2 => Speed::Slow,
        3 => Speed::Normal,
        _ => Speed::Unset,
    }
}

fn attributes(speed_value: c_int) -> Attributes {
    Attributes {
        speed: speed(speed_value),
        ..Attributes::DEFAULT
    }
}

/// How many suites the C files' constructors registered.
static REGISTERED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// How many suites the C files' `kunit_test_suites()` registered so far.
pub fn registered_c_suites() -> usize {
    REGISTERED.load(std::sync::atomic::Ordering::Relaxed)
}

/// `kunit_test_suites(...)`'s constructor: registers a NULL-terminated array of suites.
///
/// # Safety
/// `suites` is a NULL-terminated array of pointers to static `struct kunit_suite`s whose
/// case tables end with a `{}` entry; `module` is NULL or a string, `file` a string.
#[no_mangle]
pub unsafe extern "C" fn __kunit_c_register_suites(
    suites: *const *mut CSuite,
    module: *const c_char,
    file: *const c_char,
    line: c_int,
    init_section: bool,
) {
    // Runs before main, from C: never unwind into the constructor.
    let result = std::panic::catch_unwind(|| {
        // SAFETY: the caller's contract, passed on.
        unsafe { register_all(suites, module, file, line, init_section) }
    });
    if result.is_err() {
        eprintln!("kunit-c: registering the suites of a C file failed");
        std::process::exit(2);
    }
}

/// # Safety
/// As [`__kunit_c_register_suites`].
unsafe fn register_all(
    suites: *const *mut CSuite,
    module: *const c_char,
    file: *const c_char,
    line: c_int,
    init_section: bool,
) {
    // SAFETY: `file` is `__FILE__`.
    let file = unsafe { leak_c_str(file) };
    let module = if module.is_null() {
        leak_name(&crate::module_name(std::path::Path::new(file)))
    } else {
        // SAFETY: `module` is `KBUILD_MODNAME`.
        unsafe { leak_c_str(module) }
    };
    let mut i = 0;
    loop {
        // SAFETY: NULL-terminated array (caller's contract).
        let suite = unsafe { *suites.add(i) };
        if suite.is_null() {
            break;
        }
        // SAFETY: a static suite (caller's contract).
        let reg = unsafe { register_one(suite, module, file, line, init_section) };
        kunit::c_abi::register_suite(reg);
        REGISTERED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        i += 1;
    }
}

/// # Safety
/// `csuite` points to a static suite whose case table ends with `{}` (or is NULL).
// `..Case::DEFAULT` / `..Suite::DEFAULT`: fields kunit grows later keep their defaults.
#[allow(clippy::needless_update)]
unsafe fn register_one(
    csuite: *mut CSuite,
    module: &'static str,
    file: &'static str,
    line: c_int,
    init_section: bool,
) -> Registration {
    // SAFETY: the caller's contract.
    let s = unsafe { &*csuite };
    // The name is a char[256]; stop at the NUL or the end of the array.
    let raw: Vec<u8> = s
        .name
        .iter()
        .take_while(|&&c| c != 0)
        .map(|&c| c as u8)
        .collect();
    let name = leak_name(&String::from_utf8_lossy(&raw));
    let mut cases = Vec::new();
    let mut cases_map = CASES.write().unwrap_or_else(|e| e.into_inner());
    let mut p = s.test_cases;
    // SAFETY: the table ends with an entry whose run_case is NULL.
    while !p.is_null() && unsafe { (*p).run_case.is_some() } {
        // SAFETY: `p` is within the table (checked above).
        let c = unsafe { &*p };
        // SAFETY: `name` is `#test_name`.
        let case_name = unsafe { leak_c_str(c.name) };
        cases_map.insert(
            case_name.as_ptr() as usize,
            CaseEntry {
                suite: csuite,
                case: p,
            },
        );
        cases.push(Case {
            name: case_name,
            run_case: run_case_trampoline,
            generate_params: c.generate_params.map(|g| {
                if is_array_gen(g as usize) {
                    array_gen_trampoline as kunit::ParamGen
                } else {
                    generate_trampoline as kunit::ParamGen
                }
            }),
            attr: attributes(c.attr.speed),
            param_init: c
                .param_init
                .map(|_| param_init_trampoline as kunit::registry::InitFn),
            param_exit: c
                .param_exit
                .map(|_| param_exit_trampoline as kunit::registry::ExitFn),
            ..Case::DEFAULT
        });
        // SAFETY: the next entry exists (the terminator at least).
        p = unsafe { p.add(1) };
    }
    drop(cases_map);
    let suite: &'static Suite = Box::leak(Box::new(Suite {
        name,
        suite_init: s
            .suite_init
            .map(|_| suite_init_trampoline as kunit::registry::SuiteInitFn),
        suite_exit: s
            .suite_exit
            .map(|_| suite_exit_trampoline as kunit::registry::SuiteExitFn),
        init: s.init.map(|_| init_trampoline as kunit::registry::InitFn),
        exit: s.exit.map(|_| exit_trampoline as kunit::registry::ExitFn),
        test_cases: Box::leak(cases.into_boxed_slice()),
        attr: attributes(s.attr.speed),
        ..Suite::DEFAULT
    }));
    SUITES.write().unwrap_or_else(|e| e.into_inner()).insert(
        suite as *const Suite as usize,
        CaseEntry {
            suite: csuite,
            case: std::ptr::null_mut(),
        },
    );
    RUST_SUITES
        .write()
        .unwrap_or_else(|e| e.into_inner())
        .insert(csuite as usize, suite);
    Registration {
        suite,
        module,
        file,
        line: line.max(0) as u32,
        is_init: init_section,
    }
}

/// The C case (and suite) of a test of a C suite.
fn entry(test: &Kunit) -> CaseEntry {
    let key = test.name().as_ptr() as usize;
    match CASES.read().unwrap_or_else(|e| e.into_inner()).get(&key) {
        Some(e) => *e,
        None => panic!("kunit-c: {} is not a C case", test.name()),
    }
}

fn suite_entry(suite: &Suite) -> *mut CSuite {
    let key = suite as *const Suite as usize;
    match SUITES.read().unwrap_or_else(|e| e.into_inner()).get(&key) {
        Some(e) => e.suite,
        None => panic!("kunit-c: {} is not a C suite", suite.name),
    }
}

/// The Rust suite registered for a C suite, if any.
pub(crate) fn rust_suite(csuite: *const CSuite) -> Option<&'static Suite> {
    let suites = RUST_SUITES.read().unwrap_or_else(|e| e.into_inner());
    suites.get(&(csuite as usize)).copied()
}

fn errno_result(rc: c_int) -> Result<(), i32> {
    if rc == 0 {
        Ok(())
    } else {
        Err(rc)
    }
}

/// On drop, releases glibc's record of this thread's last failed dlopen/dlsym (std's and the
/// glue's lookups of optional symbols make such calls): freed only by a later dlerror() or at
/// the thread's end, it would be LeakSanitizer's "leak" if the check ran while the case's
/// thread was still ending.
struct ForgetDlError;

impl Drop for ForgetDlError {
    fn drop(&mut self) {
        // SAFETY: dlerror has no preconditions; twice returns, then frees, the record.
        unsafe {
            libc::dlerror();
            libc::dlerror();
        }
    }
}

fn run_case_trampoline(test: &mut Kunit) {
    let _forget = ForgetDlError;
    let e = entry(test);
    let ct = c_test(test);
    // SAFETY: the table entry is static; registration checked run_case is set.
    let f = unsafe { (*e.case).run_case }.expect("registered with run_case");
    // SAFETY: a C case function called with the test's C struct.
    call_c(ct, |c| unsafe { f(c) });
}

fn init_trampoline(test: &mut Kunit) -> Result<(), i32> {
    let e = entry(test);
    let ct = c_test(test);
    // SAFETY: static suite; this trampoline is installed only when init is set.
    let f = unsafe { (*e.suite).init }.expect("registered with init");
    // SAFETY: C init called with the test's C struct.
    errno_result(call_c(ct, |c| unsafe { f(c) }))
}

fn exit_trampoline(test: &mut Kunit) {
    let e = entry(test);
    let ct = c_test(test);
    // SAFETY: static suite; installed only when exit is set.
    let f = unsafe { (*e.suite).exit }.expect("registered with exit");
    // SAFETY: C exit called with the test's C struct.
    call_c(ct, |c| unsafe { f(c) });
}

fn param_init_trampoline(test: &mut Kunit) -> Result<(), i32> {
    let e = entry(test);
    let ct = c_test(test);
    // SAFETY: static case; installed only when param_init is set.
    let f = unsafe { (*e.case).param_init }.expect("registered with param_init");
    // SAFETY: C param_init called with the parent test's C struct.
    errno_result(call_c(ct, |c| unsafe { f(c) }))
}

fn param_exit_trampoline(test: &mut Kunit) {
    let e = entry(test);
    let ct = c_test(test);
    // SAFETY: static case; installed only when param_exit is set.
    let f = unsafe { (*e.case).param_exit }.expect("registered with param_exit");
    // SAFETY: C param_exit called with the parent test's C struct.
    call_c(ct, |c| unsafe { f(c) });
}

fn generate_trampoline(test: &mut Kunit, prev: Option<&Param>, desc: &mut String) -> Option<Param> {
    let e = entry(test);
    let ct = c_test(test);
    // SAFETY: static case; installed only when generate_params is set.
    let f = unsafe { (*e.case).generate_params }.expect("registered with generate_params");
    let prev = prev
        .and_then(|p| p.get::<CParam>())
        .map_or(std::ptr::null(), |p| p.value);
    let mut buf = [0 as c_char; PARAM_DESC_SIZE];
    // SAFETY: the C generator gets the parent's C struct, its previous value and a
    // KUNIT_PARAM_DESC_SIZE buffer.
    let next = call_c(ct, |c| unsafe { f(c, prev, buf.as_mut_ptr()) });
    if next.is_null() {
        return None;
    }
    push_desc(&mut buf, desc);
    Some(Param::new(CParam { value: next }))
}

fn suite_init_trampoline(suite: &Suite) -> Result<(), i32> {
    let s = suite_entry(suite);
    // SAFETY: static suite; installed only when suite_init is set.
    let f = unsafe { (*s).suite_init }.expect("registered with suite_init");
    // SAFETY: C suite_init called with its own suite.
    errno_result(unsafe { f(s) })
}

fn suite_exit_trampoline(suite: &Suite) {
    let s = suite_entry(suite);
    // SAFETY: static suite; installed only when suite_exit is set.
    let f = unsafe { (*s).suite_exit }.expect("registered with suite_exit");
    // SAFETY: C suite_exit called with its own suite.
    unsafe { f(s) }
}

/// A C suite that no `kunit_test_suites()` registers (declared extern, not registered), as
/// a [`Registration`] to run explicitly with [`kunit::run`] — e.g. a suite that fails on
/// purpose, compared in a golden test.
///
/// # Safety
/// `suite` points to a static `struct kunit_suite` whose case table ends with `{}`, and is
/// passed here once.
pub unsafe fn unregistered_suite(
    suite: *mut std::ffi::c_void,
    module: &'static str,
) -> Registration {
    // SAFETY: the caller's contract.
    unsafe { register_one(suite.cast::<CSuite>(), module, "", 0, false) }
}
