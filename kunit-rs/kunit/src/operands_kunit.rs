//! Self-tests of the assertions' operands: Rust values seen as kernel pointers (`KPointer`)
//! and as the strings `%s` prints (`KStr`), NULL and error pointers included.

use kunit::errptr::errno::*;
use kunit::operands::StrValue;
use kunit::prelude::*;
use kunit::{CStrPtr, KPointer, KStr, PtrValue};

fn test_rust_values_as_pointers(test: &mut Kunit) {
    let x = 5u32;
    let ok: Result<&u32, i32> = Ok(&x);
    let err: Result<&u32, i32> = Err(ENOMEM as i32);
    kunit_expect_eq!(test, err.kunit_ptr(), PtrValue::Err(-12));
    kunit_expect_eq!(
        test,
        ok.kunit_ptr(),
        PtrValue::Addr(&x as *const u32 as usize)
    );
    kunit_expect_eq!(test, None::<&u32>.kunit_ptr(), PtrValue::Null);
    kunit_expect_not_err_or_null!(test, ok);
    kunit_expect_null!(test, std::ptr::null::<u8>());
    if let Ok(from_ok) = std::hint::black_box(ok) {
        kunit_expect_ptr_eq!(test, &x, from_ok);
    }
}

fn test_string_operands(test: &mut Kunit) {
    kunit_expect_eq!(test, "abc".kunit_str(), StrValue::Str(b"abc"));
    kunit_expect_eq!(test, None::<&str>.kunit_str(), StrValue::Null);
    kunit_expect_eq!(test, Err::<&str, i32>(-5).kunit_str(), StrValue::Err(-5));
    let c = std::ffi::CString::new("hi").unwrap();
    // SAFETY: `c` is a valid C string that outlives `p`.
    let p = unsafe { CStrPtr::new(c.as_ptr()) };
    kunit_expect_streq!(test, p, "hi");
    kunit_expect_streq!(test, c.as_c_str(), String::from("hi"));
    kunit_expect_strneq!(test, Some("a"), "b");
}

static CASES: &[Case] = &[
    kunit_case!(test_rust_values_as_pointers),
    kunit_case!(test_string_operands),
];
kunit_test_suite!(Suite::new("kunit_operands", CASES));
