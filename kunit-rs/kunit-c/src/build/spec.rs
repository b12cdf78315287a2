//! What a [`Build`] compiles: its inputs, set by the builder methods in `build/mod.rs` and
//! read by `compile.rs` (a file of its own, so that neither imports the other).

use std::path::{Path, PathBuf};

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
/// * **Optimised as the kernel is**: `-O2 -g` whatever cargo's profile (the `-O`/`-g` the cc
///   crate derives from it are dropped), so `__builtin_object_size()` and friends answer as in
///   the kernel, in a debug build too; `$CFLAGS` and [`flag`](Build::flag) come after and may
///   override. The flags are [`kernel_cflags`](crate::kernel_cflags), which `kunit c` uses too.
/// * **C library names**: a global symbol the objects define that the C library also
///   defines (`lib/string.c`'s `strlen`, `memcpy`, ...) is renamed in every object to
///   [`KERNEL_LIBC_NAME_PREFIX`](super::KERNEL_LIBC_NAME_PREFIX)`name`, so the C files call the kernel's function and the
///   process keeps the C library's.
/// * **Linking**: the objects go into `lib<name>.a` in `OUT_DIR`, which the crate that
///   expands `kunit::main!()` (or `kunit_c_runtime::link_c_objects!()`) links
///   whole-archive, as its own native library: every test target with `kunit::main!()` runs
///   the C suites, also in a package with a library target (which gets none of them), and
///   its harness fails when no C file registered a suite.
///
/// Each file is compiled with `KBUILD_MODNAME` set to [`module_name`] of its path, which is
/// what the suite's `# module:` line shows. An object is recompiled only when its source, a
/// header it included or its command line changed.
#[derive(Clone, Debug, Default)]
pub struct Build {
    pub(super) files: Vec<PathBuf>,
    pub(super) includes: Vec<PathBuf>,
    pub(super) defines: Vec<(String, Option<String>)>,
    pub(super) flags: Vec<String>,
    pub(super) kernel_tree: Option<PathBuf>,
    pub(super) kunitconfigs: Vec<PathBuf>,
    pub(super) kconfig: Vec<(String, String)>,
    pub(super) sanitize: Vec<String>,
    pub(super) coverage: bool,
}

/// `KBUILD_MODNAME` for a C file: its base name without the extension, `-` turned into `_`
/// (`tests/foo-bar_kunit.c` → `foo_bar_kunit`).
pub fn module_name(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().replace('-', "_"))
        .unwrap_or_default()
}
