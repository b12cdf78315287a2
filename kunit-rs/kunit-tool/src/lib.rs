//! `kunit-tool`: a kunit.py-compatible runner for kunit-rs harnesses.
//!
//! The library parses KTAP exactly as `tools/testing/kunit/kunit_parser.py`
//! does and prints, serialises (JSON, JUnit) and exits the way `kunit.py`
//! does; the `kunit` binary adds the `run`/`build`/`exec`/`parse`
//! subcommands that drive cargo and the harness binaries.

pub mod cargo;
pub mod cli;
pub mod exec;
pub mod json;
pub mod junit;
pub mod lines;
pub mod merge;
pub mod parser;
pub mod printer;
pub mod pytext;
pub mod reader;
pub mod scan;
pub mod status;
pub mod test;

pub use parser::{parse_run_tests, ParseResult};
pub use printer::Printer;
pub use status::{TestCounts, TestStatus};
pub use test::Test;
