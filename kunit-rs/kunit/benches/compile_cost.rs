//! Compile cost of the assertion macros against `#[test]` + `assert_eq!`, measured in the
//! same run.
//!
//! Generates a scratch crate under cargo's bench temp dir with two test targets holding the
//! same checks: `kunit_cases` (N kunit cases, each 20 integer `kunit_expect_eq!` and one
//! `kunit_expect_streq!`) and `std_cases` (N `#[test]`s with the same 21 `assert_eq!`s). It
//! depends on this checkout's `kunit` by path and builds with cargo's default dev profile
//! (opt-level 0) and with that profile at opt-level 1. For each profile it builds both, then
//! touches one test file and rebuilds only that target, alternating kunit and libtest, five
//! times each by default; it reports the median rebuild times and the test binary sizes.
//!
//! Environment: `KUNIT_COMPILE_COST_CASES` (default 500) for a quicker run,
//! `KUNIT_COMPILE_COST_REBUILDS` (default 5, at least 3: on a shared machine more samples
//! steady the medians), `KUNIT_COMPILE_COST_KUNIT` to measure another `kunit` checkout (the
//! directory holding its Cargo.toml).
//!
//! Prints details, then `..._opt1` ratios, and last `assert_compile_ratio_vs_std=` (median
//! kunit rebuild / median libtest rebuild) and `assert_binary_ratio_vs_std=` (size ratio).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{exit, Command, Stdio};
use std::time::{Duration, Instant, SystemTime};

const INT_CHECKS_PER_CASE: usize = 20;

/// The two test targets of the scratch crate.
const TARGETS: [&str; 2] = ["kunit_cases", "std_cases"];

/// Bad input: a clear message and exit code 2.
fn usage_error(msg: &str) -> ! {
    eprintln!("compile_cost: {msg}");
    exit(2)
}

/// A failed step of the measurement (cargo or the generated tests failed).
fn fail(msg: &str) -> ! {
    eprintln!("compile_cost: {msg}");
    exit(1)
}

fn env_count(name: &str, default: usize, min: usize) -> usize {
    match std::env::var(name) {
        Err(_) => default,
        Ok(v) => match v.trim().parse::<usize>() {
            Ok(n) if n >= min => n,
            _ => usage_error(&format!("{name}={v:?}: expected a whole number >= {min}")),
        },
    }
}

fn kunit_source(cases: usize) -> String {
    let mut s = String::from("use kunit::prelude::*;\n\n");
    for i in 0..cases {
        let _ = writeln!(s, "fn case_{i}(test: &mut Kunit) {{");
        let _ = writeln!(s, "    let base: u64 = std::hint::black_box({i});");
        for j in 0..INT_CHECKS_PER_CASE {
            let _ = writeln!(s, "    kunit_expect_eq!(test, base + {j}, {});", i + j);
        }
        let _ = writeln!(
            s,
            "    let name: &str = std::hint::black_box(\"case {i}\");"
        );
        let _ = writeln!(s, "    kunit_expect_streq!(test, name, \"case {i}\");");
        s.push_str("}\n");
    }
    s.push_str("\nstatic CASES: &[Case] = &[\n");
    for i in 0..cases {
        let _ = writeln!(s, "    kunit_case!(case_{i}),");
    }
    s.push_str("];\n");
    s.push_str(
        "kunit_test_suite!(Suite { name: \"compile_cost\", test_cases: CASES, ..Suite::DEFAULT });\n",
    );
    s.push_str("kunit::main!();\n");
    s
}

fn std_source(cases: usize) -> String {
    let mut s = String::new();
    for i in 0..cases {
        let _ = writeln!(s, "#[test]\nfn case_{i}() {{");
        let _ = writeln!(s, "    let base: u64 = std::hint::black_box({i});");
        for j in 0..INT_CHECKS_PER_CASE {
            let _ = writeln!(s, "    assert_eq!(base + {j}, {});", i + j);
        }
        let _ = writeln!(
            s,
            "    let name: &str = std::hint::black_box(\"case {i}\");"
        );
        let _ = writeln!(s, "    assert_eq!(name, \"case {i}\");");
        s.push_str("}\n");
    }
    s
}

fn manifest(kunit_dir: &Path) -> String {
    format!(
        r#"[package]
name = "kunit-compile-cost"
version = "0.0.0"
edition = "2021"
publish = false

# Its own workspace: the scratch crate sits inside this checkout's target directory.
[workspace]

[dependencies]
kunit = {{ package = "kunit-rs", path = {kunit:?} }}

[[test]]
name = "kunit_cases"
path = "tests/kunit_cases.rs"
harness = false

[[test]]
name = "std_cases"
path = "tests/std_cases.rs"

# The default dev profile is the opt-level 0 measurement; this is the opt-level 1 one.
[profile.o1]
inherits = "dev"
opt-level = 1
"#,
        kunit = kunit_dir.display().to_string()
    )
}

/// Writes `text` to `path` unless it already holds exactly that (keeps cargo's caches warm
/// between runs with the same parameters).
fn write_if_changed(path: &Path, text: &str) {
    if std::fs::read_to_string(path).ok().as_deref() == Some(text) {
        return;
    }
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)
            .unwrap_or_else(|e| fail(&format!("create {}: {e}", dir.display())));
    }
    std::fs::write(path, text).unwrap_or_else(|e| fail(&format!("write {}: {e}", path.display())));
}

fn generate(root: &Path, kunit_dir: &Path, cases: usize) {
    write_if_changed(&root.join("Cargo.toml"), &manifest(kunit_dir));
    write_if_changed(&root.join("src/lib.rs"), "");
    write_if_changed(&root.join("tests/kunit_cases.rs"), &kunit_source(cases));
    write_if_changed(&root.join("tests/std_cases.rs"), &std_source(cases));
    // The checkout's lock file pins the same dependency versions (no resolution, no network).
    let lock = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../Cargo.lock");
    if !root.join("Cargo.lock").exists() {
        if let Ok(text) = std::fs::read_to_string(lock) {
            write_if_changed(&root.join("Cargo.lock"), &text);
        }
    }
}

fn cargo(root: &Path, profile: &str, target: Option<&str>, json: bool) -> String {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut cmd = Command::new(cargo);
    cmd.current_dir(root)
        .args(["test", "--no-run", "--quiet", "--profile", profile])
        .arg("--target-dir")
        .arg(root.join("target"))
        // Not the bench's own jobserver or target settings.
        .env_remove("CARGO_MAKEFLAGS")
        .env_remove("MAKEFLAGS")
        .env_remove("MFLAGS")
        .env_remove("CARGO_TARGET_DIR")
        .env_remove("CARGO_BUILD_TARGET_DIR")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
    match target {
        Some(t) => cmd.args(["--test", t]),
        None => cmd.arg("--tests"),
    };
    if json {
        cmd.arg("--message-format=json");
    }
    let out = cmd
        .output()
        .unwrap_or_else(|e| fail(&format!("run cargo: {e}")));
    if !out.status.success() {
        fail(&format!("cargo test --no-run --profile {profile} failed"));
    }
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The test executable of `target` from cargo's JSON messages.
fn executable(root: &Path, profile: &str, target: &str) -> PathBuf {
    let messages = cargo(root, profile, Some(target), true);
    let wanted = format!("\"name\":\"{target}\"");
    messages
        .lines()
        .filter(|l| l.contains(&wanted))
        .find_map(|l| {
            let start = l.find("\"executable\":\"")? + "\"executable\":\"".len();
            let end = l[start..].find('"')?;
            Some(PathBuf::from(&l[start..start + end]))
        })
        .unwrap_or_else(|| fail(&format!("no executable for {target} in cargo's output")))
}

fn touch(path: &Path) {
    let file = std::fs::File::options()
        .write(true)
        .open(path)
        .unwrap_or_else(|e| fail(&format!("open {}: {e}", path.display())));
    file.set_modified(SystemTime::now())
        .unwrap_or_else(|e| fail(&format!("touch {}: {e}", path.display())));
}

fn modified(path: &Path) -> SystemTime {
    std::fs::metadata(path)
        .and_then(|m| m.modified())
        .unwrap_or_else(|e| fail(&format!("stat {}: {e}", path.display())))
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

/// One profile's figures: median rebuild time and binary size per target.
struct Figures {
    rebuild: [Duration; 2],
    size: [u64; 2],
}

fn measure(root: &Path, profile: &str, rebuilds: usize) -> Figures {
    eprintln!("compile_cost: building both targets ({profile})...");
    cargo(root, profile, None, false);
    let exes = TARGETS.map(|t| executable(root, profile, t));
    let mut samples: [Vec<Duration>; 2] = [Vec::new(), Vec::new()];
    for round in 0..rebuilds {
        // Alternate which target goes first, so neither always follows the other.
        let order = if round % 2 == 0 { [0, 1] } else { [1, 0] };
        for i in order {
            let src = root.join(format!("tests/{}.rs", TARGETS[i]));
            let before = modified(&exes[i]);
            touch(&src);
            let start = Instant::now();
            cargo(root, profile, Some(TARGETS[i]), false);
            let took = start.elapsed();
            if modified(&exes[i]) <= before {
                fail(&format!("{} was not rebuilt after touching it", TARGETS[i]));
            }
            eprintln!(
                "compile_cost: {profile} {} rebuild {:.2}s",
                TARGETS[i],
                took.as_secs_f64()
            );
            samples[i].push(took);
        }
    }
    // The generated checks must pass, or the bench measured something else.
    for exe in &exes {
        let ok = Command::new(exe)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if !ok {
            fail(&format!("{} failed", exe.display()));
        }
    }
    let size = exes.clone().map(|e| {
        std::fs::metadata(&e)
            .map(|m| m.len())
            .unwrap_or_else(|err| fail(&format!("stat {}: {err}", e.display())))
    });
    let [k, s] = samples;
    Figures {
        rebuild: [median(k), median(s)],
        size,
    }
}

fn main() {
    let cases = env_count("KUNIT_COMPILE_COST_CASES", 500, 1);
    let rebuilds = env_count("KUNIT_COMPILE_COST_REBUILDS", 5, 3);
    let kunit_dir = match std::env::var_os("KUNIT_COMPILE_COST_KUNIT") {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")),
    };
    if !kunit_dir.join("Cargo.toml").is_file() {
        usage_error(&format!("{}: no Cargo.toml there", kunit_dir.display()));
    }
    let kunit_dir = kunit_dir
        .canonicalize()
        .unwrap_or_else(|e| usage_error(&format!("{}: {e}", kunit_dir.display())));
    let root = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("compile-cost");
    generate(&root, &kunit_dir, cases);

    let mut results = Vec::new();
    for (profile, suffix) in [("dev", ""), ("o1", "_opt1")] {
        let f = measure(&root, profile, rebuilds);
        println!(
            "profile={profile} cases={cases} asserts_per_case={} rebuilds={rebuilds} (medians)",
            INT_CHECKS_PER_CASE + 1
        );
        println!(
            "kunit_rebuild_s{suffix}={:.3} std_rebuild_s{suffix}={:.3}",
            f.rebuild[0].as_secs_f64(),
            f.rebuild[1].as_secs_f64()
        );
        println!(
            "kunit_binary_bytes{suffix}={} std_binary_bytes{suffix}={}",
            f.size[0], f.size[1]
        );
        results.push((suffix, f));
    }
    // The opt-level 0 figures print last.
    for (suffix, f) in results.iter().rev() {
        println!(
            "assert_compile_ratio_vs_std{suffix}={:.3}",
            f.rebuild[0].as_secs_f64() / f.rebuild[1].as_secs_f64()
        );
        println!(
            "assert_binary_ratio_vs_std{suffix}={:.3}",
            f.size[0] as f64 / f.size[1] as f64
        );
    }
}
