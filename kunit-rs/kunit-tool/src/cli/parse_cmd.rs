//! `kunit parse [FILE...]`: parse saved logs (stdin without FILE), several
//! files as one run ([`crate::ktap::merge`]).

use std::io::{self, Read};

use super::options::{ParseArgs, RawOutput};
use super::write_reports::parse_and_report_merged;
use crate::ktap::reader::{Extractor, KtapSource, RawLines};
use crate::ktap::status::TestStatus;
use crate::report::json::Metadata;
use crate::report::printer::Printer;

/// `--raw_output`: print the input (all of it, or only the KTAP lines).
pub fn print_raw<R: Read>(input: R, mode: RawOutput, out: &mut Printer) {
    match mode {
        RawOutput::All | RawOutput::Full => {
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

/// Opens every input file before anything is parsed, so a typo in the last
/// name does not cost a half-printed report; the error names the file.
fn open_inputs(files: &[String]) -> Result<Vec<std::fs::File>, String> {
    files
        .iter()
        .map(|f| {
            let file = std::fs::File::open(f).map_err(|e| format!("cannot read '{f}': {e}"))?;
            match file.metadata() {
                Ok(m) if m.is_dir() => Err(format!("cannot read '{f}': it is a directory")),
                _ => Ok(file),
            }
        })
        .collect()
}

/// `kunit parse [FILE...]`: one report for all files (stdin without any).
/// A file that cannot be opened is a usage error: exit status 2.
pub fn run(args: &ParseArgs, out: &mut Printer) -> io::Result<i32> {
    let inputs: Vec<Box<dyn Read>> = if args.files.is_empty() {
        vec![Box::new(io::stdin().lock())]
    } else {
        let files = match open_inputs(&args.files) {
            Ok(files) => files,
            Err(message) => {
                eprintln!("kunit parse: error: {message}");
                return Ok(2);
            }
        };
        // A regular file never makes the parser wait, so lines are
        // printed in quick bursts and need not each read the clock.
        if files
            .iter()
            .all(|f| f.metadata().is_ok_and(|m| m.is_file()))
        {
            out.set_clock_check_interval(32);
        }
        files
            .into_iter()
            .map(|f| Box::new(f) as Box<dyn Read>)
            .collect()
    };
    if let Some(mode) = args.report.raw_output {
        for input in inputs {
            print_raw(input, mode, out);
        }
        return Ok(0);
    }
    let mut extractors: Vec<Extractor<Box<dyn Read>>> =
        inputs.into_iter().map(Extractor::new).collect();
    let test = parse_and_report_merged(
        extractors.iter_mut(),
        &args.report,
        &Metadata::default(),
        out,
    )?;
    for (i, ex) in extractors.iter_mut().enumerate() {
        if let Some(e) = ex.take_error() {
            let name = args.files.get(i).map_or("stdin", String::as_str);
            return Err(io::Error::new(e.kind(), format!("reading {name}: {e}")));
        }
    }
    Ok(if test.status == TestStatus::Success {
        0
    } else {
        1
    })
}
