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
mod tests {
    use super::*;

    fn listing(names: &[&str]) -> Vec<ListedSuite> {
        names
            .iter()
            .map(|n| ListedSuite {
                name: n.to_string(),
                cases: vec!["case".into()],
            })
            .collect()
    }

    /// Every (binary, suite) entry lands in exactly one of the N shards, and
    /// the shards differ in size by at most one.
    #[test]
    fn shards_cover_every_suite_once() {
        let listings = vec![
            listing(&["zeta", "alpha", "mid"]),
            listing(&[]),
            listing(&["alpha", "beta", "omega", "gamma", "delta"]),
        ];
        let total: usize = listings.iter().map(Vec::len).sum();
        for count in 1..=10 {
            let mut seen: Vec<(usize, String)> = Vec::new();
            let mut sizes = Vec::new();
            for index in 1..=count {
                let shard = Partition { index, count }.assign(&listings);
                assert_eq!(shard.len(), listings.len());
                sizes.push(shard.iter().map(Vec::len).sum::<usize>());
                for (b, names) in shard.into_iter().enumerate() {
                    seen.extend(names.into_iter().map(|n| (b, n)));
                }
            }
            seen.sort();
            let mut all: Vec<(usize, String)> = listings
                .iter()
                .enumerate()
                .flat_map(|(b, l)| l.iter().map(move |s| (b, s.name.clone())))
                .collect();
            all.sort();
            assert_eq!(seen, all, "N={count}");
            assert_eq!(sizes.iter().sum::<usize>(), total);
            let (min, max) = (sizes.iter().min(), sizes.iter().max());
            assert!(max.unwrap() - min.unwrap() <= 1, "N={count}: {sizes:?}");
        }
    }

    /// The shard of a suite depends on the names, not on listing order, and
    /// each binary's names come back in its listing order.
    #[test]
    fn split_is_by_sorted_name() {
        let p = Partition { index: 1, count: 2 };
        assert_eq!(
            p.assign(&[listing(&["d", "b", "a", "c"])]),
            [vec!["a".to_string(), "c".to_string()]]
        );
        assert_eq!(
            p.assign(&[listing(&["c", "a", "b", "d"])]),
            [vec!["c".to_string(), "a".to_string()]]
        );
        // The same name in two binaries: two entries, the first binary first.
        let q = Partition { index: 2, count: 2 };
        assert_eq!(
            q.assign(&[listing(&["s"]), listing(&["s"])]),
            [vec![], vec!["s".to_string()]]
        );
    }

    #[test]
    fn parse_accepts_k_of_n_only() {
        assert_eq!(
            Partition::parse("1/1"),
            Ok(Partition { index: 1, count: 1 })
        );
        assert_eq!(
            Partition::parse("3/3").map(|p| p.to_string()),
            Ok("3/3".to_string())
        );
        for (bad, why) in [
            ("0/2", "K, the shard, counts from 1 to N=2"),
            ("3/2", "K, the shard, counts from 1 to N=2"),
            ("1/0", "N, the number of shards, must be at least 1"),
            ("x", "expected K/N, e.g. 1/2"),
            ("", "expected K/N, e.g. 1/2"),
            ("1/x", "N is not a whole number"),
            ("-1/2", "K is not a whole number"),
            (" 1/2", "K is not a whole number"),
            ("1/2/3", "N is not a whole number"),
            ("count:1/2", "K is not a whole number"),
        ] {
            let err = Partition::parse(bad).unwrap_err();
            assert_eq!(err, format!("invalid value: '{bad}' ({why})"), "{bad}");
        }
    }
}
