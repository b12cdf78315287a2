//! The harness's exit statuses, libtest's: the runner tells a rejected command line (re-running
//! would not help) from failed tests by them.

/// Every test passed (or a listing was printed).
pub const PASSED: i32 = 0;
/// A test failed, or a sanitizer reported outside every case (libtest's status).
pub const FAILED: i32 = 101;
/// The arguments were rejected, or the binary cannot run as asked (two suites of one name, no
/// suite at all): the message is on stderr.
pub const BAD_ARGUMENTS: i32 = 2;
