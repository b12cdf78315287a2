//! `cargo bench -p kunit-tool --bench kernel_tree`: tree mode (`kunit run` in a kernel tree)
//! measured in the tree `KUNIT_KERNEL_TREE` names (skipped with one line when it is unset; CI
//! has none): `tree_cold_s` from an empty build folder, `tree_noop_rerun_s` (median of 5),
//! `tree_rerun_after_edit_s` (median of 3, each after editing one lib/ source and one lib/
//! test file; the files are restored at the end) and `tree_suites_run` (suites that ran, not
//! skipped). The run's arguments are `KUNIT_TREE_ARGS` (default `--kunitconfig lib/kunit
//! --kconfig_add CONFIG_KUNIT_ALL_TESTS=y`). With `--compare-kunit-py` kunit.py's figures
//! (`kunit_py_*`) come from the same run, when the tree has tools/testing/kunit/kunit.py.
//! Build folders are the bench's own (`.kunit-rs-bench`, `.kunit-bench-py`). The last lines
//! are `name=value`; the load average is printed beside them, since the figures depend on it.
//! Each time has a `_cpu_s` twin: the CPU seconds (user + system) of the run and every process
//! it waited for (the compilers, the harness running the tests), which a loaded machine
//! stretches far less than the wall time.
//!
//! Without `--bench` (as `cargo test --benches` runs it) it does nothing.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

/// The lib/ source and test file an edit changes (6.12 keeps lib's tests in lib/, newer
/// trees in lib/tests/).
const EDIT_SOURCE: &str = "lib/list_sort.c";
const EDIT_TESTS: &[&str] = &["lib/test_list_sort.c", "lib/tests/test_list_sort.c"];

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().next().unwrap_or("?").to_string())
        .unwrap_or_else(|_| "?".into())
}

/// CPU seconds (user + system) of this process's waited-for children so far.
fn children_cpu() -> f64 {
    // SAFETY: getrusage writes one `rusage` into the zeroed struct it is given.
    let mut u: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `u` is a valid, writable rusage.
    if unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut u) } != 0 {
        return f64::NAN;
    }
    let s = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    s(u.ru_utime) + s(u.ru_stime)
}

/// One timed run: wall seconds, CPU seconds (it and the processes it waited for), stdout.
fn timed(cmd: &mut Command) -> (f64, f64, String) {
    let cpu = children_cpu();
    let t = Instant::now();
    let out = cmd.stderr(Stdio::null()).output().expect("run");
    (
        t.elapsed().as_secs_f64(),
        children_cpu() - cpu,
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// Wall and CPU seconds of one phase.
#[derive(Clone, Copy)]
struct Time {
    wall: f64,
    cpu: f64,
}

/// The medians of wall and CPU seconds (each on its own).
fn medians(v: &[(f64, f64)]) -> Time {
    Time {
        wall: median(v.iter().map(|t| t.0).collect()),
        cpu: median(v.iter().map(|t| t.1).collect()),
    }
}

/// Appends a comment that changes with `n` to each file (new contents: recompiled).
fn edit(tree: &Path, files: &[PathBuf], n: usize) {
    for f in files {
        let p = tree.join(f);
        let mut text = std::fs::read_to_string(&p).expect("edit file");
        text.push_str(&format!("/* kernel_tree bench edit {n} */\n"));
        std::fs::write(&p, text).expect("edit");
    }
}

/// cold, no-op and after-edit figures of one runner; the last stdout.
fn measure(
    tree: &Path,
    files: &[PathBuf],
    originals: &[String],
    mut cmd: impl FnMut() -> Command,
    build_dir: &Path,
) -> (Time, Time, Time, String) {
    let _ = std::fs::remove_dir_all(build_dir);
    let (wall, cpu, _) = timed(&mut cmd());
    let cold = Time { wall, cpu };
    let noops: Vec<(f64, f64)> = (0..5)
        .map(|_| {
            let (w, c, _) = timed(&mut cmd());
            (w, c)
        })
        .collect();
    let noop = medians(&noops);
    let mut edits = Vec::new();
    let mut last = String::new();
    for n in 0..3 {
        edit(tree, files, n);
        let (w, c, out) = timed(&mut cmd());
        edits.push((w, c));
        last = out;
        for (f, text) in files.iter().zip(originals) {
            std::fs::write(tree.join(f), text).expect("restore");
        }
    }
    // The restored files are a change too: one run puts the build back in step.
    let _ = timed(&mut cmd());
    (cold, noop, medians(&edits), last)
}

/// `PREFIX_cold_s=`, `PREFIX_rerun_after_edit_s=`, `PREFIX_noop_rerun_s=` and their `_cpu_s`.
fn print_times(prefix: &str, cold: Time, edit: Time, noop: Time) {
    for (name, t) in [
        ("cold", cold),
        ("rerun_after_edit", edit),
        ("noop_rerun", noop),
    ] {
        println!("{prefix}_{name}_s={:.3}", t.wall);
        println!("{prefix}_{name}_cpu_s={:.3}", t.cpu);
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if !args.iter().any(|a| a == "--bench") {
        println!("kernel_tree: measured with `cargo bench -p kunit-tool --bench kernel_tree`");
        return;
    }
    let Some(tree) = std::env::var_os("KUNIT_KERNEL_TREE").map(PathBuf::from) else {
        println!(
            "kernel_tree: skipped: KUNIT_KERNEL_TREE is not set (the kernel tree to measure in)"
        );
        return;
    };
    let run_args: Vec<String> = std::env::var("KUNIT_TREE_ARGS")
        .map(|a| a.split_whitespace().map(str::to_owned).collect())
        .unwrap_or_else(|_| {
            [
                "--kunitconfig",
                "lib/kunit",
                "--kconfig_add",
                "CONFIG_KUNIT_ALL_TESTS=y",
            ]
            .map(str::to_owned)
            .to_vec()
        });
    let mut files = vec![PathBuf::from(EDIT_SOURCE)];
    files.extend(
        EDIT_TESTS
            .iter()
            .map(PathBuf::from)
            .find(|t| tree.join(t).is_file()),
    );
    let originals: Vec<String> = files
        .iter()
        .map(|f| std::fs::read_to_string(tree.join(f)).expect("a file the bench edits"))
        .collect();
    let ours_dir = tree.join(".kunit-rs-bench");
    let (cold, noop, edit_s, last) = measure(
        &tree,
        &files,
        &originals,
        || {
            let mut c = Command::new(env!("CARGO_BIN_EXE_kunit"));
            c.current_dir(&tree)
                .arg("run")
                .args(&run_args)
                .arg("--build_dir")
                .arg(".kunit-rs-bench")
                .env("NO_COLOR", "1");
            c
        },
        &ours_dir,
    );
    // Suites that ran: a closing divider that is not [SKIPPED].
    let suites = last
        .lines()
        .filter(|l| {
            l.contains("= [PASSED] ") || l.contains("= [FAILED] ") || l.contains("= [CRASHED] ")
        })
        .count();
    let summary = last
        .lines()
        .find(|l| l.contains("Testing complete."))
        .unwrap_or("")
        .to_string();
    println!(
        "kernel_tree: {}: kunit run {}",
        tree.display(),
        run_args.join(" ")
    );
    println!("kernel_tree: {summary}");
    println!("load_average={}", load());
    print_times("tree", cold, edit_s, noop);
    println!("tree_suites_run={suites}");
    if args.iter().any(|a| a == "--compare-kunit-py") {
        let py = tree.join("tools/testing/kunit/kunit.py");
        if !py.is_file() {
            println!("kernel_tree: kunit.py skipped: the tree has no tools/testing/kunit/kunit.py");
            return;
        }
        let (cold, noop, edit_s, _) = measure(
            &tree,
            &files,
            &originals,
            || {
                let mut c = Command::new(&py);
                c.current_dir(&tree)
                    .arg("run")
                    .args(&run_args)
                    .arg("--build_dir")
                    .arg(".kunit-bench-py");
                c
            },
            &tree.join(".kunit-bench-py"),
        );
        println!("load_average={}", load());
        print_times("kunit_py", cold, edit_s, noop);
    }
}
