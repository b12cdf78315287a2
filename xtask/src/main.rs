//! `cargo xtask <task>`: the repository's own tasks.
//!
//! * `codegen [--check]` — writes the generated files (see [`xtask::codegen`]); with
//!   `--check`, writes nothing and fails when a checked-in file differs from what it would write.

use std::process::ExitCode;

const USAGE: &str = "usage: cargo xtask codegen [--check]";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let check = match args.as_slice() {
        ["codegen"] => false,
        ["codegen", "--check"] => true,
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let root = xtask::repo_root();
    let result = if check {
        xtask::codegen::check(&root)
    } else {
        xtask::codegen::write(&root)
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask codegen: {e}");
            ExitCode::FAILURE
        }
    }
}
