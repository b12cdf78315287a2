//! `include/MANIFEST.toml`, the one list of kunit-c's headers, holds: every header under
//! `include/` is in it (and nothing else), each names the test that covers it and that test
//! exists (a C suite includes the header itself), and the guide's header table
//! (`docs/src/c-suites.md`, between its `header-table` markers) is the one generated from it.
//! `KUNIT_C_BLESS=1 cargo test -p kunit-c --test header_manifest` rewrites the table.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use kunit::prelude::*;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn include() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("include")
}

/// One `[[header]]` of the manifest.
struct Header {
    path: String,
    kernel: String,
    provides: String,
    completeness: String,
    missing: String,
    test: String,
}

/// The manifest's headers, in file order; a missing or mistyped field is an error naming it.
fn parse(text: &str) -> Result<Vec<Header>, String> {
    let table: toml::Table = text.parse().map_err(|e| format!("MANIFEST.toml: {e}"))?;
    let entries = table
        .get("header")
        .and_then(|h| h.as_array())
        .ok_or("MANIFEST.toml: no [[header]] entries")?;
    let mut headers = Vec::new();
    for (i, e) in entries.iter().enumerate() {
        let field = |name: &str| -> Result<String, String> {
            e.get(name)
                .and_then(|v| v.as_str())
                .map(str::to_owned)
                .ok_or_else(|| format!("MANIFEST.toml: header #{}: no string `{name}`", i + 1))
        };
        let h = Header {
            path: field("path")?,
            kernel: field("kernel")?,
            provides: field("provides")?,
            completeness: field("completeness")?,
            missing: field("missing")?,
            test: field("test")?,
        };
        match h.completeness.as_str() {
            "complete" if h.missing.is_empty() => {}
            "partial" if !h.missing.is_empty() => {}
            _ => {
                return Err(format!(
                    "MANIFEST.toml: {}: completeness is \"complete\" (missing empty) or \
                     \"partial\" (missing says what), not {:?} with missing {:?}",
                    h.path, h.completeness, h.missing
                ))
            }
        }
        headers.push(h);
    }
    Ok(headers)
}

fn manifest() -> Vec<Header> {
    let text = std::fs::read_to_string(include().join("MANIFEST.toml")).expect("MANIFEST.toml");
    parse(&text).unwrap_or_else(|e| panic!("{e}"))
}

/// Every `*.h` under `dir`, relative to it.
fn headers_under(dir: &Path, base: &Path, out: &mut BTreeSet<String>) {
    for e in std::fs::read_dir(dir).expect("read include/").flatten() {
        let path = e.path();
        if path.is_dir() {
            headers_under(&path, base, out);
        } else if path.extension().is_some_and(|x| x == "h") {
            let rel = path.strip_prefix(base).expect("under include/");
            out.insert(rel.to_string_lossy().replace('\\', "/"));
        }
    }
}

/// Problems between the manifest and the tree: headers missing from it, entries naming no
/// header, duplicates, tests that do not exist or do not include their header.
fn problems(headers: &[Header], on_disk: &BTreeSet<String>, root: &Path) -> Vec<String> {
    let mut found = Vec::new();
    let mut listed = BTreeSet::new();
    for h in headers {
        if !listed.insert(h.path.clone()) {
            found.push(format!("{}: listed twice", h.path));
        }
        if !on_disk.contains(&h.path) {
            found.push(format!(
                "{}: listed, but there is no include/{}",
                h.path, h.path
            ));
        }
        let test = root.join(&h.test);
        match std::fs::read_to_string(&test) {
            Err(e) => found.push(format!("{}: its test {}: {e}", h.path, h.test)),
            Ok(text) if h.test.ends_with(".c") => {
                let wanted = format!("<{}>", h.path);
                let includes = text.lines().any(|l| {
                    let l = l.trim_start();
                    l.starts_with('#') && l.contains("include") && l.contains(&wanted)
                });
                if !includes {
                    found.push(format!(
                        "{}: its test {} does not include it",
                        h.path, h.test
                    ));
                }
            }
            Ok(_) => {}
        }
    }
    for h in on_disk.difference(&listed) {
        found.push(format!("include/{h} is not in include/MANIFEST.toml"));
    }
    found
}

const BEGIN: &str = "<!-- header-table: generated from kunit-rs/kunit-c/include/MANIFEST.toml \
                     by kunit-c's test header_manifest; do not edit -->";
const END: &str = "<!-- header-table end -->";

/// The guide's table: one row per header.
fn table(headers: &[Header]) -> String {
    let cell = |s: &str| s.replace('|', "\\|");
    let mut t = String::from(
        "| header | stands in for | provides | complete | covered by |\n|---|---|---|---|---|\n",
    );
    for h in headers {
        let kernel = if h.kernel.is_empty() {
            "(kunit-c's own)".to_owned()
        } else {
            format!("`{}`", h.kernel)
        };
        let complete = if h.completeness == "complete" {
            "yes".to_owned()
        } else {
            format!("partial: {}", cell(&h.missing))
        };
        t.push_str(&format!(
            "| `<{}>` | {} | {} | {} | `{}` |\n",
            h.path,
            kernel,
            cell(&h.provides),
            complete,
            h.test
        ));
    }
    t
}

/// `doc` with the text between the markers replaced by `table`.
fn with_table(doc: &str, table: &str) -> Result<String, String> {
    let start = doc
        .find(BEGIN)
        .ok_or("the guide has no header-table begin marker")?;
    let end = doc[start..]
        .find(END)
        .map(|e| start + e)
        .ok_or("the guide has no header-table end marker")?;
    Ok(format!("{}{BEGIN}\n{table}{}", &doc[..start], &doc[end..]))
}

fn every_header_is_listed_and_tested(test: &mut Kunit) {
    let mut on_disk = BTreeSet::new();
    headers_under(&include(), &include(), &mut on_disk);
    kunit_assert_gt!(test, on_disk.len(), 0);
    let found = problems(&manifest(), &on_disk, &root());
    kunit_expect_eq_msg!(test, found.len(), 0, "{}", found.join("\n"));
}

fn guide_table_is_generated(test: &mut Kunit) {
    let guide = root().join("docs/src/c-suites.md");
    let doc = std::fs::read_to_string(&guide).expect("docs/src/c-suites.md");
    let want = with_table(&doc, &table(&manifest())).unwrap_or_else(|e| panic!("{e}"));
    if std::env::var_os("KUNIT_C_BLESS").is_some() {
        std::fs::write(&guide, &want).expect("write the guide");
        return;
    }
    kunit_expect_true_msg!(
        test,
        doc == want,
        "docs/src/c-suites.md's header table is stale: run \
         KUNIT_C_BLESS=1 cargo test -p kunit-c --test header_manifest"
    );
}

/// The checks catch what they are for, on a manifest and a tree of our own.
fn checks_catch_mistakes(test: &mut Kunit) {
    let dir = std::env::temp_dir().join(format!("kunit-c-manifest-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("t")).expect("temporary folder");
    std::fs::write(
        dir.join("t/a_kunit.c"),
        "#include <linux/a.h>\n#include <linux/gone.h>\n",
    )
    .expect("write");
    std::fs::write(dir.join("t/b_kunit.c"), "#include <linux/other.h>\n").expect("write");
    let entry = |path: &str, test: &str| {
        format!(
            "[[header]]\npath = \"{path}\"\nkernel = \"include/{path}\"\nprovides = \"x\"\n\
             completeness = \"complete\"\nmissing = \"\"\ntest = \"{test}\"\n"
        )
    };
    let text = [
        entry("linux/a.h", "t/a_kunit.c"),
        entry("linux/b.h", "t/b_kunit.c"),
        entry("linux/c.h", "t/no_such_kunit.c"),
        entry("linux/gone.h", "t/a_kunit.c"),
    ]
    .concat();
    let headers = parse(&text).expect("a well-formed manifest");
    let on_disk: BTreeSet<String> = ["linux/a.h", "linux/b.h", "linux/c.h", "linux/new.h"]
        .into_iter()
        .map(str::to_owned)
        .collect();
    let found = problems(&headers, &on_disk, &dir);
    let _ = std::fs::remove_dir_all(&dir);
    kunit_expect_eq_msg!(test, found.len(), 4, "{found:?}");
    kunit_expect_streq!(
        test,
        found[0].as_str(),
        "linux/b.h: its test t/b_kunit.c does not include it"
    );
    kunit_expect_true!(
        test,
        found[1].starts_with("linux/c.h: its test t/no_such_kunit.c: ")
    );
    kunit_expect_streq!(
        test,
        found[2].as_str(),
        "linux/gone.h: listed, but there is no include/linux/gone.h"
    );
    kunit_expect_streq!(
        test,
        found[3].as_str(),
        "include/linux/new.h is not in include/MANIFEST.toml"
    );

    // A "partial" header says what it lacks; a stale table is told from a fresh one.
    let bad = entry("linux/a.h", "t/a_kunit.c").replace("\"complete\"", "\"partial\"");
    kunit_expect_true!(test, parse(&bad).is_err());
    let fresh =
        with_table(&format!("x\n{BEGIN}\nold\n{END}\ny\n"), &table(&headers)).expect("markers");
    kunit_expect_true!(
        test,
        fresh.contains("| `<linux/a.h>` | `include/linux/a.h` | x | yes |")
    );
    kunit_expect_false!(test, fresh.contains("old"));
    kunit_expect_true!(test, with_table("no markers", "t").is_err());
}

static CASES: &[Case] = &[
    kunit_case!(every_header_is_listed_and_tested),
    kunit_case!(guide_table_is_generated),
    kunit_case!(checks_catch_mistakes),
];
kunit_test_suite!(Suite {
    name: "kunit_c_header_manifest",
    test_cases: CASES,
    ..Suite::DEFAULT
});

kunit::main!();
