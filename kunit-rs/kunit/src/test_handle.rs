//! The test handle (`struct kunit`): status, skip reason, logging, parameters, private data,
//! the location of the last assertion, and the thread-local "current test".
//!
//! The part other threads may touch (status, log, output) lives in an `Arc<TestShared>` so
//! that code without a handle can still log or fail the current test
//! (`kunit_fail_current_test!`), and threads spawned with [`crate::spawn`] inherit it.

use crate::internal::param_value::{Param, ParamsArray};
use crate::internal::resource_stack::{self, Resources};
use crate::output::Sink;
use crate::try_catch::{self, panic_text, PanicReport};
use std::any::Any;
use std::cell::RefCell;
use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// `enum kunit_status`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// `KUNIT_SUCCESS`: `ok`.
    Success,
    /// `KUNIT_FAILURE`: `not ok`.
    Failure,
    /// `KUNIT_SKIPPED`: `ok ... # SKIP <reason>`.
    Skipped,
}

impl Status {
    /// `ok` / `not ok` (a skip is `ok ... # SKIP`).
    pub fn ok_not_ok(self) -> &'static str {
        match self {
            Status::Failure => "not ok",
            Status::Success | Status::Skipped => "ok",
        }
    }
}

/// A source location (`struct kunit_loc`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Loc {
    /// The source file, as `file!()` gives it.
    pub file: &'static str,
    /// The line, as `line!()` gives it.
    pub line: u32,
}

struct Mutable {
    status: Status,
    status_comment: String,
}

/// A case's log (`test_case->log`), shared by the case and its parameter tests.
pub(crate) type SharedLog = Arc<Mutex<String>>;

/// The part of a test other threads can reach.
pub struct TestShared {
    name: &'static str,
    sink: Arc<Sink>,
    log: SharedLog,
    state: Mutex<Mutable>,
    /// Set when the runner gave up on this test (timeout); its later output is dropped.
    detached: AtomicBool,
    /// Active static stubs: (real function address, replacement address).
    pub(crate) stubs: Mutex<Vec<(usize, usize)>>,
    /// Deferred actions and test-owned data (see `resource`).
    pub(crate) resources: Mutex<Resources>,
    /// Active warning-suppression scopes, innermost last (see `warn`).
    pub(crate) suppressions: Mutex<Vec<Arc<std::sync::atomic::AtomicUsize>>>,
    /// `test->priv`: here rather than in [`Kunit`] so the current-test handle reaches it.
    priv_data: Mutex<Option<PrivData>>,
}

/// The private data's allocation, owned through a raw pointer: `Kunit::priv_mut` and
/// `TestRef::priv_ptr` derive their pointers from this one, as C code shares `test->priv`.
struct PrivData(std::ptr::NonNull<dyn Any + Send>);

// SAFETY: the pointee is `Send` and the pointer is the only owner of the allocation.
unsafe impl Send for PrivData {}

impl PrivData {
    fn new<T: Any + Send>(value: T) -> Self {
        let boxed: Box<dyn Any + Send> = Box::new(value);
        PrivData(std::ptr::NonNull::from(Box::leak(boxed)))
    }

    /// The value's address if it is a `T`.
    fn ptr<T: Any>(&self) -> Option<*mut T> {
        // SAFETY: the allocation lives until `drop` and is only read here for its type.
        let is_t = unsafe { self.0.as_ref() }.is::<T>();
        is_t.then_some(self.0.as_ptr() as *mut T)
    }
}

impl Drop for PrivData {
    fn drop(&mut self) {
        // SAFETY: the pointer came from `Box::leak` in `new` and is freed only here.
        drop(unsafe { Box::from_raw(self.0.as_ptr()) });
    }
}

impl TestShared {
    fn lock(&self) -> std::sync::MutexGuard<'_, Mutable> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Prints text as one `kunit_log()` call: each line goes to the output and the test log.
    pub(crate) fn log_raw(&self, text: &str) {
        flush_helper_panics();
        self.log_raw_here(text);
    }

    /// [`Self::log_raw`] without first logging the helper panics that wait for their case.
    fn log_raw_here(&self, text: &str) {
        if self.detached.load(Ordering::Relaxed) {
            return;
        }
        emit(&self.sink, &self.log, text);
    }

    /// `kunit_printk()`: `    # <name>: ` before the first line.
    pub(crate) fn log_prefixed(&self, args: fmt::Arguments<'_>) {
        self.log_raw(&format!("    # {}: {}", self.name, args));
    }

    /// [`Self::log_prefixed`] of bytes: an assertion's text may hold a C string's bytes,
    /// which print as they are (`%s`), UTF-8 or not.
    pub(crate) fn log_prefixed_bytes(&self, text: &[u8]) {
        flush_helper_panics();
        if self.detached.load(Ordering::Relaxed) {
            return;
        }
        let mut line = format!("    # {}: ", self.name).into_bytes();
        line.extend_from_slice(text);
        emit_bytes(&self.sink, &self.log, &line);
    }

    /// Whether this run appends the line diff to a failed multi-line `STREQ`.
    pub(crate) fn assert_diff(&self) -> bool {
        self.sink.assert_diff()
    }

    pub(crate) fn set_failure(&self) {
        self.lock().status = Status::Failure;
    }

    pub(crate) fn mark_skipped(&self, reason: fmt::Arguments<'_>) {
        let mut st = self.lock();
        st.status = Status::Skipped;
        st.status_comment.clear();
        let _ = fmt::Write::write_fmt(&mut st.status_comment, reason);
        truncate_to(&mut st.status_comment, STATUS_COMMENT_SIZE - 1);
    }

    pub(crate) fn status(&self) -> Status {
        self.lock().status
    }

    pub(crate) fn status_comment(&self) -> String {
        self.lock().status_comment.clone()
    }

    pub(crate) fn is_detached(&self) -> bool {
        self.detached.load(Ordering::Relaxed)
    }

    /// Unwinds the resource stack LIFO. With `leak_data`, data entries are leaked instead of
    /// dropped (the case's thread may still use them). A panicking action propagates.
    pub(crate) fn run_cleanup(&self, leak_data: bool) {
        loop {
            let top = self
                .resources
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .pop();
            match top {
                None => return,
                Some(res) => resource_stack::release(res, leak_data),
            }
        }
    }

    pub(crate) fn detach(&self) {
        self.detached.store(true, Ordering::Relaxed);
    }

    pub(crate) fn name(&self) -> &'static str {
        self.name
    }

    /// The address of the private data, if it is a `T`.
    pub(crate) fn priv_ptr<T: Any>(&self) -> Option<*mut T> {
        let data = self.priv_data.lock().unwrap_or_else(|e| e.into_inner());
        data.as_ref().and_then(PrivData::ptr::<T>)
    }

    /// Logs a caught panic: `    # <name>: panicked at <loc>:` then the message lines.
    pub(crate) fn log_panic(&self, report: &PanicReport) {
        self.log_raw(&panic_text(self.name, report));
    }
}

/// A panic on a thread spawned with [`spawn`] (outside any guarded piece) fails the test the
/// thread belongs to. A panic on a plain `std::thread` whose stack runs code of a running
/// `#[kunit_tests]` case (a closure inside the case's function) is logged to that case without
/// failing it (whether it fails is up to the case, as under libtest, which captures such a
/// thread's panic message into the test's output); false otherwise. The owner is found from
/// the thread's own stack, never from which cases happen to run, so `--jobs 1` and `--jobs N`
/// report it the same.
///
/// The stack is captured here but read (symbolized) later, at the next line any case logs or
/// when a case ends ([`flush_helper_panics`]): reading the debug info takes hundreds of
/// milliseconds the first time, and the panicking thread must unwind as promptly as under
/// libtest (async-task's waker_panic.rs times a task's drop after a panic on another thread).
fn report_helper_panic(report: &PanicReport) -> bool {
    if with_current(|t| {
        t.set_failure();
        t.log_panic(report);
    })
    .is_some()
    {
        return true;
    }
    let running = RUNNING_CASES.lock().unwrap_or_else(|e| e.into_inner());
    let candidates: Vec<Running> = running
        .iter()
        .filter(|r| !r.source.0.is_empty() || !r.path.is_empty())
        .cloned()
        .collect();
    if candidates.is_empty() {
        return false;
    }
    let pending = PendingPanic {
        report: report.clone(),
        thread: std::thread::current()
            .name()
            .unwrap_or("<unnamed>")
            .to_owned(),
        trace: std::backtrace::Backtrace::force_capture(),
        candidates,
    };
    // Pushed while RUNNING_CASES is held: a case that ends takes every panic that names it.
    PENDING_PANICS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .push(pending);
    UNLOGGED.fetch_add(1, Ordering::SeqCst);
    true
}

/// A helper thread's panic waiting for its stack to be read.
struct PendingPanic {
    report: PanicReport,
    thread: String,
    trace: std::backtrace::Backtrace,
    /// The cases that ran when it panicked.
    candidates: Vec<Running>,
}

static PENDING_PANICS: Mutex<Vec<PendingPanic>> = Mutex::new(Vec::new());
/// Helper panics queued or taken from the queue and not yet logged: while it is not zero, a
/// line waits for them (a case's own line, its panic after a `join`, must come after its
/// helper's panic even when another case's thread is still reading that panic's stack).
static UNLOGGED: AtomicUsize = AtomicUsize::new(0);
/// Held while pending panics are read and logged, so that a case cannot end (and print its
/// result) between the reading of a panic that is its own and the logging of it.
static RESOLVING: Mutex<()> = Mutex::new(());

/// Logs the helper panics captured so far to their cases (before the line being logged, so
/// each case's log keeps the order in which things happened).
pub(crate) fn flush_helper_panics() {
    if UNLOGGED.load(Ordering::SeqCst) == 0 {
        return;
    }
    let _resolving = RESOLVING.lock().unwrap_or_else(|e| e.into_inner());
    resolve(take_pending());
}

fn take_pending() -> Vec<PendingPanic> {
    std::mem::take(&mut *PENDING_PANICS.lock().unwrap_or_else(|e| e.into_inner()))
}

/// Each panic to the case whose code is on its thread's stack; one that no case owns goes to
/// stderr, as the standard hook prints it.
fn resolve(pending: Vec<PendingPanic>) {
    for p in pending {
        match owner_in(&p.trace.to_string(), &p.candidates) {
            Some(owner) => owner.log_raw_here(&panic_text(owner.name, &p.report)),
            None => eprintln!(
                "\nthread '{}' panicked at {}:\n{}",
                p.thread, p.report.location, p.report.message
            ),
        }
        UNLOGGED.fetch_sub(1, Ordering::SeqCst);
    }
}

/// The case among `running` whose function's code is on the stack `trace`: a frame in the
/// case's lines (`Case::source`), or in the function `#[kunit_tests]` made of it (by symbol,
/// where the debug info names it).
fn owner_in(trace: &str, running: &[Running]) -> Option<Arc<TestShared>> {
    trace.lines().find_map(|line| {
        let line = line.trim_start();
        running
            .iter()
            .find(|r| match line.strip_prefix("at ") {
                // `at ./tests/it.rs:28:43`
                Some(at) => r.holds(at),
                // `12: my_crate::tests::__kunit_fn_case::{{closure}}`
                None => line
                    .split_once(": ")
                    .is_some_and(|(_, symbol)| r.named_in(symbol)),
            })
            .map(|r| r.test.clone())
    })
}

/// A running case: its test and where its code is.
#[derive(Clone)]
struct Running {
    test: Arc<TestShared>,
    path: &'static str,
    source: (&'static str, u32, u32),
}

impl Running {
    /// Whether `file:line:col` (a backtrace frame's) is in the case's lines. The frame's
    /// file may be relative to the current directory, the case's to the workspace.
    fn holds(&self, at: &str) -> bool {
        let (file, first, last) = self.source;
        let mut parts = at.rsplitn(3, ':');
        let (Some(_col), Some(line), Some(frame_file)) = (parts.next(), parts.next(), parts.next())
        else {
            return false;
        };
        let Ok(line) = line.parse::<u32>() else {
            return false;
        };
        let frame_file = frame_file.trim_start_matches("./");
        !file.is_empty()
            && (first..=last).contains(&line)
            && (same_tail(file, frame_file) || same_tail(frame_file, file))
    }

    /// Whether `symbol` is (a closure in) the function `#[kunit_tests]` made of the case
    /// (`my_crate::tests::case` → `my_crate::tests::__kunit_fn_case`).
    fn named_in(&self, symbol: &str) -> bool {
        let Some((module, name)) = self.path.rsplit_once("::") else {
            return false;
        };
        let function = format!("{module}::__kunit_fn_{name}");
        symbol
            .strip_prefix(function.as_str())
            .is_some_and(|rest| rest.is_empty() || rest.starts_with("::"))
    }
}

/// Whether path `long` ends with path `short`, at a `/` boundary.
fn same_tail(long: &str, short: &str) -> bool {
    long.strip_suffix(short)
        .is_some_and(|head| head.is_empty() || head.ends_with('/'))
}

/// The cases running now, for panics on the threads they spawn with `std::thread::spawn`.
static RUNNING_CASES: Mutex<Vec<Running>> = Mutex::new(Vec::new());

/// A case's stay in [`RUNNING_CASES`].
pub(crate) struct RunningCase(Arc<TestShared>);

impl RunningCase {
    /// `path` and `source` are the case's (`Case::path`, `Case::source`).
    pub(crate) fn enter(
        test: &Arc<TestShared>,
        path: &'static str,
        source: (&'static str, u32, u32),
    ) -> Self {
        install_helper_panic_reporting();
        RUNNING_CASES
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(Running {
                test: test.clone(),
                path,
                source,
            });
        RunningCase(test.clone())
    }
}

impl Drop for RunningCase {
    fn drop(&mut self) {
        // The case leaves and takes the pending panics in one step (a panic is queued under
        // RUNNING_CASES), then logs those that are its own before its result is printed.
        let _resolving = RESOLVING.lock().unwrap_or_else(|e| e.into_inner());
        let pending = {
            let mut running = RUNNING_CASES.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(i) = running.iter().position(|r| Arc::ptr_eq(&r.test, &self.0)) {
                running.swap_remove(i);
            }
            take_pending()
        };
        resolve(pending);
    }
}

/// Routes panics on helper threads to their test (idempotent; called before tests run).
pub(crate) fn install_helper_panic_reporting() {
    try_catch::set_outside_handler(report_helper_panic);
}

/// Writes text as `kunit_log()` does: each line to the output and to the log. One trailing
/// newline is dropped (printk does not print empty lines for it).
pub(crate) fn emit(sink: &Sink, log: &Mutex<String>, text: &str) {
    emit_bytes(sink, log, text.as_bytes());
}

/// [`emit`] of bytes; the log (a `String`) keeps non-UTF-8 bytes as U+FFFD.
pub(crate) fn emit_bytes(sink: &Sink, log: &Mutex<String>, text: &[u8]) {
    let text = text.strip_suffix(b"\n").unwrap_or(text);
    let mut log = log.lock().unwrap_or_else(|e| e.into_inner());
    for line in text.split(|&b| b == b'\n') {
        sink.line_bytes(line);
        log.push_str(&String::from_utf8_lossy(line));
        log.push('\n');
    }
}

/// `KUNIT_STATUS_COMMENT_SIZE`.
pub const STATUS_COMMENT_SIZE: usize = 256;
/// `KUNIT_PARAM_DESC_SIZE`.
pub const PARAM_DESC_SIZE: usize = 128;

/// Truncates at a char boundary to at most `max` bytes (the kernel's fixed-size buffers).
pub(crate) fn truncate_to(s: &mut String, max: usize) {
    if s.len() > max {
        let mut end = max;
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        s.truncate(end);
    }
}

/// The test handle passed to every case, `init` and `exit` (`struct kunit`).
pub struct Kunit {
    pub(crate) shared: Arc<TestShared>,
    pub(crate) param: Option<Param>,
    pub(crate) param_index: usize,
    /// `test->parent`: the parameterized-test context while a parameter runs.
    pub(crate) parent: Option<std::ptr::NonNull<Kunit>>,
    /// `test->params_array`, set by `kunit_register_params_array()`.
    pub(crate) params_array: Option<ParamsArray<Kunit>>,
}

// SAFETY: `parent` is the only field that is not `Send`. It points at the parent test, which
// the executor keeps alive, and does not touch, while this parameter test runs; it is
// dereferenced only through `parent()`/`parent_mut()`, whose borrows are tied to this handle.
unsafe impl Send for Kunit {}

impl fmt::Debug for Kunit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Kunit")
            .field("name", &self.shared.name)
            .field("status", &self.status())
            .finish()
    }
}

/// The private data goes with the test: `test->priv` serves its init, case and exit. Freed
/// only with the shared state, a value that holds its own test's handle (kunit-c's C
/// `struct kunit` does) would keep both alive in a cycle. A timed-out case's handle is never
/// dropped (its thread is abandoned), so its data stays, as the executor documents.
impl Drop for Kunit {
    fn drop(&mut self) {
        let data = self
            .shared
            .priv_data
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take();
        drop(data);
    }
}

impl Kunit {
    pub(crate) fn new(name: &'static str, sink: Arc<Sink>, log: SharedLog) -> Self {
        Kunit {
            shared: Arc::new(TestShared {
                name,
                sink,
                log,
                state: Mutex::new(Mutable {
                    status: Status::Success,
                    status_comment: String::new(),
                }),
                detached: AtomicBool::new(false),
                stubs: Mutex::new(Vec::new()),
                resources: Mutex::new(Resources::default()),
                suppressions: Mutex::new(Vec::new()),
                priv_data: Mutex::new(None),
            }),
            param: None,
            param_index: 0,
            parent: None,
            params_array: None,
        }
    }

    /// `kunit_init_test(test, name, log)`: a test handle outside the executor (the kernel's
    /// self-tests use such "fake" tests). What it logs is kept in its log
    /// ([`Kunit::log_text`]) and not printed.
    pub fn init_test(name: &'static str) -> Kunit {
        Kunit::new(name, Arc::new(Sink::buffer()), SharedLog::default())
    }

    /// The case name.
    pub fn name(&self) -> &'static str {
        self.shared.name
    }

    /// `test->status_comment`: the skip reason, empty unless skipped.
    pub fn status_comment(&self) -> String {
        self.shared.status_comment()
    }

    /// `test->log`: everything logged for the case so far (shared with its parameters).
    pub fn log_text(&self) -> String {
        self.shared
            .log
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// `kunit_log(KERN_INFO, test, fmt, …)`: logs `text` as it is (no `# <case>:` prefix).
    pub fn log_line(&self, text: &str) {
        self.shared.log_raw(text);
    }

    /// The current status (`test->status`).
    pub fn status(&self) -> Status {
        self.shared.status()
    }

    /// `kunit_mark_skipped()`: the case is reported skipped with `reason`; it keeps running.
    /// A later failure still makes it fail.
    pub fn mark_skipped(&self, reason: impl fmt::Display) {
        self.shared.mark_skipped(format_args!("{reason}"));
    }

    /// `kunit_skip()`: marks the case skipped and aborts it (cleanup still runs).
    pub fn skip(&self, reason: impl fmt::Display) -> ! {
        self.mark_skipped(reason);
        try_catch::abort()
    }

    /// Marks the case failed without printing anything (`kunit_set_failure()`).
    pub fn set_failure(&self) {
        self.shared.set_failure();
    }

    /// `kunit_info()`/`kunit_warn()`/`kunit_err()`: `    # <case>: <message>`.
    pub fn log(&self, args: fmt::Arguments<'_>) {
        self.shared.log_prefixed(args);
    }

    /// The parameter of a parameterized case (`test->param_value`).
    ///
    /// Panics (failing the case) when the case has no parameter of type `T`.
    pub fn param<T: Any>(&self) -> &T {
        match self.param.as_ref().map(|p| p.get::<T>()) {
            Some(Some(v)) => v,
            Some(None) => panic!("kunit: parameter is not a {}", std::any::type_name::<T>()),
            None => panic!("kunit: {} is not a parameterized case", self.name()),
        }
    }

    /// The 1-based index of the current parameter (`test->param_index`), 0 outside params.
    pub fn param_index(&self) -> usize {
        self.param_index
    }

    /// Sets the case's private data (`test->priv`), typically in `init`.
    pub fn set_priv<T: Any + Send>(&mut self, value: T) {
        let old = self
            .shared
            .priv_data
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .replace(PrivData::new(value));
        drop(old);
    }

    /// The private data set by `set_priv`; panics (failing the case) if absent or of another type.
    pub fn priv_mut<T: Any + Send>(&mut self) -> &mut T {
        match self.shared.priv_ptr::<T>() {
            // SAFETY: the allocation is freed only by `set_priv` or when this handle drops,
            // neither of which can happen while `self` is mutably borrowed.
            Some(p) => unsafe { &mut *p },
            None => panic!(
                "kunit: no private data of type {}",
                std::any::type_name::<T>()
            ),
        }
    }

    /// The private data together with a handle for assertions, so a case can keep using
    /// its state while it reports: `let (state, t) = test.priv_and_handle::<State>();`.
    pub fn priv_and_handle<T: Any + Send>(&mut self) -> (&mut T, TestRef) {
        let handle = self.handle();
        (self.priv_mut::<T>(), handle)
    }

    /// The private data, if set and of type `T`.
    pub fn priv_ref<T: Any + Send>(&self) -> Option<&T> {
        // SAFETY: as in `priv_mut`; `set_priv` needs `&mut self`, so not while this borrow lives.
        self.shared.priv_ptr::<T>().map(|p| unsafe { &*p })
    }

    /// `test->parent`: while a parameter of a parameterized case runs, the parent test that
    /// `param_init` set up (its private data, resources and registered parameter array).
    /// `None` outside parameter runs.
    pub fn parent(&self) -> Option<&Kunit> {
        // SAFETY: see `unsafe impl Send for Kunit`: the parent outlives this parameter test
        // and nothing else touches it meanwhile; the borrow is tied to `self`.
        self.parent.map(|p| unsafe { p.as_ref() })
    }

    /// `test->parent`, mutably: e.g. to add resources that live for the whole parameter series.
    pub fn parent_mut(&mut self) -> Option<&mut Kunit> {
        // SAFETY: as in `parent`; `&mut self` makes this the only borrow made through `self`.
        self.parent.map(|mut p| unsafe { p.as_mut() })
    }

    /// A handle other threads can use to log to or fail this test.
    pub fn handle(&self) -> TestRef {
        TestRef(self.shared.clone())
    }
}

/// A cloneable, `Send` reference to a running test, for other threads.
#[derive(Clone)]
pub struct TestRef(pub(crate) Arc<TestShared>);

/// Two references are equal when they reach the same test (`test == kunit_get_current_test()`).
impl PartialEq for TestRef {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for TestRef {}

impl fmt::Debug for TestRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("TestRef").field(&self.0.name).finish()
    }
}

impl TestRef {
    /// Logs `    # <case>: <message>`.
    pub fn log(&self, args: fmt::Arguments<'_>) {
        self.0.log_prefixed(args);
    }
    /// Marks the test failed.
    pub fn set_failure(&self) {
        self.0.set_failure();
    }
    /// The test's name.
    pub fn name(&self) -> &str {
        self.0.name()
    }
    /// Makes this the thread's current test (`current->kunit_test = test`) until the guard
    /// drops: `kunit_fail_current_test!` and [`current_test`] then reach it.
    pub fn make_current(&self) -> CurrentGuard {
        install_helper_panic_reporting();
        CurrentGuard::set(Some(self.0.clone()))
    }
    /// `test->priv` as C code sees it: the address of the private data if it is a `T`.
    ///
    /// Dereferencing it is the caller's business, as in the kernel: it is valid until the
    /// test sets new private data or ends, and must not be used while the case itself holds
    /// a borrow from [`Kunit::priv_mut`].
    pub fn priv_ptr<T: Any>(&self) -> Option<*mut T> {
        self.0.priv_ptr::<T>()
    }
}

thread_local! {
    static CURRENT: RefCell<Option<Arc<TestShared>>> = const { RefCell::new(None) };
}

/// Sets the thread's current test (`current->kunit_test`) for the guard's lifetime; the
/// previous one comes back when it drops.
pub struct CurrentGuard(Option<Arc<TestShared>>);

impl CurrentGuard {
    pub(crate) fn set(test: Option<Arc<TestShared>>) -> Self {
        CurrentGuard(CURRENT.with(|c| std::mem::replace(&mut *c.borrow_mut(), test)))
    }
}

impl Drop for CurrentGuard {
    fn drop(&mut self) {
        let prev = self.0.take();
        CURRENT.with(|c| *c.borrow_mut() = prev);
    }
}

/// `kunit_get_current_test()`: the test running on this thread (or the thread that spawned
/// this one through [`crate::spawn`]), if any.
pub fn current_test() -> Option<TestRef> {
    CURRENT.with(|c| c.borrow().clone().map(TestRef))
}

/// Runs `f` on the current test's shared state without cloning it.
pub(crate) fn with_current<R>(f: impl FnOnce(&TestShared) -> R) -> Option<R> {
    CURRENT.with(|c| c.borrow().as_deref().map(f))
}

/// Whether this thread runs inside a kunit test (RfL's `in_kunit_test()`).
pub fn in_kunit_test() -> bool {
    CURRENT.with(|c| c.borrow().is_some())
}

#[doc(hidden)]
pub fn __fail_current_test(file: &str, line: u32, args: fmt::Arguments<'_>) {
    if let Some(t) = current_test() {
        t.0.set_failure();
        t.0.log_prefixed(format_args!("{file}:{line}: {args}"));
    }
}

/// Spawns a thread that inherits the current test, so its expectations, logging and
/// `kunit_fail_current_test!` reach the test. Join it before the case ends.
pub fn spawn<F, R>(f: F) -> std::thread::JoinHandle<R>
where
    F: FnOnce() -> R + Send + 'static,
    R: Send + 'static,
{
    let current = CURRENT.with(|c| c.borrow().clone());
    install_helper_panic_reporting();
    std::thread::spawn(move || {
        let _g = CurrentGuard::set(current);
        f()
    })
}
