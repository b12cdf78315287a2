//! What a harness lists (`--list_tests`): its suites and their cases, the
//! plan the runner recovers crashed runs and deals `--partition` shards by.

/// A suite and its cases as `--list_tests` prints them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListedSuite {
    /// The suite's name.
    pub name: String,
    /// Its cases' names, in order.
    pub cases: Vec<String>,
}

/// Parses `--list_tests` output (`KTAP version 1`, `suite`, `suite.case`).
pub fn parse_listing(text: &str) -> Vec<ListedSuite> {
    let mut suites: Vec<ListedSuite> = Vec::new();
    for line in text.lines() {
        let line = line.trim_end();
        if line.is_empty()
            || line.starts_with("KTAP version")
            || line.starts_with('#')
            || line.contains(char::is_whitespace)
        {
            continue;
        }
        let (suite, case) = match line.split_once('.') {
            Some((suite, case)) => (suite, Some(case)),
            None => (line, None),
        };
        if suites.last().is_none_or(|s| s.name != suite) {
            suites.push(ListedSuite {
                name: suite.to_string(),
                cases: Vec::new(),
            });
        }
        if let (Some(case), Some(s)) = (case, suites.last_mut()) {
            s.cases.push(case.to_string());
        }
    }
    suites
}

#[cfg(test)]
#[path = "listing_kunit.rs"]
mod listing_kunit;
