//! A large, deterministic, kernel-style KTAP log for the parse benchmark: `suites` suites of
//! `cases` cases each — about 5% failing with KUnit's failure diagnostics, 3% skipped, 4%
//! parameterized (four parameters), the rest passing — optionally behind dmesg timestamps
//! (`[    0.000013] `). `200 × 500` with the prefix is about 6 MB.

use std::io::{self, Write};

/// What the log holds, counted as kunit.py counts leaf results.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Totals {
    pub passed: u64,
    pub failed: u64,
    pub skipped: u64,
}

/// splitmix64: small, seedable and the same on every machine.
struct Rng(u64);

impl Rng {
    /// A uniform value in [0, 1).
    fn next_f64(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        (z ^ (z >> 31)) as f64 / (1u64 << 63) as f64 / 2.0
    }
}

struct Emitter<W> {
    out: W,
    prefix: bool,
    /// The timestamp in microseconds, advanced by 13 per line as a busy boot log does.
    micros: u64,
}

impl<W: Write> Emitter<W> {
    fn line(&mut self, args: std::fmt::Arguments) -> io::Result<()> {
        if self.prefix {
            self.micros += 13;
            let (s, us) = (self.micros / 1_000_000, self.micros % 1_000_000);
            write!(self.out, "[{:5}.{us:06}] ", s)?;
        }
        self.out.write_fmt(args)?;
        self.out.write_all(b"\n")
    }
}

/// Writes the log to `out` and returns its totals.
pub fn generate<W: Write>(
    out: W,
    suites: u32,
    cases: u32,
    prefix: bool,
    seed: u64,
) -> io::Result<Totals> {
    let mut e = Emitter {
        out: io::BufWriter::new(out),
        prefix,
        micros: 0,
    };
    let mut rng = Rng(seed);
    let mut tot = Totals::default();
    e.line(format_args!("KTAP version 1"))?;
    e.line(format_args!("1..{suites}"))?;
    for s in 1..=suites {
        let name = format!("suite_{s}");
        e.line(format_args!("    KTAP version 1"))?;
        e.line(format_args!("    # Subtest: {name}"))?;
        e.line(format_args!("    # module: mod_{}", s % 7))?;
        e.line(format_args!("    1..{cases}"))?;
        let (mut sp, mut sf, mut ss) = (0, 0, 0);
        for c in 1..=cases {
            let case = format!("case_{s}_{c}");
            let r = rng.next_f64();
            if r < 0.05 {
                e.line(format_args!(
                    "    # {case}: EXPECTATION FAILED at suites/{name}.rs:{c}"
                ))?;
                e.line(format_args!("    Expected a == b, but"))?;
                e.line(format_args!("        a == {c} (0x{c:x})"))?;
                e.line(format_args!("        b == {} (0x{:x})", c + 1, c + 1))?;
                e.line(format_args!("    not ok {c} {case}"))?;
                tot.failed += 1;
                sf += 1;
            } else if r < 0.08 {
                e.line(format_args!("    ok {c} {case} # SKIP not supported here"))?;
                tot.skipped += 1;
                ss += 1;
            } else if r < 0.12 {
                e.line(format_args!("        KTAP version 1"))?;
                e.line(format_args!("        # Subtest: {case}"))?;
                for p in 1..=4 {
                    e.line(format_args!("        ok {p} param-{p}"))?;
                }
                e.line(format_args!("    # {case}: pass:4 fail:0 skip:0 total:4"))?;
                e.line(format_args!("    ok {c} {case}"))?;
                tot.passed += 4;
                sp += 1;
            } else {
                e.line(format_args!("    ok {c} {case}"))?;
                tot.passed += 1;
                sp += 1;
            }
        }
        e.line(format_args!(
            "# {name}: pass:{sp} fail:{sf} skip:{ss} total:{cases}"
        ))?;
        let verdict = if sf > 0 { "not ok" } else { "ok" };
        e.line(format_args!("{verdict} {s} {name}"))?;
    }
    e.out.flush()?;
    Ok(tot)
}
