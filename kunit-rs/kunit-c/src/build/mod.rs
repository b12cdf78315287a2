//! `kunit_c::Build`: compiles kernel-style C test files, and the C code they test, the way the
//! kernel compiles C, for the test targets of a package.

mod compile;
mod diagnose;
mod flags;
pub(crate) mod kconfig;
mod libc_names;
mod link;
mod tree;

use std::path::{Path, PathBuf};

pub use libc_names::PREFIX as KERNEL_LIBC_NAME_PREFIX;

/// Compiles C test files and the C code they test as the kernel does, and links the objects
/// into the package's test and bench targets.
///
/// * **Freestanding, as the kernel**: `-nostdinc` plus the compiler's own include folder,
///   so only kunit-c's headers (and, with [`kernel_tree`](Build::kernel_tree), the tree's)
///   are reachable; a header neither has is one clear error naming it. The kernel's semantic
///   flags (`-std=gnu11 -funsigned-char -fno-strict-aliasing -fno-strict-overflow
///   -fno-common -fno-delete-null-pointer-checks -fshort-wchar`, undeclared functions,
///   implicit `int`, missing returns and incompatible pointers as errors; see
///   `docs/src/c-suites.md`). The configuration (`autoconf.h`, generated from
///   [`kconfig`](Build::kconfig) and [`kunitconfig`](Build::kunitconfig)) and
///   `<linux/kconfig.h>` are force-included, as kbuild does.
/// * **C library names**: a global symbol the objects define that the C library also
///   defines (`lib/string.c`'s `strlen`, `memcpy`, ...) is renamed in every object to
///   [`KERNEL_LIBC_NAME_PREFIX`]`name`, so the C files call the kernel's function and the
///   process keeps the C library's.
/// * **Linking**: the objects go into `lib<name>.a` in `OUT_DIR`, which the crate that
///   expands `kunit::main!()` (or [`link_c_objects!`](crate::link_c_objects)) links
///   whole-archive, as its own native library: every test target with `kunit::main!()` runs
///   the C suites, also in a package with a library target (which gets none of them), and
///   its harness fails when no C file registered a suite.
///
/// Each file is compiled with `KBUILD_MODNAME` set to [`module_name`] of its path, which is
/// what the suite's `# module:` line shows. An object is recompiled only when its source, a
/// header it included or its command line changed.
#[derive(Clone, Debug, Default)]
pub struct Build {
    files: Vec<PathBuf>,
    includes: Vec<PathBuf>,
    defines: Vec<(String, Option<String>)>,
    flags: Vec<String>,
    kernel_tree: Option<PathBuf>,
    kunitconfigs: Vec<PathBuf>,
    kconfig: Vec<(String, String)>,
}

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
        let objects = compile::compile(self, name)?;
        link::archive_and_declare(name, &objects)?;
        // `kunit::main!()` then links kunit-c and the archives (`kunit_c::link_c_objects!()`),
        // and checks that a C suite registered.
        println!("cargo:rustc-check-cfg=cfg(kunit_c_linked)");
        println!("cargo:rustc-cfg=kunit_c_linked");
        Ok(())
    }
}

/// `KBUILD_MODNAME` for a C file: its base name without the extension, `-` turned into `_`
/// (`tests/foo-bar_kunit.c` → `foo_bar_kunit`).
pub fn module_name(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().replace('-', "_"))
        .unwrap_or_default()
}
