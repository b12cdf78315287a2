//! Sanitizer reports as test results (as a KASAN report fails the KUnit case it happens in).
//!
//! When the process carries a sanitizer runtime (ASan, UBSan, TSan, LSan: gcc's shared
//! `libasan`/`libubsan`/`libtsan`, or the static runtime of Rust's `-Zsanitizer`, whose
//! symbols `kunit run --sanitize` exports with `--export-dynamic-symbol`), [`start`] points
//! the runtime's report output (`__sanitizer_set_report_fd`, common to every sanitizer
//! runtime) at an anonymous in-memory file. After each guarded piece of a case the executor
//! calls [`fail_on_report`]: whatever was written since the last look is that case's report;
//! it goes into the case's log as `    # <case>: ` lines and fails the case. The run goes on
//! with the next case where the sanitizer recovers (`halt_on_error=0`, code built with
//! `-fsanitize-recover` / `-Zsanitizer-recover`); where it does not, the death callback
//! (`__sanitizer_set_death_callback`) logs the report to the case in flight before the process
//! ends, so the runner reports that case as crashed with the report in its log.
//!
//! Found by `dlsym(RTLD_DEFAULT, ..)` rather than weak linkage: stable Rust has no weak
//! symbols, and the lookup costs nothing when no runtime is there. Reports cannot be told
//! apart by thread, so a run with a runtime present runs one suite at a time ([`serialize`]).
//! A leak check ([`end_of_run`]) runs once after the last suite: leaks cannot be tied to a
//! case, so they are printed as `# kunit-sanitizer:` lines of the run and fail it.

use crate::test_handle::{with_current, TestShared};
use std::ffi::{c_char, c_int, c_void, CStr};
use std::fs::File;
use std::os::fd::{AsRawFd, FromRawFd};
use std::os::unix::fs::FileExt;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

/// The in-memory file the runtime writes its reports to, and how far it has been read.
struct Capture {
    file: File,
    read: Mutex<u64>,
}

static CAPTURE: OnceLock<Option<Capture>> = OnceLock::new();

/// A report came outside any case (suite-level reports fail their suite instead).
static OUTSIDE_CASES: AtomicBool = AtomicBool::new(false);

/// `name` in the process's global symbol scope (the executable's exported symbols and every
/// loaded library), if it is there.
fn symbol(name: &CStr) -> Option<*mut c_void> {
    // SAFETY: dlsym with RTLD_DEFAULT and a NUL-terminated name only looks the name up.
    let p = unsafe { libc::dlsym(libc::RTLD_DEFAULT, name.as_ptr()) };
    if p.is_null() {
        forget_dl_error();
    }
    (!p.is_null()).then_some(p)
}

/// glibc keeps the last failed dlopen/dlsym's message in a malloc'd record of the thread
/// until dlerror() has returned it and is called again; LeakSanitizer's check at the end of
/// the run would report that record as the run's leak.
fn forget_dl_error() {
    // SAFETY: dlerror has no preconditions; the message it may return is not used.
    unsafe {
        libc::dlerror();
        libc::dlerror();
    }
}

/// Redirects the runtime's reports into the capture file, once per process; whether a
/// runtime is present, or the process runs under valgrind with its log to read
/// (`valgrind.rs`), whose reports are taken the same way.
pub(crate) fn start() -> bool {
    let runtime = runtime_present();
    crate::valgrind::start() || runtime
}

/// Whether a sanitizer runtime is present (its capture installed once per process).
pub(crate) fn runtime_present() -> bool {
    CAPTURE.get_or_init(install).is_some()
}

/// The capture file's descriptor (-1 before [`install`]), for [`__ubsan_on_report`].
static REPORT_FD: AtomicI32 = AtomicI32::new(-1);

/// Every `__sanitizer_set_report_fd` of the process: the global one, and each shared runtime
/// library's own (gcc's `libasan` and `libubsan` each keep their own report file, so with
/// both loaded, `dlsym(RTLD_DEFAULT)` reaches only the first). A fixed table, read without
/// allocating from the runtime's report hook.
static SETTERS: [AtomicUsize; 8] = [const { AtomicUsize::new(0) }; 8];

/// Adds `f` to [`SETTERS`] unless it is there.
fn add_setter(f: *mut c_void) {
    let f = f as usize;
    for slot in &SETTERS {
        match slot.compare_exchange(0, f, Ordering::AcqRel, Ordering::Acquire) {
            Ok(_) => return,
            Err(existing) if existing == f => return,
            Err(_) => {}
        }
    }
}

/// Points every runtime's report output at `fd`.
fn set_report_fd_everywhere(fd: c_int) {
    for slot in &SETTERS {
        let f = slot.load(Ordering::Acquire);
        if f == 0 {
            break;
        }
        // SAFETY: each entry is a `void __sanitizer_set_report_fd(void *fd)` of a runtime
        // loaded in this process (shared runtimes are never unloaded), found by its name.
        unsafe {
            let f: extern "C" fn(*mut c_void) = std::mem::transmute(f);
            f(fd as isize as *mut c_void);
        }
    }
}

/// The report setters of the shared sanitizer runtimes loaded in the process (gcc's
/// `libasan.so.N`, `libubsan.so.N`, `libtsan.so.N`, clang's `libclang_rt.*.so`), each looked up
/// in its own library.
fn shared_runtime_setters() {
    unsafe extern "C" fn each(
        info: *mut libc::dl_phdr_info,
        _size: libc::size_t,
        _data: *mut c_void,
    ) -> c_int {
        // SAFETY: the loader passes a valid entry whose name is NULL or NUL-terminated.
        let name = unsafe { (*info).dlpi_name };
        if name.is_null() {
            return 0;
        }
        // SAFETY: non-NULL, NUL-terminated (above).
        let bytes = unsafe { CStr::from_ptr(name) }.to_bytes();
        let base = bytes.rsplit(|b| *b == b'/').next().unwrap_or(bytes);
        let runtime = [
            &b"libasan.so"[..],
            b"libubsan.so",
            b"libtsan.so",
            b"libclang_rt.",
        ]
        .iter()
        .any(|r| base.starts_with(r));
        if runtime {
            // SAFETY: RTLD_NOLOAD only returns a handle to a library already loaded (never
            // loads one); dlsym on it searches that library first.
            unsafe {
                let h = libc::dlopen(name, libc::RTLD_NOLOAD | libc::RTLD_LAZY);
                if !h.is_null() {
                    let f = libc::dlsym(h, c"__sanitizer_set_report_fd".as_ptr());
                    if !f.is_null() {
                        add_setter(f);
                    }
                    libc::dlclose(h);
                }
            }
        }
        0
    }
    // SAFETY: `each` only reads the entries it is given.
    unsafe {
        libc::dl_iterate_phdr(Some(each), std::ptr::null_mut());
    }
}

/// The capture file's own descriptor, never given to a runtime (so never closed by one).
static CAPTURE_FD: AtomicI32 = AtomicI32::new(-1);

/// Called by UBSan's runtime as each report begins (it defines the symbol weakly; the harness's
/// exported definition takes its place). gcc's `libubsan` initialises itself at its first
/// report: it resets its report output (and, through the shared `__sanitizer_set_report_path`,
/// ASan's) to `log_path`, stderr by default, closing the descriptor they had. Here, before the
/// report's text is written, the runtimes are pointed back at a copy of the capture file, so
/// every report lands in the case's log. Async-signal-safe: atomics, `fstat`, `dup3`, `fcntl`
/// and the runtimes' own setters.
/// LeakSanitizer's built-in suppressions (the runtime calls this hook; `LSAN_OPTIONS`'
/// `suppressions=` files still apply). glibc keeps a failed dlopen/dlsym's message in a
/// malloc'd record owned by the thread (std's weak-symbol lookups make such calls), freed at
/// the thread's exit or by the next dlerror(): LeakSanitizer reports it when it checks while
/// such a thread is ending. It is glibc's, never the code under test's.
#[no_mangle]
pub extern "C" fn __lsan_default_suppressions() -> *const c_char {
    c"leak:_dlerror_run\n".as_ptr()
}

/// ThreadSanitizer's built-in suppressions. The `kunit` binary is not instrumented, so TSan
/// cannot see std's own synchronisation of a finished thread's name (written by the thread at
/// its start, freed by the joiner after `pthread_join` through an atomic reference count): a
/// race TSan reports between those two is std's, never the code under test's.
#[no_mangle]
pub extern "C" fn __tsan_default_suppressions() -> *const c_char {
    c"race:thread_name_string\n".as_ptr()
}

#[no_mangle]
pub extern "C" fn __ubsan_on_report() {
    let (fd, capture) = (
        REPORT_FD.load(Ordering::Acquire),
        CAPTURE_FD.load(Ordering::Acquire),
    );
    if fd < 0 || capture < 0 || fd == 2 {
        return;
    }
    if !same_file(fd, capture) {
        // SAFETY: plain descriptor calls. The runtime closed `fd`: the same number again
        // (dup3), unless another thread took it meanwhile (then `same_file` said no with the
        // descriptor open: a new number, never someone else's descriptor replaced).
        let again = unsafe {
            if libc::fcntl(fd, libc::F_GETFD) < 0 {
                libc::dup3(capture, fd, libc::O_CLOEXEC)
            } else {
                libc::fcntl(capture, libc::F_DUPFD_CLOEXEC, 3)
            }
        };
        if again < 0 {
            return;
        }
        REPORT_FD.store(again, Ordering::Release);
        set_report_fd_everywhere(again);
        return;
    }
    set_report_fd_everywhere(fd);
}

/// Are descriptors `a` and `b` open on the same file?
fn same_file(a: c_int, b: c_int) -> bool {
    // SAFETY: fstat writes into the zeroed `stat` buffers it is given, nothing else.
    unsafe {
        let (mut x, mut y): (libc::stat, libc::stat) = (std::mem::zeroed(), std::mem::zeroed());
        libc::fstat(a, &mut x) == 0
            && libc::fstat(b, &mut y) == 0
            && x.st_dev == y.st_dev
            && x.st_ino == y.st_ino
    }
}

fn install() -> Option<Capture> {
    let set_report_fd = symbol(c"__sanitizer_set_report_fd")?;
    add_setter(set_report_fd);
    shared_runtime_setters();
    // SAFETY: memfd_create with a NUL-terminated name and valid flags has no other effect.
    let fd = unsafe { libc::memfd_create(c"kunit-sanitizer".as_ptr(), libc::MFD_CLOEXEC) };
    if fd < 0 {
        eprintln!(
            "kunit: a sanitizer runtime is present but its reports cannot be captured (memfd_create: {}); they go to stderr",
            std::io::Error::last_os_error()
        );
        return None;
    }
    // SAFETY: `fd` was just created and is owned by nothing else.
    let file = unsafe { File::from_raw_fd(fd) };
    // The runtimes write to a copy: one that initialises late closes the descriptor it had
    // (see `__ubsan_on_report`), and the capture file stays open for reading.
    // SAFETY: F_DUPFD_CLOEXEC on a descriptor this function owns.
    let copy = unsafe { libc::fcntl(file.as_raw_fd(), libc::F_DUPFD_CLOEXEC, 3) };
    let copy = if copy < 0 { file.as_raw_fd() } else { copy };
    CAPTURE_FD.store(file.as_raw_fd(), Ordering::Release);
    REPORT_FD.store(copy, Ordering::Release);
    set_report_fd_everywhere(copy);
    if let Some(set_death) = symbol(c"__sanitizer_set_death_callback") {
        // SAFETY: `void __sanitizer_set_death_callback(void (*)(void))`, looked up by name.
        unsafe {
            let f: extern "C" fn(extern "C" fn()) = std::mem::transmute(set_death);
            f(on_death);
        }
    }
    Some(Capture {
        file,
        read: Mutex::new(0),
    })
}

/// One driver when a runtime is present (one suite at a time, and a suite's parallel cases
/// one after another, since the executor splits a suite into units only for several jobs):
/// `jobs`, or 1.
pub(crate) fn serialize(jobs: usize) -> usize {
    if start() {
        1
    } else {
        jobs
    }
}

/// What the runtime, or valgrind, wrote since the last call (`None`: nothing, or neither).
pub(crate) fn take_report() -> Option<String> {
    match (runtime_report(), crate::valgrind::take_report()) {
        (Some(a), Some(b)) => Some(a + &b),
        (a, b) => a.or(b),
    }
}

/// What the sanitizer runtime wrote since the last call.
fn runtime_report() -> Option<String> {
    let capture = CAPTURE.get()?.as_ref()?;
    let mut read = capture.read.lock().unwrap_or_else(|e| e.into_inner());
    let mut bytes = Vec::new();
    let mut chunk = [0u8; 8192];
    loop {
        match capture.file.read_at(&mut chunk, *read) {
            Ok(0) | Err(_) => break,
            Ok(n) => {
                bytes.extend_from_slice(&chunk[..n]);
                *read += n as u64;
            }
        }
    }
    let text = String::from_utf8_lossy(&bytes);
    (!text.trim().is_empty()).then(|| text.into_owned())
}

/// The report's lines as log text, `prefix` before each (trailing blanks dropped).
pub(crate) fn report_lines(prefix: &str, report: &str) -> Vec<String> {
    report
        .trim_end()
        .lines()
        .map(|l| format!("{prefix}{l}").trim_end().to_string())
        .collect()
}

/// After a guarded piece of a case: a report written during it fails `test`, into whose log
/// it goes. Returns whether there was one.
pub(crate) fn fail_on_report(test: &TestShared) -> bool {
    let Some(report) = take_report() else {
        return false;
    };
    log_to(test, &report);
    test.set_failure();
    true
}

fn log_to(test: &TestShared, report: &str) {
    for line in report_lines("", report) {
        test.log_prefixed(format_args!("{line}"));
    }
}

/// A report written outside any case (`suite_init`, `suite_exit`): its lines for the suite's
/// log (`# <suite>: ...`), or `None`.
pub(crate) fn suite_report(suite: &str) -> Option<Vec<String>> {
    take_report().map(|r| report_lines(&format!("# {suite}: "), &r))
}

/// After the last suite: a leak check (LeakSanitizer, if present and `detect_leaks` is on),
/// and anything else written since the last case. Returns the lines to print, `# kunit-sanitizer: `
/// before each; the run then fails. Reports written later (exit handlers) go to stderr.
pub(crate) fn end_of_run() -> Vec<String> {
    let runtime = CAPTURE.get().and_then(Option::as_ref).is_some();
    if !runtime && !crate::valgrind::start() {
        return Vec::new();
    }
    // A failed lookup of anyone's on this thread (the C suites' loader, symbol names).
    forget_dl_error();
    if let Some(check) = symbol(c"__lsan_do_recoverable_leak_check").filter(|_| runtime) {
        // SAFETY: `int __lsan_do_recoverable_leak_check(void)`, looked up by name.
        unsafe {
            let f: extern "C" fn() -> c_int = std::mem::transmute(check);
            f();
        }
    }
    let lines = take_report()
        .map(|r| report_lines("# kunit-sanitizer: ", &r))
        .unwrap_or_default();
    // Valgrind's reports after this point (the process's exit) are the runner's to print.
    crate::valgrind::end_of_run();
    if !lines.is_empty() {
        OUTSIDE_CASES.store(true, Ordering::Relaxed);
    }
    // Later reports (exit handlers) go to stderr, also those UBSan starts.
    REPORT_FD.store(2, Ordering::Release);
    set_report_fd_everywhere(2);
    lines
}

/// Whether a report came outside any case (the harness then exits as failed).
pub(crate) fn reported_outside_cases() -> bool {
    OUTSIDE_CASES.load(Ordering::Relaxed)
}

/// The runtime is about to end the process (a report it cannot recover from): the report
/// goes to the case running on this thread, else to stderr, named as outside any case.
extern "C" fn on_death() {
    let Some(report) = take_report() else {
        return;
    };
    let logged = with_current(|t| {
        log_to(t, &report);
        t.log_prefixed(format_args!(
            "the sanitizer ended the process (halt_on_error); the case is reported as crashed"
        ));
    });
    if logged.is_none() {
        for line in report_lines("# kunit-sanitizer (outside any case): ", &report) {
            eprintln!("{line}");
        }
    }
}
