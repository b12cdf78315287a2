//! Seeded mutation fuzzing of the parser: the 24 sample logs and a synthetic
//! nested log are truncated, shuffled, spliced with hostile lines (huge plans,
//! deep nesting, invalid UTF-8, odd line breaks, prefixes) and parsed. The
//! parser must not panic or hang, must keep its tree bounded, and must print
//! exactly the same whether or not it keeps the tree; JSON and JUnit must
//! still be produced (and the JSON must parse).

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use kunit_tool::reader::Extractor;
use kunit_tool::{json, junit, parse_run_tests, Printer, Test};

/// xorshift64*: deterministic across platforms.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

const HOSTILE: &[&[u8]] = &[
    b"KTAP version 1",
    b"TAP version 14",
    b"KTAP version 99999999999999999999999",
    b"1..18446744073709551615",
    b"1..4000000000",
    b"    1..0",
    b"# Subtest: x",
    b"\t# Subtest: ",
    b"ok 1",
    b"not ok 99999999999999999999999999 y # SKIP",
    b"ok 1 - # SKIP # SKIP",
    b"ok 2 a#b",
    b"  ok 3 - name # TODO later",
    b"kunit executor: error filtering suites: -22",
    b"Kernel panic - not syncing: VFS: Unable to mount",
    b"\xff\xfe\x80 broken \xe2\x82",
    b"line\rwith\x0bodd\x0cbreaks\xc2\x85and\xe2\x80\xa8more",
    b"[    0.000000] TAP version 14",
    b"\xc3\xa9\xc3\xa9 KTAP version 1",
    b"",
    b"        ",
];

fn samples() -> Vec<Vec<u8>> {
    let dir = std::env::var_os("KUNIT_KTAP_SAMPLES").map_or_else(
        || std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/ktap-samples"),
        std::path::PathBuf::from,
    );
    let mut v: Vec<Vec<u8>> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e} (set KUNIT_KTAP_SAMPLES)", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "log"))
        .map(|p| std::fs::read(p).unwrap())
        .collect();
    v.sort();
    assert_eq!(v.len(), 24);
    // A nested kernel-style log with parameters, failures and skips.
    let mut s = String::from("KTAP version 1\n1..3\n");
    for i in 1..=3 {
        s += &format!("    KTAP version 1\n    # Subtest: s{i}\n    1..3\n    ok 1 a\n");
        s += "        KTAP version 1\n        # Subtest: p\n        ok 1 v1\n        not ok 2 v2\n    not ok 2 p\n";
        s += "    # c: EXPECTATION FAILED at x.rs:1\n    ok 3 c # SKIP why\n";
        s += &format!("not ok {i} s{i}\n");
    }
    v.push(s.into_bytes());
    v
}

fn lines_of(b: &[u8]) -> Vec<Vec<u8>> {
    b.split(|&c| c == b'\n').map(<[u8]>::to_vec).collect()
}

fn mutate(rng: &mut Rng, input: &[u8]) -> Vec<u8> {
    let mut lines = lines_of(input);
    for _ in 0..1 + rng.below(6) {
        let n = lines.len().max(1);
        match rng.below(9) {
            0 => lines.truncate(rng.below(n)),
            1 if !lines.is_empty() => {
                lines.remove(rng.below(n));
            }
            2 if !lines.is_empty() => {
                let l = lines[rng.below(n)].clone();
                lines.insert(rng.below(n), l);
            }
            3 if lines.len() > 1 => {
                let (a, b) = (rng.below(n), rng.below(n));
                lines.swap(a, b);
            }
            4 => lines.insert(rng.below(n), HOSTILE[rng.below(HOSTILE.len())].to_vec()),
            5 if !lines.is_empty() => {
                let i = rng.below(n);
                let indent = b"    ".repeat(rng.below(4));
                let l = std::mem::take(&mut lines[i]);
                lines[i] = [indent, l.trim_ascii_start().to_vec()].concat();
            }
            6 if !lines.is_empty() => {
                let i = rng.below(n);
                if !lines[i].is_empty() {
                    let j = rng.below(lines[i].len());
                    lines[i][j] = rng.next() as u8;
                }
            }
            7 => {
                // Deep nesting.
                let depth = 1 + rng.below(1500);
                let at = rng.below(n);
                for _ in 0..depth {
                    lines.insert(at, b"KTAP version 1".to_vec());
                }
            }
            _ => {
                let prefix = b"[    1.234567] ".to_vec();
                for l in lines.iter_mut().skip(rng.below(n)) {
                    *l = [prefix.clone(), std::mem::take(l)].concat();
                }
            }
        }
    }
    let mut out = lines.join(&b"\n"[..]);
    if rng.below(2) == 0 {
        let cut = rng.below(out.len() + 1);
        out.truncate(cut);
    }
    out
}

fn parse(input: &[u8], keep: bool) -> (Test, Vec<u8>) {
    let buf = Arc::new(Mutex::new(Vec::new()));
    let mut p = Printer::to_vec(buf.clone());
    let r = parse_run_tests(Extractor::new(input), &mut p, keep);
    drop(p);
    let text = std::mem::take(&mut *buf.lock().unwrap());
    (r.test, text)
}

fn depth(t: &Test) -> usize {
    1 + t.subtests.iter().map(depth).max().unwrap_or(0)
}

fn count_nodes(t: &Test) -> usize {
    1 + t.subtests.iter().map(count_nodes).sum::<usize>()
}

/// Output lines with the `[HH:MM:SS] ` stamp dropped (the two parses may
/// straddle a second boundary).
fn unstamped(b: &[u8]) -> Vec<Vec<u8>> {
    b.split(|&c| c == b'\n')
        .map(|l| {
            if l.first() == Some(&b'[') && l.len() >= 11 {
                l[11..].to_vec()
            } else {
                l.to_vec()
            }
        })
        .collect()
}

#[test]
fn mutated_logs_never_break_the_parser() {
    let seed: u64 = std::env::var("KUNIT_FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x5eed_1234_abcd);
    let iterations: usize = std::env::var("KUNIT_FUZZ_ITERS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3000);
    let corpus = samples();
    let mut rng = Rng(seed);
    let start = Instant::now();
    for i in 0..iterations {
        let base = &corpus[rng.below(corpus.len())];
        let input = mutate(&mut rng, base);
        let t0 = Instant::now();
        let (kept, printed_kept) = parse(&input, true);
        let (streamed, printed_streamed) = parse(&input, false);
        let took = t0.elapsed();
        let ctx = || {
            format!(
                "iteration {i} (seed {seed:#x}), input:\n{}",
                String::from_utf8_lossy(&input)
            )
        };
        assert!(
            took < Duration::from_secs(5),
            "slow parse ({took:?}): {}",
            ctx()
        );
        assert_eq!(kept.counts, streamed.counts, "{}", ctx());
        assert_eq!(kept.status, streamed.status, "{}", ctx());
        assert_eq!(
            unstamped(&printed_kept),
            unstamped(&printed_streamed),
            "{}",
            ctx()
        );
        // The tree is bounded by the input: one node per line plus at most
        // 10 000 listed missing subtests in the whole log.
        let lines = input.split(|&c| c == b'\n').count();
        assert!(count_nodes(&kept) <= lines + 10_001, "{}", ctx());
        // Indented documents grow with the square of the depth; serialise the
        // shallow trees (deep ones were checked by the parses above).
        if depth(&kept) < 50 {
            let doc = json::get_json_result(&kept, &Default::default());
            assert!(
                serde_json::from_str::<serde_json::Value>(&doc).is_ok(),
                "invalid JSON: {}",
                ctx()
            );
            let xml = junit::get_junit_result(&kept);
            assert!(
                xml.starts_with("<?xml version='1.0' encoding='utf-8'?>\n<testsuite name=\""),
                "{}",
                ctx()
            );
        }
    }
    eprintln!("{iterations} mutated logs parsed in {:?}", start.elapsed());
}

#[test]
fn pathological_inputs_finish_quickly() {
    let cases: Vec<Vec<u8>> = vec![
        b"KTAP version 1\n1..18446744073709551615\n".to_vec(),
        b"KTAP version 1\n".repeat(200_000),
        [b"KTAP version 1\n1..1\n".to_vec(), b"x".repeat(50 << 20)].concat(),
        [
            b"KTAP version 1\n1..2\n    # Subtest: s\n".to_vec(),
            b"    # noise\n".repeat(500_000),
        ]
        .concat(),
        b"ok 1 a # SKIP ".repeat(100_000),
    ];
    for input in cases {
        let t0 = Instant::now();
        let (test, _) = parse(&input, true);
        assert!(
            t0.elapsed() < Duration::from_secs(10),
            "took {:?}",
            t0.elapsed()
        );
        assert!(count_nodes(&test) < 50_000);
    }
}

/// The shape of a slow input the ktap_parse fuzz target found: a log cut off
/// inside nested tests, each with a huge plan. Each level listed its own
/// 10 000 missing subtests (39 levels: 390 000 placeholders, a 280 MB JSON
/// document from 11 KB of input); now 10 000 are listed in the whole log,
/// every missing subtest is still counted, and each level sums up the rest
/// in one line. (fuzz/corpus/ktap_parse/regression-nested-huge-plans is the
/// same shape, 12 levels deep.)
#[test]
fn huge_plans_in_nested_tests_list_10_000_missing_subtests_in_all() {
    const LEVELS: u64 = 39;
    const PLAN: u64 = 1_000_000;
    let mut log = String::from("KTAP version 1\n1..1\n");
    for level in 1..=LEVELS {
        let indent = "    ".repeat(level as usize);
        log += &format!("{indent}KTAP version 1\n{indent}# Subtest: s{level}\n{indent}1..{PLAN}\n");
    }
    let (test, printed) = parse(log.as_bytes(), true);
    let printed = String::from_utf8(printed).unwrap();

    // The deepest test misses all its subtests, every other one all but the
    // first (the nested test).
    let missing = PLAN + (LEVELS - 1) * (PLAN - 1);
    assert_eq!(test.counts.crashed, missing);
    fn placeholders(t: &Test) -> usize {
        let own = usize::from(t.name.is_empty() && t.subtests.is_empty());
        own + t.subtests.iter().map(placeholders).sum::<usize>()
    }
    assert_eq!(placeholders(&test), 10_000);
    assert_eq!(count_nodes(&test), 1 + LEVELS as usize + 10_000);
    assert_eq!(
        printed.matches("missing expected subtest!\n").count(),
        10_000
    );
    // The deepest level sums up what it did not list, the others all of theirs.
    let deepest = format!(
        "Test: s{LEVELS}: missing expected subtest! ({} more missing subtests not listed)\n",
        PLAN - 10_000
    );
    assert_eq!(printed.matches(&deepest).count(), 1);
    let others = format!("({} more missing subtests not listed)\n", PLAN - 1);
    assert_eq!(printed.matches(&others).count(), LEVELS as usize - 1);

    // The JSON document lists the 10 000 placeholders as errors, once each.
    let doc = json::get_json_result(&test, &Default::default());
    assert_eq!(doc.matches("\"status\": \"ERROR\"").count(), 10_000);
    assert!(doc.len() < 16 << 20, "JSON document of {} bytes", doc.len());
    let xml = junit::get_junit_result(&test);
    assert_eq!(xml.matches("<error>Test Crashed</error>").count(), 10_000);
}
