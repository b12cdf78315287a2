//! `cargo xtask <task>`: the repository's own tasks.
//!
//! * `codegen [--check]` — writes the generated files (see [`xtask::codegen`]); with
//!   `--check`, writes nothing and fails when a checked-in file differs from what it would write.
//! * `harnesses` — builds the workspace's test executables and prints the path of each kunit
//!   harness binary among them, one a line (see [`xtask::harnesses`]).
//! * `layering [PACKAGE_DIR...]` — no import cycle between the files of any crate, declared
//!   layers one-way (see [`xtask::layering`]). Exit 1: a problem; 2: bad usage or unreadable code.

use std::process::ExitCode;

const USAGE: &str =
    "usage: cargo xtask codegen [--check]\n       cargo xtask harnesses\n       cargo xtask layering [PACKAGE_DIR...]";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    match args.as_slice() {
        ["codegen"] => codegen(false),
        ["codegen", "--check"] => codegen(true),
        ["harnesses"] => harnesses(),
        ["layering", dirs @ ..] if !dirs.iter().any(|d| d.starts_with('-')) => layering(dirs),
        _ => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn codegen(check: bool) -> ExitCode {
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

fn harnesses() -> ExitCode {
    match xtask::harnesses::list(&xtask::repo_root()) {
        Ok(bins) if bins.is_empty() => {
            eprintln!("xtask harnesses: no kunit harness binary among the test executables");
            ExitCode::FAILURE
        }
        Ok(bins) => {
            for bin in bins {
                println!("{}", bin.path.display());
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("xtask harnesses: {e}");
            ExitCode::FAILURE
        }
    }
}

fn layering(dirs: &[&str]) -> ExitCode {
    let dirs: Vec<std::path::PathBuf> = dirs.iter().map(Into::into).collect();
    let roots = match xtask::layering::roots(&dirs) {
        Ok(roots) => roots,
        Err(e) => {
            eprintln!("layering: {e}");
            return ExitCode::from(2);
        }
    };
    let mut problems = 0;
    for (root, label) in roots {
        match xtask::layering::check_crate(&root, &label) {
            Ok(report) if report.problems.is_empty() => println!("{}", report.summary),
            Ok(report) => {
                problems += report.problems.len();
                for p in report.problems {
                    eprintln!("layering: {p}");
                }
            }
            Err(e) => {
                eprintln!("layering: {e}");
                return ExitCode::from(2);
            }
        }
    }
    if problems > 0 {
        eprintln!("layering: {problems} problem(s)");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
