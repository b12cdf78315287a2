//! `spool.rs`'s tests (suite `exec_spool`), declared by `spool.rs` under `cfg(test)` and run
//! by the library's test target (CONTRIBUTING.md, "One test convention").

#[kunit::kunit_tests(exec_spool)]
mod tests {
    use crate::exec::spool::*;
    use std::sync::mpsc::channel;

    #[test]
    fn spills_in_order_past_the_budget() {
        let (tx, rx) = channel();
        let queued = Arc::new(AtomicUsize::new(0));
        let mut s = Spooler::new(tx, queued.clone(), Instant::now());
        let big = "x".repeat(1 << 20);
        for i in 0..40 {
            s.push(Item::Line(format!("{i} {big}")));
        }
        s.push(Item::SuiteResult {
            prefix: "ok ".into(),
            rest: " s".into(),
        });
        s.push(Item::Plan(7));
        drop(s);
        let mut got = Vec::new();
        let mut spilled = 0;
        for m in rx {
            match m {
                Msg::Item(i, _) => got.push(i),
                Msg::Spilled(p) => {
                    spilled += 1;
                    let mut r = SpillReader::open(p.clone()).unwrap();
                    while let Some((i, _)) = r.next_item() {
                        got.push(i);
                    }
                    drop(r);
                    assert!(!p.exists());
                }
            }
        }
        assert!(spilled >= 1);
        assert_eq!(got.len(), 42);
        for (i, item) in got.iter().take(40).enumerate() {
            assert!(matches!(item, Item::Line(l) if l.starts_with(&format!("{i} "))));
        }
        assert_eq!(
            got[40],
            Item::SuiteResult {
                prefix: "ok ".into(),
                rest: " s".into()
            }
        );
        assert_eq!(got[41], Item::Plan(7));
    }
}
