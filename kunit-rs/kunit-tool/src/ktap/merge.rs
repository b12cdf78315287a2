//! Several KTAP logs reported as one test run (`kunit parse FILE...`), so
//! that sharded CI jobs end in one summary, one JSON and one JUnit document.
//!
//! Each log is parsed on its own, exactly as `kunit parse` parses a single
//! file (its own prefix width, its own plan, its own parse errors), and
//! printed between one shared pair of dividers. The merged run's top-level
//! test is `main`, whose children are the top-level tests of every log in
//! the order the logs were given; its counts are the sum of the logs'
//! counts (parse errors included). Its status is the one kunit.py computes
//! from those counts, except that a log in which no KTAP was found makes it
//! `FAILURE_TO_PARSE_TESTS`, as such a log does on its own, so a missing
//! shard fails the merged run. One log is reported exactly as `kunit parse`
//! reports it alone.

use crate::ktap::output::ParseOutput;
use crate::ktap::parser::{parse_between_dividers, ParseResult, MAX_FAILURE_PATHS};
use crate::ktap::reader::KtapSource;
use crate::ktap::result_tree::Test;
use crate::ktap::status::{TestCounts, TestStatus};

/// Parses and prints every source in turn between one pair of dividers and
/// returns the merged result (see the module documentation).
///
/// ```
/// use kunit_tool::merge::parse_merged;
/// use kunit_tool::reader::Extractor;
/// use kunit_tool::{Printer, TestStatus};
///
/// let shard1 = "KTAP version 1\n1..1\n    KTAP version 1\n    1..1\n    ok 1 a\nok 1 s1\n";
/// let shard2 = "KTAP version 1\n1..1\n    KTAP version 1\n    1..1\n    not ok 1 b\nnot ok 1 s2\n";
/// let sources = [shard1, shard2].map(|log| Extractor::new(log.as_bytes()));
/// let merged = parse_merged(sources, &mut Printer::null(), true);
/// let names: Vec<&str> = merged.test.subtests.iter().map(|t| t.name.as_str()).collect();
/// assert_eq!(names, ["s1", "s2"]);
/// assert_eq!(merged.test.counts.to_string(), "Ran 2 tests: passed: 1, failed: 1");
/// assert_eq!(merged.test.status, TestStatus::Failure);
/// ```
pub fn parse_merged<S: KtapSource, P: ParseOutput + ?Sized>(
    sources: impl IntoIterator<Item = S>,
    p: &mut P,
    keep_tree: bool,
) -> ParseResult {
    p.divider();
    let results: Vec<ParseResult> = sources
        .into_iter()
        .map(|src| parse_between_dividers(src, p, keep_tree))
        .collect();
    p.divider();
    merge(results)
}

/// Merges the results of several parsed logs into one run; one result is
/// returned unchanged.
pub fn merge(mut results: Vec<ParseResult>) -> ParseResult {
    if results.len() == 1 {
        if let Some(only) = results.pop() {
            return only;
        }
    }
    let mut test = Test {
        name: "main".into(),
        ..Test::default()
    };
    let mut counts = TestCounts::default();
    let mut failure_paths = Vec::new();
    let mut parse_failed = false;
    for r in results {
        let mut root = r.test;
        counts.add(&root.counts);
        test.n_subtests += root.n_subtests;
        test.subtests.append(&mut root.subtests);
        test.log.append(&mut root.log);
        parse_failed |= root.status == TestStatus::FailureToParseTests;
        failure_paths.extend(r.failure_paths);
    }
    // More than 10 paths only means "too many to list".
    failure_paths.truncate(MAX_FAILURE_PATHS);
    test.expected_count = Some(test.n_subtests as u64);
    test.counts = counts;
    test.status = if parse_failed {
        TestStatus::FailureToParseTests
    } else {
        counts.status()
    };
    ParseResult {
        test,
        failure_paths,
    }
}

#[cfg(test)]
#[path = "merge_kunit.rs"]
mod merge_kunit;
