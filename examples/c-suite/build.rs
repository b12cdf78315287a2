fn main() {
    kunit_c::Build::new()
        .file("tests/c-suite_kunit.c")
        .file("tests/c_failures_kunit.c")
        .include("tests")
        .compile("c_suite_kunit");

    // kunit-c's own header self-tests: every tests/headers/*.c, built freestanding with the
    // kernel's semantic flags (-nostdinc: only kunit-c's headers and the compiler's own).
    let mut headers = kunit_c::Build::new();
    let mut files: Vec<_> = std::fs::read_dir("tests/headers")
        .expect("tests/headers")
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .collect();
    files.sort();
    for f in &files {
        headers.file(f);
    }
    println!("cargo:rerun-if-changed=tests/headers");
    let compiler_include = std::process::Command::new(std::env::var("CC").unwrap_or("cc".into()))
        .arg("-print-file-name=include")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
        .expect("the C compiler prints its include folder");
    for flag in [
        "-nostdinc",
        "-isystem",
        &compiler_include,
        "-funsigned-char",
        "-fno-strict-overflow",
        "-fno-common",
        "-Wno-format-truncation",
        "-Wno-alloc-size-larger-than",
        "-Werror=implicit-function-declaration",
        "-Werror=implicit-int",
        "-Werror=return-type",
        "-Werror=incompatible-pointer-types",
    ] {
        headers.flag(flag);
    }
    headers.compile("c_suite_headers");
}
