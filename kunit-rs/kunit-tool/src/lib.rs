//! `kunit-tool`: a kunit.py-compatible runner for kunit-rs harnesses.
//!
//! The library parses KTAP exactly as `tools/testing/kunit/kunit_parser.py`
//! does and prints, serialises (JSON, JUnit) and exits the way `kunit.py`
//! does; the `kunit` binary adds the `run`/`build`/`exec`/`parse`
//! subcommands that drive cargo and the harness binaries.
//!
//! # The `kunit` runner
//!
//! `cargo install --path kunit-rs/kunit-tool` puts `kunit` on `PATH`. It
//! builds the cargo project it is started in (the nearest `Cargo.toml` at
//! or above the current directory, or `--manifest-path PATH`), runs the
//! KUnit harnesses among its test targets and prints kunit.py's report:
//! `kunit run`, `kunit build`, `kunit exec [--partition K/N]`,
//! `kunit parse [FILE...]`. `kunit --help` and `kunit SUBCOMMAND --help`
//! describe every option. The binary is a thin layer over this library:
//! [`cli::main_with_args`].
//!
//! # Parsing a KTAP log
//!
//! [`parse_run_tests`] reads KTAP (also inside a kernel log, with its
//! printk prefixes), prints it as kunit.py does and returns the result tree;
//! [`json`] and [`junit`] serialise the tree, and
//! [`printer::print_summary_line`] prints the summary line:
//!
//! ```
//! use std::sync::{Arc, Mutex};
//!
//! use kunit_tool::reader::Extractor;
//! use kunit_tool::{junit, parse_run_tests, printer, Printer, TestStatus};
//!
//! let log = "\
//! [    0.5] KTAP version 1
//! [    0.5] 1..1
//! [    0.5]     KTAP version 1
//! [    0.5]     # Subtest: example
//! [    0.5]     1..2
//! [    0.5]     ok 1 example_simple_test
//! [    0.5]     # example_fail_test: EXPECTATION FAILED at lib/kunit/kunit-example-test.c:42
//! [    0.5]     not ok 2 example_fail_test
//! [    0.5] not ok 1 example
//! ";
//! let out = Arc::new(Mutex::new(Vec::new()));
//! let mut p = Printer::to_vec(out.clone());
//! // `true` keeps the result tree (for JSON, JUnit and `--failed`).
//! let result = parse_run_tests(Extractor::new(log.as_bytes()), &mut p, true);
//! printer::print_summary_line(&mut p, &result.test, &result.failure_paths);
//! drop(p);
//!
//! assert_eq!(result.test.status, TestStatus::Failure);
//! let suite = &result.test.subtests[0];
//! assert_eq!((suite.name.as_str(), suite.subtests.len()), ("example", 2));
//! let text = String::from_utf8(out.lock().unwrap().clone()).unwrap();
//! // Every printed line carries kunit.py's `[HH:MM:SS] ` timestamp.
//! assert!(text.contains("] [FAILED] example_fail_test\n"));
//! assert!(text.ends_with("] Testing complete. Ran 2 tests: passed: 1, failed: 1\n"));
//! assert!(junit::get_junit_result(&result.test)
//!     .contains(r#"<testsuite name="example" tests="2" failures="1" skipped="0" errors="0">"#));
//! ```
//!
//! Several logs (e.g. the shards of a `--partition` run) are reported as
//! one run with [`merge::parse_merged`].
//!
//! # Layers
//!
//! Four folders, each a layer, with no import cycle between files
//! (`cargo xtask layering` checks both).
//!
//! Layers, lowest first (a file imports only its own layer and those below):
//! 1. `ktap` — lines and their classes (scan, reader, lines, pytext), the parser, merging logs, the result tree and its statuses; it prints through `ktap::output::ParseOutput`
//! 2. `report` — kunit.py's console output (the printer), JSON, JUnit, the HTML page
//! 3. `exec` — running harness binaries: cargo, listing, `--partition`, isolation, splicing crashed runs, spooling, processes
//! 4. `cli` — the `kunit` command line (clap) and its subcommands

#![warn(missing_docs)]

pub mod cli;
pub mod exec;
pub mod ktap;
pub mod report;

// The test target's harness: runs the `*_kunit.rs` suites the modules declare under cfg(test).
#[cfg(test)]
kunit::main!();

// The library's short paths: the modules and items most callers use.
pub use ktap::parser::{parse_run_tests, ParseResult};
pub use ktap::result_tree as test;
pub use ktap::result_tree::Test;
pub use ktap::status::{TestCounts, TestStatus};
pub use ktap::{merge, parser, pytext, reader, status};
pub use report::printer::Printer;
pub use report::{html, json, junit, printer};
