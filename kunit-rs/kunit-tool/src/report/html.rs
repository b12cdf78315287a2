//! `--html FILE`: one self-contained HTML page for a run (no network, no
//! external assets): the totals, a bar per suite (passed, failed, skipped,
//! crashed) with its duration, the slowest cases, each failure with its log,
//! and a filter box.
//!
//! Every string from the run (names, logs, skip reasons) is escaped, and the
//! page's Content-Security-Policy allows only its own inline script (by a
//! nonce drawn for each report): a name or log line that held markup could
//! not run script even if it were not escaped.

use std::fmt::Write;
use std::time::Duration;

use crate::ktap::result_tree::Test;
use crate::ktap::status::{TestCounts, TestStatus};
use crate::report::textout::push_escaped;

/// Cases listed under "Slowest cases".
const SLOWEST: usize = 20;

pub(crate) const STYLE: &str = "body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222}\
h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.5em}\
.totals span{display:inline-block;margin-right:1.2em;font-weight:600}\
.passed{color:#1a7f37}.failed{color:#cf222e}.skipped{color:#9a6700}.crashed{color:#8250df}\
table{border-collapse:collapse;width:100%}td,th{padding:2px 8px;text-align:left;vertical-align:middle}\
tr:nth-child(even){background:#f6f8fa}\
.bar{display:flex;width:240px;height:12px;background:#eee}\
.bar span{display:block;height:100%}\
.bar .passed{background:#2da44e}.bar .failed{background:#cf222e}\
.bar .skipped{background:#d4a72c}.bar .crashed{background:#8250df}\
pre{background:#f6f8fa;padding:8px;overflow:auto;white-space:pre-wrap}\
input{font-size:1em;padding:4px;width:24em}";

/// The page's own script: the filter box hides the suites, cases and
/// failures whose names do not contain its text; `#filter=TEXT` in the
/// address fills it in (a link to a filtered view). It marks the body
/// `data-ready` when set up (the browser test checks it ran).
const SCRIPT: &str = "(function(){\
var box=document.getElementById('filter');\
var rows=document.querySelectorAll('[data-name]');\
function apply(){var q=box.value.toLowerCase();\
for(var i=0;i<rows.length;i++){var r=rows[i];\
r.hidden=q!==''&&r.getAttribute('data-name').toLowerCase().indexOf(q)<0;}}\
box.addEventListener('input',apply);\
var h=decodeURIComponent(location.hash.slice(1));\
if(h.indexOf('filter=')===0){box.value=h.slice(7);apply();}\
document.body.setAttribute('data-ready','1');\
})();";

/// Appends `s` escaped for HTML text and attribute values.
pub(crate) fn push_html(out: &mut String, s: &str) {
    push_escaped(
        out,
        s,
        |b| !matches!(b, b'&' | b'<' | b'>' | b'"' | b'\''),
        |out, c| {
            out.push_str(match c {
                '&' => "&amp;",
                '<' => "&lt;",
                '>' => "&gt;",
                '"' => "&quot;",
                _ => "&#39;",
            })
        },
    );
}

fn escaped(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    push_html(&mut out, s);
    out
}

/// A self-contained page's head, up to and including `<body>`: the CSP that allows inline
/// styles and only the scripts carrying `nonce`, then `title` and [`STYLE`] plus `extra_style`.
/// The run report and the coverage page share it.
pub(crate) fn push_head(out: &mut String, nonce: &str, title: &str, extra_style: &str) {
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; \
style-src 'unsafe-inline'; script-src 'nonce-{nonce}'\">\
<meta name=\"viewport\" content=\"width=device-width\">\
<title>{title}</title><style>{STYLE}{extra_style}</style></head>\n<body>"
    );
}

/// 128 random bits in hex, for the script's CSP nonce (std's hasher keys are
/// random per process and per `RandomState`).
pub(crate) fn nonce() -> String {
    use std::hash::{BuildHasher, Hasher};
    let word = || {
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u128(
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos()),
        );
        h.finish()
    };
    format!("{:016x}{:016x}", word(), word())
}

fn seconds(d: Option<Duration>) -> String {
    d.map_or_else(
        || "\u{2014}".to_string(),
        |d| format!("{:.3} s", d.as_secs_f64()),
    )
}

fn status_class(s: TestStatus) -> &'static str {
    match s {
        TestStatus::Success => "passed",
        TestStatus::Skipped => "skipped",
        TestStatus::TestCrashed => "crashed",
        _ => "failed",
    }
}

/// The leaf cases below `t` (`t` itself for a leaf) with their dotted paths.
fn leaves<'a>(t: &'a Test, path: &str, out: &mut Vec<(String, &'a Test)>) {
    if t.subtests.is_empty() {
        out.push((path.to_string(), t));
        return;
    }
    for s in &t.subtests {
        leaves(s, &format!("{path}.{}", s.name), out);
    }
}

/// Failed or crashed tests below `t` with their paths: leaves, and parents
/// that failed without a failed child (e.g. a suite that crashed on exit).
fn failures<'a>(t: &'a Test, path: &str, out: &mut Vec<(String, &'a Test)>) {
    let failed = |t: &Test| matches!(t.status, TestStatus::Failure | TestStatus::TestCrashed);
    if failed(t) && (t.subtests.is_empty() || !t.subtests.iter().any(failed)) {
        out.push((path.to_string(), t));
    }
    for s in &t.subtests {
        failures(s, &format!("{path}.{}", s.name), out);
    }
}

fn bar(out: &mut String, c: &TestCounts) {
    let total = c.total().max(1) as f64;
    out.push_str("<div class=\"bar\">");
    for (n, class) in [
        (c.passed, "passed"),
        (c.failed, "failed"),
        (c.skipped, "skipped"),
        (c.crashed, "crashed"),
    ] {
        if n > 0 {
            let _ = write!(
                out,
                "<span class=\"{class}\" style=\"width:{:.2}%\"></span>",
                n as f64 * 100.0 / total
            );
        }
    }
    out.push_str("</div>");
}

/// The report for the result tree `root` (the top-level test `main`).
pub fn get_html_report(root: &Test) -> String {
    let nonce = nonce();
    let mut out = String::with_capacity(4096 + root.subtests.len() * 400);
    let c = &root.counts;
    push_head(
        &mut out,
        &nonce,
        &format!("KUnit report: {}", root.counts.status().name()),
        "",
    );
    let _ = writeln!(
        out,
        "<h1>KUnit report: <span class=\"{}\">{}</span></h1>",
        status_class(root.counts.status()),
        root.counts.status().name(),
    );
    let _ = writeln!(
        out,
        "<p class=\"totals\" id=\"totals\"><span>Ran <b data-count=\"total\">{}</b> tests</span>\
<span class=\"passed\">passed: <b data-count=\"passed\">{}</b></span>\
<span class=\"failed\">failed: <b data-count=\"failed\">{}</b></span>\
<span class=\"skipped\">skipped: <b data-count=\"skipped\">{}</b></span>\
<span class=\"crashed\">crashed: <b data-count=\"crashed\">{}</b></span>\
<span>errors: <b data-count=\"errors\">{}</b></span>\
<span>suites: <b data-count=\"suites\">{}</b></span></p>",
        c.total(),
        c.passed,
        c.failed,
        c.skipped,
        c.crashed,
        c.errors,
        root.subtests.len()
    );
    out.push_str(
        "<p><input id=\"filter\" type=\"search\" placeholder=\"Filter suites and cases\" \
aria-label=\"Filter suites and cases\"></p>\n",
    );

    out.push_str(
        "<h2>Suites</h2>\n<table id=\"suites\"><thead><tr><th>suite</th><th>result</th>\
<th>cases</th><th>passed</th><th>failed</th><th>skipped</th><th>crashed</th>\
<th>duration</th></tr></thead><tbody>\n",
    );
    for s in &root.subtests {
        let name = escaped(&s.name);
        let sc = &s.counts;
        let _ = write!(
            out,
            "<tr class=\"suite\" data-name=\"{name}\"><td>{name}</td><td>"
        );
        bar(&mut out, sc);
        let _ = writeln!(
            out,
            "</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            sc.total(),
            sc.passed,
            sc.failed,
            sc.skipped,
            sc.crashed,
            seconds(s.duration)
        );
    }
    out.push_str("</tbody></table>\n");

    let mut cases = Vec::new();
    for s in &root.subtests {
        leaves(s, &s.name, &mut cases);
    }
    let mut timed: Vec<&(String, &Test)> =
        cases.iter().filter(|(_, t)| t.duration.is_some()).collect();
    timed.sort_by(|a, b| b.1.duration.cmp(&a.1.duration).then_with(|| a.0.cmp(&b.0)));
    timed.truncate(SLOWEST);
    out.push_str("<h2>Slowest cases</h2>\n");
    if timed.is_empty() {
        out.push_str("<p>No durations: the log's lines carry no times (durations are measured by <code>kunit run</code> and <code>kunit exec</code>).</p>\n");
    } else {
        out.push_str("<table id=\"slowest\"><thead><tr><th>case</th><th>result</th><th>duration</th></tr></thead><tbody>\n");
        for (path, t) in timed {
            let path = escaped(path);
            let _ = writeln!(
                out,
                "<tr class=\"case\" data-name=\"{path}\"><td>{path}</td><td class=\"{}\">{}</td><td>{}</td></tr>",
                status_class(t.status),
                t.status.name(),
                seconds(t.duration)
            );
        }
        out.push_str("</tbody></table>\n");
    }

    let mut failed = Vec::new();
    for s in &root.subtests {
        failures(s, &s.name, &mut failed);
    }
    let _ = writeln!(
        out,
        "<h2>Failures (<span data-count=\"failures\">{}</span>)</h2>",
        failed.len()
    );
    if failed.is_empty() {
        out.push_str("<p>None.</p>\n");
    }
    out.push_str("<div id=\"failures\">\n");
    for (path, t) in failed {
        let path = escaped(&path);
        let _ = write!(
            out,
            "<details class=\"failure\" open data-name=\"{path}\"><summary><b>{path}</b> \
<span class=\"{}\">{}</span></summary><pre>",
            status_class(t.status),
            t.status.name()
        );
        push_html(&mut out, t.log.joined());
        out.push_str("</pre></details>\n");
    }
    out.push_str("</div>\n");
    let _ = writeln!(
        out,
        "<script nonce=\"{nonce}\">{SCRIPT}</script>\n</body></html>"
    );
    out
}

#[cfg(test)]
#[path = "html_kunit.rs"]
mod html_kunit;
