//! What a `#[kunit_tests]` case may return: what libtest accepts (its `Termination` types),
//! with the failure logged KUnit-style instead of printed to stderr.

use std::fmt::Debug;

/// A `#[test]` function's return type. `()` and `Infallible` pass; `Result<T, E: Debug>`
/// fails with `Err(<E as Debug>)` or goes on to `T`; an `ExitCode` other than `SUCCESS` fails.
#[diagnostic::on_unimplemented(
    message = "a #[test] function in #[kunit_tests] returns (), Result<T, E: Debug> or ExitCode, not `{Self}`",
    label = "libtest would not accept this return type either"
)]
pub trait CaseReturn {
    /// What failed, as the case's log says it: `None` for success.
    fn failure(self) -> Option<String>;
}

impl CaseReturn for () {
    fn failure(self) -> Option<String> {
        None
    }
}

impl CaseReturn for std::convert::Infallible {
    fn failure(self) -> Option<String> {
        match self {}
    }
}

impl CaseReturn for std::process::ExitCode {
    fn failure(self) -> Option<String> {
        (self != std::process::ExitCode::SUCCESS).then(|| format!("{self:?}"))
    }
}

impl<T: CaseReturn, E: Debug> CaseReturn for Result<T, E> {
    fn failure(self) -> Option<String> {
        match self {
            Ok(t) => t.failure(),
            Err(e) => Some(format!("Err({e:?})")),
        }
    }
}
