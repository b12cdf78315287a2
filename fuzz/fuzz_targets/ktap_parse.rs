//! The KTAP parser over arbitrary bytes, then the printer, JSON and JUnit
//! writers over whatever it parsed. Checks beyond "no panic": parsing with and
//! without keeping the tree prints the same and counts the same, the JSON
//! document is valid JSON, the JUnit document has its fixed head, and the tree
//! is bounded by the input.
#![no_main]

use std::sync::{Arc, Mutex};

use kunit_tool::reader::Extractor;
use kunit_tool::{json, junit, parse_run_tests, Printer, Test};
use libfuzzer_sys::fuzz_target;

fn parse(input: &[u8], keep_tree: bool) -> (Test, Vec<u8>) {
    let buf = Arc::new(Mutex::new(Vec::new()));
    let mut printer = Printer::to_vec(buf.clone());
    let result = parse_run_tests(Extractor::new(input), &mut printer, keep_tree);
    drop(printer);
    let text = std::mem::take(&mut *buf.lock().unwrap());
    (result.test, text)
}

/// Printed lines without their `[HH:MM:SS] ` stamp: two parses may straddle
/// a second boundary.
fn unstamped(b: &[u8]) -> Vec<&[u8]> {
    b.split(|&c| c == b'\n')
        .map(|l| {
            if l.first() == Some(&b'[') && l.len() >= 11 {
                &l[11..]
            } else {
                l
            }
        })
        .collect()
}

fn depth(t: &Test) -> usize {
    1 + t.subtests.iter().map(depth).max().unwrap_or(0)
}

fn nodes(t: &Test) -> usize {
    1 + t.subtests.iter().map(nodes).sum::<usize>()
}

fuzz_target!(|data: &[u8]| {
    let (kept, printed_kept) = parse(data, true);
    let json_doc = json::get_json_result(&kept, &Default::default());
    let xml = junit::get_junit_result(&kept);
    assert!(xml.starts_with("<?xml version='1.0' encoding='utf-8'?>\n<testsuite name=\""));
    // At most one node per line (and a line takes a byte) plus the missing subtests listed
    // one by one, a budget for the whole log: 100 under `cfg(fuzzing)`, so huge plans stay
    // cheap enough to cross-check.
    let n = nodes(&kept);
    assert!(n <= data.len() + 102, "{n} nodes from {} bytes", data.len());
    let (streamed, printed_streamed) = parse(data, false);
    assert_eq!(kept.counts, streamed.counts);
    assert_eq!(kept.status, streamed.status);
    assert_eq!(unstamped(&printed_kept), unstamped(&printed_streamed));
    // serde_json refuses nesting past 128 levels (two per test level); that is its limit,
    // not invalid JSON.
    if depth(&kept) > 60 {
        return;
    }
    if let Err(e) = serde_json::from_str::<serde_json::Value>(&json_doc) {
        panic!("invalid JSON ({e}):\n{json_doc}");
    }
});
