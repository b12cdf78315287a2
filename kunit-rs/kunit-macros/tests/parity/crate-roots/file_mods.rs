// A test file with a file module holding tests (`common/mod.rs`). Under kunit the module is
// written `mod common { include!("common/mod.rs"); }` (what the build error for `mod common;`
// says); the counts are libtest's.

mod common;

#[test]
fn top() {
    assert_eq!(common::three(), 3);
}
