// A test file with a file module holding tests (`common/mod.rs`) and one of helpers
// (`helpers.rs`). Under kunit, as the build errors for them say, the first is written
// `mod common { include!("common/mod.rs"); }`, and the second declared above the
// `#[kunit_tests]` module with `use super::helpers;` in it; the counts are libtest's.

mod common;
mod helpers;

use helpers::seven;

#[test]
fn top() {
    assert_eq!(common::three(), 3);
}

#[test]
fn from_the_helpers() {
    assert_eq!(seven(), 7);
}
