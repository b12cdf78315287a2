//! Runs one harness binary the three ways [`crate::check`] needs.

use crate::check::{check, split_output, Agreed, HarnessReport};
use std::path::Path;
use std::process::Command;

/// stdout of `bin args...`, and whether it exited 0. A signal or an exit code other than 0
/// and 101 (libtest's "tests failed") is an error.
fn run(bin: &Path, args: &[&str]) -> Result<(String, bool), String> {
    let out = Command::new(bin)
        .args(args)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", bin.display()))?;
    let ok = match out.status.code() {
        Some(0) => true,
        Some(101) => false,
        _ => {
            return Err(format!(
                "{} {}: {} (stderr: {})",
                bin.display(),
                args.join(" "),
                out.status,
                String::from_utf8_lossy(&out.stderr).trim_end()
            ))
        }
    };
    let stdout = String::from_utf8(out.stdout)
        .map_err(|_| format!("{} {}: stdout is not UTF-8", bin.display(), args.join(" ")))?;
    Ok((stdout, ok))
}

/// `suite.case` names of a `--list --format terse` listing.
fn names(listing: &str) -> Vec<String> {
    listing
        .lines()
        .filter_map(|l| l.strip_suffix(": test"))
        .map(str::to_owned)
        .collect()
}

/// Runs `bin --format tap14`, `--list --format terse` and `--list --format terse --ignored`
/// and checks the TAP 14 against the other two and the closing line.
pub fn check_binary(bin: &Path) -> Result<Agreed, String> {
    let (stdout, exit_ok) = run(bin, &["--format", "tap14"])?;
    let (tap, summary) = split_output(&stdout)?;
    if summary.ok != exit_ok {
        return Err(format!(
            "closing line says {} but the exit code says {}",
            if summary.ok { "ok" } else { "FAILED" },
            if exit_ok { "ok" } else { "FAILED" }
        ));
    }
    let report = HarnessReport {
        listed: names(&run(bin, &["--list", "--format", "terse"])?.0),
        ignored: names(&run(bin, &["--list", "--format", "terse", "--ignored"])?.0),
        summary,
    };
    check(tap, &report)
}
