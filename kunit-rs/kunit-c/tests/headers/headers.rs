//! Runs kunit-c's header self-tests (`core/`, `lib/`, `crypto/`): KUnit C suites of our own
//! for the headers under `kunit-rs/kunit-c/include`, with KUnit's C API.

kunit::main!();
