//! One suite (lib/kunit/test.c `kunit_run_tests`, the suite part): `suite_init`, the suite
//! header, its cases, then `suite_exit`, the suite's stats and its result line — `suite_exit`
//! runs *before* the stats, as in the kernel, so what it logs lands above them.

use super::report::{CaseReport, SuiteReport};
use super::select::PlannedSuite;
use super::state::Run;
use super::{case_run, EINTR};
use crate::ktap::{attr_lines, indent, result_line, Stats};
use crate::output::Sink;
use crate::registry::Suite;
use crate::suite_log::SuiteLogGuard;
use crate::test_handle::{emit, Status};
use crate::try_catch::{self, Outcome};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Runs (the rest of) unit `u`; false if this driver lost the unit to the watchdog.
pub(super) fn drive_suite(run: &Arc<Run>, u: usize, me: u64) -> bool {
    let unit = &run.units[u];
    let planned = run.planned(u);
    let (sink, log, started) = {
        let mut st = run.lock();
        if st.units[u].owner != me {
            return false;
        }
        let first = &mut st.units[unit.first];
        first.start.get_or_insert_with(Instant::now);
        let started = first.started.then_some(first.init_err);
        (st.units[u].sink.clone(), st.units[u].log.clone(), started)
    };
    let _suite_log = SuiteLogGuard::set(planned.reg.suite, sink.clone(), log.clone());
    // A replacement driver resumes a started suite; the first unit's driver starts it.
    let init_err = started.unwrap_or_else(|| {
        let init_err = start_suite(run, planned, &sink, &log);
        let reported = suite_sanitizer_report(planned.reg.suite.name, &sink, &log);
        let mut st = run.lock();
        st.units[u].sanitizer_report |= reported;
        st.units[u].started = true;
        st.units[u].init_err = init_err;
        drop(st);
        // The suite's other units may be claimed now.
        run.changed.notify_all();
        init_err
    });
    if init_err.is_none() {
        loop {
            let j = {
                let st = run.lock();
                if st.units[u].owner != me {
                    return false;
                }
                st.units[u].next_case
            };
            if j >= unit.cases.end {
                break;
            }
            let Some((report, param_stats)) = case_run::run_case(run, u, j, me, &sink) else {
                return false;
            };
            let mut st = run.lock();
            let ss = &mut st.units[u];
            if ss.owner != me {
                return false;
            }
            if let Some(events) = &run.events {
                events.case_finished(planned.reg.suite.name, &report);
            }
            ss.record_case(report, param_stats);
        }
    }
    let ends_suite = {
        let mut st = run.lock();
        if st.units[u].owner != me {
            return false;
        }
        let first = &mut st.units[unit.first];
        first.units_left -= 1;
        first.units_left == 0
    };
    // The last unit's buffer is not printed before this unit is done, so the closing lines
    // land after every case whichever unit ends last.
    let report = ends_suite.then(|| end_suite(run, u));
    run.finish_unit(u, report);
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

/// `suite_exit`, the suite's stats and its result line, into the suite's last unit (`u` is
/// any of its units); returns the suite's report.
fn end_suite(run: &Run, u: usize) -> SuiteReport {
    let unit = &run.units[u];
    let planned = run.planned(u);
    let suite = planned.reg.suite;
    let units = unit.first..=unit.last;
    let (sink, log, init_err, stats, totals) = {
        let st = run.lock();
        let mut stats = Stats::default();
        let mut totals = Stats::default();
        for ss in &st.units[units.clone()] {
            stats.accumulate(ss.stats);
            totals.accumulate(ss.totals);
        }
        let last = &st.units[unit.last];
        let first = &st.units[unit.first];
        (
            last.sink.clone(),
            last.log.clone(),
            first.init_err,
            stats,
            totals,
        )
    };
    let _suite_log = SuiteLogGuard::set(suite, sink.clone(), log.clone());
    // A suite whose init failed jumps straight to its result line (`goto suite_end`),
    // past suite_exit and the stats.
    if init_err.is_none() {
        if let Some(exit) = suite.suite_exit {
            if let Outcome::Panicked(report) = try_catch::run(&mut || exit(suite)) {
                emit(&sink, &log, &try_catch::panic_text(suite.name, &report));
            }
            if suite_sanitizer_report(suite.name, &sink, &log) {
                run.lock().units[unit.first].sanitizer_report = true;
            }
        }
        let stats_enabled = run.config.stats_enabled;
        if stats.should_print(stats_enabled) {
            emit(&sink, &log, &format!("# {}: {}", suite.name, stats.text()));
        }
        if totals.should_print(stats_enabled) {
            emit(&sink, &log, &format!("# Totals: {}", totals.text()));
        }
    }
    let mut st = run.lock();
    let cases: Vec<CaseReport> = st.units[units]
        .iter_mut()
        .flat_map(|ss| std::mem::take(&mut ss.cases))
        .collect();
    let status = if init_err.is_some()
        || st.units[unit.first].sanitizer_report
        || cases.iter().any(|c| c.status == Status::Failure)
    {
        Status::Failure
    } else if cases.iter().any(|c| c.status == Status::Success) {
        Status::Success
    } else {
        Status::Skipped
    };
    // Suites are numbered in plan order, whatever order they ran in.
    emit(
        &sink,
        &log,
        &result_line(0, status, unit.suite + 1, suite.name, ""),
    );
    let report = SuiteReport {
        name: suite.name,
        status,
        cases,
        log: std::mem::take(&mut *log.lock().unwrap_or_else(|e| e.into_inner())),
        duration: st.units[unit.first]
            .start
            .map(|t| t.elapsed())
            .unwrap_or_default(),
    };
    // Under the lock, as every event, so a listener sees them one at a time.
    if let Some(events) = &run.events {
        let not_run: Vec<&'static str> = planned.cases[report.cases.len()..]
            .iter()
            .map(|c| c.case.name)
            .collect();
        events.suite_finished(&report, &not_run);
    }
    drop(st);
    report
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
