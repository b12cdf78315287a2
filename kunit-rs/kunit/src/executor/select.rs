//! Selection (lib/kunit/executor.c `kunit_filter_suites`): which suites and cases a run
//! reports, in which order — globs, attribute filters, libtest's name filters, slow cases,
//! `--shuffle`.

use super::{Config, Ignored, SLOW_SKIP_REASON};

/// The skip reason of a bare `#[ignore]` case.
const IGNORE_SKIP_REASON: &str = "ignored; run with --ignored or --include-ignored";
use crate::filter::{case_speed, AttrFilter, FilterError, GlobFilter};
use crate::registry::{Case, Registration, Speed};

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
        let glob = config
            .filter_glob
            .as_deref()
            .map(GlobFilter::parse)
            .transpose()?;
        let attrs = match &config.filter {
            Some(f) => AttrFilter::parse_list(f)?,
            None => Vec::new(),
        };
        let mut suites = Vec::new();
        let mut filtered_out = 0;
        for reg in regs {
            // Cases that `#[test]` registered one by one (nested modules, macro output).
            let reg = &crate::libtest::module_cases::merged(*reg);
            let suite_ok = glob
                .as_ref()
                .is_none_or(|g| g.matches_suite(reg.suite.name));
            let mut cases = Vec::new();
            for case in reg.suite.test_cases {
                let full = format!("{}.{}", reg.suite.name, case.name);
                if !suite_ok
                    || !glob.as_ref().is_none_or(|g| g.matches_case(case.name))
                    || !config.names.matches_case(&full, case.path)
                {
                    filtered_out += 1;
                    continue;
                }
                let slow = matches!(case_speed(reg, case), Speed::Slow | Speed::VerySlow);
                let ignored = slow || case.ignore.is_some();
                let mut preset_skip = None;
                match config.ignored {
                    Ignored::Only if !ignored => {
                        filtered_out += 1;
                        continue;
                    }
                    Ignored::Skip if ignored => {
                        preset_skip = Some(match case.ignore {
                            Some("") => IGNORE_SKIP_REASON.to_owned(),
                            Some(reason) => reason.to_owned(),
                            None => SLOW_SKIP_REASON.to_owned(),
                        })
                    }
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
            // A suite with no case at all runs as KUnit runs it: `1..0`, skipped as a whole
            // (kunit-test.c's kunit_fault when its only case is configured out); a filter
            // that names cases or attributes selects none of it.
            let empty_selected = reg.suite.test_cases.is_empty()
                && suite_ok
                && attrs.is_empty()
                && config.names.include.is_empty()
                && !matches!(config.ignored, Ignored::Only);
            if !cases.is_empty() || empty_selected {
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

    /// Whether no suite is selected.
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
