//! `--coverage`'s HTML page (`DIR/index.html`): written by kunit from the LCOV data, with the
//! run report's style and the same Content-Security-Policy (`--html`, [`super::html`]): no
//! network, only its own inline script (by nonce). The totals, a row per file, and each
//! file's source with every instrumented line marked covered (`cov`) or not (`uncov`) and its
//! count. Each number carries a `data-*` attribute, which the browser test compares with
//! `lcov.info`.

use std::fmt::Write;

use super::html::{nonce, push_head, push_html};
use super::lcov::{percent, totals, FileCov};

const COVERAGE_STYLE: &str = "tr.cov td.n{background:#dafbe1}tr.uncov td.n{background:#ffebe9}\
tr.uncov code{background:#ffebe9}table.src td{padding:0 8px;font:12px/1.35 monospace}\
table.src tr:nth-child(even){background:none}td.n,td.c{text-align:right;color:#57606a}";

/// Marks the page ready and filters the file rows by the text in the box.
const SCRIPT: &str = "(function(){\
var box=document.getElementById('filter');\
var rows=document.querySelectorAll('[data-name]');\
box.addEventListener('input',function(){var q=box.value.toLowerCase();\
for(var i=0;i<rows.length;i++){var r=rows[i];\
r.hidden=q!==''&&r.getAttribute('data-name').toLowerCase().indexOf(q)<0;}});\
document.body.setAttribute('data-ready','1');\
})();";

fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    push_html(&mut out, s);
    out
}

/// The page for `files`; `source` gives a file's text (a file it cannot read is listed
/// without its source, saying so). `title` names the run (e.g. the project).
pub fn coverage_page(
    title: &str,
    files: &[FileCov],
    source: &dyn Fn(&str) -> Option<String>,
) -> String {
    let nonce = nonce();
    let t = totals(files);
    let mut out = String::new();
    let title = esc(title);
    push_head(
        &mut out,
        &nonce,
        &format!("Coverage: {title}"),
        COVERAGE_STYLE,
    );
    let _ = writeln!(out, "<h1>Coverage: {title}</h1>");
    let _ = writeln!(
        out,
        "<p class=\"totals\" id=\"totals\">\
<span>lines: <b data-total=\"lines-hit\">{}</b> of <b data-total=\"lines-found\">{}</b> ({})</span>\
<span>functions: <b data-total=\"functions-hit\">{}</b> of <b data-total=\"functions-found\">{}</b> ({})</span>\
<span>branches: <b data-total=\"branches-hit\">{}</b> of <b data-total=\"branches-found\">{}</b> ({})</span>\
<span>files: <b data-total=\"files\">{}</b></span></p>",
        t.lines_hit,
        t.lines_found,
        percent(t.lines_hit, t.lines_found),
        t.functions_hit,
        t.functions_found,
        percent(t.functions_hit, t.functions_found),
        t.branches_hit,
        t.branches_found,
        percent(t.branches_hit, t.branches_found),
        files.len()
    );
    out.push_str("<p><input id=\"filter\" type=\"search\" placeholder=\"Filter files\" aria-label=\"Filter files\"></p>\n");
    out.push_str("<h2>Files</h2>\n<table><tr><th>File</th><th>Lines</th><th>%</th><th>Functions</th><th>Branches</th></tr>\n");
    for (i, f) in files.iter().enumerate() {
        let _ = writeln!(
            out,
            "<tr data-name=\"{p}\"><td><a href=\"#f{i}\">{p}</a></td>\
<td data-file-lines=\"{i}\">{} / {}</td><td>{}</td><td>{} / {}</td><td>{} / {}</td></tr>",
            f.lines_hit(),
            f.lines_found(),
            percent(f.lines_hit(), f.lines_found()),
            f.functions_hit(),
            f.functions_found(),
            f.branches_hit(),
            f.branches_found(),
            p = esc(&f.path)
        );
    }
    out.push_str("</table>\n");
    for (i, f) in files.iter().enumerate() {
        let _ = writeln!(out, "<h2 id=\"f{i}\">{}</h2>", esc(&f.path));
        let Some(text) = source(&f.path) else {
            out.push_str("<p>(source not readable)</p>\n");
            continue;
        };
        out.push_str("<table class=\"src\">\n");
        for (k, line) in text.lines().enumerate() {
            let n = k as u32 + 1;
            let (class, count) = match f.lines.get(&n) {
                Some(&0) => ("uncov", "0".to_string()),
                Some(c) => ("cov", c.to_string()),
                None => ("none", String::new()),
            };
            let _ = writeln!(
                out,
                "<tr class=\"{class}\" id=\"f{i}-L{n}\"><td class=\"n\">{n}</td><td class=\"c\">{count}</td><td><code>{}</code></td></tr>",
                esc(line)
            );
        }
        out.push_str("</table>\n");
    }
    let _ = writeln!(
        out,
        "<script nonce=\"{nonce}\">{SCRIPT}</script></body></html>"
    );
    out
}

#[cfg(test)]
#[path = "coverage_html_kunit.rs"]
mod coverage_html_kunit;
