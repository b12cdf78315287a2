//! `cargo bench -p kunit-tool --bench sanitize_coverage`: what `--sanitize=address,undefined`
//! and `--coverage` cost a run, against a plain run.
//!
//! * **C** (`c_*` lines): kunit-c's header self-test suites (`kunit-rs/kunit-c/tests/headers`,
//!   `core/`, `lib/`, `crypto/`: 140 cases) through `kunit c`, plain, with
//!   `--sanitize=address,undefined` and with `--coverage`. Each mode's first run starts from a
//!   cold object cache (a fresh `KUNIT_C_CACHE`: compiling included), then `RUNS` warm runs
//!   (objects reused: the run itself, and `kunit c`'s checks); the medians are compared. Each
//!   instrumented run must pass as many cases as the plain run.
//! * **Rust**: the workspace's checksum suite (`suites/checksum`, real code under test;
//!   `KUNIT_BENCH_PACKAGE` picks another package): `kunit build` builds its harness three ways
//!   (plain, `--sanitize=address,undefined` with nightly, `--coverage`), then the three
//!   harnesses run alternately, each with the options `kunit run` gives it, and the medians of
//!   their wall times are compared. The build times of this bench's own first builds are
//!   printed too (cold only on a fresh target folder).
//!
//! * **Kernel tree** (`tree_*` lines, with `KUNIT_BENCH_KERNEL_TREE=DIR`): tree mode's
//!   `kunit run --kunitconfig lib/kunit --kconfig_add CONFIG_KUNIT_ALL_TESTS=y` in that tree,
//!   plain, `--sanitize=address,undefined` and `--coverage`, each from a cold build folder of
//!   its own (outside the tree) and then `RUNS` warm runs; each must pass as many tests as
//!   the plain run.
//!
//! `KUNIT_BENCH_ONLY=c`, `=rust` or `=tree` measures one side. Without `--bench` (as
//! `cargo test --benches` runs it) it does nothing: the instrumented builds take minutes.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

const RUNS: usize = 7;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// `kunit build ARGS` of `package`; the harness paths it lists and the build's seconds.
fn build(root: &Path, target: &Path, package: &str, args: &[&str]) -> (Vec<PathBuf>, f64) {
    let start = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_kunit"))
        .arg("build")
        .args(["-p", package, "--build_dir"])
        .arg(target)
        .args(args)
        .current_dir(root)
        .env_remove("RUSTFLAGS")
        .stdin(Stdio::null())
        .stderr(Stdio::inherit())
        .output()
        .expect("run kunit build");
    let secs = start.elapsed().as_secs_f64();
    assert!(out.status.success(), "kunit build {args:?} failed");
    let bins: Vec<PathBuf> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| l.split_once("Harness: ").map(|(_, p)| PathBuf::from(p)))
        .collect();
    assert!(!bins.is_empty(), "kunit build {args:?} listed no harness");
    (bins, secs)
}

/// Wall time in seconds of running every harness in `bins` with `env`.
fn run(bins: &[PathBuf], env: &[(&str, String)]) -> f64 {
    let start = Instant::now();
    for b in bins {
        let out = Command::new(b)
            .envs(env.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::null())
            .output()
            .expect("run harness");
        assert!(
            out.status.success(),
            "{} failed under {env:?}:\n{}",
            b.display(),
            String::from_utf8_lossy(&out.stdout)
        );
    }
    start.elapsed().as_secs_f64()
}

/// The C files of kunit-c's header self-tests.
fn c_suite_files(root: &Path) -> Vec<PathBuf> {
    let dir = root.join("kunit-rs/kunit-c/tests/headers");
    let mut files = Vec::new();
    for group in ["core", "lib", "crypto"] {
        let mut here: Vec<PathBuf> = std::fs::read_dir(dir.join(group))
            .expect("header self-tests")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_some_and(|x| x == "c"))
            .collect();
        here.sort();
        files.extend(here);
    }
    files
}

/// `kunit c ARGS FILES` with `cache`; its seconds and the cases it passed.
fn kunit_c(cache: &Path, args: &[&str], files: &[PathBuf], out_dir: &Path) -> (f64, usize) {
    let start = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_kunit"))
        .arg("c")
        .args(args)
        .args(files)
        .env("KUNIT_C_CACHE", cache)
        .current_dir(out_dir)
        .stdin(Stdio::null())
        .output()
        .expect("run kunit c");
    let secs = start.elapsed().as_secs_f64();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let passed = stdout
        .lines()
        .find_map(|l| {
            l.split_once("Testing complete. Ran ")
                .map(|(_, r)| r.to_owned())
        })
        .and_then(|r| {
            r.split_once("passed: ")
                .and_then(|(_, p)| p.split(|c: char| !c.is_ascii_digit()).next()?.parse().ok())
        })
        .unwrap_or_else(|| {
            panic!(
                "kunit c {args:?}: no summary (status {:?}):\n{stdout}\n{}",
                out.status,
                String::from_utf8_lossy(&out.stderr)
            )
        });
    (secs, passed)
}

/// The `c_*` figures.
fn bench_c(root: &Path, target: &Path) {
    let files = c_suite_files(root);
    let work = target.join("c-bench");
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(&work).expect("bench folder");
    let cov_dir = work.join("coverage");
    let cov_arg = format!("--coverage={}", cov_dir.display());
    let modes: [(&str, Vec<&str>); 3] = [
        ("plain", vec![]),
        ("asan_ubsan", vec!["--sanitize=address,undefined"]),
        ("coverage", vec![cov_arg.as_str()]),
    ];
    let mut cold = Vec::new();
    let mut passed = Vec::new();
    for (name, args) in &modes {
        // One cold cache per mode: its first run compiles everything.
        let (secs, p) = kunit_c(&work.join(format!("cache-{name}")), args, &files, &work);
        cold.push(secs);
        passed.push(p);
    }
    for (i, (name, _)) in modes.iter().enumerate() {
        assert_eq!(
            passed[i], passed[0],
            "kunit c ({name}) passed {} cases, the plain run {}",
            passed[i], passed[0]
        );
    }
    let mut warm: Vec<Vec<f64>> = vec![Vec::new(); modes.len()];
    for _ in 0..RUNS {
        for (i, (name, args)) in modes.iter().enumerate() {
            warm[i].push(kunit_c(&work.join(format!("cache-{name}")), args, &files, &work).0);
        }
    }
    let warm: Vec<f64> = warm.into_iter().map(median).collect();
    println!("c_files={}", files.len());
    println!("c_cases_passed={}", passed[0]);
    for (i, (name, _)) in modes.iter().enumerate() {
        println!("c_{name}_cold_s={:.3}", cold[i]);
        println!("c_{name}_warm_s={:.3}", warm[i]);
    }
    println!("c_asan_ubsan_vs_plain_ratio={:.2}", warm[1] / warm[0]);
    println!("c_coverage_vs_plain_ratio={:.2}", warm[2] / warm[0]);
    println!("c_asan_ubsan_vs_plain_cold_ratio={:.2}", cold[1] / cold[0]);
    println!("c_coverage_vs_plain_cold_ratio={:.2}", cold[2] / cold[0]);
    let _ = std::fs::remove_dir_all(&work);
}

/// One tree mode run in `tree` with its build folder `build_dir`: seconds and tests passed.
fn kunit_tree(tree: &Path, build_dir: &Path, args: &[&str]) -> (f64, usize) {
    let start = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_kunit"))
        .args(["run", "--kernel-tree"])
        .arg(tree)
        .args([
            "--kunitconfig",
            "lib/kunit",
            "--kconfig_add",
            "CONFIG_KUNIT_ALL_TESTS=y",
        ])
        .arg(format!("--build_dir={}", build_dir.display()))
        .args(args)
        .current_dir(tree)
        .env("NO_COLOR", "1")
        .env_remove("KUNIT_C_HARNESS")
        .env_remove("LD_PRELOAD")
        .stdin(Stdio::null())
        .output()
        .expect("run kunit");
    let secs = start.elapsed().as_secs_f64();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.code() == Some(0),
        "kunit run {args:?} in {}: {stdout}{}",
        tree.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let passed = stdout
        .lines()
        .find_map(|l| l.split_once(" passed: ").map(|(_, r)| r))
        .and_then(|r| r.split(|c: char| !c.is_ascii_digit()).next()?.parse().ok())
        .unwrap_or(0);
    (secs, passed)
}

/// The `tree_*` figures.
fn bench_tree(tree: &Path, target: &Path) {
    let work = target.join("tree-bench");
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(&work).expect("bench folder");
    let cov_arg = format!("--coverage={}", work.join("coverage").display());
    let modes: [(&str, Vec<&str>); 3] = [
        ("plain", vec![]),
        ("asan_ubsan", vec!["--sanitize=address,undefined"]),
        ("coverage", vec![cov_arg.as_str()]),
    ];
    let mut cold = Vec::new();
    let mut passed = Vec::new();
    for (name, args) in &modes {
        let (secs, p) = kunit_tree(tree, &work.join(format!("build-{name}")), args);
        cold.push(secs);
        passed.push(p);
    }
    for (i, (name, _)) in modes.iter().enumerate() {
        assert_eq!(
            passed[i], passed[0],
            "tree mode ({name}) passed {} tests, the plain run {}",
            passed[i], passed[0]
        );
    }
    let mut warm: Vec<Vec<f64>> = vec![Vec::new(); modes.len()];
    for _ in 0..RUNS {
        for (i, (name, args)) in modes.iter().enumerate() {
            warm[i].push(kunit_tree(tree, &work.join(format!("build-{name}")), args).0);
        }
    }
    let warm: Vec<f64> = warm.into_iter().map(median).collect();
    println!("tree_tests_passed={}", passed[0]);
    for (i, (name, _)) in modes.iter().enumerate() {
        println!("tree_{name}_cold_s={:.3}", cold[i]);
        println!("tree_{name}_warm_s={:.3}", warm[i]);
    }
    println!("tree_asan_ubsan_vs_plain_ratio={:.2}", warm[1] / warm[0]);
    println!("tree_coverage_vs_plain_ratio={:.2}", warm[2] / warm[0]);
    println!(
        "tree_asan_ubsan_vs_plain_cold_ratio={:.2}",
        cold[1] / cold[0]
    );
    println!("tree_coverage_vs_plain_cold_ratio={:.2}", cold[2] / cold[0]);
    let _ = std::fs::remove_dir_all(&work);
}

fn main() {
    if !std::env::args().any(|a| a == "--bench") {
        println!("sanitize_coverage: measured with `cargo bench -p kunit-tool --bench sanitize_coverage`");
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let only = std::env::var("KUNIT_BENCH_ONLY").unwrap_or_default();
    if only.is_empty() || only == "c" {
        bench_c(&root, &root.join("target/sanitize-coverage-bench"));
    }
    match std::env::var_os("KUNIT_BENCH_KERNEL_TREE").filter(|v| !v.is_empty()) {
        Some(tree) if only.is_empty() || only == "tree" => {
            bench_tree(
                Path::new(&tree),
                &root.join("target/sanitize-coverage-bench"),
            );
        }
        None if only == "tree" => {
            println!("sanitize_coverage: KUNIT_BENCH_ONLY=tree needs KUNIT_BENCH_KERNEL_TREE=DIR");
        }
        _ => {}
    }
    if only == "c" || only == "tree" {
        return;
    }
    let package = std::env::var("KUNIT_BENCH_PACKAGE").unwrap_or_else(|_| "checksum-kunit".into());
    let target = root.join("target/sanitize-coverage-bench");
    let (plain, plain_build) = build(&root, &target, &package, &[]);
    let nightly = Command::new("rustup")
        .args(["run", "nightly", "rustc", "--version"])
        .output()
        .is_ok_and(|o| o.status.success());
    let asan = nightly.then(|| build(&root, &target, &package, &["--sanitize=address,undefined"]));
    if !nightly {
        println!(
            "sanitize_coverage: no nightly toolchain; asan_ubsan_vs_plain_ratio is not measured"
        );
    }
    let (cov, cov_build) = build(&root, &target, &package, &["--coverage"]);
    let profiles = target.join("bench-profraw");
    let _ = std::fs::remove_dir_all(&profiles);
    std::fs::create_dir_all(&profiles).expect("profile folder");
    let asan_env = vec![(
        "ASAN_OPTIONS",
        "halt_on_error=0:detect_leaks=1:leak_check_at_exit=0".to_string(),
    )];
    let cov_env = vec![(
        "LLVM_PROFILE_FILE",
        profiles
            .join("b-%p-%m.profraw")
            .to_string_lossy()
            .into_owned(),
    )];
    let (mut t_plain, mut t_asan, mut t_cov) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..RUNS {
        t_plain.push(run(&plain, &[]));
        if let Some((bins, _)) = &asan {
            t_asan.push(run(bins, &asan_env));
        }
        t_cov.push(run(&cov, &cov_env));
    }
    let p = median(t_plain);
    println!("package={package}");
    println!("plain_run_s={p:.3}");
    println!("plain_build_s={plain_build:.1}");
    if let Some((_, asan_build)) = asan {
        let a = median(t_asan);
        println!("asan_ubsan_run_s={a:.3}");
        println!("asan_ubsan_build_s={asan_build:.1}");
        println!("asan_ubsan_vs_plain_ratio={:.2}", a / p);
    }
    let c = median(t_cov);
    println!("coverage_run_s={c:.3}");
    println!("coverage_build_s={cov_build:.1}");
    println!("coverage_vs_plain_ratio={:.2}", c / p);
    let _ = std::fs::remove_dir_all(&profiles);
}
