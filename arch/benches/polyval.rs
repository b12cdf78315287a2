//! `cargo bench -p kunit-arch --bench polyval`: POLYVAL throughput of ours (best and
//! generic) against RustCrypto `polyval` (default backend and soft backend) at 16 B,
//! 256 B, 4 KiB and 64 KiB, plus key preparation and the 16 B latency.
//!
//! An operation is a one-shot hash of a message with an already prepared key (ours:
//! `polyval()`; RustCrypto: `update_padded` + `finalize_reset`, which also zero-pads).
//! RustCrypto's soft backend is selected by a build-wide cfg, so it cannot live in this
//! binary: the bench builds `benches/polyval_soft` (a tiny helper) with
//! `RUSTFLAGS='--cfg polyval_backend="soft"'` in a scratch target dir, using this
//! workspace's Cargo.lock, and runs it as a child process once per round. Each round
//! measures every contender once, interleaved (the child's sample included), so noise
//! hits all alike; a sample is thread CPU time (see `polyval_soft/timing.rs`); figures
//! are medians over the rounds. The `name=value` lines come
//! last; the two ratios are the final lines. Before them,
//! `polyval_vpclmul512_ratio_vs_rustcrypto_4k=` repeats the 4 KiB ratio where the best
//! implementation is the 512-bit one, or a line says why it was not measured.

#[path = "polyval_soft/timing.rs"]
mod timing;

use kunit_arch::polyval::{polyval, Implementation, PolyvalKey};
use polyval::universal_hash::UniversalHash;
use polyval::Polyval;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

const LENS: [usize; 4] = [16, 256, 4096, 65536];
const ROUNDS: usize = 15;
const RAW_KEY: [u8; 16] = [0x5a; 16];

/// What is timed: a message length or key preparation (`Key`).
#[derive(Clone, Copy, PartialEq)]
enum Op {
    Len(usize),
    Key,
}

impl Op {
    fn arg(self) -> String {
        match self {
            Op::Len(n) => n.to_string(),
            Op::Key => "key".into(),
        }
    }
}

fn all_ops() -> Vec<Op> {
    LENS.iter().map(|&n| Op::Len(n)).chain([Op::Key]).collect()
}

fn ours(imp: Implementation, op: Op) -> Box<dyn FnMut(u64)> {
    let key = PolyvalKey::with_implementation(&RAW_KEY, imp).expect("supported");
    match op {
        Op::Key => Box::new(move |n| {
            for _ in 0..n {
                black_box(PolyvalKey::with_implementation(black_box(&RAW_KEY), imp).ok());
            }
        }),
        Op::Len(len) => {
            let msg = vec![0xa5u8; len];
            Box::new(move |n| {
                let mut out = [0u8; 16];
                for _ in 0..n {
                    polyval(&key, black_box(&msg), &mut out);
                    black_box(&out);
                }
            })
        }
    }
}

fn rustcrypto(op: Op) -> Box<dyn FnMut(u64)> {
    match op {
        Op::Key => Box::new(|n| {
            for _ in 0..n {
                black_box(Polyval::new(black_box(&RAW_KEY.into())));
            }
        }),
        Op::Len(len) => {
            let msg = vec![0xa5u8; len];
            let mut p = Polyval::new(&RAW_KEY.into());
            Box::new(move |n| {
                for _ in 0..n {
                    p.update_padded(black_box(&msg));
                    black_box(p.finalize_reset());
                }
            })
        }
    }
}

/// 16 B latency: each message is the previous digest, so operations cannot overlap.
fn latency_ours(imp: Implementation) -> Box<dyn FnMut(u64)> {
    let key = PolyvalKey::with_implementation(&RAW_KEY, imp).expect("supported");
    Box::new(move |n| {
        let mut x = [1u8; 16];
        for _ in 0..n {
            let m = x;
            polyval(&key, &m, &mut x);
        }
        black_box(x);
    })
}

fn latency_rustcrypto() -> Box<dyn FnMut(u64)> {
    let mut p = Polyval::new(&RAW_KEY.into());
    Box::new(move |n| {
        let mut x = [1u8; 16];
        for _ in 0..n {
            p.update_padded(&x);
            x = p.finalize_reset().into();
        }
        black_box(x);
    })
}

/// The in-process contenders: name, op, and the closure.
struct Contender {
    name: String,
    op: Op,
    run: Box<dyn FnMut(u64)>,
    iters: u64,
    samples: Vec<f64>,
}

fn contender(name: String, op: Op, mut run: Box<dyn FnMut(u64)>) -> Contender {
    let iters = timing::calibrate(&mut *run);
    Contender {
        name,
        op,
        run,
        iters,
        samples: Vec::new(),
    }
}

/// Builds the soft-backend helper; returns the path of its binary.
fn build_soft_helper() -> Result<PathBuf, String> {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let exe = std::env::current_exe().map_err(|e| format!("current_exe: {e}"))?;
    // <target>/<profile>/deps/<bench binary>
    let target = exe
        .ancestors()
        .nth(3)
        .ok_or("cannot locate the target dir")?;
    let scratch = target.join("polyval-soft-helper");
    let src = manifest.join("benches/polyval_soft");
    std::fs::create_dir_all(&scratch).map_err(|e| format!("{}: {e}", scratch.display()))?;
    for f in ["Cargo.toml", "helper.rs", "timing.rs"] {
        std::fs::copy(src.join(f), scratch.join(f)).map_err(|e| format!("copy {f}: {e}"))?;
    }
    // Same dependency versions as this workspace (cargo drops the unused entries).
    let lock = manifest.join("../Cargo.lock");
    std::fs::copy(&lock, scratch.join("Cargo.lock"))
        .map_err(|e| format!("{}: {e}", lock.display()))?;
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let status = Command::new(cargo)
        .args(["build", "--release", "--quiet", "--manifest-path"])
        .arg(scratch.join("Cargo.toml"))
        .env("CARGO_TARGET_DIR", scratch.join("target"))
        .env("RUSTFLAGS", "--cfg polyval_backend=\"soft\"")
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .status()
        .map_err(|e| format!("running cargo: {e}"))?;
    if !status.success() {
        return Err(format!("building the soft helper failed ({status})"));
    }
    Ok(scratch.join("target/release/polyval-soft-helper"))
}

/// Runs the helper; returns its `WHAT key=value` lines as (what, value).
fn helper(bin: &Path, args: &[String]) -> Result<Vec<(String, f64)>, String> {
    let out = Command::new(bin)
        .args(args)
        .output()
        .map_err(|e| format!("{}: {e}", bin.display()))?;
    if !out.status.success() {
        return Err(format!(
            "soft helper failed: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    let text = String::from_utf8_lossy(&out.stdout);
    if !text.lines().any(|l| l == "soft_backend=true") {
        return Err("the helper was not built with the soft backend".into());
    }
    Ok(text
        .lines()
        .filter_map(|l| {
            let (what, kv) = l.split_once(' ')?;
            let v = kv.split_once('=')?.1.parse().ok()?;
            Some((what.to_string(), v))
        })
        .collect())
}

fn median(v: &[f64]) -> f64 {
    let mut s = v.to_vec();
    s.sort_by(f64::total_cmp);
    s[s.len() / 2]
}

fn gbps(len: usize, ns: f64) -> f64 {
    len as f64 / ns
}

fn run() -> Result<(), String> {
    let best = Implementation::best();
    let soft_bin = build_soft_helper()?;
    let ops = all_ops();

    let mut cs = Vec::new();
    for &op in &ops {
        cs.push(contender(
            format!("ours {}", best.name()),
            op,
            ours(best, op),
        ));
        if best != Implementation::Generic {
            cs.push(contender(
                "ours generic".into(),
                op,
                ours(Implementation::Generic, op),
            ));
        }
        cs.push(contender("RustCrypto default".into(), op, rustcrypto(op)));
    }
    cs.push(contender(
        format!("latency ours {}", best.name()),
        Op::Len(16),
        latency_ours(best),
    ));
    cs.push(contender(
        "latency RustCrypto default".into(),
        Op::Len(16),
        latency_rustcrypto(),
    ));

    let calib_args: Vec<String> = std::iter::once("calibrate".to_string())
        .chain(ops.iter().map(|o| o.arg()))
        .collect();
    let soft_iters = helper(&soft_bin, &calib_args)?;
    let sample_args: Vec<String> = std::iter::once("sample".to_string())
        .chain(soft_iters.iter().map(|(w, n)| format!("{w}:{n}")))
        .collect();
    let mut soft_samples: Vec<(String, Vec<f64>)> = soft_iters
        .iter()
        .map(|(w, _)| (w.clone(), Vec::new()))
        .collect();

    for _ in 0..ROUNDS {
        for c in &mut cs {
            c.samples.push(timing::sample_ns(&mut *c.run, c.iters));
        }
        for (what, ns) in helper(&soft_bin, &sample_args)? {
            if let Some((_, s)) = soft_samples.iter_mut().find(|(w, _)| *w == what) {
                s.push(ns);
            }
        }
    }

    let med = |name: &str, op: Op| -> Result<f64, String> {
        cs.iter()
            .find(|c| c.name == name && c.op == op)
            .map(|c| median(&c.samples))
            .ok_or(format!("no figure for {name}"))
    };
    let soft = |op: Op| -> Result<f64, String> {
        soft_samples
            .iter()
            .find(|(w, _)| *w == op.arg())
            .map(|(_, s)| median(s))
            .ok_or(format!("no soft figure for {}", op.arg()))
    };
    let best_name = format!("ours {}", best.name());
    let generic_name = if best == Implementation::Generic {
        best_name.clone()
    } else {
        "ours generic".into()
    };

    println!(
        "POLYVAL, median of {ROUNDS} interleaved rounds; GB/s (ns per message); best = {}",
        best.name()
    );
    println!(
        "{:>8} | {:>20} | {:>20} | {:>20} | {:>20}",
        "length", best_name, "ours generic", "RustCrypto default", "RustCrypto soft"
    );
    for &len in &LENS {
        let op = Op::Len(len);
        let cell = |ns: f64| format!("{:.2} ({:.1})", gbps(len, ns), ns);
        println!(
            "{:>8} | {:>20} | {:>20} | {:>20} | {:>20}",
            len,
            cell(med(&best_name, op)?),
            cell(med(&generic_name, op)?),
            cell(med("RustCrypto default", op)?),
            cell(soft(op)?)
        );
    }
    println!(
        "{:>8} | {:>17.1} ns | {:>17.1} ns | {:>17.1} ns | {:>17.1} ns",
        "key prep",
        med(&best_name, Op::Key)?,
        med(&generic_name, Op::Key)?,
        med("RustCrypto default", Op::Key)?,
        soft(Op::Key)?
    );

    let lat_ours = med(&format!("latency {best_name}"), Op::Len(16))?;
    let lat_rc = med("latency RustCrypto default", Op::Len(16))?;
    let k4 = Op::Len(4096);
    println!("polyval_best_impl={}", best.name());
    for &len in &LENS {
        let op = Op::Len(len);
        println!(
            "polyval_best_gbps_{len}={:.3}",
            gbps(len, med(&best_name, op)?)
        );
        println!(
            "polyval_generic_gbps_{len}={:.3}",
            gbps(len, med(&generic_name, op)?)
        );
        println!(
            "rustcrypto_default_gbps_{len}={:.3}",
            gbps(len, med("RustCrypto default", op)?)
        );
        println!("rustcrypto_soft_gbps_{len}={:.3}", gbps(len, soft(op)?));
    }
    println!("polyval_keyprep_ns={:.1}", med(&best_name, Op::Key)?);
    println!(
        "rustcrypto_keyprep_ns={:.1}",
        med("RustCrypto default", Op::Key)?
    );
    println!("polyval_16b_ns={:.1}", med(&best_name, Op::Len(16))?);
    println!("polyval_16b_latency_ns={lat_ours:.1}");
    println!("rustcrypto_16b_latency_ns={lat_rc:.1}");
    let ratio_4k = med("RustCrypto default", k4)? / med(&best_name, k4)?;
    // The 512-bit path is the best one wherever the CPU has it.
    let v512 = Implementation::Vpclmul512;
    if best == v512 {
        println!(
            "polyval_{}_ratio_vs_rustcrypto_4k={ratio_4k:.2}",
            v512.name()
        );
    } else {
        println!(
            "polyval_{}_ratio_vs_rustcrypto_4k not measured: CPU lacks {}",
            v512.name(),
            v512.missing_cpu_features().join("/")
        );
    }
    println!("polyval_ratio_vs_rustcrypto_4k={ratio_4k:.2}");
    println!(
        "polyval_generic_ratio_vs_soft={:.2}",
        soft(k4)? / med(&generic_name, k4)?
    );
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("polyval bench: {e}");
            ExitCode::FAILURE
        }
    }
}
