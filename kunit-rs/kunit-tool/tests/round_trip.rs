//! Round trip as a property: any run the kunit executor can produce (random suites, cases,
//! parameters, statuses, skip reasons, log lines, suites run in parallel, stats lines),
//! written as KTAP by kunit and read back by kunit-tool's parser, gives the same tree (names
//! at every level), the same statuses, the same skip reasons, the logged lines, and the same
//! counts, with no parse errors.

use std::collections::HashMap;
use std::sync::Mutex;

use kunit::prelude::*;
use kunit::{Capture, Config, Registration, Report};
use kunit_tool::reader::Extractor;
use kunit_tool::{parse_run_tests, Printer, Test, TestStatus};
use proptest::prelude::*;

/// How a case (or one parameter of it) ends.
#[derive(Clone, Debug)]
enum Outcome {
    Pass,
    /// A failed expectation; the case goes on.
    Fail,
    /// `kunit_skip!` with this reason.
    Skip(String),
    /// A failed expectation, then `kunit_mark_skipped!`: reported skipped, as in KUnit.
    FailThenSkip(String),
}

#[derive(Clone, Debug)]
struct Leaf {
    logs: Vec<String>,
    outcome: Outcome,
}

#[derive(Clone, Debug)]
enum CaseSpec {
    Plain(Leaf),
    /// One leaf per parameter, with its description (empty: `param-N`).
    Params(Vec<(String, Leaf)>),
}

type RunSpec = Vec<Vec<CaseSpec>>;

/// Case name -> what it does; names are unique across the whole test process.
static SPECS: Mutex<Option<HashMap<String, CaseSpec>>> = Mutex::new(None);
/// The suites made for each run, kept reachable (they are leaked for `'static`).
static MADE: Mutex<Vec<&'static Suite>> = Mutex::new(Vec::new());

fn spec_of(name: &str) -> CaseSpec {
    SPECS.lock().unwrap().as_ref().unwrap()[name].clone()
}

fn act(test: &mut Kunit, leaf: &Leaf) {
    for line in &leaf.logs {
        kunit_info!(test, "{}", line);
    }
    match &leaf.outcome {
        Outcome::Pass => {}
        Outcome::Fail => kunit_expect_eq!(test, 1 + 1, 3),
        Outcome::Skip(reason) => kunit_skip!(test, "{}", reason),
        Outcome::FailThenSkip(reason) => {
            kunit_expect_true!(test, false);
            kunit_mark_skipped!(test, "{}", reason);
        }
    }
}

fn run_plain(test: &mut Kunit) {
    let CaseSpec::Plain(leaf) = spec_of(test.name()) else {
        unreachable!()
    };
    act(test, &leaf);
}

fn run_param(test: &mut Kunit) {
    let (case, index) = test.param::<(String, usize)>().clone();
    let CaseSpec::Params(params) = spec_of(&case) else {
        unreachable!()
    };
    act(test, &params[index].1);
}

fn gen_params(test: &mut Kunit, prev: Option<&Param>, desc: &mut String) -> Option<Param> {
    let case = test.name().to_string();
    let CaseSpec::Params(params) = spec_of(&case) else {
        unreachable!()
    };
    let index = prev.map_or(0, |p| p.get::<(String, usize)>().unwrap().1 + 1);
    let (d, _) = params.get(index)?;
    desc.push_str(d);
    Some(Param::new((case, index)))
}

fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

/// Registers `spec` as suites `rt<run>_s<i>` with cases `rt<run>_s<i>_c<j>`.
fn make_suites(run: usize, spec: &RunSpec) -> Vec<Registration> {
    let mut specs = SPECS.lock().unwrap();
    let specs = specs.get_or_insert_with(HashMap::new);
    let mut made = MADE.lock().unwrap();
    spec.iter()
        .enumerate()
        .map(|(i, cases)| {
            let cases: Vec<Case> = cases
                .iter()
                .enumerate()
                .map(|(j, c)| {
                    let name = leak(format!("rt{run}_s{i}_c{j}"));
                    specs.insert(name.to_string(), c.clone());
                    match c {
                        CaseSpec::Plain(_) => Case {
                            name,
                            run_case: run_plain,
                            ..Case::DEFAULT
                        },
                        CaseSpec::Params(_) => Case {
                            name,
                            run_case: run_param,
                            generate_params: Some(gen_params),
                            ..Case::DEFAULT
                        },
                    }
                })
                .collect();
            let suite: &'static Suite = Box::leak(Box::new(Suite {
                name: leak(format!("rt{run}_s{i}")),
                test_cases: Box::leak(cases.into_boxed_slice()),
                ..Suite::DEFAULT
            }));
            made.push(suite);
            Registration::unregistered(suite, "round_trip")
        })
        .collect()
}

fn leaf_status(o: &Outcome) -> TestStatus {
    match o {
        Outcome::Pass => TestStatus::Success,
        Outcome::Fail => TestStatus::Failure,
        Outcome::Skip(_) | Outcome::FailThenSkip(_) => TestStatus::Skipped,
    }
}

fn tool_status(s: Status) -> TestStatus {
    match s {
        Status::Success => TestStatus::Success,
        Status::Failure => TestStatus::Failure,
        Status::Skipped => TestStatus::Skipped,
    }
}

/// Checks one leaf of the parsed tree against what the case did. `parent` is the parameter
/// series' case: kunit prints parameter logs at the case's indent (as KUnit does) and no plan
/// for generated parameters, so, as in kunit.py, the lines before the first parameter's result
/// belong to the case.
fn check_leaf(
    parsed: &Test,
    parent: Option<&Test>,
    leaf: &Leaf,
    text: &str,
) -> Result<(), TestCaseError> {
    prop_assert_eq!(parsed.status, leaf_status(&leaf.outcome), "{}", parsed.name);
    if let Outcome::Skip(r) | Outcome::FailThenSkip(r) = &leaf.outcome {
        prop_assert_eq!(
            parsed.skip_reason.trim_end(),
            r.trim_end(),
            "{}",
            parsed.name
        );
    }
    let log: Vec<&str> = parsed
        .log
        .iter()
        .chain(parent.into_iter().flat_map(|p| p.log.iter()))
        .collect();
    // `kunit_info!` prints `    # <case>: <text>`; the reader drops trailing whitespace.
    let case = parent.map_or(&parsed.name, |p| &p.name);
    for line in &leaf.logs {
        let want = format!("    # {case}: {line}");
        prop_assert!(
            log.contains(&want.trim_end()),
            "{}: logged {:?} is not in {:?}\n{}",
            parsed.name,
            line,
            log,
            text
        );
    }
    Ok(())
}

fn check(spec: &RunSpec, report: &Report, ktap: &[u8]) -> Result<(), TestCaseError> {
    let text = String::from_utf8_lossy(ktap);
    let parsed = parse_run_tests(Extractor::new(ktap), &mut Printer::null(), true).test;
    prop_assert_eq!(parsed.counts.errors, 0, "{}", text);
    prop_assert_eq!(parsed.subtests.len(), spec.len(), "{}", text);
    let (mut passed, mut failed, mut skipped) = (0, 0, 0);
    for ((suite, cases), s_report) in parsed.subtests.iter().zip(spec).zip(&report.suites) {
        prop_assert_eq!(&suite.name, s_report.name);
        prop_assert_eq!(suite.status, tool_status(s_report.status), "{}", text);
        prop_assert_eq!(suite.subtests.len(), cases.len(), "{}", text);
        for ((case, c_spec), c_report) in suite.subtests.iter().zip(cases).zip(&s_report.cases) {
            prop_assert_eq!(&case.name, c_report.name);
            prop_assert_eq!(case.status, tool_status(c_report.status), "{}", text);
            let leaves: Vec<(&Test, Option<&Test>, &Leaf)> = match c_spec {
                CaseSpec::Plain(leaf) => vec![(case, None, leaf)],
                CaseSpec::Params(params) => {
                    prop_assert_eq!(case.subtests.len(), params.len(), "{}", text);
                    for (n, ((p, (desc, _)), p_report)) in case
                        .subtests
                        .iter()
                        .zip(params)
                        .zip(&c_report.params)
                        .enumerate()
                    {
                        let want = if desc.is_empty() {
                            format!("param-{}", n + 1)
                        } else {
                            desc.clone()
                        };
                        prop_assert_eq!(&p.name, &want, "{}", text);
                        prop_assert_eq!(&p_report.description, &want);
                        prop_assert_eq!(p.status, tool_status(p_report.status), "{}", text);
                    }
                    case.subtests
                        .iter()
                        .zip(params)
                        .map(|(t, (_, l))| (t, Some(case), l))
                        .collect()
                }
            };
            for (t, parent, leaf) in leaves {
                check_leaf(t, parent, leaf, &text)?;
                match leaf_status(&leaf.outcome) {
                    TestStatus::Success => passed += 1,
                    TestStatus::Failure => failed += 1,
                    _ => skipped += 1,
                }
            }
        }
    }
    prop_assert_eq!(
        (
            parsed.counts.passed,
            parsed.counts.failed,
            parsed.counts.skipped
        ),
        (passed, failed, skipped),
        "{}",
        text
    );
    prop_assert_eq!(parsed.counts.crashed, 0);
    let want = if failed > 0 {
        TestStatus::Failure
    } else if passed == 0 {
        TestStatus::Skipped
    } else {
        TestStatus::Success
    };
    prop_assert_eq!(parsed.status, want, "{}", text);
    prop_assert_eq!(report.success(), failed == 0);
    Ok(())
}

fn reason() -> impl Strategy<Value = String> {
    "[a-z0-9 ]{0,12}"
}

fn leaf() -> impl Strategy<Value = Leaf> {
    let outcome = prop_oneof![
        Just(Outcome::Pass),
        Just(Outcome::Fail),
        reason().prop_map(Outcome::Skip),
        reason().prop_map(Outcome::FailThenSkip),
    ];
    // Log lines are any printable ASCII: `ok 1 x`, `# Subtest:`, `not ok` and the like must
    // stay log text.
    (prop::collection::vec("[ -~]{0,24}", 0..3), outcome)
        .prop_map(|(logs, outcome)| Leaf { logs, outcome })
}

fn case_spec() -> impl Strategy<Value = CaseSpec> {
    prop_oneof![
        3 => leaf().prop_map(CaseSpec::Plain),
        1 => prop::collection::vec(("[a-z0-9_]{0,8}", leaf()), 1..4).prop_map(CaseSpec::Params),
    ]
}

fn run_spec() -> impl Strategy<Value = RunSpec> {
    prop::collection::vec(prop::collection::vec(case_spec(), 1..5), 1..5)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn executor_ktap_reads_back_the_same(spec in run_spec(), jobs in 1usize..3, stats in 0u8..3) {
        static RUNS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let run = RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let regs = make_suites(run, &spec);
        let config = Config { jobs, stats_enabled: stats, ..Config::default() };
        let out = Capture::new();
        let report = kunit::run(Some(&regs), &config, out.clone()).unwrap();
        let ktap = out.bytes();
        check(&spec, &report, &ktap)?;
    }
}
