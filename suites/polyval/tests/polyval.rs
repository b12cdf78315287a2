use polyval_kunit as _;

#[path = "../src/guarded_kunit.rs"]
mod guarded_kunit;
#[path = "../src/rand_kunit.rs"]
mod rand_kunit;
#[path = "../src/vectors_kunit.rs"]
mod vectors_kunit;

kunit::main!();
