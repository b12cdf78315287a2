//! One suite (lib/kunit/test.c `kunit_run_tests`, the suite part): `suite_init`, the suite
//! header, its cases, then `suite_exit`, the suite's stats and its result line — `suite_exit`
//! runs *before* the stats, as in the kernel, so what it logs lands above them.

use super::report::SuiteReport;
use super::select::PlannedSuite;
use super::state::Run;
use super::{case_run, EINTR};
use crate::ktap::{attr_lines, indent, result_line};
use crate::output::Sink;
use crate::registry::Suite;
use crate::suite_log::SuiteLogGuard;
use crate::test_handle::{emit, SharedLog, Status};
use crate::try_catch::{self, Outcome};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Runs (the rest of) suite `s`; false if this driver lost the suite to the watchdog.
pub(super) fn drive_suite(run: &Arc<Run>, s: usize, me: u64) -> bool {
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
    let _suite_log = SuiteLogGuard::set(planned.reg.suite, sink.clone(), log.clone());
    // A replacement driver resumes a started suite; a new one starts it.
    let init_err = started.unwrap_or_else(|| {
        let init_err = start_suite(run, planned, &sink, &log);
        let reported = suite_sanitizer_report(planned.reg.suite.name, &sink, &log);
        let mut st = run.lock();
        st.suites[s].sanitizer_report |= reported;
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
            let Some((report, param_stats)) = case_run::run_case(run, s, j, me, &sink) else {
                return false;
            };
            let mut st = run.lock();
            let ss = &mut st.suites[s];
            if ss.owner != me {
                return false;
            }
            if let Some(events) = &run.events {
                events.case_finished(run.plan[s].reg.suite.name, &report);
            }
            ss.record_case(report, param_stats);
        }
    }
    end_suite(run, s, &sink, &log);
    true
}

/// `suite_init` and the suite header. Returns the init error, if any.
fn start_suite(run: &Run, planned: &PlannedSuite, sink: &Sink, log: &Mutex<String>) -> Option<i32> {
    let suite: &Suite = planned.reg.suite;
    if let Some(init) = suite.suite_init {
        let mut result = Ok(());
        let outcome = try_catch::run(&mut || result = init(suite));
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
    if run.config.format.nested_version() {
        emit(sink, log, "    KTAP version 1");
    }
    let header = indent(run.config.format.subtest_header_level(1));
    emit(sink, log, &format!("{header}# Subtest: {}", suite.name));
    for line in attr_lines(1, &planned.reg, None) {
        emit(sink, log, &line);
    }
    emit(sink, log, &format!("    1..{}", planned.cases.len()));
    None
}

/// `suite_exit`, the suite's stats and its result line.
fn end_suite(run: &Run, s: usize, sink: &Sink, log: &SharedLog) {
    let planned = &run.plan[s];
    let suite = planned.reg.suite;
    let (stats, totals, init_err) = {
        let st = run.lock();
        let ss = &st.suites[s];
        (ss.stats, ss.totals, ss.init_err)
    };
    // A suite whose init failed jumps straight to its result line (`goto suite_end`),
    // past suite_exit and the stats.
    if init_err.is_none() {
        if let Some(exit) = suite.suite_exit {
            if let Outcome::Panicked(report) = try_catch::run(&mut || exit(suite)) {
                emit(sink, log, &try_catch::panic_text(suite.name, &report));
            }
            if suite_sanitizer_report(suite.name, sink, log) {
                run.lock().suites[s].sanitizer_report = true;
            }
        }
        let stats_enabled = run.config.stats_enabled;
        if stats.should_print(stats_enabled) {
            emit(sink, log, &format!("# {}: {}", suite.name, stats.text()));
        }
        if totals.should_print(stats_enabled) {
            emit(sink, log, &format!("# Totals: {}", totals.text()));
        }
    }
    let report = {
        let mut st = run.lock();
        let ss = &mut st.suites[s];
        let status = if init_err.is_some()
            || ss.sanitizer_report
            || ss.cases.iter().any(|c| c.status == Status::Failure)
        {
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
        // Under the lock, as every event, so a listener sees them one at a time.
        if let Some(events) = &run.events {
            let not_run: Vec<&'static str> = planned.cases[report.cases.len()..]
                .iter()
                .map(|c| c.case.name)
                .collect();
            events.suite_finished(&report, &not_run);
        }
        report
    };
    run.finish_suite(s, report);
}

/// A sanitizer report written during `suite_init` or `suite_exit` goes to the suite's log;
/// whether there was one (the suite then fails).
fn suite_sanitizer_report(suite: &str, sink: &Sink, log: &Mutex<String>) -> bool {
    let Some(lines) = crate::sanitizer::suite_report(suite) else {
        return false;
    };
    for line in lines {
        emit(sink, log, &line);
    }
    true
}
