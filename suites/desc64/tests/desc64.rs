//! KTAP harness for the desc64 suite.
use desc64_kunit as _;
kunit::main!();
