//! The harness side of `kunit c`: a `kunit` process started with [`HARNESS_ENV`] naming a
//! shared object of C suites loads it and runs kunit's harness on the flags it was given,
//! as a `kunit::main!()` test binary does, except that slow cases run by
//! default, as in the kernel. The runner starts it (`exec`), so a C
//! case that crashes its process is reported as crashed while the run goes on.

use std::ffi::{CStr, CString, OsStr};
use std::os::unix::ffi::OsStrExt;

/// The environment variable that makes a `kunit` process the harness of the C suites in
/// the shared object it names (set by `kunit c` for the processes it starts).
pub const HARNESS_ENV: &str = "KUNIT_C_HARNESS";

/// The first words of the message a harness prints when the shared object does not load
/// (a symbol that neither the C files nor kunit-c define, most often).
pub const LOAD_ERROR: &str = "kunit c: error: the C objects do not load: ";

/// Loads `object` and runs the harness; never returns. A shared object that does not load
/// exits with status 2 after [`LOAD_ERROR`] and the loader's reason.
pub fn main(object: &OsStr) -> ! {
    let Ok(path) = CString::new(object.as_bytes()) else {
        eprintln!(
            "{LOAD_ERROR}{}: a NUL in the path",
            object.to_string_lossy()
        );
        std::process::exit(2);
    };
    // SAFETY: `path` is NUL-terminated. Loading runs the objects' constructors, which
    // register their suites through kunit-c's C ABI, exported by this binary (build.rs);
    // RTLD_NOW resolves every symbol now, so a missing one is an error here and not a crash
    // in the middle of a case.
    let handle = unsafe { libc::dlopen(path.as_ptr(), libc::RTLD_NOW | libc::RTLD_LOCAL) };
    if handle.is_null() {
        // SAFETY: dlerror() returns NULL or a NUL-terminated message, read before any other
        // dl call of this thread.
        let why = unsafe { libc::dlerror() };
        let why = if why.is_null() {
            "unknown reason".into()
        } else {
            // SAFETY: non-NULL: a NUL-terminated string owned by the loader.
            unsafe { CStr::from_ptr(why) }.to_string_lossy()
        };
        eprintln!("{LOAD_ERROR}{why}");
        std::process::exit(2);
    }
    // The handle stays open for the life of the process: the suites live in the object.
    // C files that register no suite fail instead of running nothing and passing.
    if kunit_c_runtime::registered_c_suites() == 0 {
        eprintln!(
            "kunit-c: no C suite is registered in this test binary: the C files kunit c \
             compiled have no kunit_test_suite(s)(); nothing would run"
        );
        std::process::exit(1);
    }
    // Slow cases run by default, as in the kernel and under kunit.py (a Rust test binary
    // keeps libtest's default of skipping them).
    kunit::harness::main_with_slow_default(kunit::Ignored::Include)
}
