// Included by a module inside a #[kunit_tests] module: kunit cannot rewrite the async test
// attribute in a file it did not get as input, so plain `kunit::main!()` must refuse to start
// rather than lose the test.

#[tokio::test]
async fn in_the_included_file() {}
