//! `cargo bench -p kunit-tool --bench sanitize_coverage`: what `--sanitize=address,undefined`
//! and `--coverage` cost a run, against a plain run. The suite is the workspace's checksum
//! suite (`suites/checksum`, real code under test; `KUNIT_BENCH_PACKAGE` picks another
//! package): `kunit build` builds its harness three ways (plain, `--sanitize=address,undefined`
//! with nightly, `--coverage`), then the three harnesses run alternately, each with the
//! options `kunit run` gives it, and the medians of their wall times are compared. The build
//! times of this bench's own first builds are printed too (cold only on a fresh target
//! folder). The C-header self-test suites join once `kunit c` builds with the C compiler: one
//! more entry in `SUITES`, built by `kunit c` instead of `kunit build`.
//!
//! Without `--bench` (as `cargo test --benches` runs it) it does nothing: the instrumented
//! builds take minutes.

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

fn main() {
    if !std::env::args().any(|a| a == "--bench") {
        println!("sanitize_coverage: measured with `cargo bench -p kunit-tool --bench sanitize_coverage`");
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
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
