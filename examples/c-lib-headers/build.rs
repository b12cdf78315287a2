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
        "tests/percpu_kunit.c",
        "tests/kthread_kunit.c",
        "tests/rwlock_kunit.c",
        "tests/jiffies_kunit.c",
        "tests/completion_kunit.c",
        "tests/semaphore_kunit.c",
        "tests/seqlock_kunit.c",
        "tests/rcu_kunit.c",
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
        // -Wextra as the kernel's W=1 has it: without the warnings it turns off again, which
        // its macros (type_max(), overflows_type(), check_shl_overflow()) would trip in the
        // branches of a compile-time choice that do not apply.
        .flag("-Wno-type-limits")
        .flag("-Wno-sign-compare")
        .flag("-Wno-unused-parameter")
        .flag("-Wno-missing-field-initializers")
        .flag("-Werror=implicit-function-declaration")
        .flag("-Werror=incompatible-pointer-types")
        .compile("c_lib_headers_kunit");
}
