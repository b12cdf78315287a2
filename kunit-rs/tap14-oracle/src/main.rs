//! `tap14-oracle BIN...`: checks each kunit harness binary's `--format tap14` output with
//! `tap_parser` (see the library docs). Exit 0 when all agree, 1 on any disagreement, 2 on
//! bad usage.

use std::path::PathBuf;

fn main() {
    let bins: Vec<PathBuf> = std::env::args_os().skip(1).map(PathBuf::from).collect();
    if bins.is_empty()
        || bins
            .iter()
            .any(|b| b.to_str().is_some_and(|s| s.starts_with('-')))
    {
        eprintln!("usage: tap14-oracle HARNESS_BINARY...");
        std::process::exit(2);
    }
    let mut failed = 0;
    for bin in &bins {
        match tap14_oracle::harness::check_binary(bin) {
            Ok(a) => println!(
                "tap14-oracle: {}: {} suites, {} cases, {} params agree",
                bin.display(),
                a.suites,
                a.cases,
                a.params
            ),
            Err(e) => {
                failed += 1;
                eprintln!("tap14-oracle: FAIL {}:\n{e}", bin.display());
            }
        }
    }
    if failed > 0 {
        eprintln!(
            "tap14-oracle: {failed} of {} harness binaries disagree",
            bins.len()
        );
        std::process::exit(1);
    }
}
