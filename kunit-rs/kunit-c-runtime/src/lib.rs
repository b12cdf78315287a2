//! **kunit-c-runtime** — the run-time half of kunit-c: the C API that kernel-style KUnit test
//! files call, inside any `cargo test` binary, on kunit-rs.
//!
//! The C headers (in the build half, `kunit-c`, with [`kunit_c::Build`]) are thin: every
//! check that is not a plain comparison, every failure text, the registry, the executor,
//! timeouts, actions and KTAP are kunit-rs's own, reached through the `extern "C"` functions
//! of this crate, and the C glue (`src/glue/*.c`, built against the host's libc) implements
//! what the headers declare and only libc can do. So a C failure prints exactly what the
//! equivalent Rust assertion prints — and what KUnit prints.
//!
//! A package with C suites has `kunit-c` as a build-dependency (its build script runs
//! `kunit_c::Build`) and this crate as a dependency; `kunit::main!()` links both the C
//! objects and this crate, through the file `kunit_c::Build` writes into `OUT_DIR`
//! ([`link_c_objects!`]).
//!
//! [`kunit_c::Build`]: https://docs.rs/kunit-c
//!
//! # Modules
//! * `abi` — the C ABI the headers call: one file per concern, each defining the `extern "C"`
//!   functions its header declares (module map in `abi/mod.rs`).
//!
//! # How the pieces meet
//! * **Registration**: each `kunit_test_suites(...)` emits a constructor that passes its suites
//!   to the kunit registry before `main`; they join the same inventory as Rust
//!   suites (sorted, filtered, `--jobs`, one KTAP document). `kunit_c::Build` archives the
//!   objects and `kunit::main!()` links them whole-archive ([`link_c_objects!`]), so they are
//!   kept although nothing references them. A suite's `# module:` is `KBUILD_MODNAME`, which
//!   `kunit_c::Build` sets per file to the file's base name with `-` turned into `_`.
//! * **Cases**: every C case runs through one Rust trampoline. It finds its C case from the
//!   case name the executor hands to the test (each C case gets its own leaked copy of its
//!   name, so the pointer identifies it) and keeps the C `struct kunit` in the test's private
//!   data, so `priv` survives from `init` to the case to `exit`.
//! * **Aborts**: an `ASSERT` failing in C calls into Rust (`extern "C-unwind"`), which unwinds
//!   with kunit's abort payload through the C frames — built with `-fexceptions`, so they have
//!   unwind tables — back to the trampoline and the executor, exactly as a Rust `ASSERT`
//!   ends a case. C frames have no destructors, so nothing is skipped that C would run; memory
//!   from `kunit_kmalloc()` is freed by the test's actions. An assertion must not fail inside
//!   a hardirq function of `kunit_run_irq_test()` (a signal handler), as in Rust.

#![deny(missing_docs)]

mod abi;

pub use abi::registry::{registered_c_suites, unregistered_suite};

/// Links the C objects `kunit_c::Build` compiled for this package, and this crate, into the
/// crate that expands it (whole-archive, as the crate's own native libraries): it includes
/// `kunit_c_link.rs`, which `kunit_c::Build` wrote into `OUT_DIR`. `kunit::main!()` includes
/// that file itself (it names no crate downstream of kunit); a test target with a `main` of
/// its own writes `kunit_c_runtime::link_c_objects!();` at its top level and calls
/// [`__require_c_suites`] first thing in `main`.
#[macro_export]
macro_rules! link_c_objects {
    () => {
        include!(concat!(env!("OUT_DIR"), "/kunit_c_link.rs"));
    };
}

/// Called by `kunit::main!()` in a package whose build script ran `kunit_c::Build`: a test
/// binary that links C test objects but in which no C file registered a suite says so and
/// exits with status 1, instead of running nothing and passing.
#[doc(hidden)]
pub fn __require_c_suites() {
    if registered_c_suites() == 0 {
        eprintln!(
            "kunit-c: no C suite is registered in this test binary: the C files \
             kunit_c::Build compiled for this package have no kunit_test_suite(s)(); \
             nothing would run"
        );
        std::process::exit(1);
    }
}

/// `KBUILD_MODNAME` for a C file registered without one: `kunit_c::module_name`'s rule (its
/// base name without the extension, `-` turned into `_`); `abi/registry_kunit.rs` checks that
/// the two agree (the build half is not a dependency of this crate).
#[doc(hidden)]
pub fn module_name(path: &std::path::Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().replace('-', "_"))
        .unwrap_or_default()
}
