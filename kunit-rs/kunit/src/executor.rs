//! Running suites (lib/kunit/test.c `kunit_run_tests`, executor.c): selection, the case
//! lifecycle, status rules, stats, KTAP emission, per-case timeouts and parallel suites.
//!
//! # Strategy
//! Cases never run on the caller's thread. One or more *driver* threads (one per `--jobs`)
//! claim suites and run their cases in order; the caller waits for all suites to finish.
//! Each suite's progress (next case, stats, the case in flight) lives in shared state, so a
//! suite can change hands: when a case overruns its timeout the watchdog detaches the hung
//! test (its later output is dropped), and a fresh driver reports it as KUnit does
//! (`try timed out`, `test case timed out`), runs its deferred actions, and continues with the
//! next case. The hung thread, if it ever returns, sees it lost the suite and quits; it never
//! keeps the process from exiting. A timeout ends the whole case, including parameters not
//! yet run, and the suite's `exit` is not called for it (the hung thread still owns the
//! test's private data); actions run, test-owned data is leaked.
//!
//! With one job, a suite's lines go straight to the output as they happen (a crash loses
//! nothing already printed). With several, each suite writes into a buffer and buffers are
//! printed in plan order, so the output is byte-identical to a serial run. Suites with the
//! `serial` attribute run after the others, one at a time.

use crate::filter::{case_speed, AttrFilter, FilterError, GlobFilter, NameFilter};
use crate::ktap::{attr_lines, result_line, Format, Stats};
use crate::output::Sink;
use crate::params::Param;
use crate::registry::{Case, Registration, Speed, Suite};
use crate::test::{emit, CurrentGuard, Kunit, Log, Status, TestShared, PARAM_DESC_SIZE};
use crate::try_catch::{self, Outcome};
use crate::watchdog;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// `-EINTR`: what KUnit reports when the test thread died.
const EINTR: i32 = -4;

/// Which cases count as "ignored" (libtest's term) — kunit-rs treats cases marked `slow` or
/// `very_slow` (their own speed, else the suite's) as ignored by `cargo test`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Ignored {
    /// Report slow cases as skipped without running them (the default).
    #[default]
    Skip,
    /// Run everything (`--include-ignored`, or any `--filter`).
    Include,
    /// Run only the slow cases (`--ignored`).
    Only,
}

/// The skip reason of a slow case that was not asked for.
pub const SLOW_SKIP_REASON: &str = "slow test; run with --include-ignored or --filter";

/// How to select and run suites.
#[derive(Clone, Debug)]
pub struct Config {
    /// `kunit.filter_glob`: `suite_glob[.test_glob]`.
    pub filter_glob: Option<String>,
    /// `kunit.filter`: attribute filters, e.g. `speed>slow, module=foo`.
    pub filter: Option<String>,
    /// `kunit.filter_action=skip`: report filtered cases as skipped instead of removing them.
    pub filter_action_skip: bool,
    /// libtest's name filters (`FILTER`, `--exact`, `--skip`) on `suite.case`.
    pub names: NameFilter,
    pub ignored: Ignored,
    /// `kunit.stats_enabled`: 0 never, 1 when more than one result, 2 always.
    pub stats_enabled: u8,
    pub format: Format,
    /// `kunit.timeout`: the base per-case timeout (× 3 for slow, × 12 for very_slow).
    pub timeout: Duration,
    /// Suites run concurrently (output stays in plan order).
    pub jobs: usize,
    /// Shuffle suites and cases with this seed.
    pub shuffle_seed: Option<u64>,
    /// `--diff`: append a line diff to a failed multi-line `STREQ` (a Rust extension; the
    /// kernel's text has none, so it is off by default).
    pub diff: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            filter_glob: None,
            filter: None,
            filter_action_skip: false,
            names: NameFilter::default(),
            ignored: Ignored::Skip,
            stats_enabled: 1,
            format: Format::Ktap,
            timeout: Duration::from_secs(300),
            jobs: 1,
            shuffle_seed: None,
            diff: false,
        }
    }
}

/// One selected case.
#[derive(Clone, Debug)]
pub(crate) struct PlannedCase {
    pub case: &'static Case,
    /// Reported skipped with this reason instead of running.
    pub preset_skip: Option<String>,
}

/// One selected suite.
#[derive(Clone, Debug)]
pub(crate) struct PlannedSuite {
    pub reg: Registration,
    pub cases: Vec<PlannedCase>,
}

/// The suites and cases a run will report, in order.
#[derive(Clone, Debug)]
pub struct Plan {
    pub(crate) suites: Vec<PlannedSuite>,
    /// Cases removed by filters (libtest's "filtered out").
    pub filtered_out: usize,
}

impl Plan {
    /// Applies `config`'s filters (and shuffle) to `regs`.
    pub fn new(regs: &[Registration], config: &Config) -> Result<Plan, FilterError> {
        let glob = config.filter_glob.as_deref().map(GlobFilter::parse);
        let attrs = match &config.filter {
            Some(f) => AttrFilter::parse_list(f)?,
            None => Vec::new(),
        };
        let mut suites = Vec::new();
        let mut filtered_out = 0;
        for reg in regs {
            let suite_ok = glob
                .as_ref()
                .is_none_or(|g| g.matches_suite(reg.suite.name));
            let mut cases = Vec::new();
            for case in reg.suite.test_cases {
                let full = format!("{}.{}", reg.suite.name, case.name);
                if !suite_ok
                    || !glob.as_ref().is_none_or(|g| g.matches_case(case.name))
                    || !config.names.matches(&full)
                {
                    filtered_out += 1;
                    continue;
                }
                let slow = matches!(case_speed(reg, case), Speed::Slow | Speed::VerySlow);
                let mut preset_skip = None;
                match config.ignored {
                    Ignored::Only if !slow => {
                        filtered_out += 1;
                        continue;
                    }
                    Ignored::Skip if slow => preset_skip = Some(SLOW_SKIP_REASON.to_owned()),
                    _ => {}
                }
                if !attrs.iter().all(|f| f.matches(reg, case)) {
                    if !config.filter_action_skip {
                        filtered_out += 1;
                        continue;
                    }
                    preset_skip = Some(String::new());
                }
                cases.push(PlannedCase { case, preset_skip });
            }
            if !cases.is_empty() {
                suites.push(PlannedSuite { reg: *reg, cases });
            }
        }
        if let Some(seed) = config.shuffle_seed {
            let mut rng = SplitMix64(seed);
            shuffle(&mut suites, &mut rng);
            for s in &mut suites {
                shuffle(&mut s.cases, &mut rng);
            }
        }
        Ok(Plan {
            suites,
            filtered_out,
        })
    }

    /// `suite.case` names in plan order (what `--list` prints).
    pub fn case_names(&self) -> impl Iterator<Item = String> + '_ {
        self.suites.iter().flat_map(|s| {
            s.cases
                .iter()
                .map(move |c| format!("{}.{}", s.reg.suite.name, c.case.name))
        })
    }

    /// Number of selected suites.
    pub fn len(&self) -> usize {
        self.suites.len()
    }

    pub fn is_empty(&self) -> bool {
        self.suites.is_empty()
    }
}

/// A tiny deterministic PRNG for `--shuffle` (no dependency needed).
pub(crate) struct SplitMix64(pub u64);

impl SplitMix64 {
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

fn shuffle<T>(v: &mut [T], rng: &mut SplitMix64) {
    for i in (1..v.len()).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        v.swap(i, j);
    }
}

/// One parameter's result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParamReport {
    pub description: String,
    pub status: Status,
    pub skip_reason: String,
}

/// One case's result.
#[derive(Clone, Debug)]
pub struct CaseReport {
    pub name: &'static str,
    pub status: Status,
    pub skip_reason: String,
    /// Everything logged for the case (diagnostics, failures, parameter subtests).
    pub log: String,
    pub duration: Duration,
    pub params: Vec<ParamReport>,
    pub timed_out: bool,
}

/// One suite's result.
#[derive(Clone, Debug)]
pub struct SuiteReport {
    pub name: &'static str,
    pub status: Status,
    pub cases: Vec<CaseReport>,
    /// Suite-level lines (init failure, stats).
    pub log: String,
    pub duration: Duration,
}

/// The results of a run.
#[derive(Clone, Debug, Default)]
pub struct Report {
    pub suites: Vec<SuiteReport>,
    pub filtered_out: usize,
    pub duration: Duration,
}

impl Report {
    fn count(&self, status: Status) -> usize {
        self.suites
            .iter()
            .flat_map(|s| &s.cases)
            .filter(|c| c.status == status)
            .count()
    }
    /// Cases that passed.
    pub fn passed(&self) -> usize {
        self.count(Status::Success)
    }
    /// Cases that failed.
    pub fn failed(&self) -> usize {
        self.count(Status::Failure)
    }
    /// Cases reported skipped.
    pub fn skipped(&self) -> usize {
        self.count(Status::Skipped)
    }
    /// No suite failed (a suite fails when its init or any case failed).
    pub fn success(&self) -> bool {
        self.suites.iter().all(|s| s.status != Status::Failure)
    }
}

/// The case a driver is running, kept where the watchdog's replacement driver can finish it.
struct InFlight {
    running: Arc<TestShared>,
    log: Log,
    start: Instant,
    case_status: Status,
    param_stats: Stats,
    params: Vec<ParamReport>,
    /// The parameter being run: 1-based index and description.
    param: Option<(usize, String)>,
    token: u64,
}

struct SuiteState {
    sink: Arc<Sink>,
    log: Log,
    owner: u64,
    started: bool,
    init_err: Option<i32>,
    next_case: usize,
    stats: Stats,
    totals: Stats,
    cases: Vec<CaseReport>,
    in_flight: Option<InFlight>,
    start: Option<Instant>,
    report: Option<SuiteReport>,
}

struct State {
    order: Vec<usize>,
    next: usize,
    running: usize,
    running_serial: bool,
    finished: usize,
    printed: usize,
    next_driver: u64,
    suites: Vec<SuiteState>,
}

struct Run {
    plan: Vec<PlannedSuite>,
    config: Config,
    out: Arc<Sink>,
    streaming: bool,
    state: Mutex<State>,
    changed: Condvar,
}

impl Run {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Runs a plan, writing KTAP to `out`, and returns the results.
pub fn run_plan(plan: Plan, config: &Config, out: Arc<Sink>) -> Report {
    let start = Instant::now();
    out.set_assert_diff(config.diff);
    if let Some(v) = config.format.top_version() {
        out.line(v);
    }
    out.line(&format!("1..{}", plan.suites.len()));
    let n = plan.suites.len();
    let jobs = config.jobs.clamp(1, n.max(1));
    let streaming = jobs == 1;
    let mut order: Vec<usize> = (0..n).collect();
    if !streaming {
        order.sort_by_key(|&i| plan.suites[i].reg.suite.attr.serial);
    }
    let suites = (0..n)
        .map(|_| SuiteState {
            sink: if streaming {
                out.clone()
            } else {
                let buffer = Sink::buffer();
                buffer.set_assert_diff(config.diff);
                Arc::new(buffer)
            },
            log: Log::default(),
            owner: 0,
            started: false,
            init_err: None,
            next_case: 0,
            stats: Stats::default(),
            totals: Stats::default(),
            cases: Vec::new(),
            in_flight: None,
            start: None,
            report: None,
        })
        .collect();
    let run = Arc::new(Run {
        plan: plan.suites,
        config: config.clone(),
        out,
        streaming,
        state: Mutex::new(State {
            order,
            next: 0,
            running: 0,
            running_serial: false,
            finished: 0,
            printed: 0,
            next_driver: jobs as u64 + 1,
            suites,
        }),
        changed: Condvar::new(),
    });
    for id in 1..=jobs as u64 {
        start_driver(run.clone(), id, None);
    }
    let mut st = run.lock();
    while st.finished < n {
        st = run.changed.wait(st).unwrap_or_else(|e| e.into_inner());
    }
    let suites = st
        .suites
        .iter_mut()
        .filter_map(|s| s.report.take())
        .collect();
    Report {
        suites,
        filtered_out: plan.filtered_out,
        duration: start.elapsed(),
    }
}

fn start_driver(run: Arc<Run>, id: u64, resume: Option<usize>) {
    std::thread::Builder::new()
        .name(format!("kunit-driver-{id}"))
        .stack_size(16 << 20)
        .spawn(move || driver(run, id, resume))
        .expect("kunit: cannot start a driver thread");
}

thread_local! {
    /// This driver's watchdog slot (armed around each case).
    static DRIVER_SLOT: watchdog::Slot = const { watchdog::Slot::unset() };
}

fn driver(run: Arc<Run>, me: u64, resume: Option<usize>) {
    let on_expire = run.clone();
    DRIVER_SLOT.with(|slot| {
        slot.register(Arc::new(move |suite, token| {
            on_timeout(on_expire.clone(), suite, token)
        }))
    });
    drive(&run, me, resume);
    DRIVER_SLOT.with(|slot| slot.unregister());
}

fn drive(run: &Arc<Run>, me: u64, mut resume: Option<usize>) {
    loop {
        let s = match resume.take() {
            Some(s) => {
                finish_timed_out_case(run, s, me);
                s
            }
            None => match claim(run, me) {
                Some(s) => s,
                None => return,
            },
        };
        if !drive_suite(run, s, me) {
            return;
        }
    }
}

/// Takes the next suite in order; serial suites wait until nothing else runs.
fn claim(run: &Run, me: u64) -> Option<usize> {
    let mut st = run.lock();
    loop {
        let &s = st.order.get(st.next)?;
        let serial = run.plan[s].reg.suite.attr.serial && !run.streaming;
        if st.running_serial || (serial && st.running > 0) {
            st = run.changed.wait(st).unwrap_or_else(|e| e.into_inner());
            continue;
        }
        st.next += 1;
        st.running += 1;
        st.running_serial = serial;
        st.suites[s].owner = me;
        return Some(s);
    }
}

/// Runs (the rest of) suite `s`; false if this driver lost the suite to the watchdog.
fn drive_suite(run: &Arc<Run>, s: usize, me: u64) -> bool {
    let planned = &run.plan[s];
    let (sink, log, started) = {
        let mut st = run.lock();
        let ss = &mut st.suites[s];
        if ss.owner != me {
            return false;
        }
        ss.start.get_or_insert_with(Instant::now);
        (
            ss.sink.clone(),
            ss.log.clone(),
            ss.started.then_some(ss.init_err),
        )
    };
    // A replacement driver resumes a started suite; a new one starts it.
    let init_err = started.unwrap_or_else(|| {
        let init_err = start_suite(run, planned, &sink, &log);
        let mut st = run.lock();
        st.suites[s].started = true;
        st.suites[s].init_err = init_err;
        init_err
    });
    if init_err.is_none() {
        loop {
            let j = {
                let st = run.lock();
                if st.suites[s].owner != me {
                    return false;
                }
                st.suites[s].next_case
            };
            if j >= planned.cases.len() {
                break;
            }
            let Some((report, param_stats)) = run_case(run, s, j, me, &sink) else {
                return false;
            };
            let mut st = run.lock();
            let ss = &mut st.suites[s];
            if ss.owner != me {
                return false;
            }
            record_case(ss, report, param_stats);
        }
    }
    end_suite(run, s, &sink, &log);
    true
}

fn record_case(ss: &mut SuiteState, report: CaseReport, param_stats: Stats) {
    ss.stats.add(report.status);
    ss.totals.accumulate(param_stats);
    ss.cases.push(report);
    ss.next_case += 1;
    ss.in_flight = None;
}

/// `suite_init` and the suite header. Returns the init error, if any.
fn start_suite(run: &Run, planned: &PlannedSuite, sink: &Sink, log: &Mutex<String>) -> Option<i32> {
    let suite: &Suite = planned.reg.suite;
    if let Some(init) = suite.suite_init {
        let mut result = Ok(());
        let outcome = try_catch::run(|| result = init(suite));
        if let Outcome::Panicked(report) = outcome {
            emit(sink, log, &try_catch::panic_text(suite.name, &report));
            result = Err(EINTR);
        }
        if let Err(err) = result {
            // kunit_err(suite, KUNIT_SUBTEST_INDENT "# failed to initialize (%d)", err).
            emit(
                sink,
                log,
                &format!("    # {}:     # failed to initialize ({err})", suite.name),
            );
            return Some(err);
        }
    }
    let format = run.config.format;
    if format.nested_version() {
        emit(sink, log, "    KTAP version 1");
    }
    emit(sink, log, &format!("    # Subtest: {}", suite.name));
    for line in attr_lines(1, &planned.reg, None) {
        emit(sink, log, &line);
    }
    emit(sink, log, &format!("    1..{}", planned.cases.len()));
    None
}

/// Suite stats, `suite_exit` and the suite result line.
fn end_suite(run: &Run, s: usize, sink: &Sink, log: &Mutex<String>) {
    let planned = &run.plan[s];
    let suite = planned.reg.suite;
    let (stats, totals, init_err) = {
        let st = run.lock();
        let ss = &st.suites[s];
        (ss.stats, ss.totals, ss.init_err)
    };
    let stats_enabled = run.config.stats_enabled;
    if init_err.is_none() {
        if stats.should_print(stats_enabled) {
            emit(sink, log, &format!("# {}: {}", suite.name, stats.text()));
        }
        if totals.should_print(stats_enabled) {
            emit(sink, log, &format!("# Totals: {}", totals.text()));
        }
    }
    if let Some(exit) = suite.suite_exit {
        if let Outcome::Panicked(report) = try_catch::run(|| exit(suite)) {
            emit(sink, log, &try_catch::panic_text(suite.name, &report));
        }
    }
    let mut st = run.lock();
    let ss = &mut st.suites[s];
    let status = if init_err.is_some() || ss.cases.iter().any(|c| c.status == Status::Failure) {
        Status::Failure
    } else if ss.cases.iter().any(|c| c.status == Status::Success) {
        Status::Success
    } else {
        Status::Skipped
    };
    // Suites are numbered in plan order, whatever order they ran in.
    emit(sink, log, &result_line(0, status, s + 1, suite.name, ""));
    let report = SuiteReport {
        name: suite.name,
        status,
        cases: std::mem::take(&mut ss.cases),
        log: std::mem::take(&mut *ss.log.lock().unwrap_or_else(|e| e.into_inner())),
        duration: ss.start.map(|t| t.elapsed()).unwrap_or_default(),
    };
    ss.report = Some(report);
    ss.owner = 0;
    st.finished += 1;
    st.running -= 1;
    if suite.attr.serial {
        st.running_serial = false;
    }
    if !run.streaming {
        flush_in_order(run, &mut st);
    }
    run.changed.notify_all();
}

/// Prints finished suite buffers, in plan order, as far as they are complete.
fn flush_in_order(run: &Run, st: &mut State) {
    while st.printed < st.suites.len() && st.suites[st.printed].report.is_some() {
        let bytes = st.suites[st.printed].sink.take_buffer();
        run.out.raw(&bytes);
        st.printed += 1;
    }
}

/// `test_case->status` after a (parameter) test ended.
fn propagate(case_status: Status, test_status: Status) -> Status {
    match (case_status, test_status) {
        (_, Status::Failure) => Status::Failure,
        (Status::Failure, _) => Status::Failure,
        (_, Status::Success) => Status::Success,
        (c, Status::Skipped) => c,
    }
}

static TOKENS: AtomicU64 = AtomicU64::new(1);

/// Runs one case (all its parameters); `None` if the watchdog took the suite away.
fn run_case(
    run: &Arc<Run>,
    s: usize,
    j: usize,
    me: u64,
    sink: &Arc<Sink>,
) -> Option<(CaseReport, Stats)> {
    let planned = &run.plan[s];
    let pc = &planned.cases[j];
    let (case, suite) = (pc.case, planned.reg.suite);
    let log = Log::default();
    let start = Instant::now();
    let mut test = Kunit::new(case.name, sink.clone(), log.clone());
    let mut case_status = Status::Skipped;
    let mut param_stats = Stats::default();
    let mut params = Vec::new();
    let timeout = case_timeout(run, planned, case);

    if let Some(reason) = &pc.preset_skip {
        test.shared.mark_skipped(format_args!("{reason}"));
        param_stats.add(Status::Skipped);
    } else if let Some(generate) = case.generate_params {
        let parent = test.shared.clone();
        let mut ok = true;
        if let Some(param_init) = case.param_init {
            let mut result = Ok(());
            guarded(run, s, me, &parent, &log, start, None, timeout, || {
                let _current = CurrentGuard::set(Some(parent.clone()));
                if let Outcome::Panicked(r) = try_catch::run(|| result = param_init(&mut test)) {
                    try_catch::log_panic(&parent, &r);
                    result = Err(EINTR);
                }
            })?;
            if let Err(err) = result {
                parent.log_prefixed(format_args!(
                    "        # failed to initialize parent parameter test ({err})"
                ));
                case_status = Status::Failure;
                ok = false;
            }
        }
        if ok {
            let mut desc = String::new();
            let mut current = generate_param(generate, &mut test, None, &mut desc);
            if run.config.format.nested_version() {
                parent.log_raw("        KTAP version 1");
            }
            parent.log_raw(&format!("        # Subtest: {}", case.name));
            let mut index = 0;
            while let Some(param) = current {
                index += 1;
                if desc.is_empty() {
                    desc = format!("param-{index}");
                }
                crate::test::truncate_to(&mut desc, PARAM_DESC_SIZE - 1);
                let mut ptest = Kunit::new(case.name, sink.clone(), log.clone());
                ptest.param = Some(param.with_index(index - 1));
                ptest.param_index = index;
                let running = ptest.shared.clone();
                guarded(
                    run,
                    s,
                    me,
                    &running,
                    &log,
                    start,
                    Some((index, desc.clone())),
                    timeout,
                    || run_case_catch_errors(suite, case, &mut ptest),
                )?;
                let status = ptest.status();
                let reason = ptest.shared.status_comment();
                parent.log_raw(&result_line(2, status, index, &desc, &reason));
                param_stats.add(status);
                case_status = propagate(case_status, status);
                let param_report = ParamReport {
                    description: desc.clone(),
                    status,
                    skip_reason: reason,
                };
                // The progress a timeout later in this case (a parameter or param_exit)
                // reports from: published once per parameter, as it completes.
                {
                    let mut st = run.lock();
                    if let Some(f) = st.suites[s].in_flight.as_mut() {
                        f.case_status = case_status;
                        f.param_stats = param_stats;
                        f.params.push(param_report.clone());
                    }
                }
                params.push(param_report);
                let prev = ptest.param.take();
                desc.clear();
                current = generate_param(generate, &mut test, prev.as_ref(), &mut desc);
            }
            if let Some(param_exit) = case.param_exit {
                guarded(run, s, me, &parent, &log, start, None, timeout, || {
                    let _current = CurrentGuard::set(Some(parent.clone()));
                    if let Outcome::Panicked(r) = try_catch::run(|| param_exit(&mut test)) {
                        try_catch::log_panic(&parent, &r);
                        parent.set_failure();
                    }
                })?;
            }
        }
    } else {
        let shared = test.shared.clone();
        guarded(run, s, me, &shared, &log, start, None, timeout, || {
            run_case_catch_errors(suite, case, &mut test)
        })?;
        let status = test.status();
        param_stats.add(status);
        case_status = propagate(case_status, status);
    }
    if pc.preset_skip.is_some() {
        case_status = Status::Skipped;
    }
    let reason = test.shared.status_comment();
    finish_case(
        run,
        planned,
        j,
        &test.shared,
        case_status,
        param_stats,
        &reason,
    );
    let report = CaseReport {
        name: case.name,
        status: case_status,
        skip_reason: if case_status == Status::Skipped {
            reason
        } else {
            String::new()
        },
        log: std::mem::take(&mut *log.lock().unwrap_or_else(|e| e.into_inner())),
        duration: start.elapsed(),
        params,
        timed_out: false,
    };
    Some((report, param_stats))
}

/// Calls the generator; a panic in it ends the series (and fails the case).
fn generate_param(
    generate: crate::params::ParamGen,
    test: &mut Kunit,
    prev: Option<&Param>,
    desc: &mut String,
) -> Option<Param> {
    let shared = test.shared.clone();
    let mut next = None;
    if let Outcome::Panicked(r) = try_catch::run(|| next = generate(test, prev, desc)) {
        try_catch::log_panic(&shared, &r);
        shared.set_failure();
        return None;
    }
    next
}

/// The attribute line, per-case stats and the case result line.
fn finish_case(
    run: &Run,
    planned: &PlannedSuite,
    j: usize,
    test: &TestShared,
    status: Status,
    param_stats: Stats,
    reason: &str,
) {
    let case = planned.cases[j].case;
    for line in attr_lines(1, &planned.reg, Some(case)) {
        test.log_raw(&line);
    }
    if param_stats.should_print(run.config.stats_enabled) {
        test.log_raw(&format!("    # {}: {}", case.name, param_stats.text()));
    }
    test.log_raw(&result_line(1, status, j + 1, case.name, reason));
}

/// The case's timeout: its own, else the suite's, else the base × the speed multiplier.
fn case_timeout(run: &Run, planned: &PlannedSuite, case: &Case) -> Duration {
    case.attr
        .timeout
        .or(planned.reg.suite.attr.timeout)
        .unwrap_or_else(|| {
            let speed = case_speed(&planned.reg, case);
            run.config
                .timeout
                .saturating_mul(speed.timeout_multiplier())
        })
}

/// Runs `f` under the case's deadline with `in_flight` describing it. `None` when the deadline
/// expired: the watchdog handed the suite to another driver and this one must stop.
#[allow(clippy::too_many_arguments)]
fn guarded(
    run: &Arc<Run>,
    s: usize,
    me: u64,
    running: &Arc<TestShared>,
    log: &Log,
    start: Instant,
    param: Option<(usize, String)>,
    timeout: Duration,
    f: impl FnOnce(),
) -> Option<()> {
    let token = TOKENS.fetch_add(1, Ordering::Relaxed);
    {
        let mut st = run.lock();
        let ss = &mut st.suites[s];
        if ss.owner != me {
            return None;
        }
        let (case_status, param_stats, params) = match ss.in_flight.take() {
            Some(f) => (f.case_status, f.param_stats, f.params),
            None => (Status::Skipped, Stats::default(), Vec::new()),
        };
        ss.in_flight = Some(InFlight {
            running: running.clone(),
            log: log.clone(),
            start,
            case_status,
            param_stats,
            params,
            param,
            token,
        });
    }
    DRIVER_SLOT.with(|slot| slot.arm(timeout, s, token));
    f();
    DRIVER_SLOT.with(|slot| slot.disarm()).then_some(())
}

/// The watchdog fired for `token`: detach the hung test and hand the suite to a new driver.
fn on_timeout(run: Arc<Run>, s: usize, token: u64) {
    let mut st = run.lock();
    let current = st.suites[s]
        .in_flight
        .as_ref()
        .map(|f| (f.token, f.running.clone()));
    let Some((t, running)) = current else { return };
    if t != token {
        return;
    }
    running.detach();
    let id = st.next_driver;
    st.next_driver += 1;
    st.suites[s].owner = id;
    drop(st);
    start_driver(run.clone(), id, Some(s));
}

/// On the replacement driver: report the timed-out case and run its deferred actions.
fn finish_timed_out_case(run: &Run, s: usize, me: u64) {
    let (inf, sink, j) = {
        let mut st = run.lock();
        let ss = &mut st.suites[s];
        if ss.owner != me {
            return;
        }
        let Some(inf) = ss.in_flight.take() else {
            return;
        };
        (inf, ss.sink.clone(), ss.next_case)
    };
    let planned = &run.plan[s];
    let case = planned.cases[j].case;
    let name = inf.running.name();
    emit(&sink, &inf.log, &format!("    # {name}: try timed out"));
    emit(
        &sink,
        &inf.log,
        &format!("    # {name}: test case timed out"),
    );
    if let Outcome::Panicked(r) = try_catch::run(|| inf.running.run_cleanup(true)) {
        emit(&sink, &inf.log, &try_catch::panic_text(name, &r));
    }
    let mut param_stats = inf.param_stats;
    let mut params = inf.params;
    if let Some((index, desc)) = inf.param {
        emit(
            &sink,
            &inf.log,
            &result_line(2, Status::Failure, index, &desc, ""),
        );
        param_stats.add(Status::Failure);
        params.push(ParamReport {
            description: desc,
            status: Status::Failure,
            skip_reason: String::new(),
        });
    } else {
        param_stats.add(Status::Failure);
    }
    // The hung test is detached, so write the closing lines through a fresh handle.
    let closer = Kunit::new(case.name, sink.clone(), inf.log.clone());
    finish_case(
        run,
        planned,
        j,
        &closer.shared,
        Status::Failure,
        param_stats,
        "",
    );
    let report = CaseReport {
        name: case.name,
        status: Status::Failure,
        skip_reason: String::new(),
        log: std::mem::take(&mut *inf.log.lock().unwrap_or_else(|e| e.into_inner())),
        duration: inf.start.elapsed(),
        params,
        timed_out: true,
    };
    let mut st = run.lock();
    let ss = &mut st.suites[s];
    if ss.owner == me {
        record_case(ss, report, param_stats);
    }
}

/// `kunit_run_case_catch_errors()`: init + case under one try-catch, then exit + cleanup
/// under another, with KUnit's messages for each way they can end.
fn run_case_catch_errors(suite: &Suite, case: &Case, test: &mut Kunit) {
    let shared = test.shared.clone();
    let _current = CurrentGuard::set(Some(shared.clone()));
    let outcome = try_catch::run(|| {
        if let Some(init) = suite.init {
            if let Err(err) = init(test) {
                test.log(format_args!("failed to initialize: {err}"));
                test.set_failure();
                return;
            }
        }
        let start = Instant::now();
        (case.run_case)(test);
        check_speed(test, case, start.elapsed());
    });
    if let Outcome::Panicked(report) = outcome {
        try_catch::log_panic(&shared, &report);
        match shared.last_seen() {
            Some(loc) => test.log(format_args!(
                "try faulted: last line seen {}:{}",
                loc.file, loc.line
            )),
            None => test.log(format_args!("try faulted")),
        }
        test.set_failure();
        test.log(format_args!(
            "internal error occurred preventing test case from running: {EINTR}"
        ));
    }
    if shared.is_detached() {
        return;
    }
    let outcome = try_catch::run(|| {
        if let Some(exit) = suite.exit {
            exit(test);
        }
        shared.run_cleanup(false);
    });
    match outcome {
        Outcome::Completed => {}
        Outcome::Aborted => {
            test.set_failure();
            test.log(format_args!(
                "test aborted during cleanup. continuing without cleaning up"
            ));
        }
        Outcome::Panicked(report) => {
            try_catch::log_panic(&shared, &report);
            test.set_failure();
            test.log(format_args!(
                "internal error occurred during test case cleanup: {EINTR}"
            ));
        }
    }
}

/// `kunit_run_case_check_speed()`: warn when a case not marked slow runs for ≥ 2 s.
fn check_speed(test: &Kunit, case: &Case, elapsed: Duration) {
    const SLOW_THRESHOLD: Duration = Duration::from_secs(2);
    if elapsed < SLOW_THRESHOLD || matches!(case.attr.speed, Speed::Slow | Speed::VerySlow) {
        return;
    }
    test.log(format_args!(
        "Test should be marked slow (runtime: {}.{:09}s)",
        elapsed.as_secs(),
        elapsed.subsec_nanos()
    ));
}
