//! `cargo bench -p kunit-tool --bench parse`: how fast `kunit parse` reads the
//! large kernel-style log from `gen_ktap.py 200 500 --prefix` (about 6.1 MB,
//! 112 183 results), and its peak memory, measured on the real binary as a
//! child process (wall time per run; peak RSS from the child's rusage). The
//! same is measured for a 10x larger log, whose RSS must not grow, and for
//! `--json` (which has to keep the whole result tree). `--html` is timed on a
//! 10 000-suite log (10 cases each) against `--json` on the same log, its
//! peer: both keep the tree and write one document.
//!
//! The log comes from `support/gen_ktap.rs` (seeded, the same on every machine). Figures are
//! medians; the last lines are `name=value`. Without `--bench` (as `cargo test --benches`
//! runs it) it checks instead that `kunit parse` counts a small generated log as generated.

#[path = "support/gen_ktap.rs"]
mod gen_ktap;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

const RUNS: usize = 9;
const SEED: u64 = 1;

fn generate(suites: u32, out: &Path) -> (u64, gen_ktap::Totals) {
    let f = std::fs::File::create(out).expect("create log");
    let totals = gen_ktap::generate(f, suites, 500, true, SEED).expect("write log");
    (std::fs::metadata(out).expect("log written").len(), totals)
}

/// `kunit parse` on a small generated log reports exactly the generated totals.
fn check_generator(dir: &Path) {
    let log = dir.join("3x50.log");
    let f = std::fs::File::create(&log).expect("create log");
    let t = gen_ktap::generate(f, 3, 50, true, SEED).expect("write log");
    let out = Command::new(env!("CARGO_BIN_EXE_kunit"))
        .arg("parse")
        .arg(&log)
        .output()
        .expect("run kunit parse");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let total = t.passed + t.failed + t.skipped;
    let want = format!(
        "Ran {total} tests: passed: {}, failed: {}, skipped: {}",
        t.passed, t.failed, t.skipped
    );
    assert!(
        t.failed > 0 && t.skipped > 0,
        "the seed yields every kind of result: {t:?}"
    );
    assert!(stdout.contains(&want), "expected {want:?} in:\n{stdout}");
    assert_eq!(out.status.code(), Some(1), "a log with failures exits 1");
    // The HTML report of the same log shows the same totals.
    let html = dir.join("3x50.html");
    let out = Command::new(env!("CARGO_BIN_EXE_kunit"))
        .arg("parse")
        .arg("--html")
        .arg(&html)
        .arg(&log)
        .output()
        .expect("run kunit parse --html");
    assert_eq!(out.status.code(), Some(1));
    let page = std::fs::read_to_string(&html).expect("the report was written");
    for (what, n) in [
        ("total", total),
        ("passed", t.passed),
        ("failed", t.failed),
        ("skipped", t.skipped),
        ("suites", 3),
    ] {
        let shown = format!("data-count=\"{what}\">{n}<");
        assert!(page.contains(&shown), "{shown} in the HTML report");
    }
    println!("parse bench: generator check passed ({want}); measure with `cargo bench`");
}

/// One `kunit parse` run: (seconds, peak RSS in MB). The child is reaped by
/// `wait4` (which also reports its rusage), not by `Child::wait`.
#[allow(clippy::zombie_processes)]
fn run_once(log: &Path, extra: &[&str]) -> (f64, f64) {
    let start = Instant::now();
    let child = Command::new(env!("CARGO_BIN_EXE_kunit"))
        .arg("parse")
        .args(extra)
        .arg(log)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn kunit");
    let mut status = 0;
    // SAFETY: an all-zero rusage is valid for wait4 to overwrite.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: waits for our own child; both out-pointers are valid.
    let pid = unsafe { libc::wait4(child.id() as libc::pid_t, &mut status, 0, &mut usage) };
    let secs = start.elapsed().as_secs_f64();
    assert!(pid > 0, "wait4 failed");
    assert!(libc::WIFEXITED(status), "kunit parse did not exit normally");
    // ru_maxrss is in KiB on Linux.
    (secs, usage.ru_maxrss as f64 / 1024.0)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

/// Median wall time in milliseconds of `kunit parse EXTRA LOG` over `runs`.
fn median_ms(log: &Path, extra: &[&str], runs: usize) -> f64 {
    run_once(log, extra);
    median((0..runs).map(|_| run_once(log, extra).0 * 1e3).collect())
}

/// Median throughput (MB/s) and median peak RSS (MB) over `runs`.
fn measure(log: &Path, bytes: u64, extra: &[&str], runs: usize) -> (f64, f64) {
    run_once(log, extra); // warm the page cache
    let (times, rss): (Vec<f64>, Vec<f64>) = (0..runs).map(|_| run_once(log, extra)).unzip();
    (bytes as f64 / 1e6 / median(times), median(rss))
}

fn main() {
    // `cargo test --benches` runs this with --test-ish flags; only `cargo bench` measures.
    let dir = std::env::temp_dir().join(format!("kunit-parse-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    if !std::env::args().any(|a| a == "--bench") {
        check_generator(&dir);
        let _ = std::fs::remove_dir_all(&dir);
        return;
    }
    let small = dir.join("200x500.log");
    let large = dir.join("2000x500.log");
    let (small_bytes, _) = generate(200, &small);
    let (large_bytes, _) = generate(2000, &large);

    let (mbps, rss) = measure(&small, small_bytes, &[], RUNS);
    let (summary_mbps, summary_rss) = measure(&small, small_bytes, &["--summary"], RUNS);
    let (json_mbps, json_rss) = measure(&small, small_bytes, &["--json=/dev/null"], RUNS);
    let (large_mbps, large_rss) = measure(&large, large_bytes, &[], 3);

    let suites_10k = dir.join("10000x10.log");
    let f = std::fs::File::create(&suites_10k).expect("create log");
    gen_ktap::generate(f, 10_000, 10, true, SEED).expect("write log");
    let html_out = dir.join("10k.html");
    let html_arg = html_out.to_str().expect("utf-8 temp path");
    let html_ms = median_ms(&suites_10k, &["--summary", "--html", html_arg], RUNS);
    let json_peer_ms = median_ms(&suites_10k, &["--summary", "--json=/dev/null"], RUNS);
    let html_mb = std::fs::metadata(&html_out).map_or(0.0, |m| m.len() as f64 / 1e6);

    println!(
        "log: {:.2} MB (200 suites x 500 cases, --prefix); 10x log: {:.2} MB",
        small_bytes as f64 / 1e6,
        large_bytes as f64 / 1e6
    );
    println!("kunit parse (printing, stdout to /dev/null): {mbps:.1} MB/s, peak RSS {rss:.1} MB");
    println!("kunit parse --summary: {summary_mbps:.1} MB/s, peak RSS {summary_rss:.1} MB");
    println!("kunit parse --json (keeps the tree): {json_mbps:.1} MB/s, peak RSS {json_rss:.1} MB");
    println!("kunit parse on the 10x log: {large_mbps:.1} MB/s, peak RSS {large_rss:.1} MB");
    println!(
        "kunit parse --summary --html on 10 000 suites: {html_ms:.0} ms ({html_mb:.1} MB page); \
         --json (the peer) {json_peer_ms:.0} ms"
    );
    let _ = std::fs::remove_dir_all(&dir);

    println!("html_report_ms_10k_suites={html_ms:.0}");
    println!("json_report_ms_10k_suites={json_peer_ms:.0}");
    println!("parse_json_mb_per_s={json_mbps:.1}");
    println!("peak_rss_json_mb={json_rss:.1}");
    println!("parse_10x_mb_per_s={large_mbps:.1}");
    println!("peak_rss_10x_mb={large_rss:.1}");
    println!("parse_mb_per_s={mbps:.1}");
    println!("peak_rss_mb={rss:.1}");
}
