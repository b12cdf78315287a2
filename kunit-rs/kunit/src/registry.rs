//! Suites and cases (`struct kunit_suite`, `struct kunit_case`) and their registration.
//!
//! Suites are declared in any crate with [`kunit_test_suite!`](crate::kunit_test_suite) and
//! collected with `inventory`'s public `submit!`/`iter`, so nobody lists them by hand; suites
//! built at run time (kunit-c's, from C constructors) join through a registry of our own
//! beside it (`c_abi::register_suite`). Inventory's order is unspecified,
//! so [`registered_suites`] sorts: **by suite name, then by source file and line**. Cases keep
//! the order of their table, as in the kernel.
//!
//! A crate whose suites should run must be linked into the binary: reference it
//! (`use my_suites as _;`) from the harness or binary, or its registrations are dropped.

use crate::params::ParamGen;
use crate::Kunit;
use std::sync::Mutex;
use std::time::Duration;

/// `enum kunit_speed`. Ordered as the kernel orders it for filters: unset < very_slow <
/// slow < normal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum Speed {
    /// No speed given: a case inherits its suite's; treated as normal otherwise.
    #[default]
    Unset,
    /// Very slow: ignored by default, timeout × 12.
    VerySlow,
    /// Slow: ignored by default, timeout × 3.
    Slow,
    /// Normal speed, the same as unset for running.
    Normal,
}

impl Speed {
    /// The attribute's text (`speed_str_list`).
    pub fn as_str(self) -> &'static str {
        match self {
            Speed::Unset => "unset",
            Speed::VerySlow => "very_slow",
            Speed::Slow => "slow",
            Speed::Normal => "normal",
        }
    }

    /// Parses an attribute value.
    pub fn parse(s: &str) -> Option<Speed> {
        [Speed::Unset, Speed::VerySlow, Speed::Slow, Speed::Normal]
            .into_iter()
            .find(|v| v.as_str() == s)
    }

    /// The timeout multiplier (`kunit_test_timeout`): ×3 slow, ×12 very_slow.
    pub fn timeout_multiplier(self) -> u32 {
        match self {
            Speed::VerySlow => 12,
            Speed::Slow => 3,
            Speed::Unset | Speed::Normal => 1,
        }
    }
}

/// `struct kunit_attributes`, plus the per-case/suite knobs kunit-rs adds.
///
/// Set on a [`Case`] (`attr`) or a [`Suite`] (`attr`); a case's own value wins over its
/// suite's. A case that overruns its timeout is reported as KUnit reports it
/// (`# <case>: try timed out`, then `not ok`), and the run goes on with the next case.
///
/// ```
/// use kunit::prelude::*;
/// use std::time::Duration;
///
/// fn big_table(test: &mut Kunit) {
///     kunit_expect_eq!(test, (0..1000u32).sum::<u32>(), 499_500);
/// }
///
/// static CASES: &[Case] = &[Case {
///     // Ignored unless asked for (`--include-ignored`, `--filter speed>=slow`), and given
///     // two minutes instead of the base timeout × 3.
///     attr: Attributes { timeout: Some(Duration::from_secs(120)), ..Attributes::SLOW },
///     ..kunit_case!(big_table)
/// }];
/// // Every case of this suite gets 10 s unless it sets its own timeout.
/// static SUITE: Suite = Suite {
///     name: "tables",
///     test_cases: CASES,
///     attr: Attributes { timeout: Some(Duration::from_secs(10)), ..Attributes::DEFAULT },
///     ..Suite::DEFAULT
/// };
/// # assert_eq!(CASES[0].attr.speed, Speed::Slow);
/// # assert_eq!(SUITE.attr.timeout, Some(Duration::from_secs(10)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Attributes {
    /// `speed`: slow and very_slow cases are ignored (reported skipped) unless asked for;
    /// a case with [`Speed::Unset`] takes its suite's speed.
    pub speed: Speed,
    /// The case timeout. On a case it overrides everything; on a suite it applies to each
    /// case that sets none. Without either, the timeout is the base (`--timeout`, default
    /// 300 s) × the speed's multiplier.
    pub timeout: Option<Duration>,
    /// Suites only: never run this suite concurrently with others under `--jobs`.
    pub serial: bool,
}

impl Attributes {
    /// No attributes: speed unset, the default timeout, not serial.
    pub const DEFAULT: Attributes = Attributes {
        speed: Speed::Unset,
        timeout: None,
        serial: false,
    };
    /// `KUNIT_SPEED_SLOW`, nothing else set (what [`kunit_case_slow!`](crate::kunit_case_slow)
    /// uses).
    pub const SLOW: Attributes = Attributes {
        speed: Speed::Slow,
        ..Attributes::DEFAULT
    };
    /// `KUNIT_SPEED_VERY_SLOW`, nothing else set.
    pub const VERY_SLOW: Attributes = Attributes {
        speed: Speed::VerySlow,
        ..Attributes::DEFAULT
    };
}

impl Default for Attributes {
    fn default() -> Self {
        Attributes::DEFAULT
    }
}

/// `init`/`param_init`: `Err(errno)` fails the case (`failed to initialize: <errno>`).
pub type InitFn = fn(&mut Kunit) -> Result<(), i32>;
/// `exit`/`param_exit`.
pub type ExitFn = fn(&mut Kunit);
/// `suite_init`: `Err(errno)` skips the suite's cases and fails it.
pub type SuiteInitFn = fn(&Suite) -> Result<(), i32>;
/// `suite_exit`.
pub type SuiteExitFn = fn(&Suite);

/// `struct kunit_case`.
#[derive(Clone, Copy, Debug)]
pub struct Case {
    /// The case's name, as printed in its result line.
    pub name: &'static str,
    /// The test function.
    pub run_case: fn(&mut Kunit),
    /// For a parameterized case, the generator of its parameters (see [`crate::params`]).
    pub generate_params: Option<ParamGen>,
    /// The case's attributes: speed and timeout.
    pub attr: Attributes,
    /// Runs once before the whole parameter series, on the parent test.
    pub param_init: Option<InitFn>,
    /// Runs once after the parameter series.
    pub param_exit: Option<ExitFn>,
    /// libtest's `#[ignore]`: `Some(reason)` (empty for a bare `#[ignore]`) skips the case
    /// unless the run asks for ignored cases (`--ignored`, `--include-ignored`).
    pub ignore: Option<&'static str>,
    /// The case's libtest name with the crate in front (`my_crate::tests::case`), which
    /// libtest-style filters also match; empty when the case has none.
    pub path: &'static str,
    /// Where the case's function is (`file`, first line, last line; `("", 0, 0)` when not
    /// known): a panic on a thread whose stack runs code there is the case's (see
    /// `#[kunit_tests]`).
    #[doc(hidden)]
    pub source: (&'static str, u32, u32),
}

fn no_case(_: &mut Kunit) {}

impl Case {
    /// An empty case, for `..Case::DEFAULT` in struct literals.
    pub const DEFAULT: Case = Case {
        name: "",
        run_case: no_case,
        generate_params: None,
        attr: Attributes::DEFAULT,
        param_init: None,
        param_exit: None,
        ignore: None,
        path: "",
        source: ("", 0, 0),
    };
}

/// `struct kunit_suite`. `exit` runs even when `init` failed, so it must cope with
/// half-initialised state. `suite_exit` does not run when `suite_init` failed: as in the
/// kernel's `kunit_run_tests()`, which jumps straight to the suite's result line (the
/// kernel's doc comment on `struct kunit_suite` says otherwise; we follow its code).
#[derive(Clone, Copy, Debug)]
pub struct Suite {
    /// The suite's name, as printed in `# Subtest:` and its result line.
    pub name: &'static str,
    /// Runs once before the first case; `Err(errno)` fails the suite without running cases.
    pub suite_init: Option<SuiteInitFn>,
    /// Runs once after the last case, unless `suite_init` failed.
    pub suite_exit: Option<SuiteExitFn>,
    /// Runs before each case, on the case's test; `Err(errno)` fails that case.
    pub init: Option<InitFn>,
    /// Runs after each case, on the case's test, even when the case or `init` failed.
    pub exit: Option<ExitFn>,
    /// The cases, in the order they run.
    pub test_cases: &'static [Case],
    /// The suite's attributes: speed and timeout (inherited by cases that set none) and
    /// `serial`.
    pub attr: Attributes,
    /// The cases may run at the same time as one another under `--jobs N` (N > 1; the
    /// harness's default is the number of CPUs, as libtest's): each case on a free driver,
    /// the output still in case order, byte for byte what one job prints. `suite_init` runs
    /// before the first case and `suite_exit` after the last, as always; `init` and `exit`
    /// run with their case. `#[kunit_tests]` suites set it (their cases are libtest tests,
    /// written to run in parallel); a KUnit-style suite opts in. No effect on a `serial`
    /// suite.
    pub parallel_cases: bool,
}

impl Suite {
    /// An empty suite, for `..Suite::DEFAULT` in struct literals.
    pub const DEFAULT: Suite = Suite {
        name: "",
        suite_init: None,
        suite_exit: None,
        init: None,
        exit: None,
        test_cases: &[],
        attr: Attributes::DEFAULT,
        parallel_cases: false,
    };

    /// A suite of `test_cases` and nothing else: `Suite { name, test_cases, ..Suite::DEFAULT }`
    /// in one call, for the many small suites that tests run.
    ///
    /// ```
    /// use kunit::prelude::*;
    /// fn test_ok(_test: &mut Kunit) {}
    /// static CASES: &[Case] = &[kunit_case!(test_ok)];
    /// static SUITE: Suite = Suite::new("small", CASES);
    /// assert_eq!((SUITE.name, SUITE.test_cases.len()), ("small", 1));
    /// ```
    pub const fn new(name: &'static str, test_cases: &'static [Case]) -> Suite {
        Suite {
            name,
            test_cases,
            ..Suite::DEFAULT
        }
    }
}

/// One registered suite with where it came from (the `module` attribute is the crate name).
#[derive(Clone, Copy, Debug)]
pub struct Registration {
    /// The suite.
    pub suite: &'static Suite,
    /// The `module` attribute: the name of the crate that registered it.
    pub module: &'static str,
    /// The source file of the registration (empty for [`Registration::unregistered`]).
    pub file: &'static str,
    /// The line of the registration (0 for [`Registration::unregistered`]).
    pub line: u32,
    /// `suite->is_init`: registered with [`kunit_test_init_section_suites!`](crate::kunit_test_init_section_suites)
    /// (`kunit_test_init_section_suites()`); such suites run before all others and print
    /// the `is_init` attribute.
    pub is_init: bool,
}

impl Registration {
    #[doc(hidden)]
    pub const fn new(
        suite: &'static Suite,
        module_path: &'static str,
        file: &'static str,
        line: u32,
    ) -> Self {
        Registration {
            suite,
            module: crate_name(module_path),
            file,
            line,
            is_init: false,
        }
    }

    /// The same registration, of an init-section suite (`suite->is_init`).
    pub const fn init_section(self) -> Self {
        Registration {
            is_init: true,
            ..self
        }
    }

    /// A registration for a suite that is run explicitly (not through inventory).
    pub const fn unregistered(suite: &'static Suite, module: &'static str) -> Self {
        Registration {
            suite,
            module,
            file: "",
            line: 0,
            is_init: false,
        }
    }
}

/// The first segment of a `module_path!()`.
const fn crate_name(path: &'static str) -> &'static str {
    let bytes = path.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b':' {
            let (head, _) = path.split_at(i);
            return head;
        }
        i += 1;
    }
    path
}

inventory::collect!(Registration);

/// Suites registered at run time ([`register_at_run_time`]): C suites, whose constructors
/// build their registrations and so cannot use inventory's static `submit!`.
static RUN_TIME_SUITES: Mutex<Vec<Registration>> = Mutex::new(Vec::new());

/// Adds a suite built at run time to the registry that [`registered_suites`] reads, beside
/// the suites `kunit_test_suite!` registers. Safe to call from a constructor (before `main`),
/// which is where it must be called for `main!`, [`crate::run`] and boot mode to see it.
pub(crate) fn register_at_run_time(reg: Registration) {
    RUN_TIME_SUITES
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .push(reg);
}

/// Every suite linked into this binary: init-section suites first (the kernel's executor
/// merges the init suite set in front of the others), each group sorted by name, then file
/// and line.
pub fn registered_suites() -> Vec<Registration> {
    let mut all: Vec<Registration> = inventory::iter::<Registration>
        .into_iter()
        .copied()
        .collect();
    all.extend(
        RUN_TIME_SUITES
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
            .copied(),
    );
    sort_suites(&mut all);
    all
}

/// The run order of registered suites: init-section suites first, then by name, file and line.
pub fn sort_suites(regs: &mut [Registration]) {
    regs.sort_by_key(|r| (!r.is_init, r.suite.name, r.file, r.line));
}

/// `kunit_test_suite(suite)`: registers a suite.
///
/// ```
/// use kunit::prelude::*;
/// fn test_add(test: &mut Kunit) {
///     kunit_expect_eq!(test, 1 + 1, 2);
/// }
/// static CASES: &[Case] = &[kunit_case!(test_add)];
/// kunit_test_suite!(Suite { name: "math", test_cases: CASES, ..Suite::DEFAULT });
///
/// // Registered: `kunit::main!()`, `kunit::run(None, ..)` and boot mode will run it.
/// # fn main() {
/// assert!(kunit::registered_suites().iter().any(|r| r.suite.name == "math"));
/// # }
/// ```
#[macro_export]
macro_rules! kunit_test_suite {
    ($suite:expr $(,)?) => {
        const _: () = {
            static SUITE: $crate::Suite = $suite;
            $crate::__private::inventory::submit! {
                $crate::Registration::new(&SUITE, ::core::module_path!(), ::core::file!(), ::core::line!())
            }
        };
    };
}

/// `kunit_test_init_section_suites(&s1, &s2, …)`: registers suites that, in the kernel,
/// reference `__init` code or data. They run before every other suite and their KTAP header
/// carries `# is_init: true`.
///
/// ```
/// use kunit::prelude::*;
/// fn test_early(test: &mut Kunit) {
///     kunit_expect_true!(test, true);
/// }
/// static CASES: &[Case] = &[kunit_case!(test_early)];
/// static EARLY: Suite = Suite { name: "early", test_cases: CASES, ..Suite::DEFAULT };
/// kunit_test_init_section_suites!(EARLY);
/// ```
#[macro_export]
macro_rules! kunit_test_init_section_suites {
    ($($suite:path),+ $(,)?) => {
        $(
            $crate::__private::inventory::submit! {
                $crate::Registration::new(&$suite, ::core::module_path!(), ::core::file!(), ::core::line!())
                    .init_section()
            }
        )+
    };
}

/// `KUNIT_CASE(name)`, or `kunit_case!(name, attr)` for `KUNIT_CASE_ATTR`.
#[macro_export]
macro_rules! kunit_case {
    ($name:path $(,)?) => {
        $crate::Case {
            name: $crate::__private::last_segment(::core::stringify!($name)),
            run_case: $name,
            ..$crate::Case::DEFAULT
        }
    };
    ($name:path, $attr:expr $(,)?) => {
        $crate::Case {
            name: $crate::__private::last_segment(::core::stringify!($name)),
            run_case: $name,
            attr: $attr,
            ..$crate::Case::DEFAULT
        }
    };
}

/// `KUNIT_CASE_SLOW(name)`.
#[macro_export]
macro_rules! kunit_case_slow {
    ($name:path $(,)?) => {
        $crate::kunit_case!($name, $crate::Attributes::SLOW)
    };
}

/// `KUNIT_CASE_PARAM(name, gen)`, or with attributes (`KUNIT_CASE_PARAM_ATTR`).
#[macro_export]
macro_rules! kunit_case_param {
    ($name:path, $gen:path $(,)?) => {
        $crate::Case {
            name: $crate::__private::last_segment(::core::stringify!($name)),
            run_case: $name,
            generate_params: ::core::option::Option::Some($gen),
            ..$crate::Case::DEFAULT
        }
    };
    ($name:path, $gen:path, $attr:expr $(,)?) => {
        $crate::Case {
            name: $crate::__private::last_segment(::core::stringify!($name)),
            run_case: $name,
            generate_params: ::core::option::Option::Some($gen),
            attr: $attr,
            ..$crate::Case::DEFAULT
        }
    };
}

/// `KUNIT_CASE_PARAM_WITH_INIT(name, gen, init, exit)`.
#[macro_export]
macro_rules! kunit_case_param_with_init {
    ($name:path, $gen:path, $init:expr, $exit:expr $(,)?) => {
        $crate::Case {
            name: $crate::__private::last_segment(::core::stringify!($name)),
            run_case: $name,
            generate_params: ::core::option::Option::Some($gen),
            param_init: $init,
            param_exit: $exit,
            ..$crate::Case::DEFAULT
        }
    };
}

/// The last segment of a path (`foo::test_bar` → `test_bar`), as `#test_name` would give.
#[doc(hidden)]
pub const fn last_segment(path: &'static str) -> &'static str {
    let bytes = path.as_bytes();
    let mut start = bytes.len();
    while start > 0 && bytes[start - 1] != b':' && bytes[start - 1] != b' ' {
        start -= 1;
    }
    let (_, tail) = path.split_at(start);
    tail
}
