//! Running a piece of a case so that an abort or a panic stops only that piece
//! (lib/kunit/try-catch.c).
//!
//! An assertion failure or `kunit_skip` unwinds with a private payload through
//! `resume_unwind` (no panic message, no hook). A real panic is caught the same way; a panic
//! hook installed once records its message and location instead of printing them while a case
//! runs, so the executor can report it as KTAP diagnostics.
//!
//! This module sits below the test handle: it knows nothing about tests. A panic outside a
//! guarded piece (on a helper thread) goes to the handler the test layer registers with
//! [`set_outside_handler`], so `test_handle` depends on `try_catch` and never the other way round.

use std::cell::{Cell, RefCell};
use std::panic::{self, AssertUnwindSafe};
use std::sync::{Once, OnceLock};

/// The unwind payload of an assertion failure or a skip.
struct Abort;

/// `__kunit_abort()`: unwinds out of the running case.
pub fn abort() -> ! {
    panic::resume_unwind(Box::new(Abort))
}

/// The unwind payload of a failure that is reported only if it ends the guarded piece (the
/// shadowed `assert!` of `#[kunit_tests]`): caught and dropped by the user's own
/// `catch_unwind`, it reports nothing, as a caught panic under libtest.
struct Deferred {
    /// What the standard macro would have panicked with.
    message: String,
    /// Reports the failure to the current test.
    report: Box<dyn FnOnce() + Send>,
}

/// Unwinds with a [`Deferred`] failure: `report` runs if the unwind reaches the boundary.
pub(crate) fn raise_deferred(message: String, report: Box<dyn FnOnce() + Send>) -> ! {
    panic::resume_unwind(Box::new(Deferred { message, report }))
}

/// Whether this thread runs inside a guarded piece (a deferred failure would be caught).
pub(crate) fn in_guarded() -> bool {
    IN_CASE.with(Cell::get)
}

/// Whether a caught payload is an assertion failure's or a skip's abort.
pub(crate) fn is_abort(payload: &(dyn std::any::Any + Send)) -> bool {
    payload.is::<Abort>()
}

/// A payload's panic message, as libtest reads it for `#[should_panic(expected)]`.
pub(crate) fn payload_message(payload: &(dyn std::any::Any + Send)) -> Option<&str> {
    if let Some(d) = payload.downcast_ref::<Deferred>() {
        return Some(&d.message);
    }
    payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
}

/// A caught panic: its message and `file:line:col`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PanicReport {
    /// The panic message.
    pub message: String,
    /// `file:line:col`, empty when unknown.
    pub location: String,
}

/// How a guarded piece of a case ended.
pub(crate) enum Outcome {
    Completed,
    Aborted,
    Panicked(PanicReport),
}

thread_local! {
    static IN_CASE: Cell<bool> = const { Cell::new(false) };
    static LAST_PANIC: RefCell<Option<PanicReport>> = const { RefCell::new(None) };
}

fn install_hook() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            let report = PanicReport {
                message: info.payload_as_str().unwrap_or("Box<dyn Any>").to_owned(),
                location: info.location().map(|l| l.to_string()).unwrap_or_default(),
            };
            if IN_CASE.with(Cell::get) {
                LAST_PANIC.with(|p| *p.borrow_mut() = Some(report));
            } else if !OUTSIDE_HANDLER.get().is_some_and(|handle| handle(&report)) {
                previous(info);
            }
        }));
    });
}

/// Handles a panic outside any guarded piece; returns false to let the default hook print it.
pub(crate) type OutsideHandler = fn(&PanicReport) -> bool;

static OUTSIDE_HANDLER: OnceLock<OutsideHandler> = OnceLock::new();

/// Registers the handler for panics outside guarded pieces (the first registration wins).
pub(crate) fn set_outside_handler(handler: OutsideHandler) {
    let _ = OUTSIDE_HANDLER.set(handler);
}

/// The panic as KTAP diagnostics: `    # <name>: panicked at <loc>:` then the message lines.
pub(crate) fn panic_text(name: &str, report: &PanicReport) -> String {
    let mut text = format!("    # {name}: panicked at {}:", report.location);
    for line in report.message.lines() {
        text.push_str("\n    ");
        text.push_str(line);
    }
    text
}

/// Runs `f`, catching aborts and panics. (`dyn`, not generic: one copy of this and of
/// `catch_unwind`'s machinery in the binary, not one per call site.)
pub(crate) fn run(f: &mut dyn FnMut()) -> Outcome {
    install_hook();
    let was_in_case = IN_CASE.with(|c| c.replace(true));
    let result = panic::catch_unwind(AssertUnwindSafe(f));
    IN_CASE.with(|c| c.set(was_in_case));
    match result {
        Ok(()) => Outcome::Completed,
        Err(payload) if payload.is::<Abort>() => Outcome::Aborted,
        Err(payload) if payload.is::<Deferred>() => {
            if let Ok(deferred) = payload.downcast::<Deferred>() {
                (deferred.report)();
            }
            Outcome::Aborted
        }
        Err(payload) => {
            let report = LAST_PANIC
                .with(|p| p.borrow_mut().take())
                .unwrap_or_else(|| PanicReport {
                    message: payload
                        .downcast_ref::<&str>()
                        .map(|s| s.to_string())
                        .or_else(|| payload.downcast_ref::<String>().cloned())
                        .unwrap_or_else(|| "Box<dyn Any>".to_owned()),
                    location: String::new(),
                });
            Outcome::Panicked(report)
        }
    }
}
