//! `cargo bench -p kunit-rs --bench scale`: 10 000 suites x 10 cases through the harness.
//!
//! The suites are made at run time (10 000 static registrations would cost minutes of
//! compile time for nothing) and handed to the harness's own entry, `harness::run_with`,
//! with the harness's parsed arguments: argument parsing, planning, the executor and KTAP
//! output are the ones `kunit::main!()` runs. Each run is a child process (this binary
//! again), once with `--jobs 1` and once with `--jobs 2`; the two KTAP documents must be
//! identical (apart from libtest's closing line, which holds the wall time) and every case
//! must pass. The child reports its peak RSS (`VmHWM`). The last line is the contract figure,
//! `peak_rss_mb_10k_suites=` (the `--jobs 2` run; goal <= 64).

use kunit::harness::{run_with, Args};
use kunit::prelude::*;
use kunit::Registration;
use std::process::{Command, Stdio};
use std::time::Instant;

const SUITES: usize = 10_000;
/// Set in the child; holds nothing but marks the role.
const CHILD_ENV: &str = "KUNIT_SCALE_CHILD";

fn case(test: &mut Kunit) {
    kunit_expect_true!(test, test.name().starts_with("case_"));
}

const fn named(name: &'static str) -> Case {
    Case {
        name,
        run_case: case,
        ..Case::DEFAULT
    }
}

static CASES: [Case; 10] = [
    named("case_0"),
    named("case_1"),
    named("case_2"),
    named("case_3"),
    named("case_4"),
    named("case_5"),
    named("case_6"),
    named("case_7"),
    named("case_8"),
    named("case_9"),
];

/// Peak resident set size of this process, in kB (Linux `/proc/self/status`).
fn vm_hwm_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        })
        .unwrap_or(0)
}

fn child(args: Vec<String>) -> ! {
    let regs: Vec<Registration> = (0..SUITES)
        .map(|i| {
            let name: &'static str = Box::leak(format!("scale_{i:05}").into_boxed_str());
            let suite: &'static Suite = Box::leak(Box::new(Suite {
                name,
                test_cases: &CASES,
                ..Suite::DEFAULT
            }));
            Registration::unregistered(suite, "scale")
        })
        .collect();
    let args = Args::parse(args).expect("harness arguments");
    let code = run_with(&args, &regs);
    eprintln!("vm_hwm_kb={}", vm_hwm_kb());
    std::process::exit(code)
}

/// One child run: (KTAP without the closing line, peak RSS in MB, seconds).
fn run(jobs: &str) -> (String, f64, f64) {
    let start = Instant::now();
    let out = Command::new(std::env::current_exe().expect("own path"))
        .args(["--jobs", jobs])
        .env(CHILD_ENV, "1")
        .stdin(Stdio::null())
        .output()
        .expect("run the child");
    let secs = start.elapsed().as_secs_f64();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "--jobs {jobs} failed:\n{stderr}");
    let kb: f64 = stderr
        .lines()
        .find_map(|l| l.strip_prefix("vm_hwm_kb="))
        .and_then(|v| v.parse().ok())
        .expect("the child reports its peak RSS");
    let stdout = String::from_utf8(out.stdout).expect("KTAP is UTF-8");
    let ktap: String = stdout
        .lines()
        .filter(|l| !l.starts_with("test result: "))
        .map(|l| format!("{l}\n"))
        .collect();
    (ktap, kb / 1024.0, secs)
}

fn main() {
    if std::env::var_os(CHILD_ENV).is_some() {
        child(std::env::args().skip(1).collect());
    }
    // `cargo bench` passes --bench; nothing else is accepted.
    let (one, rss_one, secs_one) = run("1");
    let (two, rss_two, secs_two) = run("2");
    let results = one
        .lines()
        .filter(|l| l.trim_start().starts_with("ok "))
        .count();
    assert_eq!(
        results,
        SUITES * CASES.len() + SUITES,
        "every case and suite passes"
    );
    assert!(one == two, "--jobs 1 and --jobs 2 printed different KTAP");
    println!(
        "suites={SUITES} cases={} ktap_bytes={}",
        SUITES * CASES.len(),
        one.len()
    );
    println!("seconds_jobs_1={secs_one:.2} seconds_jobs_2={secs_two:.2}");
    println!("ktap_identical_jobs_1_and_2=1");
    println!("peak_rss_mb_10k_suites_jobs_1={rss_one:.1}");
    println!("peak_rss_mb_10k_suites={rss_two:.1}");
}
