//! kunit.py's `parse_tests`: parse a KTAP stream, print it (or only failures /
//! only the summary), then write the JSON and JUnit documents.

use std::io::{self, Write};
use std::path::PathBuf;

use super::options::{ReportDest, ReportOptions};
use crate::ktap::merge::parse_merged;
use crate::ktap::reader::KtapSource;
use crate::ktap::result_tree::Test;
use crate::report::html;
use crate::report::json::{self, Metadata};
use crate::report::junit;
use crate::report::printer::{self, Printer};

/// The tree is only kept when something needs it after parsing.
fn keep_tree(opts: &ReportOptions) -> bool {
    opts.failed || opts.json.is_some() || opts.junit.is_some() || opts.html.is_some()
}

/// `os.path.abspath`: absolute and lexically normalised, symlinks kept.
pub fn abspath(p: &str) -> PathBuf {
    kunit_c::lexical_join(&std::env::current_dir().unwrap_or_default(), p)
}

fn write_sink(out: &mut Printer, sink: &ReportDest, doc: &str) -> io::Result<()> {
    match sink {
        ReportDest::Stdout => {
            out.raw_line(doc);
            Ok(())
        }
        ReportDest::File(name) => {
            let mut f = std::fs::File::create(name)
                .map_err(|e| io::Error::new(e.kind(), format!("cannot write {name}: {e}")))?;
            f.write_all(doc.as_bytes())?;
            let line = format!("Test results stored in {}", abspath(name).display());
            out.line(&line);
            Ok(())
        }
    }
}

/// Parses `src`, prints as kunit.py does, writes the requested documents and
/// returns the top-level test (its status decides the exit code).
pub fn parse_and_report<S: KtapSource>(
    src: S,
    opts: &ReportOptions,
    meta: &Metadata,
    out: &mut Printer,
) -> io::Result<Test> {
    parse_and_report_merged(std::iter::once(src), opts, meta, out)
}

/// [`parse_and_report`] for several logs reported as one run
/// ([`crate::ktap::merge`]).
pub fn parse_and_report_merged<S: KtapSource>(
    sources: impl IntoIterator<Item = S>,
    opts: &ReportOptions,
    meta: &Metadata,
    out: &mut Printer,
) -> io::Result<Test> {
    let result = if opts.summary || opts.failed {
        parse_merged(sources, &mut Printer::null(), keep_tree(opts))
    } else {
        parse_merged(sources, out, keep_tree(opts))
    };
    let test = result.test;
    if opts.failed {
        printer::print_test(out, &test, true);
    }
    printer::print_summary_line(out, &test, &result.failure_paths);
    if let Some(sink) = &opts.json {
        write_sink(out, sink, &json::get_json_result(&test, meta))?;
    }
    if let Some(sink) = &opts.junit {
        write_sink(out, sink, &junit::get_junit_result(&test))?;
    }
    if let Some(file) = &opts.html {
        let sink = ReportDest::File(file.clone());
        write_sink(out, &sink, &html::get_html_report(&test))?;
    }
    out.flush();
    Ok(test)
}
