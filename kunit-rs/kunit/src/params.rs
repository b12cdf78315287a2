//! Parameterized cases (`KUNIT_CASE_PARAM`, `KUNIT_ARRAY_PARAM`, `KUNIT_ARRAY_PARAM_DESC`).
//!
//! A generator is called with the previous parameter (`None` first) and a description buffer,
//! and returns the next parameter or `None` to stop — the kernel's `generate_params` contract.
//! Each parameter runs as its own test (`init`, case, `exit`) and is reported as a nested KTAP
//! subtest; an empty description becomes `param-N` (1-based, as in current kernels).
//!
//! The series runs on a *parent* test: `param_init` and `param_exit`
//! ([`kunit_case_param_with_init!`](crate::kunit_case_param_with_init)) get it, each
//! parameter reaches it as [`Kunit::parent`] (`test->parent`), and it is cleaned up right
//! after `param_exit`. `param_init` may register an array built at run time with
//! [`Kunit::register_params_array`] (`kunit_register_params_array`); the case's generator
//! is then [`kunit_array_gen_params`], and the series prints a `1..N` plan line, as the
//! kernel does for that generator only. The full rules are in `executor/case_run.rs`.

use crate::internal::param_value::ParamsArray;
use crate::Kunit;
use std::any::Any;

pub use crate::internal::param_value::Param;

/// `get_description(test, param, desc)` of a registered parameter array.
pub type ArrayDescFn = fn(&Kunit, &Param, &mut String);

impl Kunit {
    /// `kunit_register_params_array(test, array, num, get_desc)`: from `param_init`, gives
    /// the parameter series an array built at run time. Use [`kunit_array_gen_params`] as the
    /// case's generator to walk it; the series then prints a `1..N` plan line first.
    pub fn register_params_array<T: Any + Send + Sync>(
        &mut self,
        params: Vec<T>,
        get_description: Option<ArrayDescFn>,
    ) {
        self.params_array = Some(ParamsArray::new(params, get_description));
    }

    /// [`Kunit::register_params_array`] for a static array (what `KUNIT_ARRAY_PARAM` does on
    /// its first call, as the kernel's macro does).
    pub fn register_static_params_array<T: Any + Sync>(
        &mut self,
        params: &'static [T],
        get_description: Option<ArrayDescFn>,
    ) {
        self.params_array = Some(ParamsArray::new_static(params, get_description));
    }

    /// The number of parameters registered with `register_params_array`, if any
    /// (`test->params_array.num_params`).
    pub fn num_params(&self) -> Option<usize> {
        self.params_array.as_ref().map(ParamsArray::num_params)
    }
}

/// `kunit_array_gen_params()`: the generator for an array registered at run time with
/// [`Kunit::register_params_array`]; element `test.param_index()` of it, with its description.
pub fn kunit_array_gen_params(
    test: &mut Kunit,
    _prev: Option<&Param>,
    desc: &mut String,
) -> Option<Param> {
    let array = test.params_array.as_mut()?;
    array.walked_by_array_gen = true;
    let param = array.param(test.param_index)?;
    if let Some(describe) = array.get_description {
        describe(test, &param, desc);
    }
    Some(param)
}

/// The array element after `prev` (the first one when `prev` is `None`): the walk behind the
/// array-parameter macros.
#[doc(hidden)]
pub fn next_element<T>(array: &'static [T], prev: Option<&Param>) -> Option<&'static T> {
    array.get(prev.map_or(0, |p| p.index() + 1))
}

/// `generate_params(test, prev, desc)`.
pub type ParamGen = fn(&mut Kunit, Option<&Param>, &mut String) -> Option<Param>;

/// `KUNIT_ARRAY_PARAM(name, array, get_desc)`: defines generator `name` over a static array.
/// `get_desc` is `|elem, desc: &mut String| ...` or omitted (descriptions default to `param-N`).
///
/// ```
/// use kunit::prelude::*;
/// struct Case { n: u32 }
/// static CASES: [Case; 2] = [Case { n: 1 }, Case { n: 2 }];
/// kunit_array_param!(cases_gen, CASES, |c: &Case, desc: &mut String| desc.push_str(&format!("n={}", c.n)));
/// ```
#[macro_export]
macro_rules! kunit_array_param {
    ($name:ident, $array:expr $(,)?) => {
        $crate::kunit_array_param!($name, $array, |_, _: &mut ::std::string::String| {});
    };
    ($name:ident, $array:expr, $get_desc:expr $(,)?) => {
        fn $name(
            test: &mut $crate::Kunit,
            prev: ::core::option::Option<&$crate::Param>,
            desc: &mut ::std::string::String,
        ) -> ::core::option::Option<$crate::Param> {
            if prev.is_none() {
                test.register_static_params_array(&$array, ::core::option::Option::None);
            }
            let elem = $crate::params::next_element(&$array, prev)?;
            #[allow(clippy::redundant_closure_call)]
            let _ = ($get_desc)(elem, desc);
            ::core::option::Option::Some($crate::Param::from_static(elem))
        }
    };
}

/// `KUNIT_ARRAY_PARAM_DESC(name, array, desc_member)`: the description is a field of each
/// element (anything `AsRef<str>`).
#[macro_export]
macro_rules! kunit_array_param_desc {
    ($name:ident, $array:expr, $field:ident $(,)?) => {
        fn $name(
            test: &mut $crate::Kunit,
            prev: ::core::option::Option<&$crate::Param>,
            desc: &mut ::std::string::String,
        ) -> ::core::option::Option<$crate::Param> {
            if prev.is_none() {
                test.register_static_params_array(&$array, ::core::option::Option::None);
            }
            let elem = $crate::params::next_element(&$array, prev)?;
            desc.push_str(::core::convert::AsRef::<str>::as_ref(&elem.$field));
            ::core::option::Option::Some($crate::Param::from_static(elem))
        }
    };
}
