//! KTAP harness for the checksum suites.
use checksum_kunit as _;
kunit::main!();
