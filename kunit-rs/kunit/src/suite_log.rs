//! Logging on a suite (`kunit_info(suite, …)`, `kunit_err(suite, …)`): what `suite_init` and
//! `suite_exit` print, as `kunit_log()` does on a `struct kunit_suite`.
//!
//! A suite is a `static` shared by every run, so its output stream cannot live in it. The
//! driver running a suite installs that suite's sink and log for the thread while it runs it
//! (`SuiteLogGuard`); a line logged on the suite goes there, so it lands exactly where the
//! kernel prints it — also under `--jobs`, where each suite writes to its own buffer. Logged
//! on a suite that is not running on this thread, the line goes to stderr.

use crate::output::Sink;
use crate::registry::Suite;
use crate::test_handle::{emit, SharedLog};
use std::cell::RefCell;
use std::fmt;
use std::sync::Arc;

struct Running {
    suite: *const Suite,
    sink: Arc<Sink>,
    log: SharedLog,
}

thread_local! {
    static RUNNING: RefCell<Option<Running>> = const { RefCell::new(None) };
}

/// Makes `suite`'s output the target of suite-level logging on this thread, for its lifetime.
pub(crate) struct SuiteLogGuard(Option<Running>);

impl SuiteLogGuard {
    pub(crate) fn set(suite: &'static Suite, sink: Arc<Sink>, log: SharedLog) -> Self {
        let running = Running { suite, sink, log };
        SuiteLogGuard(RUNNING.with(|r| r.borrow_mut().replace(running)))
    }
}

impl Drop for SuiteLogGuard {
    fn drop(&mut self) {
        let previous = self.0.take();
        RUNNING.with(|r| *r.borrow_mut() = previous);
    }
}

/// `kunit_printk()` on a suite: `    # <suite>: <message>`.
pub fn log(suite: &Suite, args: fmt::Arguments<'_>) {
    log_raw(suite, &format!("    # {}: {}", suite.name, args));
}

/// `kunit_log()` on a suite: `text` as it is, each line where the suite's output goes.
pub fn log_raw(suite: &Suite, text: &str) {
    let sent = RUNNING.with(|r| match &*r.borrow() {
        Some(running) if std::ptr::eq(running.suite, suite) => {
            emit(&running.sink, &running.log, text);
            true
        }
        _ => false,
    });
    if !sent {
        eprintln!("{text}");
    }
}

/// What `kunit_info!`/`kunit_warn!`/`kunit_err!` can log on: a test handle or a suite.
pub trait LogTarget {
    #[doc(hidden)]
    fn __log(&self, args: fmt::Arguments<'_>);
}

impl<H: crate::assert::TestHandle + ?Sized> LogTarget for H {
    fn __log(&self, args: fmt::Arguments<'_>) {
        self.__shared().log_prefixed(args);
    }
}

impl LogTarget for Suite {
    fn __log(&self, args: fmt::Arguments<'_>) {
        log(self, args);
    }
}

impl LogTarget for &Suite {
    fn __log(&self, args: fmt::Arguments<'_>) {
        log(self, args);
    }
}
