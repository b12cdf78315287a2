//! Self-tests of valgrind's client requests (`valgrind.rs`). Under valgrind itself the run's
//! answers are checked by kunit-tool's `tests/c_sanitize.rs` (`--debugger=valgrind`).

use kunit::prelude::*;
use kunit::valgrind;
use std::path::Path;

/// On a real CPU the request sequence is a no-op that leaves the default answer: no valgrind,
/// no errors, and the registers around it intact (the values below survive the calls).
fn test_requests_answer_the_default_on_a_cpu(test: &mut Kunit) {
    if valgrind::running_on_valgrind() != 0 {
        kunit_skip!(test, "running under valgrind");
    }
    let before = std::hint::black_box(0x5eed_u64);
    kunit_expect_eq!(test, valgrind::running_on_valgrind(), 0);
    kunit_expect_eq!(test, valgrind::error_count(), 0);
    kunit_expect_eq!(test, std::hint::black_box(before), 0x5eed);
}

fn test_read_mark_is_beside_the_log(test: &mut Kunit) {
    let mark = valgrind::read_mark_path(Path::new("/tmp/x/valgrind.log"));
    kunit_expect_true!(test, mark == Path::new("/tmp/x/valgrind.log.read"));
}

static CASES: &[Case] = &[
    kunit_case!(test_requests_answer_the_default_on_a_cpu),
    kunit_case!(test_read_mark_is_beside_the_log),
];
kunit_test_suite!(Suite::new("kunit_valgrind", CASES));
