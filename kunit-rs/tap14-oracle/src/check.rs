//! Reads one harness run's `--format tap14` output with `tap_parser` and checks it against
//! what the harness itself reports: its `--list` (the cases, in order), its `--list --ignored`
//! (the slow cases it skips by default) and libtest's closing line (the counts).
//!
//! The tree it expects is kunit's: the top-level plan counts suites, each suite is a commented
//! subtest (`# Subtest: suite`) ended by a test point of the same name, each case is a test
//! point in it, and a parameterized case is a commented subtest of its parameters.

use tap_parser::{DirectiveKind, TapParser, TapStatement, TapSubDocument, TapTest};

/// What the harness says about a run, independently of its TAP.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HarnessReport {
    /// `suite.case` names from `--list --format terse`, in order.
    pub listed: Vec<String>,
    /// `suite.case` names from `--list --format terse --ignored`: reported `# SKIP` by default.
    pub ignored: Vec<String>,
    /// The counts of libtest's closing line.
    pub summary: Summary,
}

/// `test result: ok. P passed; F failed; I ignored; ...`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// `ok` (true) or `FAILED`.
    pub ok: bool,
    /// Cases that passed.
    pub passed: usize,
    /// Cases that failed.
    pub failed: usize,
    /// Cases reported skipped.
    pub ignored: usize,
}

impl Summary {
    /// Parses libtest's closing line; `None` when `line` is not one.
    pub fn parse(line: &str) -> Option<Summary> {
        let rest = line.strip_prefix("test result: ")?;
        let (verdict, counts) = rest.split_once(". ")?;
        let ok = match verdict {
            "ok" => true,
            "FAILED" => false,
            _ => return None,
        };
        let mut fields = counts.split("; ").map(|f| f.split_once(' '));
        let mut count = |what: &str| match fields.next() {
            Some(Some((n, w))) if w == what => n.parse().ok(),
            _ => None,
        };
        Some(Summary {
            ok,
            passed: count("passed")?,
            failed: count("failed")?,
            ignored: count("ignored")?,
        })
    }
}

/// Splits a harness's stdout into the TAP document and the closing line's counts.
pub fn split_output(stdout: &str) -> Result<(&str, Summary), String> {
    let at = stdout
        .rfind("\ntest result: ")
        .ok_or("no libtest closing line ('test result: ...') in the output")?;
    let line = stdout[at + 1..].lines().next().unwrap_or_default();
    let summary =
        Summary::parse(line).ok_or_else(|| format!("unreadable closing line '{line}'"))?;
    Ok((&stdout[..at + 1], summary))
}

/// One case as the TAP tree has it.
#[derive(Debug)]
struct CaseResult<'a> {
    ok: bool,
    skip: Option<Option<&'a str>>,
}

/// What the document held, for the caller's message.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Agreed {
    /// Suites (top-level subtests).
    pub suites: usize,
    /// Cases (test points or parameterized subtests inside the suites).
    pub cases: usize,
    /// Parameters of parameterized cases.
    pub params: usize,
}

/// The statements of a (sub)document, split by kind.
struct Body<'s, 'a> {
    plans: Vec<usize>,
    points: Vec<Point<'s, 'a>>,
}

/// A test point, plain or ending a subtest.
enum Point<'s, 'a> {
    Plain(&'s TapTest<'a>),
    Subtest(&'s TapSubDocument<'a>),
}

impl<'s, 'a> Point<'s, 'a> {
    fn test(&self) -> &'s TapTest<'a> {
        match self {
            Point::Plain(t) => t,
            Point::Subtest(s) => &s.ending,
        }
    }
}

fn body<'s, 'a>(statements: &'s [TapStatement<'a>]) -> Body<'s, 'a> {
    let mut b = Body {
        plans: Vec::new(),
        points: Vec::new(),
    };
    for s in statements {
        match s {
            TapStatement::Plan(p) => b.plans.push(p.count),
            TapStatement::TestPoint(t) => b.points.push(Point::Plain(t)),
            TapStatement::Subtest(d) => b.points.push(Point::Subtest(d)),
            TapStatement::Comment(_) => {}
        }
    }
    b
}

fn skip_of<'a>(t: &TapTest<'a>) -> Option<Option<&'a str>> {
    match &t.directive {
        Some(d) if d.kind == DirectiveKind::Skip => Some(d.reason),
        _ => None,
    }
}

/// Checks a body's plan and numbering: one plan, equal to the number of test points, which
/// are numbered 1..=n in order and carry a name.
fn check_numbering(where_: &str, b: &Body, errors: &mut Vec<String>) {
    match b.plans.as_slice() {
        [n] if *n == b.points.len() => {}
        [n] => errors.push(format!(
            "{where_}: plan 1..{n} but {} test points",
            b.points.len()
        )),
        plans => errors.push(format!("{where_}: {} plans, expected one", plans.len())),
    }
    for (i, p) in b.points.iter().enumerate() {
        let t = p.test();
        if t.number != Some(i + 1) {
            errors.push(format!(
                "{where_}: test point {} is numbered {:?}",
                i + 1,
                t.number
            ));
        }
        if t.desc.is_none() {
            errors.push(format!("{where_}: test point {} has no name", i + 1));
        }
        if let Point::Subtest(d) = p {
            if d.name != t.desc {
                errors.push(format!(
                    "{where_}: '# Subtest: {}' ended by test point '{}'",
                    d.name.unwrap_or("<none>"),
                    t.desc.unwrap_or("<none>")
                ));
            }
        }
    }
}

/// KUnit's rule for a result made of parts: failed if any part failed, else passed if any
/// passed, else skipped.
fn check_rollup(where_: &str, parent: &TapTest, parts: &[&TapTest], errors: &mut Vec<String>) {
    let failed = parts.iter().any(|t| !t.result);
    let passed = parts.iter().any(|t| t.result && skip_of(t).is_none());
    let (want_ok, want_skip) = (!failed, !failed && !passed);
    if parent.result != want_ok || skip_of(parent).is_some() != want_skip {
        errors.push(format!(
            "{where_}: result is '{}{}' but its parts say '{}{}'",
            if parent.result { "ok" } else { "not ok" },
            if skip_of(parent).is_some() {
                " # SKIP"
            } else {
                ""
            },
            if want_ok { "ok" } else { "not ok" },
            if want_skip { " # SKIP" } else { "" },
        ));
    }
}

/// `tap` with only the lines that carry TAP structure: version, plans, numbered test points,
/// bail-outs, pragmas and `# Subtest` lines. TAP 14 lets a harness ignore anything else (such
/// as KUnit's free-form `Expected a == b, but` diagnostics) and allows comments at any
/// indentation; `tap_parser` rejects the first and comments not at the current subtest's
/// indentation, and a comment before a plan makes it drop the test points that follow.
/// Comments carry no results, so dropping them (and the rest) hides nothing the check
/// compares. Test points must be numbered (kunit numbers them all) so that a diagnostic such
/// as `ok == false` is not taken for one.
pub fn structural_lines(tap: &str) -> String {
    const STARTS: [&str; 4] = ["# Subtest", "TAP version", "Bail out!", "pragma "];
    let numbered = |rest: Option<&str>| {
        rest.and_then(|r| r.strip_prefix(' '))
            .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()))
    };
    tap.lines()
        .filter(|l| {
            let content = l.trim_start_matches(' ');
            STARTS.iter().any(|p| content.starts_with(p))
                || numbered(content.strip_prefix("ok"))
                || numbered(content.strip_prefix("not ok"))
                || content
                    .strip_prefix("1..")
                    .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()))
        })
        .flat_map(|l| [l, "\n"])
        .collect()
}

/// Parses `tap` with `tap_parser` and checks that it agrees with `report`.
pub fn check(tap: &str, report: &HarnessReport) -> Result<Agreed, String> {
    let tap = structural_lines(tap);
    let statements = TapParser::new()
        .parse(&tap)
        .map_err(|e| format!("tap_parser rejects the document: {e}"))?;
    let mut errors = Vec::new();
    let top = body(&statements);
    check_numbering("top level", &top, &mut errors);
    let mut agreed = Agreed::default();
    let mut cases: Vec<(String, CaseResult)> = Vec::new();
    for p in &top.points {
        let Point::Subtest(suite) = p else {
            errors.push(format!(
                "top level: '{}' is a test point, not a suite subtest",
                p.test().desc.unwrap_or("<none>")
            ));
            continue;
        };
        agreed.suites += 1;
        let suite_name = suite.ending.desc.unwrap_or("<none>");
        let where_ = format!("suite {suite_name}");
        let inner = body(&suite.statements);
        check_numbering(&where_, &inner, &mut errors);
        let parts: Vec<&TapTest> = inner.points.iter().map(Point::test).collect();
        if !parts.is_empty() {
            check_rollup(&where_, &suite.ending, &parts, &mut errors);
        }
        for c in &inner.points {
            let t = c.test();
            let name = t.desc.unwrap_or("<none>");
            if let Point::Subtest(params) = c {
                let where_ = format!("case {suite_name}.{name}");
                let pb = body(&params.statements);
                check_numbering(&where_, &pb, &mut errors);
                let parts: Vec<&TapTest> = pb.points.iter().map(Point::test).collect();
                if !parts.is_empty() {
                    check_rollup(&where_, t, &parts, &mut errors);
                }
                agreed.params += pb.points.len();
            }
            agreed.cases += 1;
            cases.push((
                format!("{suite_name}.{name}"),
                CaseResult {
                    ok: t.result,
                    skip: skip_of(t),
                },
            ));
        }
    }

    let names: Vec<&str> = cases.iter().map(|(n, _)| n.as_str()).collect();
    if names != report.listed {
        errors.push(format!(
            "the cases in the TAP tree are not those of --list (in order):\n  tap:  {names:?}\n  list: {:?}",
            report.listed
        ));
    }
    // Names need not be unique: each slow case needs its own `ok # SKIP <reason>` line.
    for (i, ignored) in report.ignored.iter().enumerate() {
        if report.ignored[..i].contains(ignored) {
            continue;
        }
        let wanted = report.ignored.iter().filter(|n| *n == ignored).count();
        let same: Vec<&CaseResult> = cases
            .iter()
            .filter(|(n, _)| n == ignored)
            .map(|(_, c)| c)
            .collect();
        let skipped = same
            .iter()
            .filter(|c| c.ok && matches!(c.skip, Some(Some(r)) if !r.is_empty()))
            .count();
        if skipped < wanted {
            errors.push(format!(
                "slow case {ignored} (--list --ignored, {wanted}x) has {skipped} 'ok # SKIP <reason>' lines in the TAP tree ({} cases of that name)",
                same.len()
            ));
        }
    }
    for (full, c) in &cases {
        if c.skip.is_some() && !c.ok {
            errors.push(format!("case {full}: 'not ok ... # SKIP' (a skip is ok)"));
        }
    }

    let count = |f: &dyn Fn(&CaseResult) -> bool| cases.iter().filter(|(_, c)| f(c)).count();
    let tap_counts = Summary {
        ok: top.points.iter().all(|p| p.test().result),
        passed: count(&|c| c.ok && c.skip.is_none()),
        failed: count(&|c| !c.ok),
        ignored: count(&|c| c.skip.is_some()),
    };
    if tap_counts != report.summary {
        errors.push(format!(
            "counts differ: TAP tree {tap_counts:?}, closing line {:?}",
            report.summary
        ));
    }
    if errors.is_empty() {
        Ok(agreed)
    } else {
        Err(errors.join("\n"))
    }
}
