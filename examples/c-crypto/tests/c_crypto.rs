//! Runs the C suites of `tests/*_kunit.c`: the headers lib/crypto code needs, and a hash
//! library tested the way the kernel's lib/crypto tests test theirs.

kunit::main!();
