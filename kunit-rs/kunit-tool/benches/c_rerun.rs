//! `cargo bench -p kunit-tool --bench c_rerun`: how long `kunit c` takes to rerun a C test
//! file after an edit (the edited file is recompiled and the shared object relinked, then the
//! suite runs in a `kunit` harness process and the report is printed), against `cc` compiling
//! and linking the same file (with a stub `main`, kunit-c's symbols left unresolved) into a
//! plain executable, measured alternately in the same run; and a first `kunit c` on an empty
//! cache (`c_first_run_s`: kunit-c's headers written out, the compiler probed, the file
//! compiled and linked; the run time, the `kunit` binary, is built already), and the size of
//! that run time (`c_runtime_bytes`, the `kunit` binary of this profile). Figures are medians
//! of wall times of the real `kunit` binary; the last lines are `name=value`. The goal is
//! `c_rerun_vs_cc_ratio` ≤ 1.5.
//!
//! Without `--bench` (as `cargo test --benches` runs it) it does nothing.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

const RUNS: usize = 7;

/// The test file after edit `value`: the edit changes the object code (a global's value and
/// the expected sum), as a real edit does, so every rerun recompiles and relinks.
fn test_file(value: usize) -> String {
    format!(
        "#include <kunit/test.h>\n\
         int c_rerun_value = {value};\n\
         static void adds(struct kunit *test)\n{{\n\tKUNIT_EXPECT_EQ(test, c_rerun_value + 1, {});\n}}\n\
         static struct kunit_case bench_cases[] = {{ KUNIT_CASE(adds), {{}} }};\n\
         static struct kunit_suite bench_suite = {{ .name = \"c_rerun\", .test_cases = bench_cases }};\n\
         kunit_test_suite(bench_suite);\n",
        value + 1
    )
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Wall time of `cmd` in milliseconds; panics when it fails.
fn timed(cmd: &mut Command) -> f64 {
    let start = Instant::now();
    let out = cmd.stdin(Stdio::null()).output().expect("run");
    let ms = start.elapsed().as_secs_f64() * 1e3;
    assert!(
        out.status.success(),
        "{cmd:?} failed:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    ms
}

fn main() {
    if !std::env::args().any(|a| a == "--bench") {
        println!("c_rerun: measured with `cargo bench -p kunit-tool --bench c_rerun`");
        return;
    }
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| repo.join("target"));
    let work = target.join("c-rerun-bench");
    let cache = work.join("cache");
    std::fs::create_dir_all(&work).expect("bench folder");
    let test = work.join("c_rerun_kunit.c");
    let stub = work.join("stub_main.c");
    std::fs::write(&stub, "int main(void) { return 0; }\n").expect("stub");
    let include = repo.join("kunit-rs/kunit-c/include");

    let kunit_c = || {
        let mut c = Command::new(env!("CARGO_BIN_EXE_kunit"));
        c.arg("c").arg(&test).env("KUNIT_C_CACHE", &cache);
        c
    };
    let cc = || {
        let mut c = Command::new(std::env::var_os("CC").unwrap_or_else(|| "cc".into()));
        c.args(["-O1", "-std=gnu11", "-DKBUILD_MODNAME=\"c_rerun_kunit\""])
            .arg(format!("-I{}", include.display()))
            .args(["-include", "linux/kconfig.h"])
            .arg(&test)
            .arg(&stub)
            .arg("-o")
            .arg(work.join("plain"))
            .arg("-Wl,--unresolved-symbols=ignore-all");
        c
    };

    // A first run on an empty cache, each time.
    std::fs::write(&test, test_file(0)).expect("test file");
    let mut first = Vec::new();
    for _ in 0..RUNS {
        let _ = std::fs::remove_dir_all(&cache);
        first.push(timed(&mut kunit_c()) / 1e3);
    }
    let (mut rerun, mut plain) = (Vec::new(), Vec::new());
    for i in 1..=RUNS {
        std::fs::write(&test, test_file(i)).expect("edit");
        rerun.push(timed(&mut kunit_c()));
        plain.push(timed(&mut cc()));
    }
    let (rerun, plain) = (median(rerun), median(plain));
    let runtime = std::fs::metadata(env!("CARGO_BIN_EXE_kunit"))
        .expect("the kunit binary")
        .len();
    println!("c_runtime_bytes={runtime}");
    println!("c_first_run_s={:.2}", median(first));
    println!("cc_compile_link_ms={plain:.0}");
    println!("c_rerun_after_edit_ms={rerun:.0}");
    println!("c_rerun_vs_cc_ratio={:.2}", rerun / plain);
}
