//! KUnit suite `desc64` for the KVM selftests' `struct desc64` and `get_desc64_base()`
//! (`kunit_arch::desc64`). With feature `seed-bugs` the function under test is the pre-fix
//! expression, and the worked example fails with `0xfffffffff8d65000` instead of
//! `0xfffffe7cf8d65000`.

mod cases;
mod vectors;

use kunit::prelude::*;

kunit_test_suite!(Suite {
    name: "desc64",
    test_cases: cases::DESC64_CASES,
    ..Suite::DEFAULT
});
