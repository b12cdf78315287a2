//! `cargo bench -p kunit-arch --bench csum`: Internet-checksum throughput of our best
//! implementation (plus the other fast ones, for context) against the `internet-checksum`
//! crate and a plain 16-bit loop, at 64 B, 1500 B, 64 KiB and 1 MiB.
//!
//! Every round measures each contender once, interleaved, so machine noise hits all of them
//! alike; each figure is the median of the rounds. Ends with the `name=value` ratio lines
//! (ours-best GB/s over internet-checksum GB/s, same run).

use std::hint::black_box;
use std::time::{Duration, Instant};

use kunit_arch::checksum::{generic, Impl, Wsum};

const SIZES: [(usize, &str); 4] = [
    (64, "64 B"),
    (1500, "1500 B"),
    (64 << 10, "64 KiB"),
    (1 << 20, "1 MiB"),
];
const ROUNDS: usize = 31;
const SAMPLE_TIME: Duration = Duration::from_millis(5);

/// Computes the header checksum bytes of a buffer.
type ChecksumFn = Box<dyn Fn(&[u8]) -> [u8; 2]>;

struct Contender {
    name: String,
    run: ChecksumFn,
}

fn ours(imp: Impl) -> Contender {
    Contender {
        name: format!("ours {}", imp.name()),
        run: Box::new(move |b| {
            imp.csum_fold(imp.csum_partial(b, Wsum::from_raw(0)))
                .to_ne_bytes()
        }),
    }
}

/// The plain loop: big-endian 16-bit words into a u64, folded at the end.
fn simple16(b: &[u8]) -> [u8; 2] {
    let mut words = b.chunks_exact(2);
    let mut sum: u64 = words
        .by_ref()
        .map(|w| u16::from_be_bytes([w[0], w[1]]) as u64)
        .sum();
    if let [last] = words.remainder() {
        sum += (*last as u64) << 8;
    }
    while sum >> 16 != 0 {
        sum = (sum & 0xffff) + (sum >> 16);
    }
    (!(sum as u16)).to_be_bytes()
}

fn contenders() -> Vec<Contender> {
    let best = Impl::best();
    let mut v = vec![ours(best)];
    for imp in Impl::all().iter().copied() {
        if imp != best && imp != Impl::I386 && imp.is_available() {
            v.push(ours(imp));
        }
    }
    v.push(Contender {
        name: "internet-checksum".into(),
        run: Box::new(internet_checksum::checksum),
    });
    v.push(Contender {
        name: "simple16".into(),
        run: Box::new(simple16),
    });
    v
}

/// Iterations that take about `SAMPLE_TIME`.
fn calibrate(c: &Contender, buf: &[u8]) -> u64 {
    let mut iters = 1u64;
    loop {
        let t = time(c, buf, iters);
        if t >= SAMPLE_TIME / 4 {
            let scaled = iters as f64 * SAMPLE_TIME.as_secs_f64() / t.as_secs_f64();
            return scaled.max(1.0) as u64;
        }
        iters *= 4;
    }
}

fn time(c: &Contender, buf: &[u8], iters: u64) -> Duration {
    let start = Instant::now();
    for _ in 0..iters {
        black_box((c.run)(black_box(buf)));
    }
    start.elapsed()
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let contenders = contenders();
    // 64-byte aligned random data, 1 MiB.
    let mut storage = vec![0u8; (1 << 20) + 64];
    let skip = storage.as_ptr().align_offset(64);
    let mut x = 0x2545_f491_4f6c_dd1du64;
    for b in storage.iter_mut() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        *b = x as u8;
    }
    let data = &storage[skip..skip + (1 << 20)];

    // All contenders must agree before any of them is timed.
    for (len, _) in SIZES {
        for off in [0, 1] {
            let b = &data[off..len];
            let want =
                generic::csum_fold(generic::csum_partial(b, Wsum::from_raw(0))).to_ne_bytes();
            for c in &contenders {
                assert_eq!((c.run)(b), want, "{} disagrees at len {}", c.name, b.len());
            }
        }
    }

    let mut gbps = vec![vec![0.0f64; SIZES.len()]; contenders.len()];
    for (si, &(len, _)) in SIZES.iter().enumerate() {
        let buf = &data[..len];
        let iters: Vec<u64> = contenders.iter().map(|c| calibrate(c, buf)).collect();
        let mut samples = vec![Vec::with_capacity(ROUNDS); contenders.len()];
        for _ in 0..ROUNDS {
            for (ci, c) in contenders.iter().enumerate() {
                let t = time(c, buf, iters[ci]);
                samples[ci].push((len as u64 * iters[ci]) as f64 / t.as_nanos() as f64);
            }
        }
        for (ci, s) in samples.iter_mut().enumerate() {
            gbps[ci][si] = median(s);
        }
    }

    println!("csum_partial + csum_fold throughput, GB/s (median of {ROUNDS} interleaved rounds)");
    print!("| {:<20} |", "impl");
    for (_, label) in SIZES {
        print!(" {label:>8} |");
    }
    println!();
    print!("|{:-<22}|", "");
    for _ in SIZES {
        print!("{:->10}|", "");
    }
    println!();
    for (c, row) in contenders.iter().zip(&gbps) {
        print!("| {:<20} |", c.name);
        for v in row {
            print!(" {v:>8.1} |");
        }
        println!();
    }
    let peer = contenders
        .iter()
        .position(|c| c.name == "internet-checksum")
        .expect("peer present");
    println!(
        "csum_ratio_vs_internet_checksum_1500={:.2}",
        gbps[0][1] / gbps[peer][1]
    );
    println!(
        "csum_ratio_vs_internet_checksum_64k={:.2}",
        gbps[0][2] / gbps[peer][2]
    );
}
