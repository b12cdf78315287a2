// A test file switched off as a whole: libtest runs 0 tests, and so must kunit.
#![cfg(feature = "absent")]

#[test]
fn never_built() {
    assert!(false);
}
