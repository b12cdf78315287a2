//! Compiles kunit-c's header self-tests, freestanding as the kernel compiles (only the
//! compiler's own headers besides kunit-c's), in three groups:
//! * `core/`: the KUnit API and the core headers whose behaviour the C glue implements
//!   (`sprintf`, `kstrtox`, `slab`, `device`, ...), with the kernel's warnings;
//! * `lib/`: one suite per library header family, held to `-Wall -Wextra -Werror` where the
//!   headers are used, not only where they are included;
//! * `crypto/`: the headers lib/crypto code includes, warnings as errors;
//! * `freestanding/`: files that play a kernel file compiled `-ffreestanding`
//!   (`lib/string.c`'s `CFLAGS_string.o`): their own definition of a libc name serves them.

use std::path::PathBuf;
use std::process::Command;

/// The `*.c` files of a folder, sorted.
fn c_files(dir: &str) -> Vec<PathBuf> {
    println!("cargo:rerun-if-changed={dir}");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .collect();
    files.sort();
    files
}

fn main() {
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_owned());
    let out = Command::new(&cc)
        .arg("-print-file-name=include")
        .output()
        .expect("the C compiler runs");
    let compiler_include = String::from_utf8(out.stdout).expect("a UTF-8 path");
    let compiler_include = compiler_include.trim();

    let kernel_warnings = [
        "-nostdinc",
        "-isystem",
        compiler_include,
        "-funsigned-char",
        "-fno-strict-overflow",
        "-fno-common",
        "-Wno-format-truncation",
        "-Wno-alloc-size-larger-than",
        "-Werror=implicit-function-declaration",
        "-Werror=implicit-int",
        "-Werror=return-type",
        "-Werror=incompatible-pointer-types",
    ];
    let mut core = kunit_c::Build::new();
    for f in c_files("core") {
        core.file(f);
    }
    for flag in kernel_warnings {
        core.flag(flag);
    }
    core.compile("kunit_c_core_headers");

    // At -O2 GCC treats strlen() as its builtin: only -ffreestanding (as the kernel compiles
    // lib/string.c) makes a call reach the file's own definition.
    let mut freestanding = kunit_c::Build::new();
    for f in c_files("freestanding") {
        freestanding.file(f);
    }
    for flag in kernel_warnings {
        freestanding.flag(flag);
    }
    freestanding
        .flag("-ffreestanding")
        .compile("kunit_c_freestanding_headers");

    let mut lib = kunit_c::Build::new();
    for f in c_files("lib") {
        lib.file(f);
    }
    lib.flag("-nostdinc")
        .flag("-isystem")
        .flag(compiler_include)
        .flag("-funsigned-char")
        .flag("-fno-strict-overflow")
        .flag("-fno-common")
        .flag("-Wall")
        .flag("-Wextra")
        .flag("-Werror")
        // -Wextra as the kernel's W=1 has it: without the warnings it turns off again, which
        // its macros (type_max(), overflows_type(), check_shl_overflow()) would trip in the
        // branches of a compile-time choice that do not apply.
        .flag("-Wno-type-limits")
        .flag("-Wno-sign-compare")
        .flag("-Wno-unused-parameter")
        .flag("-Wno-missing-field-initializers")
        .flag("-Werror=implicit-function-declaration")
        .flag("-Werror=incompatible-pointer-types")
        .compile("kunit_c_lib_headers");

    let mut crypto = kunit_c::Build::new();
    for f in c_files("crypto") {
        crypto.file(f);
    }
    // Warnings are errors here: kunit-c's headers must not cause any.
    crypto.flag("-Werror").compile("kunit_c_crypto_headers");
}
