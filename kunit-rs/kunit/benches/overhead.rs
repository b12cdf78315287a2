//! Per-case overhead: 10 000 trivial kunit cases against 10 000 trivial libtest `#[test]`s,
//! measured in the same run.
//!
//! kunit runs in process through the embedding API with its full machinery (a driver thread,
//! the per-case watchdog, KTAP written line by line to /dev/null). The libtest peer is a test
//! binary generated and compiled here with `rustc --test -O`, run with `--test-threads=1 -q`
//! (stdout to /dev/null); its start-up time (a run that matches no test) is subtracted.
//! Also the passing path of one assertion: a tight loop of passing `kunit_expect_eq!` against
//! the same loop of `assert_eq!`, inside one kunit case, samples interleaved; and the same
//! with eight checks at eight call sites per iteration (`passing_assert_sites_ratio_vs_std`,
//! where every check moves the last-seen location).
//! The bench profile has no debug assertions, so the checks are the optimized-build
//! expansion (assert/pass.rs).
//! On x86-64 the one-site loops are also timed at eight code placements (each loop's start
//! moved in 8-byte steps past a 64-byte boundary), because on some cores a loop that crosses
//! a 64-byte line costs a cycle more: `passing_assert_placement_ratios=` lists them.
//! The shadowed `assert!`s of `#[kunit_tests]` against the standard macros, in release and
//! debug builds, and a fastrand-shaped smoke test file under kunit and under libtest
//! (overhead/shadow.rs).
//! Prints medians and, last, `passing_assert_ratio_vs_std=<kunit / assert_eq! per check>`,
//! `overhead_ratio_vs_libtest=<ours / libtest per case>`,
//! `shadow_assert_ratio_vs_std_release=`, `shadow_assert_ratio_vs_std_debug=` (shadowed /
//! standard macros per check) and `shadow_file_ratio_vs_libtest=` (kunit / libtest wall time).

#[path = "overhead/shadow.rs"]
mod shadow;

use kunit::{Case, Config, Kunit, Registration, Suite};
use std::hint::black_box;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

const CASES: usize = 10_000;
const SAMPLES: usize = 11;

fn trivial(test: &mut Kunit) {
    let i = std::hint::black_box(test.param_index());
    kunit::kunit_expect_eq!(test, i + 1, i + 1);
}

fn suite() -> &'static Suite {
    let cases: Vec<Case> = (0..CASES)
        .map(|i| Case {
            name: Box::leak(format!("t{i:05}").into_boxed_str()),
            run_case: trivial,
            ..Case::DEFAULT
        })
        .collect();
    Box::leak(Box::new(Suite {
        name: "overhead",
        test_cases: Box::leak(cases.into_boxed_slice()),
        ..Suite::DEFAULT
    }))
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn ours() -> Duration {
    let regs = [Registration::unregistered(suite(), "")];
    let config = Config::default();
    let mut samples = Vec::new();
    for _ in 0..SAMPLES + 1 {
        let null = std::fs::File::create("/dev/null").expect("/dev/null");
        let start = Instant::now();
        let report = kunit::run(Some(&regs), &config, null).expect("no filters");
        samples.push(start.elapsed());
        assert_eq!(report.passed(), CASES);
    }
    samples.remove(0); // warm-up
    median(samples)
}

fn peer_binary() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("overhead-peer");
    std::fs::create_dir_all(&dir).expect("bench dir");
    let bin = dir.join("libtest_peer");
    if bin.exists() {
        return bin;
    }
    let mut src = String::from("#![allow(non_snake_case)]\n");
    for i in 0..CASES {
        src.push_str(&format!(
            "#[test] fn t{i:05}() {{ let i = std::hint::black_box({i}usize); assert_eq!(i + 1, i + 1); }}\n"
        ));
    }
    let src_path = dir.join("peer.rs");
    std::fs::write(&src_path, src).expect("write peer source");
    eprintln!("compiling the libtest peer ({CASES} tests)...");
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let status = Command::new(rustc)
        .args(["--test", "--edition", "2021", "-C", "opt-level=3", "-o"])
        .arg(&bin)
        .arg(&src_path)
        .status()
        .expect("run rustc");
    assert!(status.success(), "rustc failed on the libtest peer");
    bin
}

fn time_peer(bin: &PathBuf, args: &[&str]) -> Duration {
    let mut samples = Vec::new();
    for _ in 0..SAMPLES + 1 {
        let start = Instant::now();
        let status = Command::new(bin)
            .args(args)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .expect("run peer");
        samples.push(start.elapsed());
        assert!(status.success());
    }
    samples.remove(0);
    median(samples)
}

/// Checks per timed loop, and timed loops per variant.
const CHECKS: u64 = 20_000_000;
const LOOP_SAMPLES: usize = 9;
const PLACED_SAMPLES: usize = 5;

/// Loop times per variant, filled by [`passing_loops`].
#[derive(Default)]
struct Loops {
    kunit: Vec<Duration>,
    std: Vec<Duration>,
    kunit_sites: Vec<Duration>,
    std_sites: Vec<Duration>,
    /// Per placement: (kunit, assert_eq!) samples.
    placed: Vec<(Vec<Duration>, Vec<Duration>)>,
}

static LOOPS: Mutex<Option<Loops>> = Mutex::new(None);

#[inline(never)]
fn kunit_loop(test: &mut Kunit) -> Duration {
    let start = Instant::now();
    for i in 0..CHECKS {
        kunit::kunit_expect_eq!(test, black_box(i), i);
    }
    start.elapsed()
}

#[inline(never)]
fn std_loop() -> Duration {
    let start = Instant::now();
    for i in 0..CHECKS {
        assert_eq!(black_box(i), i);
    }
    start.elapsed()
}

/// Checks per iteration of the distinct-sites loops.
const SITES: u64 = 8;

/// Eight checks at eight call sites per iteration: every check moves `_KUNIT_SAVE_LOC`
/// (written out, not generated, so that each has its own location).
#[inline(never)]
fn kunit_sites_loop(test: &mut Kunit) -> Duration {
    let start = Instant::now();
    for i in 0..CHECKS / SITES {
        kunit::kunit_expect_eq!(test, black_box(i), i);
        kunit::kunit_expect_eq!(test, black_box(i + 1), i + 1);
        kunit::kunit_expect_eq!(test, black_box(i + 2), i + 2);
        kunit::kunit_expect_eq!(test, black_box(i + 3), i + 3);
        kunit::kunit_expect_eq!(test, black_box(i + 4), i + 4);
        kunit::kunit_expect_eq!(test, black_box(i + 5), i + 5);
        kunit::kunit_expect_eq!(test, black_box(i + 6), i + 6);
        kunit::kunit_expect_eq!(test, black_box(i + 7), i + 7);
    }
    start.elapsed()
}

#[inline(never)]
fn std_sites_loop() -> Duration {
    let start = Instant::now();
    for i in 0..CHECKS / SITES {
        assert_eq!(black_box(i), i);
        assert_eq!(black_box(i + 1), i + 1);
        assert_eq!(black_box(i + 2), i + 2);
        assert_eq!(black_box(i + 3), i + 3);
        assert_eq!(black_box(i + 4), i + 4);
        assert_eq!(black_box(i + 5), i + 5);
        assert_eq!(black_box(i + 6), i + 6);
        assert_eq!(black_box(i + 7), i + 7);
    }
    start.elapsed()
}

/// The one-site loops again, each starting `$skip` bytes past a 64-byte boundary (plus the
/// fixed set-up between the alignment and the loop), for [`PLACED`].
#[cfg(target_arch = "x86_64")]
macro_rules! placed_loops {
    ($($skip:literal => $kunit:ident, $std:ident;)*) => {
        $(
            #[inline(never)]
            fn $kunit(test: &mut Kunit) -> Duration {
                let start = Instant::now();
                // SAFETY: alignment padding (nops) only: touches no memory, stack or flags.
                unsafe { std::arch::asm!(".p2align 6", concat!(".skip ", $skip, ", 0x90"), options(nomem, nostack, preserves_flags)) };
                for i in 0..CHECKS {
                    kunit::kunit_expect_eq!(test, black_box(i), i);
                }
                start.elapsed()
            }
            #[inline(never)]
            fn $std(_: &mut Kunit) -> Duration {
                let start = Instant::now();
                // SAFETY: as above.
                unsafe { std::arch::asm!(".p2align 6", concat!(".skip ", $skip, ", 0x90"), options(nomem, nostack, preserves_flags)) };
                for i in 0..CHECKS {
                    assert_eq!(black_box(i), i);
                }
                start.elapsed()
            }
        )*
        /// (kunit, assert_eq!) loops per placement.
        static PLACED: &[(LoopFn, LoopFn)] = &[$(($kunit, $std)),*];
    };
}

type LoopFn = fn(&mut Kunit) -> Duration;

#[cfg(target_arch = "x86_64")]
placed_loops! {
    0 => kunit_at_0, std_at_0;
    8 => kunit_at_8, std_at_8;
    16 => kunit_at_16, std_at_16;
    24 => kunit_at_24, std_at_24;
    32 => kunit_at_32, std_at_32;
    40 => kunit_at_40, std_at_40;
    48 => kunit_at_48, std_at_48;
    56 => kunit_at_56, std_at_56;
}
#[cfg(not(target_arch = "x86_64"))]
static PLACED: &[(LoopFn, LoopFn)] = &[];

/// The case that times both loops, alternating which goes first.
fn passing_loops(test: &mut Kunit) {
    let mut loops = Loops::default();
    for round in 0..LOOP_SAMPLES + 1 {
        if round % 2 == 0 {
            loops.kunit.push(kunit_loop(test));
            loops.std.push(std_loop());
            loops.kunit_sites.push(kunit_sites_loop(test));
            loops.std_sites.push(std_sites_loop());
        } else {
            loops.std_sites.push(std_sites_loop());
            loops.kunit_sites.push(kunit_sites_loop(test));
            loops.std.push(std_loop());
            loops.kunit.push(kunit_loop(test));
        }
    }
    for samples in [
        &mut loops.kunit,
        &mut loops.std,
        &mut loops.kunit_sites,
        &mut loops.std_sites,
    ] {
        samples.remove(0); // warm-up
    }
    for (kunit_at, std_at) in PLACED {
        let (mut k, mut s) = (Vec::new(), Vec::new());
        for _ in 0..PLACED_SAMPLES {
            k.push(kunit_at(test));
            s.push(std_at(test));
        }
        loops.placed.push((k, s));
    }
    *LOOPS.lock().unwrap() = Some(loops);
}

/// Medians of (kunit, assert_eq!) for one site looped and for eight sites per iteration,
/// and the one-site ratio per placement.
fn passing_assert() -> ([(Duration, Duration); 2], Vec<f64>) {
    static CASES: &[Case] = &[Case {
        name: "passing_loops",
        run_case: passing_loops,
        ..Case::DEFAULT
    }];
    static SUITE: Suite = Suite {
        name: "passing_assert",
        test_cases: CASES,
        ..Suite::DEFAULT
    };
    let regs = [Registration::unregistered(&SUITE, "")];
    let null = std::fs::File::create("/dev/null").expect("/dev/null");
    let report = kunit::run(Some(&regs), &Config::default(), null).expect("no filters");
    assert_eq!(report.passed(), 1, "the passing-assert loop case failed");
    let loops = LOOPS.lock().unwrap().take().expect("the loop case ran");
    let placed = (loops.placed.into_iter())
        .map(|(k, s)| median(k).as_secs_f64() / median(s).as_secs_f64())
        .collect();
    (
        [
            (median(loops.kunit), median(loops.std)),
            (median(loops.kunit_sites), median(loops.std_sites)),
        ],
        placed,
    )
}

fn main() {
    // `cargo bench` passes --bench; nothing else is accepted.
    let bin = peer_binary();
    let libtest_full = time_peer(&bin, &["--test-threads=1", "-q"]);
    let libtest_empty = time_peer(&bin, &["--test-threads=1", "-q", "zzz_matches_nothing"]);
    let kunit_total = ours();
    let ([(kunit_loop, std_loop), (kunit_sites, std_sites)], placed) = passing_assert();
    let per = |d: Duration| d.as_secs_f64() * 1e6 / CASES as f64;
    let libtest_per = per(libtest_full.saturating_sub(libtest_empty));
    let kunit_per = per(kunit_total);
    println!("cases={CASES} samples={SAMPLES} (medians)");
    println!(
        "libtest_run_ms={:.1} libtest_startup_ms={:.1}",
        libtest_full.as_secs_f64() * 1e3,
        libtest_empty.as_secs_f64() * 1e3
    );
    println!("kunit_run_ms={:.1}", kunit_total.as_secs_f64() * 1e3);
    println!("libtest_per_test_us={libtest_per:.3}");
    println!("kunit_per_case_us={kunit_per:.3}");
    let per_check = |d: Duration| d.as_secs_f64() * 1e9 / CHECKS as f64;
    println!(
        "kunit_expect_eq_ns={:.3} assert_eq_ns={:.3}",
        per_check(kunit_loop),
        per_check(std_loop)
    );
    println!(
        "kunit_expect_eq_sites_ns={:.3} assert_eq_sites_ns={:.3}",
        per_check(kunit_sites),
        per_check(std_sites)
    );
    println!(
        "passing_assert_sites_ratio_vs_std={:.4}",
        kunit_sites.as_secs_f64() / std_sites.as_secs_f64()
    );
    if !placed.is_empty() {
        let ratios: Vec<String> = placed.iter().map(|r| format!("{r:.3}")).collect();
        println!("passing_assert_placement_ratios={}", ratios.join(","));
    }
    println!(
        "passing_assert_ratio_vs_std={:.4}",
        kunit_loop.as_secs_f64() / std_loop.as_secs_f64()
    );
    println!("overhead_ratio_vs_libtest={:.4}", kunit_per / libtest_per);
    let (shadow_release, std_release) = shadow::release();
    let debug = shadow::debug();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!("shadow_assert_release_ns={shadow_release:.3} std_assert_release_ns={std_release:.3}");
    println!(
        "shadow_assert_debug_ns={:.3} std_assert_debug_ns={:.3}",
        debug.shadow_ns, debug.std_ns
    );
    println!(
        "shadow_file_kunit_ms={:.1} shadow_file_libtest_ms={:.1} shadow_file_libtest_1thread_ms={:.1}",
        ms(debug.file_kunit),
        ms(debug.file_libtest),
        ms(debug.file_libtest_serial)
    );
    println!(
        "shadow_assert_ratio_vs_std_release={:.4}",
        shadow_release / std_release
    );
    println!(
        "shadow_assert_ratio_vs_std_debug={:.4}",
        debug.shadow_ns / debug.std_ns
    );
    println!(
        "shadow_file_ratio_vs_libtest={:.4}",
        debug.file_kunit.as_secs_f64() / debug.file_libtest.as_secs_f64()
    );
}
