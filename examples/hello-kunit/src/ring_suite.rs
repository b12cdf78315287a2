//! The `ring_buffer` suite, written the way a kernel KUnit suite is: case functions, a case
//! table and `kunit_test_suite!`. It shows init/exit with private data, parameters with
//! descriptions, a slow case, deferred actions and named resources, and several assertion
//! kinds.

use crate::ring::Ring;
use kunit::prelude::*;
use std::fmt::Write as _;

const CAPACITY: usize = 4;

/// Every case starts with a fresh ring in the test's private data (`test->priv`).
fn ring_init(test: &mut Kunit) -> Result<(), i32> {
    test.set_priv(Ring::<u32>::with_capacity(CAPACITY));
    Ok(())
}

/// Whatever a case did, the ring's invariants still hold afterwards.
fn ring_exit(test: &mut Kunit) {
    let ring = test.priv_mut::<Ring<u32>>();
    let (len, capacity, iterated) = (ring.len(), ring.capacity(), ring.iter().count());
    kunit_expect_le!(test, len, capacity);
    kunit_expect_eq!(test, iterated, len);
}

fn test_fifo_order(test: &mut Kunit) {
    // The ring borrows `test`'s private data, so assertions go through a handle.
    let t = test.handle();
    let ring = test.priv_mut::<Ring<u32>>();
    for value in [10, 20, 30] {
        kunit_assert_true!(t, ring.push(value).is_ok());
    }
    kunit_expect_eq!(t, ring.len(), 3);
    kunit_expect_eq!(t, ring.peek(), Some(&10));
    kunit_expect_eq!(t, ring.pop(), Some(10));
    kunit_expect_eq!(t, ring.pop(), Some(20));
    kunit_expect_eq!(t, ring.len(), 1);
}

fn test_full_ring_rejects_push(test: &mut Kunit) {
    let mut ring = Ring::with_capacity(2);
    kunit_assert_true!(test, ring.push(1).is_ok() && ring.push(2).is_ok());
    kunit_expect_true!(test, ring.is_full());
    kunit_expect_eq!(test, ring.push(3), Err(3));
    kunit_expect_eq!(test, ring.iter().copied().collect::<Vec<_>>(), [1, 2]);
    let empty = Ring::<u8>::with_capacity(1);
    kunit_expect_null!(test, empty.peek());
}

/// One overwrite scenario: push `0..pushes` into a ring of `capacity`.
pub struct Overwrite {
    capacity: usize,
    pushes: u32,
    kept: &'static [u32],
}

static OVERWRITES: [Overwrite; 3] = [
    Overwrite {
        capacity: 3,
        pushes: 2,
        kept: &[0, 1],
    },
    Overwrite {
        capacity: 3,
        pushes: 3,
        kept: &[0, 1, 2],
    },
    Overwrite {
        capacity: 3,
        pushes: 7,
        kept: &[4, 5, 6],
    },
];

kunit_array_param!(
    overwrite_gen,
    OVERWRITES,
    |o: &Overwrite, desc: &mut String| {
        let _ = write!(desc, "{} pushes into {} slots", o.pushes, o.capacity);
    }
);

fn test_overwrite_keeps_newest(test: &mut Kunit) {
    let o = test.param::<Overwrite>();
    let mut ring = Ring::with_capacity(o.capacity);
    let evicted = (0..o.pushes).filter_map(|v| ring.push_overwrite(v)).count();
    let kept: Vec<u32> = ring.iter().copied().collect();
    kunit_expect_eq!(test, kept.as_slice(), o.kept);
    kunit_expect_eq!(
        test,
        evicted,
        (o.pushes as usize).saturating_sub(o.capacity)
    );
}

fn test_bytes_round_trip(test: &mut Kunit) {
    let mut ring = Ring::with_capacity(8);
    for &b in b"kunit" {
        kunit_assert_true!(test, ring.push(b).is_ok());
    }
    let bytes: Vec<u8> = std::iter::from_fn(|| ring.pop()).collect();
    kunit_expect_memeq!(test, &bytes[..], b"kunit", 5);
    kunit_expect_streq!(test, String::from_utf8_lossy(&bytes).as_ref(), "kunit");
}

/// Deferred actions run when the case ends however it ends (here: the temporary file is
/// removed even if an assertion aborts the case); `release_action` runs one early.
fn test_cleanup_actions(test: &mut Kunit) {
    let path = std::env::temp_dir().join(format!("hello-kunit-{}.txt", std::process::id()));
    kunit_assert_true!(test, std::fs::write(&path, "10 20 30").is_ok());
    let to_remove = path.clone();
    let remove = test.add_action(move || {
        let _ = std::fs::remove_file(to_remove);
    });
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    kunit_expect_streq!(test, text.as_str(), "10 20 30");
    test.release_action(remove);
    kunit_expect_false!(test, path.exists());

    // A named resource lives until the case ends.
    test.add_named_resource("scratch", Ring::<u32>::with_capacity(16));
    let found = test
        .find_named_resource::<Ring<u32>>("scratch")
        .map(|r| r.capacity());
    kunit_expect_eq!(test, found, Some(16));
}

/// Millions of wrap-arounds: marked slow, so `cargo test` skips it unless asked
/// (`-- --include-ignored`).
fn test_many_wraparounds(test: &mut Kunit) {
    const N: u64 = 3_000_000;
    let mut ring = Ring::with_capacity(7);
    let mut sum: u64 = (0..N).filter_map(|v| ring.push_overwrite(v)).sum();
    sum += std::iter::from_fn(|| ring.pop()).sum::<u64>();
    kunit_expect_eq!(test, sum, N * (N - 1) / 2);
}

static RING_CASES: &[Case] = &[
    kunit_case!(test_fifo_order),
    kunit_case!(test_full_ring_rejects_push),
    kunit_case_param!(test_overwrite_keeps_newest, overwrite_gen),
    kunit_case!(test_bytes_round_trip),
    kunit_case!(test_cleanup_actions),
    kunit_case_slow!(test_many_wraparounds),
];

kunit_test_suite!(Suite {
    name: "ring_buffer",
    test_cases: RING_CASES,
    init: Some(ring_init),
    exit: Some(ring_exit),
    ..Suite::DEFAULT
});
