//! **kunit-c** — KUnit's C API in userspace: kernel-style C test files run in-process, inside
//! any `cargo test` binary, on kunit-rs.
//!
//! The C headers under `include/` (`kunit/test.h`, `kunit/resource.h`, `kunit/static_stub.h`,
//! `kunit/run-in-irq-context.h`, stand-ins for basic `linux/*.h` headers) are thin: every check
//! that is not a plain comparison, every failure text, the registry, the executor, timeouts,
//! actions and KTAP are kunit-rs's own, reached through the `extern "C"` functions of this
//! crate. So a C failure prints exactly what the equivalent Rust assertion prints — and what
//! KUnit prints.
//!
//! ```no_run
//! // build.rs of a crate with `kunit` and `kunit-c` as dependencies and `kunit-c` as a
//! // build-dependency:
//! kunit_c::Build::new()
//!     .file("tests/foo_kunit.c")
//!     .include("tests")
//!     .compile("foo_kunit");
//! ```
//! and a `harness = false` test target:
//! ```ignore
//! kunit::main!(); // links kunit-c too: `Build` sets the cfg `kunit_c_linked`
//! ```
//!
//! # Modules
//! * `abi` — the C ABI the headers call: one file per concern, each defining the `extern "C"`
//!   functions its header declares (module map in `abi/mod.rs`).
//! * `build` — [`Build`]: compiles C test files as the kernel does, for build scripts.
//!
//! # How the pieces meet
//! * **Registration**: each `kunit_test_suites(...)` emits a constructor that passes its suites
//!   to the kunit registry before `main`; they join the same inventory as Rust
//!   suites (sorted, filtered, `--jobs`, one KTAP document). [`Build`] archives the objects
//!   and `kunit::main!()` links them whole-archive ([`link_c_objects!`]), so they are kept
//!   although nothing references them. A suite's
//!   `# module:` is `KBUILD_MODNAME`, which [`Build`] sets per file to the file's base name with
//!   `-` turned into `_`.
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
mod build;

pub use abi::registry::{registered_c_suites, unregistered_suite};
pub use build::{
    compile_error_message, depfile_prerequisites, module_name, Build, Commands, FileCommand,
    KERNEL_LIBC_NAME_PREFIX,
};

/// Links the C objects [`Build`] compiled for this package into the crate that expands it
/// (whole-archive, as the crate's own native libraries). `kunit::main!()` expands it; a test
/// target with a `main` of its own writes `kunit_c::link_c_objects!();` at its top level and
/// calls [`__require_c_suites`] first thing in `main`.
#[macro_export]
macro_rules! link_c_objects {
    () => {
        include!(concat!(env!("OUT_DIR"), "/kunit_c_link.rs"));
    };
}

/// Called by `kunit::main!()` in a package whose build script ran [`Build`]: a test binary
/// that links C test objects but in which no C file registered a suite says so and exits
/// with status 1, instead of running nothing and passing.
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

include!(concat!(env!("OUT_DIR"), "/headers.rs"));

/// The directory holding the C headers (`kunit/test.h`, `linux/*.h`, ...), for a build
/// script: the headers are embedded in this library and written out once, under the build
/// script's `OUT_DIR` (`kunit-c/include`), so they are this version's wherever the library
/// was compiled. Panics outside a build script (no `OUT_DIR`).
pub fn include_dir() -> std::path::PathBuf {
    static DIR: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    DIR.get_or_init(|| {
        let out = std::env::var_os("OUT_DIR").expect("kunit_c::include_dir runs in a build script");
        let dir = std::path::Path::new(&out).join("kunit-c").join("include");
        write_headers(&dir).unwrap_or_else(|e| panic!("{e}"));
        dir
    })
    .clone()
}

/// Every C header this library carries: (path under `include/`, contents).
pub fn headers() -> &'static [(&'static str, &'static [u8])] {
    HEADERS
}

/// Writes the C headers out under `dir` (the `include/` folder of [`include_dir`]); a header
/// whose file already holds its text is left alone, so its timestamp does not change.
pub fn write_headers(dir: &std::path::Path) -> Result<(), String> {
    for (rel, bytes) in HEADERS {
        let path = dir.join(rel);
        let parent = path.parent().expect("a header has a directory");
        std::fs::create_dir_all(parent)
            .map_err(|e| format!("kunit-c: {}: {e}", parent.display()))?;
        if std::fs::read(&path).ok().as_deref() != Some(*bytes) {
            std::fs::write(&path, bytes)
                .map_err(|e| format!("kunit-c: {}: {e}", path.display()))?;
        }
    }
    Ok(())
}
