//! **kunit-c** — KUnit's C API in userspace, build half: kernel-style C test files compiled
//! as the kernel compiles C, for build scripts. The run-time half, the C API the compiled
//! files call, is the crate `kunit-c-runtime` (as `cxx-build` and `cxx` split).
//!
//! The C headers under `include/` (`kunit/test.h`, `kunit/resource.h`, `kunit/static_stub.h`,
//! `kunit/run-in-irq-context.h`, stand-ins for basic `linux/*.h` headers) are thin: every check
//! that is not a plain comparison, every failure text, the registry, the executor, timeouts,
//! actions and KTAP are kunit-rs's own, reached through the `extern "C"` functions of
//! kunit-c-runtime. So a C failure prints exactly what the equivalent Rust assertion prints —
//! and what KUnit prints. `include/MANIFEST.toml` lists every header: its kernel path, what it
//! provides, how complete it is and the test that covers it.
//!
//! ```no_run
//! // build.rs of a crate with `kunit` and `kunit-c-runtime` as dependencies and `kunit-c` as
//! // a build-dependency:
//! kunit_c::Build::new()
//!     .file("tests/foo_kunit.c")
//!     .include("tests")
//!     .compile("foo_kunit");
//! ```
//! and a `harness = false` test target:
//! ```ignore
//! kunit::main!(); // links the C objects and kunit-c-runtime: `Build` sets the cfg
//!                 // `kunit_c_linked` and writes `kunit_c_link.rs` into OUT_DIR
//! ```
//!
//! # Modules
//! * `build` — [`Build`]: compiles C test files as the kernel does, for build scripts; its
//!   flags ([`kernel_cflags`]: `-O2 -g` whatever cargo's profile, and the kernel's semantic
//!   flags) are the ones `kunit c` compiles with.
//!
//! **Linking**: [`Build`] archives the objects and writes `kunit_c_link.rs` into `OUT_DIR`,
//! naming the archives (whole-archive, so their constructors — the suites' registration — are
//! kept) and the runtime crate; `kunit::main!()` includes it when the cfg `kunit_c_linked` is
//! set, so kunit names no crate downstream of it. A package whose build script ran [`Build`]
//! without `kunit-c-runtime` among its dependencies fails to compile its test targets, with
//! the missing crate named.

#![deny(missing_docs)]

mod build;

pub use build::{
    compile_error_message, depfile_prerequisites, digest, fnv1a, kernel_cflags, lexical_join,
    module_name, sanitizer_runtimes, Build, Commands, FileCommand, COVERAGE_ENV,
    KERNEL_LIBC_NAME_PREFIX, SANITIZERS, SANITIZE_ENV,
};

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
