//! Compiles one C suite per header family, freestanding as the kernel compiles (only the
//! compiler's own headers besides kunit-c's) and warning-free: the headers are held to
//! `-Wall -Wextra -Werror` where they are used, not only where they are included.
use std::process::Command;

fn main() {
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_owned());
    let out = Command::new(&cc)
        .arg("-print-file-name=include")
        .output()
        .expect("the C compiler runs");
    let compiler_include = String::from_utf8(out.stdout).expect("a UTF-8 path");
    let mut build = kunit_c::Build::new();
    for file in [
        "tests/list_kunit.c",
        "tests/hashtable_kunit.c",
        "tests/bitops_kunit.c",
        "tests/overflow_kunit.c",
        "tests/math_kunit.c",
        "tests/kfifo_kunit.c",
        "tests/sync_kunit.c",
        "tests/seq_buf_kunit.c",
        "tests/bitfield_kunit.c",
        "tests/mm_kunit.c",
    ] {
        build.file(file);
    }
    build
        .flag("-nostdinc")
        .flag("-isystem")
        .flag(compiler_include.trim())
        .flag("-funsigned-char")
        .flag("-fno-strict-overflow")
        .flag("-fno-common")
        .flag("-Wall")
        .flag("-Wextra")
        .flag("-Werror")
        // As the kernel builds with -Wextra (W=1): type_max()/overflows_type() compare in
        // every branch of a compile-time choice, and the kernel does not warn on those.
        .flag("-Wno-type-limits")
        .flag("-Werror=implicit-function-declaration")
        .flag("-Werror=incompatible-pointer-types")
        .compile("c_lib_headers_kunit");
}
