//! `--partition K/N`: run one of N shards of the suites, so that N CI jobs
//! together run every suite exactly once.
//!
//! The split is by suite, as `cargo nextest run --partition count:K/N` splits
//! by test: every suite of every harness binary is one entry, the entries are
//! sorted by suite name (ties, the same suite name in two binaries, keep the
//! binaries' order), and entry `i` (counting from 0) goes to shard
//! `i % N + 1`. Sorting by name makes the split independent of the order the
//! binaries register or list their suites in and of the paths cargo gives the
//! binaries, so every machine that builds the same packages with the same
//! filter computes the same shards; dealing the entries out in turn keeps the
//! shards within one suite of each other in size.

use std::fmt;

use super::listing::ListedSuite;

/// Shard `index` (1-based, as nextest's `K`) of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Partition {
    /// `K`: which shard, from 1 to `count`.
    pub index: u64,
    /// `N`: how many shards there are.
    pub count: u64,
}

impl Partition {
    /// Parses `K/N` (both decimal integers, `1 <= K <= N`); the error says
    /// what is wrong with the value.
    ///
    /// ```
    /// use kunit_tool::exec::partition::Partition;
    ///
    /// assert_eq!(Partition::parse("2/3"), Ok(Partition { index: 2, count: 3 }));
    /// assert!(Partition::parse("0/2").is_err());
    /// assert!(Partition::parse("3/2").is_err());
    /// ```
    pub fn parse(value: &str) -> Result<Partition, String> {
        let Some((k, n)) = value.split_once('/') else {
            return Err(format!("invalid value: '{value}' (expected K/N, e.g. 1/2)"));
        };
        let number = |s: &str, what: &str| {
            s.parse::<u64>()
                .map_err(|_| format!("invalid value: '{value}' ({what} is not a whole number)"))
        };
        let (index, count) = (number(k, "K")?, number(n, "N")?);
        if count == 0 {
            return Err(format!(
                "invalid value: '{value}' (N, the number of shards, must be at least 1)"
            ));
        }
        if index == 0 || index > count {
            return Err(format!(
                "invalid value: '{value}' (K, the shard, counts from 1 to N={count})"
            ));
        }
        Ok(Partition { index, count })
    }

    /// For each binary's listing, the names of its suites in this shard (in
    /// the listing's order).
    pub fn assign(&self, listings: &[Vec<ListedSuite>]) -> Vec<Vec<String>> {
        let mut entries: Vec<(&str, usize, usize)> = listings
            .iter()
            .enumerate()
            .flat_map(|(b, suites)| {
                suites
                    .iter()
                    .enumerate()
                    .map(move |(i, s)| (s.name.as_str(), b, i))
            })
            .collect();
        // Stable by construction: (name, binary, position) is unique.
        entries.sort_unstable();
        let mut mine: Vec<Vec<usize>> = vec![Vec::new(); listings.len()];
        for (i, (_, b, pos)) in entries.into_iter().enumerate() {
            if i as u64 % self.count == self.index - 1 {
                mine[b].push(pos);
            }
        }
        mine.into_iter()
            .zip(listings)
            .map(|(mut positions, suites)| {
                positions.sort_unstable();
                positions
                    .into_iter()
                    .map(|p| suites[p].name.clone())
                    .collect()
            })
            .collect()
    }
}

impl fmt::Display for Partition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

#[cfg(test)]
#[path = "partition_kunit.rs"]
mod partition_kunit;
