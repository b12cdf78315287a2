//! `--json`: kunit_json.py's KernelCI-style document, byte for byte as
//! `json.dumps(group, indent=4)` writes it.

use std::fmt::Write;

use crate::ktap::result_tree::Test;
use crate::ktap::status::TestStatus;
use crate::report::textout::{push_escaped, push_newline_indent};

/// kunit_json.Metadata: what the run was built for (all empty for `parse`).
#[derive(Clone, Debug, Default)]
pub struct Metadata {
    /// The architecture (`arch`).
    pub arch: String,
    /// The configuration (`defconfig`).
    pub def_config: String,
    /// The build directory (`build_environment`).
    pub build_dir: String,
}

fn status_map(status: TestStatus) -> &'static str {
    match status {
        TestStatus::Success => "PASS",
        TestStatus::Skipped => "SKIP",
        TestStatus::TestCrashed => "ERROR",
        _ => "FAIL",
    }
}

/// A JSON string literal with Python's `ensure_ascii=True` escaping.
pub fn push_json_string(out: &mut String, s: &str) {
    out.push('"');
    let plain = |b: u8| matches!(b, b' '..=b'~') && b != b'"' && b != b'\\';
    push_escaped(out, s, plain, |out, c| match c {
        '"' => out.push_str("\\\""),
        '\\' => out.push_str("\\\\"),
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\t' => out.push_str("\\t"),
        '\u{08}' => out.push_str("\\b"),
        '\u{0c}' => out.push_str("\\f"),
        _ => {
            let mut units = [0u16; 2];
            for u in c.encode_utf16(&mut units) {
                let _ = write!(out, "\\u{u:04x}");
            }
        }
    });
    out.push('"');
}

struct Writer {
    out: String,
}

impl Writer {
    fn newline(&mut self, level: usize) {
        push_newline_indent(&mut self.out, 4 * level);
    }

    fn key(&mut self, level: usize, first: bool, key: &str) {
        if !first {
            self.out.push(',');
        }
        self.newline(level);
        push_json_string(&mut self.out, key);
        self.out.push_str(": ");
    }

    /// A list whose items `item` writes one level deeper than `level`
    /// (`[]` when empty, as `json.dumps` writes it).
    fn list<'t>(
        &mut self,
        level: usize,
        items: impl Iterator<Item = &'t Test>,
        mut item: impl FnMut(&mut Self, &'t Test),
    ) {
        let mut empty = true;
        for t in items {
            self.out.push(if empty { '[' } else { ',' });
            empty = false;
            self.newline(level + 1);
            item(self, t);
        }
        if empty {
            self.out.push_str("[]");
        } else {
            self.newline(level);
            self.out.push(']');
        }
    }

    fn group(&mut self, test: &Test, name: &str, meta: &Metadata, level: usize) {
        let inner = level + 1;
        self.out.push('{');
        self.key(inner, true, "name");
        push_json_string(&mut self.out, name);

        self.key(inner, false, "sub_groups");
        let groups = test.subtests.iter().filter(|t| !t.subtests.is_empty());
        self.list(inner, groups, |w, g| w.group(g, &g.name, meta, inner + 1));

        self.key(inner, false, "test_cases");
        let cases = test.subtests.iter().filter(|t| t.subtests.is_empty());
        self.list(inner, cases, |w, c| {
            w.out.push('{');
            w.key(inner + 2, true, "name");
            push_json_string(&mut w.out, &c.name);
            w.key(inner + 2, false, "status");
            push_json_string(&mut w.out, status_map(c.status));
            w.newline(inner + 1);
            w.out.push('}');
        });

        self.key(inner, false, "misc");
        self.out.push('{');
        let c = &test.counts;
        let misc = [
            ("tests", c.total()),
            ("passed", c.passed),
            ("failed", c.failed),
            ("crashed", c.crashed),
            ("skipped", c.skipped),
            ("errors", c.errors),
        ];
        for (i, (k, v)) in misc.iter().enumerate() {
            self.key(inner + 1, i == 0, k);
            let _ = write!(self.out, "{v}");
        }
        self.newline(inner);
        self.out.push('}');

        for (k, v) in [
            ("arch", &meta.arch),
            ("defconfig", &meta.def_config),
            ("build_environment", &meta.build_dir),
        ] {
            self.key(inner, false, k);
            push_json_string(&mut self.out, v);
        }
        for k in ["lab_name", "kernel", "job"] {
            self.key(inner, false, k);
            self.out.push_str("null");
        }
        self.key(inner, false, "git_branch");
        push_json_string(&mut self.out, "kselftest");
        self.newline(level);
        self.out.push('}');
    }
}

/// `kunit_json.get_json_result`: needs a tree parsed with `keep_tree`.
///
/// ```
/// use kunit_tool::json::{get_json_result, Metadata};
/// use kunit_tool::reader::Extractor;
/// use kunit_tool::{parse_run_tests, Printer};
///
/// let log = "KTAP version 1\n1..1\n    KTAP version 1\n    1..1\n    ok 1 case\nok 1 suite\n";
/// let result = parse_run_tests(Extractor::new(log.as_bytes()), &mut Printer::null(), true);
/// let doc = get_json_result(&result.test, &Metadata::default());
/// assert!(doc.starts_with("{\n    \"name\": \"KUnit Test Group\",\n    \"sub_groups\": [\n        {\n            \"name\": \"suite\","));
/// assert!(doc.contains("\"name\": \"case\",\n                    \"status\": \"PASS\""));
/// ```
pub fn get_json_result(test: &Test, meta: &Metadata) -> String {
    let mut w = Writer { out: String::new() };
    w.group(test, "KUnit Test Group", meta, 0);
    w.out
}

#[cfg(test)]
#[path = "json_kunit.rs"]
mod json_kunit;
