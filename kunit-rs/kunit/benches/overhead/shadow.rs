//! The shadowed `assert!` / `assert_eq!` / `assert_ne!` of `#[kunit_tests]` against the
//! standard macros, for `overhead`:
//! - release (this bench binary, no debug assertions): one loop of the three passing shadows
//!   against the same loop of the standard macros, inside one kunit case, samples interleaved;
//! - debug: the same loops in a scratch crate built with cargo's default dev profile (debug
//!   assertions, opt-level 0), as `cargo test` builds test targets;
//! - a test file shaped like fastrand's `tests/smoke.rs` (loops of many passing asserts over a
//!   generator's output), generated twice in the scratch crate, as a `#[kunit_tests]` module
//!   in a kunit harness target and as a plain module in a libtest target, dev profile, each
//!   binary's whole run timed (medians, runs alternated).

use std::fmt::Write as _;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Passing checks per timed loop (three macros per iteration).
const ITERATIONS: u64 = 3_000_000;
const SAMPLES: usize = 9;

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

static MEDIANS: Mutex<Option<(Duration, Duration)>> = Mutex::new(None);

#[kunit::kunit_tests(shadow_overhead, register = false)]
mod shadow_overhead {
    use super::*;

    #[inline(never)]
    fn shadow_loop() -> Duration {
        let start = Instant::now();
        for i in 0..ITERATIONS {
            assert!(black_box(i) < ITERATIONS);
            assert_eq!(black_box(i), i);
            assert_ne!(black_box(i), ITERATIONS);
        }
        start.elapsed()
    }

    #[inline(never)]
    fn std_loop() -> Duration {
        let start = Instant::now();
        for i in 0..ITERATIONS {
            ::core::assert!(black_box(i) < ITERATIONS);
            ::core::assert_eq!(black_box(i), i);
            ::core::assert_ne!(black_box(i), ITERATIONS);
        }
        start.elapsed()
    }

    #[test]
    fn loops() {
        let (mut shadow, mut std) = (Vec::new(), Vec::new());
        for _ in 0..SAMPLES + 1 {
            shadow.push(shadow_loop());
            std.push(std_loop());
        }
        shadow.remove(0); // warm-up
        std.remove(0);
        *MEDIANS.lock().unwrap() = Some((median(shadow), median(std)));
    }
}

/// Release: (shadow, std) nanoseconds per iteration of three checks.
pub fn release() -> (f64, f64) {
    let regs = [kunit::Registration::unregistered(
        &shadow_overhead::SUITE,
        "",
    )];
    let report =
        kunit::run(Some(&regs), &kunit::Config::default(), std::io::sink()).expect("no filters");
    assert_eq!(report.passed(), 1, "the shadow loop case failed");
    let (shadow, std) = MEDIANS.lock().unwrap().take().expect("the loop case ran");
    let per = |d: Duration| d.as_secs_f64() * 1e9 / ITERATIONS as f64;
    (per(shadow), per(std))
}

/// The scratch crate's debug loop target: prints `shadow_ns=` and `std_ns=` per iteration.
fn loops_source() -> String {
    format!(
        r#"use std::hint::black_box;
use std::time::{{Duration, Instant}};

const ITERATIONS: u64 = {iterations};

fn median(mut v: Vec<Duration>) -> f64 {{
    v.sort();
    v[v.len() / 2].as_secs_f64() * 1e9 / ITERATIONS as f64
}}

#[kunit::kunit_tests(shadow_loops, register = false)]
mod loops {{
    use super::*;

    #[inline(never)]
    fn shadow_loop() -> Duration {{
        let start = Instant::now();
        for i in 0..ITERATIONS {{
            assert!(black_box(i) < ITERATIONS);
            assert_eq!(black_box(i), i);
            assert_ne!(black_box(i), ITERATIONS);
        }}
        start.elapsed()
    }}

    #[inline(never)]
    fn std_loop() -> Duration {{
        let start = Instant::now();
        for i in 0..ITERATIONS {{
            ::core::assert!(black_box(i) < ITERATIONS);
            ::core::assert_eq!(black_box(i), i);
            ::core::assert_ne!(black_box(i), ITERATIONS);
        }}
        start.elapsed()
    }}

    #[test]
    fn measure() {{
        let (mut shadow, mut std) = (Vec::new(), Vec::new());
        for _ in 0..{samples} {{
            shadow.push(shadow_loop());
            std.push(std_loop());
        }}
        println!("shadow_ns={{:.3}} std_ns={{:.3}}", median(shadow), median(std));
    }}
}}

fn main() {{
    let regs = [kunit::Registration::unregistered(&loops::SUITE, "loops")];
    let report = kunit::run(Some(&regs), &kunit::Config::default(), std::io::sink()).unwrap();
    assert!(report.success(), "the loop case failed");
}}
"#,
        iterations = ITERATIONS / 10,
        samples = SAMPLES
    )
}

/// Passing checks per smoke test (fastrand's smoke tests loop thousands to millions of times).
const SMOKE_N: u64 = 300_000;

/// The fastrand-shaped smoke tests: a small generator and loops of passing asserts.
fn smoke_body() -> String {
    let mut s = String::new();
    let _ = write!(
        s,
        r#"
    const N: u64 = {SMOKE_N};

    struct Rng(u64);

    impl Rng {{
        fn next(&mut self) -> u64 {{
            // xorshift64*
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
        }}
        fn below(&mut self, n: u64) -> u64 {{
            self.next() % n
        }}
        fn range(&mut self, lo: i64, hi: i64) -> i64 {{
            lo + self.below((hi - lo) as u64) as i64
        }}
        fn bool(&mut self) -> bool {{
            self.next() & 1 == 1
        }}
    }}

    #[test]
    fn integers_in_range() {{
        let mut r = Rng(1);
        for _ in 0..N {{
            let x = r.range(-100, 100);
            assert!((-100..100).contains(&x));
        }}
    }}

    #[test]
    fn below_bound() {{
        let mut r = Rng(2);
        for n in 1..=100u64 {{
            for _ in 0..N / 100 {{
                assert!(r.below(n) < n);
            }}
        }}
    }}

    #[test]
    fn bools_both_ways() {{
        let mut r = Rng(3);
        let mut t = 0;
        for _ in 0..N {{
            let b = r.bool();
            assert!(b || !b);
            t += b as u64;
        }}
        assert_ne!(t, 0);
        assert_ne!(t, N);
    }}

    #[test]
    fn chars_are_ascii() {{
        let mut r = Rng(4);
        for _ in 0..N {{
            let c = char::from_u32(r.below(0x80) as u32).unwrap();
            assert!(c.is_ascii());
            assert_eq!(c.len_utf8(), 1);
        }}
    }}

    #[test]
    fn same_seed_same_sequence() {{
        let (mut a, mut b) = (Rng(9), Rng(9));
        for _ in 0..N {{
            assert_eq!(a.next(), b.next());
        }}
    }}

    #[test]
    fn different_seeds_differ() {{
        let (mut a, mut b) = (Rng(10), Rng(11));
        for _ in 0..N {{
            assert_ne!(a.next(), b.next());
        }}
    }}
"#
    );
    s
}

fn manifest(kunit_dir: &Path) -> String {
    format!(
        r#"[package]
name = "kunit-shadow-overhead"
version = "0.0.0"
edition = "2021"
publish = false

# Its own workspace: the scratch crate sits inside this checkout's target directory.
[workspace]

[dependencies]
kunit = {{ package = "kunit-rs", path = {kunit:?} }}

[[test]]
name = "loops"
path = "tests/loops.rs"
harness = false

[[test]]
name = "smoke_kunit"
path = "tests/smoke_kunit.rs"
harness = false

[[test]]
name = "smoke_std"
path = "tests/smoke_std.rs"
"#,
        kunit = kunit_dir.display().to_string()
    )
}

fn write_if_changed(path: &Path, text: &str) {
    if std::fs::read_to_string(path).ok().as_deref() == Some(text) {
        return;
    }
    std::fs::create_dir_all(path.parent().expect("a parent")).expect("scratch dir");
    std::fs::write(path, text).expect("write scratch file");
}

/// Builds the scratch crate's test targets (dev profile) and returns their executables.
fn build(root: &Path) -> Vec<(String, PathBuf)> {
    let kunit_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    write_if_changed(&root.join("Cargo.toml"), &manifest(kunit_dir));
    write_if_changed(&root.join("src/lib.rs"), "");
    write_if_changed(&root.join("tests/loops.rs"), &loops_source());
    let body = smoke_body();
    write_if_changed(
        &root.join("tests/smoke_kunit.rs"),
        &format!("#[kunit::kunit_tests(smoke)]\nmod smoke {{{body}}}\n\nkunit::main!();\n"),
    );
    write_if_changed(
        &root.join("tests/smoke_std.rs"),
        &format!("mod smoke {{{body}}}\n"),
    );
    let lock = kunit_dir.join("../../Cargo.lock");
    if !root.join("Cargo.lock").exists() {
        if let Ok(text) = std::fs::read_to_string(lock) {
            write_if_changed(&root.join("Cargo.lock"), &text);
        }
    }
    eprintln!("building the shadow-assert scratch crate (dev profile)...");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .current_dir(root)
        .args([
            "test",
            "--no-run",
            "--quiet",
            "--message-format=json",
            "--tests",
        ])
        .arg("--target-dir")
        .arg(root.join("target"))
        .env_remove("CARGO_MAKEFLAGS")
        .env_remove("MAKEFLAGS")
        .env_remove("MFLAGS")
        .env_remove("CARGO_TARGET_DIR")
        .env_remove("CARGO_BUILD_TARGET_DIR")
        .env_remove("RUSTFLAGS")
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .stderr(Stdio::inherit())
        .output()
        .expect("run cargo");
    assert!(out.status.success(), "building the scratch crate failed");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| {
            let name = l.split("\"name\":\"").nth(1)?.split('"').next()?;
            let exe = l.split("\"executable\":\"").nth(1)?.split('"').next()?;
            Some((name.to_owned(), PathBuf::from(exe)))
        })
        .collect()
}

fn exe<'a>(built: &'a [(String, PathBuf)], name: &str) -> &'a Path {
    &built
        .iter()
        .find(|(n, _)| n == name)
        .unwrap_or_else(|| panic!("no executable for {name}"))
        .1
}

/// One run of a test binary with `args`; its wall time (it must pass).
fn run(bin: &Path, args: &[&str]) -> Duration {
    let start = Instant::now();
    let status = Command::new(bin)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("run a scratch test binary");
    let elapsed = start.elapsed();
    assert!(status.success(), "{} failed", bin.display());
    elapsed
}

/// Debug figures: (shadow, std) ns per iteration of three checks; the smoke file's wall
/// times under kunit, under libtest, and under libtest with `--test-threads=1` (kunit runs
/// one suite's cases one after the other; libtest runs tests on as many threads as CPUs).
pub struct Debug {
    pub shadow_ns: f64,
    pub std_ns: f64,
    pub file_kunit: Duration,
    pub file_libtest: Duration,
    pub file_libtest_serial: Duration,
}

pub fn debug() -> Debug {
    let root = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("shadow-overhead");
    let built = build(&root);
    let out = Command::new(exe(&built, "loops"))
        .output()
        .expect("run the loop binary");
    assert!(out.status.success(), "the debug loop binary failed");
    let text = String::from_utf8_lossy(&out.stdout);
    let field = |key: &str| -> f64 {
        text.split(key)
            .nth(1)
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|v| v.parse().ok())
            .unwrap_or_else(|| panic!("no {key} in the loop binary's output: {text}"))
    };
    let (kunit_bin, std_bin) = (exe(&built, "smoke_kunit"), exe(&built, "smoke_std"));
    let (mut kunit, mut std, mut serial) = (Vec::new(), Vec::new(), Vec::new());
    run(kunit_bin, &[]);
    run(std_bin, &[]);
    for _ in 0..7 {
        kunit.push(run(kunit_bin, &[]));
        std.push(run(std_bin, &[]));
        serial.push(run(std_bin, &["--test-threads=1"]));
    }
    Debug {
        shadow_ns: field("shadow_ns="),
        std_ns: field("std_ns="),
        file_kunit: median(kunit),
        file_libtest: median(std),
        file_libtest_serial: median(serial),
    }
}
