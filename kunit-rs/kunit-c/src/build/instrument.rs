//! Instrumented builds: the sanitizers ([`Build::sanitize`](super::Build::sanitize)) and gcov
//! coverage ([`Build::coverage`](super::Build::coverage)), their compile flags, the flags the
//! objects must be linked with, and the compiler's shared runtimes a process loads first.
//!
//! UBSan follows the kernel: `-fno-strict-overflow` (always on, see `flags.rs`) makes signed
//! overflow defined, so `signed-integer-overflow` is off unless `CONFIG_UBSAN_SIGNED_WRAP`
//! asks for it, and each check is the one `scripts/Makefile.ubsan` adds for a
//! `CONFIG_UBSAN_*` option. `undefined` sets the options of the kernel's
//! `kernel/configs/debug.config` (bounds, shift, unreachable, bool, enum; not alignment, not
//! divide-by-zero); a `.kunitconfig` or `kconfig()` line changes any of them.

use std::path::{Path, PathBuf};
use std::process::Command;

use super::kconfig::Config;
use super::spec::Build;

/// The environment variable through which `kunit run --sanitize` asks a build script's
/// [`Build`] for its sanitizers: the list, comma-separated (`address,undefined`).
pub const SANITIZE_ENV: &str = "KUNIT_SANITIZE";

/// The environment variable through which `kunit run --coverage` asks a build script's
/// [`Build`] for gcov instrumentation (`1`), so the C files' counts join the Rust ones.
pub const COVERAGE_ENV: &str = "KUNIT_COVERAGE";

/// `build`, with `$KUNIT_SANITIZE`'s sanitizers when it names none itself, and with coverage
/// when `$KUNIT_COVERAGE` asks for it.
pub(crate) fn with_env_instrumentation(build: &Build) -> Build {
    with_instrumentation(
        build,
        std::env::var(SANITIZE_ENV).ok().as_deref(),
        std::env::var(COVERAGE_ENV).ok().as_deref(),
    )
}

/// [`with_env_instrumentation`] with the variables' values given: a list the build names
/// itself wins over `sanitize`; `coverage` other than empty or `0` turns coverage on (a build
/// that asked for coverage itself keeps it).
pub(crate) fn with_instrumentation(
    build: &Build,
    sanitize: Option<&str>,
    coverage: Option<&str>,
) -> Build {
    let mut b = build.clone();
    if let (true, Some(list)) = (b.sanitize.is_empty(), sanitize) {
        b.sanitize = list
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
            .collect();
    }
    if coverage.is_some_and(|c| !c.is_empty() && c != "0") {
        b.coverage = true;
    }
    b
}

/// The sanitizer names [`Build::sanitize`](super::Build::sanitize) takes.
pub const SANITIZERS: &[&str] = &["address", "undefined", "thread"];

/// The options `undefined` sets before the build's own configuration is read
/// (`kernel/configs/debug.config`'s choice).
pub(crate) const UBSAN_DEFAULTS: &[(&str, &str)] = &[
    ("CONFIG_UBSAN", "y"),
    ("CONFIG_UBSAN_BOUNDS", "y"),
    ("CONFIG_UBSAN_SHIFT", "y"),
    ("CONFIG_UBSAN_UNREACHABLE", "y"),
    ("CONFIG_UBSAN_BOOL", "y"),
    ("CONFIG_UBSAN_ENUM", "y"),
    ("CONFIG_UBSAN_ALIGNMENT", "n"),
    ("CONFIG_UBSAN_DIV_ZERO", "n"),
];

/// Each `CONFIG_UBSAN_*` option and the check `scripts/Makefile.ubsan` adds for it (bounds:
/// GCC's `bounds-strict`, Clang's `array-bounds`, as `CONFIG_UBSAN_BOUNDS_STRICT` and
/// `CONFIG_UBSAN_ARRAY_BOUNDS` pick).
fn ubsan_checks(config: &Config, clang: bool) -> Vec<&'static str> {
    let table: &[(&str, &str)] = &[
        (
            "CONFIG_UBSAN_BOUNDS",
            if clang {
                "array-bounds"
            } else {
                "bounds-strict"
            },
        ),
        ("CONFIG_UBSAN_SHIFT", "shift"),
        ("CONFIG_UBSAN_UNREACHABLE", "unreachable"),
        ("CONFIG_UBSAN_BOOL", "bool"),
        ("CONFIG_UBSAN_ENUM", "enum"),
        ("CONFIG_UBSAN_ALIGNMENT", "alignment"),
        ("CONFIG_UBSAN_SIGNED_WRAP", "signed-integer-overflow"),
    ];
    let mut checks: Vec<&str> = table
        .iter()
        .filter(|(option, _)| config.is_yes(option))
        .map(|(_, check)| *check)
        .collect();
    // The kernel leaves it to GCC: Clang's check is broken for it (Kconfig.ubsan).
    if config.is_yes("CONFIG_UBSAN_DIV_ZERO") && !clang {
        checks.push("integer-divide-by-zero");
    }
    checks
}

/// Checks a sanitizer list: known names, none twice, not `address` with `thread`.
pub(crate) fn check(list: &[String]) -> Result<(), String> {
    for (i, s) in list.iter().enumerate() {
        if !SANITIZERS.contains(&s.as_str()) {
            return Err(format!(
                "kunit-c: unknown sanitizer '{s}' (choose from address, undefined, thread)"
            ));
        }
        if list[..i].contains(s) {
            return Err(format!("kunit-c: sanitizer '{s}' is given twice"));
        }
    }
    if list.iter().any(|s| s == "address") && list.iter().any(|s| s == "thread") {
        return Err(
            "kunit-c: address and thread cannot be combined (one runtime per process)".into(),
        );
    }
    Ok(())
}

/// The configuration options a sanitizer list sets before the build's own.
pub(crate) fn config_defaults(list: &[String]) -> &'static [(&'static str, &'static str)] {
    if list.iter().any(|s| s == "undefined") {
        UBSAN_DEFAULTS
    } else {
        &[]
    }
}

/// The compile flags of `list` and `coverage`, for every file.
pub(crate) fn compile_flags(
    list: &[String],
    coverage: bool,
    clang: bool,
    config: &Config,
) -> Vec<String> {
    let mut flags = Vec::new();
    for s in list {
        match s.as_str() {
            // As KASAN: GCC enables use-after-scope for userspace ASan only, and its
            // poisoning of address-taken locals keeps `BUILD_BUG_ON()`s on them from folding
            // (lib/tests/ffs_kunit.c's).
            "address" => {
                flags.push("-fsanitize=address".to_owned());
                flags.push("-fno-sanitize-address-use-after-scope".to_owned());
            }
            "thread" => flags.push("-fsanitize=thread".to_owned()),
            "undefined" => {
                let checks = ubsan_checks(config, clang);
                if !checks.is_empty() {
                    flags.push(format!("-fsanitize={}", checks.join(",")));
                }
            }
            _ => {}
        }
    }
    if !flags.is_empty() {
        // A report, then the next case (halt_on_error=0 at run time); frames for the
        // reports' stacks.
        flags.push("-fsanitize-recover=all".to_owned());
        flags.push("-fno-omit-frame-pointer".to_owned());
    }
    if coverage {
        // Plain increments, as the kernel's gcov has them: atomic ones (a locked add per
        // basic block) made lib/'s tests 4-5x slower (memcpy_kunit's byte loops). Cases run
        // one after another on their own threads, which hand over in order; where a test's
        // own threads race, a count may come out lower, never zero for a line that ran, so
        // what is covered is exact.
        flags.push("--coverage".to_owned());
        flags.push("-fprofile-update=single".to_owned());
    }
    flags
}

/// The flags the objects must be linked with: the sanitizers' runtimes and gcov's.
pub(crate) fn link_flags(list: &[String], coverage: bool) -> Vec<String> {
    let mut flags: Vec<String> = list.iter().map(|s| format!("-fsanitize={s}")).collect();
    if coverage {
        flags.push("--coverage".to_owned());
    }
    flags
}

/// The cargo directives of a build script for its package's targets: the sanitizers' shared
/// runtimes (GCC's `libasan`, `libubsan`, `libtsan`) as libraries of the package, so that
/// they come first among the executable's shared libraries, before the C library, as ASan
/// requires (rustc links with `-nodefaultlibs`, so `-fsanitize=` at link time would add
/// nothing), and gcov's `libgcov`. None for the sanitizers when Rust itself is built with them
/// (`-Zsanitizer` in `CARGO_ENCODED_RUSTFLAGS`: rustc links LLVM's runtime, which serves the C
/// objects too). Clang's runtimes have other names: `-fsanitize=` is passed on instead.
pub(crate) fn cargo_link_directives(list: &[String], coverage: bool, clang: bool) -> Vec<String> {
    let rust_sanitized = std::env::var("CARGO_ENCODED_RUSTFLAGS")
        .is_ok_and(|f| f.split('\x1f').any(|a| a.starts_with("-Zsanitizer")));
    let mut out = Vec::new();
    if !rust_sanitized {
        for s in list {
            out.push(match (clang, s.as_str()) {
                (true, _) => format!("cargo:rustc-link-arg=-fsanitize={s}"),
                (false, "address") => "cargo:rustc-link-lib=dylib=asan".to_owned(),
                (false, "undefined") => "cargo:rustc-link-lib=dylib=ubsan".to_owned(),
                (false, _) => "cargo:rustc-link-lib=dylib=tsan".to_owned(),
            });
        }
    }
    if coverage {
        out.push(if clang {
            "cargo:rustc-link-arg=--coverage".to_owned()
        } else {
            "cargo:rustc-link-arg=-lgcov".to_owned()
        });
    }
    out
}

/// The shared runtime of each sanitizer in `list` (`libasan.so`, `libubsan.so`,
/// `libtsan.so`), as `compiler -print-file-name=` finds it: a process that loads
/// instrumented objects at run time, not linked with the runtime itself, must load these
/// first (`LD_PRELOAD`). An error names the runtime the compiler does not have.
pub fn sanitizer_runtimes(compiler: &Path, list: &[String]) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    for s in list {
        let lib = match s.as_str() {
            "address" => "libasan.so",
            "undefined" => "libubsan.so",
            "thread" => "libtsan.so",
            other => return Err(format!("kunit-c: unknown sanitizer '{other}'")),
        };
        let found = Command::new(compiler)
            .arg(format!("-print-file-name={lib}"))
            .output()
            .map_err(|e| format!("kunit-c: cannot run {}: {e}", compiler.display()))?;
        let path = PathBuf::from(String::from_utf8_lossy(&found.stdout).trim());
        // Without the library, the compiler echoes the bare name back.
        if !found.status.success() || !path.is_absolute() || !path.exists() {
            return Err(format!(
                "kunit-c: --sanitize={s}: {} has no {lib} (Debian: apt-get install {})",
                compiler.display(),
                match s.as_str() {
                    "address" => "libasan8",
                    "undefined" => "libubsan1",
                    _ => "libtsan2",
                }
            ));
        }
        out.push(path);
    }
    Ok(out)
}
