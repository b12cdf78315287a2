//! `kunit_c::Build`: compiles kernel-style C test files, and the C code they test, the way the
//! kernel compiles C, for the test targets of a package.

mod commands;
mod compile;
mod diagnose;
mod digest;
pub(crate) mod flags;
mod instrument;
pub(crate) mod kconfig;
mod libc_names;
mod link;
mod spec;
mod tree;

use std::path::Path;

pub use commands::{compile_error_message, depfile_prerequisites, Commands, FileCommand};
pub use digest::{digest, fnv1a};
pub use flags::kernel_cflags;
pub use instrument::{sanitizer_runtimes, COVERAGE_ENV, SANITIZERS, SANITIZE_ENV};
pub use libc_names::PREFIX as KERNEL_LIBC_NAME_PREFIX;
pub use spec::{module_name, Build};
pub use tree::lexical_join;

impl Build {
    /// A build with the kunit-c headers on the include path.
    pub fn new() -> Build {
        Build::default()
    }

    /// Adds a C file (repeatable). With a [`kernel_tree`](Build::kernel_tree), a relative
    /// path is taken in the tree.
    pub fn file(&mut self, path: impl AsRef<Path>) -> &mut Build {
        self.files.push(path.as_ref().to_path_buf());
        self
    }

    /// Adds an include directory, searched before the kunit-c headers (repeatable).
    pub fn include(&mut self, dir: impl AsRef<Path>) -> &mut Build {
        self.includes.push(dir.as_ref().to_path_buf());
        self
    }

    /// Defines a preprocessor macro for every file (`-DNAME` or `-DNAME=VALUE`).
    pub fn define(&mut self, name: &str, value: Option<&str>) -> &mut Build {
        self.defines
            .push((name.to_owned(), value.map(str::to_owned)));
        self
    }

    /// Adds a compiler flag for every file.
    pub fn flag(&mut self, flag: &str) -> &mut Build {
        self.flags.push(flag.to_owned());
        self
    }

    /// Builds against a kernel tree: its `include/` (and `include/uapi/`) are searched after
    /// kunit-c's headers, so a subsystem's public header (`<crypto/sha2.h>`) is the kernel's
    /// own while kunit-c's stand-ins serve the core library; relative [`file`](Build::file)
    /// paths are taken in the tree; a file's `CFLAGS_<name>.o` lines in the Makefile beside it
    /// are applied (`lib/string.c` gets `-ffreestanding`); `__FILE__` is relative to the tree,
    /// as in the kernel's messages.
    pub fn kernel_tree(&mut self, dir: impl AsRef<Path>) -> &mut Build {
        self.kernel_tree = Some(dir.as_ref().to_path_buf());
        self
    }

    /// Reads a `.kunitconfig` (`CONFIG_X=y|n|m|VALUE`, `# CONFIG_X is not set`) into the
    /// configuration (repeatable; later settings win).
    pub fn kunitconfig(&mut self, file: impl AsRef<Path>) -> &mut Build {
        self.kunitconfigs.push(file.as_ref().to_path_buf());
        self
    }

    /// Sets one option, as `kunit.py --kconfig_add CONFIG_X=VALUE` does: `"y"` defines
    /// `CONFIG_X` to 1, `"m"` defines `CONFIG_X_MODULE` to 1, `"n"` leaves both undefined,
    /// a number is written as is and anything else as a string, so `IS_ENABLED()`,
    /// `IS_BUILTIN()`, `IS_MODULE()` and `IS_REACHABLE()` answer as in the kernel. Applied
    /// after every [`kunitconfig`](Build::kunitconfig) file.
    pub fn kconfig(&mut self, name: &str, value: &str) -> &mut Build {
        self.kconfig.push((name.to_owned(), value.to_owned()));
        self
    }

    /// Instruments every file with these sanitizers (`"address"`, `"undefined"`, `"thread"`;
    /// not `address` with `thread`): `-fsanitize=...` and `-fsanitize-recover=all`, so a
    /// report is followed by the next case. `undefined` is the kernel's UBSan: the checks of
    /// the `CONFIG_UBSAN_*` options (`kernel/configs/debug.config`'s by default: bounds,
    /// shift, unreachable, bool, enum), which a `.kunitconfig` or
    /// [`kconfig`](Build::kconfig) changes; signed overflow stays defined
    /// (`-fno-strict-overflow`). In a build script, the list defaults to `$KUNIT_SANITIZE`
    /// (set by `kunit run --sanitize`). An unknown name is an error when compiling.
    pub fn sanitize(&mut self, list: &[&str]) -> &mut Build {
        self.sanitize = list.iter().map(|s| (*s).to_owned()).collect();
        self
    }

    /// Compiles every file with gcov instrumentation (`--coverage`), so that a run writes
    /// `.gcda` files beside the objects (or under `$GCOV_PREFIX`). In a build script, also on
    /// when `$KUNIT_COVERAGE` is set (by `kunit run --coverage`, which merges the C counts
    /// into its report).
    pub fn coverage(&mut self, on: bool) -> &mut Build {
        self.coverage = on;
        self
    }

    /// Compiles every file into `lib<name>.a`, for the targets that expand `kunit::main!()`. On an error (a file does not compile, a header is missing) prints it
    /// and exits the build script with status 1.
    pub fn compile(&self, name: &str) {
        if let Err(e) = self.try_compile(name) {
            eprintln!("error: {e}");
            println!("cargo:warning={}", e.lines().next().unwrap_or(&e));
            std::process::exit(1);
        }
    }

    /// [`compile`](Build::compile), returning the error instead of exiting.
    pub fn try_compile(&self, name: &str) -> Result<(), String> {
        // `kunit run --sanitize` and `--coverage` ask through the environment.
        let build = instrument::with_env_instrumentation(self);
        let objects = compile::compile(&build, name)?;
        link::archive_and_declare(name, &objects)?;
        let clang = cc::Build::new()
            .cargo_metadata(false)
            .try_get_compiler()
            .is_ok_and(|t| t.is_like_clang());
        for directive in instrument::cargo_link_directives(&build.sanitize, build.coverage, clang) {
            println!("{directive}");
        }
        // `kunit::main!()` then includes kunit_c_link.rs: the archives and kunit-c-runtime,
        // and checks that a C suite registered.
        println!("cargo:rustc-check-cfg=cfg(kunit_c_linked)");
        println!("cargo:rustc-cfg=kunit_c_linked");
        Ok(())
    }
}
