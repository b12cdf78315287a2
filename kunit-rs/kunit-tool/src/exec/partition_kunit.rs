//! `partition.rs`'s tests (suite `exec_partition`), declared by `partition.rs` under `cfg(test)` and run
//! by the library's test target (CONTRIBUTING.md, "One test convention").

#[kunit::kunit_tests(exec_partition)]
mod tests {
    use crate::exec::partition::*;

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
