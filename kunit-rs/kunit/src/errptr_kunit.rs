//! Self-tests of the NULL / `ERR_PTR` model (include/linux/err.h).

use kunit::errptr::{errno::*, is_err_value};
use kunit::prelude::*;
use kunit::PtrValue;

fn test_is_err_value_boundaries(test: &mut Kunit) {
    kunit_expect_true!(test, is_err_value(usize::MAX));
    kunit_expect_true!(test, is_err_value(usize::MAX - 4094));
    kunit_expect_false!(test, is_err_value(usize::MAX - 4095));
    kunit_expect_false!(test, is_err_value(0));
    let p = ErrPtr::<u8>::err(-EINVAL);
    kunit_expect_true!(test, p.is_err() && p.is_err_or_null());
    kunit_expect_eq!(test, p.ptr_err(), -22);
    kunit_expect_eq!(test, p.value(), PtrValue::Err(-22));
    kunit_expect_eq!(test, ErrPtr::<u8>::null().value(), PtrValue::Null);
}

static CASES: &[Case] = &[kunit_case!(test_is_err_value_boundaries)];
kunit_test_suite!(Suite::new("kunit_errptr", CASES));
