//! RustCrypto `polyval` soft-backend timings for the polyval bench (see Cargo.toml).
//!
//! `polyval-soft-helper calibrate LEN...` prints `LEN iters=N` per length (`key` for key
//! preparation); `polyval-soft-helper sample LEN:N...` prints `LEN ns=F`, one sample each.
//! Every run first prints `soft_backend=true|false` (whether the cfg reached the build)
//! and checks the RFC 8452 Appendix A digest.

#[path = "timing.rs"]
mod timing;

use polyval::universal_hash::UniversalHash;
use polyval::Polyval;
use std::hint::black_box;
use std::process::ExitCode;

fn unhex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap_or(0))
        .collect()
}

/// The contender for one length ("key" = key preparation).
fn contender(what: &str) -> Result<Box<dyn FnMut(u64)>, String> {
    let raw = [0x5au8; 16];
    if what == "key" {
        return Ok(Box::new(move |n| {
            for _ in 0..n {
                black_box(Polyval::new(black_box(&raw.into())));
            }
        }));
    }
    let len: usize = what.parse().map_err(|_| format!("bad length '{what}'"))?;
    let msg = vec![0xa5u8; len];
    let mut p = Polyval::new(&raw.into());
    Ok(Box::new(move |n| {
        for _ in 0..n {
            p.update_padded(black_box(&msg));
            black_box(p.finalize_reset());
        }
    }))
}

fn run(args: &[String]) -> Result<(), String> {
    println!("soft_backend={}", cfg!(polyval_backend = "soft"));
    let h: [u8; 16] = unhex("25629347589242761d31f826ba4b757b")
        .try_into()
        .map_err(|_| "key")?;
    let mut p = Polyval::new(&h.into());
    p.update_padded(&unhex(
        "4f4f95668c83dfb6401762bb2d01a262d1a24ddd2721d006bbe45f20d3c9f362",
    ));
    if p.finalize().as_slice() != unhex("f7a3b47b846119fae5b7866cf5e5b77e") {
        return Err("RFC 8452 Appendix A digest mismatch".into());
    }
    match args.first().map(String::as_str) {
        Some("calibrate") => {
            for what in &args[1..] {
                println!("{what} iters={}", timing::calibrate(&mut *contender(what)?));
            }
        }
        Some("sample") => {
            for spec in &args[1..] {
                let (what, n) = spec.split_once(':').ok_or(format!("bad spec '{spec}'"))?;
                let n: u64 = n.parse().map_err(|_| format!("bad count in '{spec}'"))?;
                println!("{what} ns={}", timing::sample_ns(&mut *contender(what)?, n));
            }
        }
        _ => return Err("usage: polyval-soft-helper calibrate LEN... | sample LEN:N...".into()),
    }
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("polyval-soft-helper: {e}");
            ExitCode::FAILURE
        }
    }
}
