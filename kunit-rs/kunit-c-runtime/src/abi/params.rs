//! Parameter arrays for C (`kunit_register_params_array`, `kunit_array_gen_params`) on
//! kunit's own. The C macro fills `test->params_array` as KUnit's does. A case whose
//! generator *is* `kunit_array_gen_params` is walked by kunit's `kunit_array_gen_params`
//! over that array (handed to the Rust test before each step, so a change made meanwhile
//! counts, as in KUnit): one implementation prints the `1..N` plan line and asks
//! `get_description` for each parameter's name.

use super::c_test::{c_test, call_c, from_c, CParam, CTest};
use super::ctypes::{CKunit, CParams, PARAM_DESC_SIZE};
use kunit::params::ArrayDescFn;
use kunit::{Kunit, Param};
use std::ffi::{c_char, c_void, CStr};

/// `kunit_array_gen_params()` called by C code itself (a generator that wraps it): KUnit's
/// walk over `test->params_array`, element `test->param_index`, described. As a case's own
/// generator it is never called: the registry runs [`array_gen_trampoline`] instead.
///
/// # Safety
/// `test` is a kunit-c test; its `params_array` describes a live array; `desc` has room
/// for `KUNIT_PARAM_DESC_SIZE` bytes.
#[no_mangle]
pub unsafe extern "C-unwind" fn kunit_array_gen_params(
    test: *mut CKunit,
    _prev: *const c_void,
    desc: *mut c_char,
) -> *const c_void {
    // SAFETY: the caller's contract.
    let c = unsafe { &*from_c(test).cstruct() };
    let (array, index) = (c.params_array, c.param_index.max(0) as usize);
    if array.params.is_null() || index >= array.num_params {
        return std::ptr::null();
    }
    // SAFETY: within the registered array (index < num_params).
    let param = unsafe { array.params.cast::<u8>().add(index * array.elem_size) }.cast();
    if let Some(describe) = array.get_description {
        // SAFETY: the C description function with the test, the element and the buffer.
        unsafe { describe(test, param, desc) };
    }
    param
}

/// Whether a C generator is `kunit_array_gen_params` (KUnit's test for the plan line).
pub(crate) fn is_array_gen(generator: usize) -> bool {
    generator == kunit_array_gen_params as *const () as usize
}

/// The generator of a C case whose generator is `kunit_array_gen_params`.
pub(crate) fn array_gen_trampoline(
    test: &mut Kunit,
    prev: Option<&Param>,
    desc: &mut String,
) -> Option<Param> {
    let ct = c_test(test);
    // SAFETY: `ct` is the test's C struct, alive as long as the test.
    let array = unsafe { (*ct).c.params_array };
    // SAFETY: as above.
    if !array.params.is_null() && unsafe { (*ct).synced_params } != Some(array.key()) {
        test.register_params_array(elements(array), Some(describe as ArrayDescFn));
        // SAFETY: as above.
        unsafe { (*ct).synced_params = Some(array.key()) };
    }
    kunit::params::kunit_array_gen_params(test, prev, desc)
}

/// The elements of a C parameter array, as parameters.
fn elements(array: CParams) -> Vec<CParam> {
    (0..array.num_params)
        .map(|i| CParam {
            value: array
                .params
                .cast::<u8>()
                .wrapping_add(i * array.elem_size)
                .cast(),
        })
        .collect()
}

/// `get_description(test, param, desc)` of the C array, as kunit's array walk calls it.
fn describe(test: &Kunit, param: &Param, desc: &mut String) {
    let Some(ct) = test.handle().priv_ptr::<CTest>() else {
        return;
    };
    // SAFETY: the test's C struct (its private data), alive while the test is.
    let Some(get_description) = (unsafe { (*ct).c.params_array.get_description }) else {
        return;
    };
    let value = param.get::<CParam>().map_or(std::ptr::null(), |p| p.value);
    let mut buf = [0 as c_char; PARAM_DESC_SIZE];
    // SAFETY: the C description function with the parent's C struct, an element of its
    // array and a KUNIT_PARAM_DESC_SIZE buffer.
    call_c(ct, |c| unsafe {
        get_description(c, value, buf.as_mut_ptr())
    });
    push_desc(&mut buf, desc);
}

/// Appends what C wrote into a description buffer (cut at its size, as KUnit's is).
pub(crate) fn push_desc(buf: &mut [c_char; PARAM_DESC_SIZE], desc: &mut String) {
    buf[PARAM_DESC_SIZE - 1] = 0;
    // SAFETY: NUL-terminated (forced above).
    desc.push_str(&unsafe { CStr::from_ptr(buf.as_ptr()) }.to_string_lossy());
}
