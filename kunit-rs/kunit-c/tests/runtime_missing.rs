//! A package whose build script ran `kunit_c::Build` but which lacks the run-time half
//! (`kunit-c-runtime`) among its dependencies fails to compile its `kunit::main!()` test
//! target, loudly, at the line of `kunit_c_link.rs` that names the missing crate — never a
//! test binary without the C API its objects call. Builds a scratch package with cargo (in
//! the target folder kunit-tool's `c_kernel_opt` test uses, with the same profile, so the
//! dependencies compile once).

use std::path::Path;
use std::process::Command;

use kunit::prelude::*;

fn missing_runtime_fails_to_compile(test: &mut Kunit) {
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let dir = tmp.join("kunit-c-runtime-missing");
    let kunit_rs = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    std::fs::create_dir_all(dir.join("tests")).expect("package folder");
    let manifest = format!(
        "[package]\nname = \"runtime-missing\"\nversion = \"0.0.0\"\nedition = \"2021\"\n\
         publish = false\nautotests = false\n\n[workspace]\n\n\
         [dependencies]\nkunit = {{ package = \"kunit-rs\", path = {:?} }}\n\n\
         [build-dependencies]\nkunit-c = {{ path = {:?} }}\n\n\
         [[test]]\nname = \"t\"\npath = \"tests/t.rs\"\nharness = false\n\n\
         [profile.dev]\nopt-level = 0\ndebug = false\n",
        kunit_rs.join("kunit"),
        kunit_rs.join("kunit-c"),
    );
    let c = "#include <kunit/test.h>\n\
             static void passes(struct kunit *test) { KUNIT_EXPECT_EQ(test, 1, 1); }\n\
             static struct kunit_case cases[] = { KUNIT_CASE(passes), {} };\n\
             static struct kunit_suite suite = { .name = \"s\", .test_cases = cases };\n\
             kunit_test_suite(suite);\n";
    for (path, body) in [
        ("Cargo.toml", manifest.as_str()),
        (
            "build.rs",
            "fn main() {\n    kunit_c::Build::new().file(\"s_kunit.c\").compile(\"s\");\n}\n",
        ),
        ("s_kunit.c", c),
        ("tests/t.rs", "kunit::main!();\n"),
    ] {
        std::fs::write(dir.join(path), body).expect("write the package");
    }
    let lock = kunit_rs.join("../Cargo.lock");
    std::fs::copy(lock, dir.join("Cargo.lock")).expect("copy Cargo.lock");
    let out = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
        .args(["test", "--no-run"])
        .current_dir(&dir)
        .env("CARGO_TARGET_DIR", tmp.join("kunit-c-opt/target"))
        .output()
        .expect("run cargo");
    let stderr = String::from_utf8_lossy(&out.stderr);
    kunit_expect_false_msg!(test, out.status.success(), "{stderr}");
    kunit_expect_true_msg!(
        test,
        stderr.contains("can't find crate for `kunit_c_runtime`"),
        "{stderr}"
    );
    kunit_expect_true_msg!(
        test,
        stderr.contains("add `kunit-c-runtime` to [dependencies]"),
        "{stderr}"
    );
}

static CASES: &[Case] = &[kunit_case!(missing_runtime_fails_to_compile)];
kunit_test_suite!(Suite {
    name: "kunit_c_runtime_missing",
    test_cases: CASES,
    ..Suite::DEFAULT
});

kunit::main!();
