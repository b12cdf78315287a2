//! `--run_isolated`: how many harness processes a binary's suites run in.

/// One harness process per suite or per case (instead of one per binary).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Isolation {
    /// A process for each suite.
    Suite,
    /// A process for each case.
    Test,
}
