//! `kunit parse [FILE]`: parse a saved log (stdin without FILE).

use std::io::{self, Read};

use super::args::{Args, RawOutput};
use super::report::{parse_and_report, ReportOptions};
use crate::json::Metadata;
use crate::printer::Printer;
use crate::reader::{Extractor, KtapSource, RawLines};
use crate::status::TestStatus;

/// `--raw_output`: print the input (all of it, or only the KTAP lines).
pub fn print_raw<R: Read>(input: R, mode: RawOutput, out: &mut Printer) {
    match mode {
        RawOutput::All => {
            let mut raw = RawLines::new(input);
            while let Some(line) = raw.next_line() {
                out.raw_line(line);
            }
        }
        RawOutput::Kunit => {
            let mut ex = Extractor::new(input);
            // Lines come out of the reader already right-stripped.
            while ex.advance().is_some() {
                out.raw_line(ex.line());
            }
        }
    }
    out.flush();
}

pub fn run(args: &Args, out: &mut Printer) -> io::Result<i32> {
    let input: Box<dyn Read> = match &args.file {
        Some(f) => {
            let file = std::fs::File::open(f)
                .map_err(|e| io::Error::new(e.kind(), format!("cannot open {f}: {e}")))?;
            // A regular file never makes the parser wait, so lines are
            // printed in quick bursts and need not each read the clock.
            if file.metadata().is_ok_and(|m| m.is_file()) {
                out.set_clock_check_interval(32);
            }
            Box::new(file)
        }
        None => Box::new(io::stdin().lock()),
    };
    if let Some(mode) = args.raw_output {
        print_raw(input, mode, out);
        return Ok(0);
    }
    let opts = ReportOptions {
        summary: args.summary,
        failed: args.failed,
        json: args.json.clone(),
        junit: args.junit.clone(),
        meta: Metadata::default(),
    };
    let mut extractor = Extractor::new(input);
    let test = parse_and_report(&mut extractor, &opts, out)?;
    if let Some(e) = extractor.take_error() {
        return Err(io::Error::new(e.kind(), format!("reading input: {e}")));
    }
    Ok(if test.status == TestStatus::Success {
        0
    } else {
        1
    })
}
