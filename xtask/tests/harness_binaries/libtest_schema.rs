//! A strict check of libtest's JSON event stream, the shape a rustc 1.95 libtest binary prints
//! with `-Z unstable-options --format json` (library/test/src/formatters/json.rs): every line
//! one object whose keys are exactly libtest's, in libtest's order; one run, each test started
//! before its result, the closing counts equal to the results. Its self-test (not ignored)
//! shows it rejects broken streams.

use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};
use serde_json::Value;
use std::collections::HashMap;
use std::fmt;

/// A JSON object with its keys in the order written; a key twice is an error.
pub struct Object(Vec<(String, Value)>);

impl<'de> Deserialize<'de> for Object {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Keys;
        impl<'de> Visitor<'de> for Keys {
            type Value = Object;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Object, A::Error> {
                let mut pairs: Vec<(String, Value)> = Vec::new();
                while let Some((k, v)) = map.next_entry::<String, Value>()? {
                    if pairs.iter().any(|(seen, _)| *seen == k) {
                        return Err(serde::de::Error::custom(format!("duplicate key {k:?}")));
                    }
                    pairs.push((k, v));
                }
                Ok(Object(pairs))
            }
        }
        d.deserialize_map(Keys)
    }
}

impl Object {
    fn get(&self, key: &str) -> Option<&Value> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }
    fn str(&self, key: &str) -> Option<&str> {
        self.get(key).and_then(Value::as_str)
    }
    fn int(&self, key: &str) -> u64 {
        self.get(key).and_then(Value::as_u64).unwrap_or(0)
    }
    fn is(&self, ty: &str, event: &str) -> bool {
        self.str("type") == Some(ty) && self.str("event") == Some(event)
    }
}

// Key order of each event, as libtest writes them; optional keys in brackets.
const SUITE_STARTED: &[&str] = &["type", "event", "test_count", "[shuffle_seed]"];
const TEST_STARTED: &[&str] = &["type", "event", "name"];
const TEST_RESULT: &[&str] = &[
    "type",
    "name",
    "event",
    "[exec_time]",
    "[stdout]",
    "[message]",
];
const SUITE_FINISHED: &[&str] = &[
    "type",
    "event",
    "passed",
    "failed",
    "ignored",
    "measured",
    "filtered_out",
    "exec_time",
];
const DISCOVERY: &[&str] = &["type", "event"];
// libtest adds the source location; kunit cases have none.
const DISCOVERED: &[&str] = &[
    "type",
    "event",
    "name",
    "ignore",
    "ignore_message",
    "[source_path]",
    "[start_line]",
    "[start_col]",
    "[end_line]",
    "[end_col]",
];
const COMPLETED: &[&str] = &["type", "event", "tests", "benchmarks", "total", "ignored"];

/// The keys must be a subsequence of the full order that holds every mandatory key.
fn keys_match(obj: &Object, shape: &[&str], n: usize) -> Result<(), String> {
    let mut order = shape.iter().map(|k| k.trim_matches(['[', ']']));
    let in_order = obj.0.iter().all(|(k, _)| order.any(|s| s == k));
    let all_there = shape
        .iter()
        .filter(|k| !k.starts_with('['))
        .all(|k| obj.get(k).is_some());
    if in_order && all_there {
        Ok(())
    } else {
        let keys: Vec<&str> = obj.0.iter().map(|(k, _)| k.as_str()).collect();
        Err(format!(
            "line {n}: keys {keys:?}, expected (in order) {shape:?}"
        ))
    }
}

/// The JSON types libtest writes.
#[derive(Clone, Copy)]
enum Ty {
    Int,
    Float,
    Str,
    Bool,
}

fn typed(obj: &Object, n: usize, types: &[(&str, Ty)]) -> Result<(), String> {
    for &(key, ty) in types {
        let Some(v) = obj.get(key) else { continue };
        let ok = match ty {
            Ty::Int => v.is_u64() || v.is_i64(),
            Ty::Float => v.is_f64(),
            Ty::Str => v.is_string(),
            Ty::Bool => v.is_boolean(),
        };
        if !ok {
            return Err(format!("line {n}: '{key}' is {v}, not of libtest's type"));
        }
    }
    Ok(())
}

/// The events of `text`, numbered from 1: every line an object, newline-terminated.
fn parse(text: &str) -> Result<Vec<(usize, Object)>, String> {
    let mut events = Vec::new();
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let n = i + 1;
        let Some(body) = line.strip_suffix('\n') else {
            return Err(format!("line {n}: not newline-terminated"));
        };
        let obj: Object = serde_json::from_str(body).map_err(|e| {
            let head: String = body.chars().take(120).collect();
            format!("line {n}: not a JSON object ({e}): {head:?}")
        })?;
        events.push((n, obj));
    }
    if events.is_empty() {
        return Err("no events at all".into());
    }
    Ok(events)
}

/// The counts of a run: passed, failed, ignored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counts {
    pub passed: u64,
    pub failed: u64,
    pub ignored: u64,
}

/// Checks the events of a run whose `--list` lists `expected` tests.
pub fn check_run(text: &str, expected: u64) -> Result<Counts, String> {
    let events = parse(text)?;
    let (n, first) = &events[0];
    if !first.is("suite", "started") {
        return Err("line 1: not the suite's started event".into());
    }
    keys_match(first, SUITE_STARTED, *n)?;
    typed(
        first,
        *n,
        &[("test_count", Ty::Int), ("shuffle_seed", Ty::Int)],
    )?;
    let (n, last) = events.last().unwrap();
    if !(last.is("suite", "ok") || last.is("suite", "failed")) || events.len() < 2 {
        return Err(format!(
            "line {n}: the last event is not the suite's ok/failed"
        ));
    }
    keys_match(last, SUITE_FINISHED, *n)?;
    let ints = ["passed", "failed", "ignored", "measured", "filtered_out"].map(|k| (k, Ty::Int));
    typed(last, *n, &ints)?;
    typed(last, *n, &[("exec_time", Ty::Float)])?;
    let mut running: HashMap<String, u64> = HashMap::new();
    let mut counts = Counts {
        passed: 0,
        failed: 0,
        ignored: 0,
    };
    for (n, ev) in &events[1..events.len() - 1] {
        if ev.str("type") != Some("test") {
            let ty = ev.get("type").map(Value::to_string).unwrap_or_default();
            return Err(format!("line {n}: a {ty} event inside the run"));
        }
        let name = match ev.str("name") {
            Some(name) if !name.is_empty() => name,
            _ => return Err(format!("line {n}: no test name")),
        };
        let kind = ev.str("event").unwrap_or_default();
        if kind == "started" {
            keys_match(ev, TEST_STARTED, *n)?;
            *running.entry(name.to_owned()).or_default() += 1;
            continue;
        }
        let count = match kind {
            "ok" => &mut counts.passed,
            "failed" => &mut counts.failed,
            "ignored" => &mut counts.ignored,
            _ => return Err(format!("line {n}: unknown test event {kind:?}")),
        };
        keys_match(ev, TEST_RESULT, *n)?;
        typed(
            ev,
            *n,
            &[
                ("exec_time", Ty::Float),
                ("stdout", Ty::Str),
                ("message", Ty::Str),
            ],
        )?;
        match running.get_mut(name) {
            Some(r) if *r > 0 => *r -= 1,
            _ => {
                return Err(format!(
                    "line {n}: result of '{name}', which had not started"
                ))
            }
        }
        *count += 1;
    }
    let mut unfinished: Vec<&str> = running
        .iter()
        .filter(|(_, v)| **v > 0)
        .map(|(k, _)| k.as_str())
        .collect();
    if !unfinished.is_empty() {
        unfinished.sort();
        unfinished.truncate(5);
        return Err(format!("tests started but never finished: {unfinished:?}"));
    }
    let results = counts.passed + counts.failed + counts.ignored;
    if first.int("test_count") != results {
        return Err(format!(
            "test_count {} but {results} results",
            first.int("test_count")
        ));
    }
    if results != expected {
        return Err(format!("{results} results but --list lists {expected}"));
    }
    for (key, got, kind) in [
        ("passed", counts.passed, "ok"),
        ("failed", counts.failed, "failed"),
        ("ignored", counts.ignored, "ignored"),
    ] {
        if last.int(key) != got {
            return Err(format!(
                "closing '{key}': {}, but {got} '{kind}' events",
                last.int(key)
            ));
        }
    }
    if last.int("measured") != 0 {
        return Err("measured is not 0".into());
    }
    if last.is("suite", "ok") != (counts.failed == 0) {
        return Err(format!(
            "closing event '{}' with {} failures",
            last.str("event").unwrap_or_default(),
            counts.failed
        ));
    }
    Ok(counts)
}

/// Checks the events of `--list` when the plain `--list` lists `expected` tests: the tests
/// and the ignored ones among them.
pub fn check_list(text: &str, expected: u64) -> Result<(u64, u64), String> {
    let events = parse(text)?;
    let (n, first) = &events[0];
    if !first.is("suite", "discovery") {
        return Err("line 1: not the discovery event".into());
    }
    keys_match(first, DISCOVERY, *n)?;
    let (n, last) = events.last().unwrap();
    if !last.is("suite", "completed") || events.len() < 2 {
        return Err(format!(
            "line {n}: the last event is not the suite's completed"
        ));
    }
    keys_match(last, COMPLETED, *n)?;
    let ints = ["tests", "benchmarks", "total", "ignored"].map(|k| (k, Ty::Int));
    typed(last, *n, &ints)?;
    let (mut tests, mut ignored) = (0, 0);
    for (n, ev) in &events[1..events.len() - 1] {
        if !ev.is("test", "discovered") {
            return Err(format!("line {n}: not a discovered test"));
        }
        keys_match(ev, DISCOVERED, *n)?;
        typed(
            ev,
            *n,
            &[
                ("name", Ty::Str),
                ("ignore", Ty::Bool),
                ("ignore_message", Ty::Str),
            ],
        )?;
        tests += 1;
        ignored += u64::from(ev.get("ignore") == Some(&Value::Bool(true)));
    }
    let got = [
        last.int("tests"),
        last.int("total"),
        last.int("benchmarks"),
        last.int("ignored"),
    ];
    if got != [tests, tests, 0, ignored] {
        return Err(format!(
            "completed event (tests, total, benchmarks, ignored) {got:?} disagrees with {tests} tests, {ignored} ignored"
        ));
    }
    if tests != expected {
        return Err(format!("{tests} discovered but --list lists {expected}"));
    }
    Ok((tests, ignored))
}

#[kunit::kunit_tests(xtask_libtest_schema)]
mod tests {
    use super::*;

    const GOOD_RUN: [&str; 6] = [
        "{ \"type\": \"suite\", \"event\": \"started\", \"test_count\": 2 }\n",
        "{ \"type\": \"test\", \"event\": \"started\", \"name\": \"s.a\" }\n",
        "{ \"type\": \"test\", \"name\": \"s.a\", \"event\": \"ok\" }\n",
        "{ \"type\": \"test\", \"event\": \"started\", \"name\": \"s.b\" }\n",
        "{ \"type\": \"test\", \"name\": \"s.b\", \"event\": \"failed\", \"stdout\": \"x\\n\" }\n",
        "{ \"type\": \"suite\", \"event\": \"failed\", \"passed\": 1, \"failed\": 1, \"ignored\": 0, \"measured\": 0, \"filtered_out\": 0, \"exec_time\": 0.5 }\n",
    ];
    const GOOD_LIST: [&str; 4] = [
        "{ \"type\": \"suite\", \"event\": \"discovery\" }\n",
        "{ \"type\": \"test\", \"event\": \"discovered\", \"name\": \"s.a\", \"ignore\": true, \"ignore_message\": \"slow\" }\n",
        // What rustc 1.95's libtest prints for a #[test] in src/lib.rs.
        "{ \"type\": \"test\", \"event\": \"discovered\", \"name\": \"tests::a\", \"ignore\": false, \"ignore_message\": \"\", \"source_path\": \"src/lib.rs\", \"start_line\": 3, \"start_col\": 16, \"end_line\": 3, \"end_col\": 17 }\n",
        "{ \"type\": \"suite\", \"event\": \"completed\", \"tests\": 2, \"benchmarks\": 0, \"total\": 2, \"ignored\": 1 }\n",
    ];

    /// GOOD_RUN with line `i` replaced by `line` (`None`: removed).
    fn run_with(edits: &[(usize, Option<String>)]) -> String {
        let mut lines: Vec<String> = GOOD_RUN.iter().map(|l| l.to_string()).collect();
        for (i, line) in edits.iter().rev() {
            match line {
                Some(l) => lines[*i] = l.clone(),
                None => {
                    lines.remove(*i);
                }
            }
        }
        lines.concat()
    }

    #[test]
    fn good_streams_give_their_counts() {
        let counts = check_run(&GOOD_RUN.concat(), 2).unwrap();
        assert_eq!(
            counts,
            Counts {
                passed: 1,
                failed: 1,
                ignored: 0
            }
        );
        assert_eq!(check_list(&GOOD_LIST.concat(), 2).unwrap(), (2, 1));
    }

    #[test]
    fn broken_runs_are_rejected() {
        let close = GOOD_RUN[5];
        let broken: Vec<(&str, String)> = vec![
            (
                "key order",
                run_with(&[(
                    2,
                    Some("{ \"type\": \"test\", \"event\": \"ok\", \"name\": \"s.a\" }\n".into()),
                )]),
            ),
            ("missing close", run_with(&[(5, None)])),
            (
                "count off",
                run_with(&[(5, Some(close.replace("\"passed\": 1", "\"passed\": 2")))]),
            ),
            ("not started", run_with(&[(1, None)])),
            (
                "stray text",
                run_with(&[(2, Some(format!("KTAP version 1\n{}", GOOD_RUN[2])))]),
            ),
            (
                "extra key",
                run_with(&[(0, Some(GOOD_RUN[0].replace(" }", ", \"x\": 1 }")))]),
            ),
            (
                "duplicate key",
                run_with(&[(0, Some(GOOD_RUN[0].replace(" }", ", \"test_count\": 2 }")))]),
            ),
            (
                "string time",
                run_with(&[(5, Some(close.replace("0.5", "\"0.5\"")))]),
            ),
            (
                "integer time",
                run_with(&[(5, Some(close.replace("0.5", "1")))]),
            ),
            (
                "ok with failure",
                run_with(&[(5, Some(close.replace("\"failed\", \"p", "\"ok\", \"p")))]),
            ),
            (
                "no newline",
                run_with(&[(5, Some(close.trim_end().to_owned()))]),
            ),
        ];
        for (what, text) in &broken {
            assert!(
                check_run(text, 2).is_err(),
                "the checker accepted a run with {what}:\n{text}"
            );
        }
        assert!(
            check_run(&GOOD_RUN.concat(), 3).is_err(),
            "the checker accepted a count unlike --list's"
        );
    }

    #[test]
    fn broken_listings_are_rejected() {
        let mut list = GOOD_LIST.map(str::to_owned);
        list[1] = list[1].replace("true", "\"yes\"");
        assert!(
            check_list(&list.concat(), 2).is_err(),
            "the checker accepted a string 'ignore'"
        );
        let mut list = GOOD_LIST.map(str::to_owned);
        list[3] = list[3].replace("\"ignored\": 1", "\"ignored\": 0");
        assert!(
            check_list(&list.concat(), 2).is_err(),
            "the checker accepted a wrong ignored count"
        );
        assert!(
            check_list(&GOOD_LIST.concat(), 3).is_err(),
            "the checker accepted a count unlike --list's"
        );
    }
}
