//! Parameterized cases (`KUNIT_CASE_PARAM`, `KUNIT_ARRAY_PARAM`, `KUNIT_ARRAY_PARAM_DESC`).
//!
//! A generator is called with the previous parameter (`None` first) and a description buffer,
//! and returns the next parameter or `None` to stop — the kernel's `generate_params` contract.
//! Each parameter runs as its own test (`init`, case, `exit`) and is reported as a nested KTAP
//! subtest; an empty description becomes `param-N` (1-based, as in current kernels).

use crate::Kunit;
use std::any::Any;

enum Value {
    Static(&'static (dyn Any + Sync)),
    Owned(Box<dyn Any + Send>),
}

/// One parameter value (`test->param_value`) and its 0-based position in the series.
pub struct Param {
    value: Value,
    index: usize,
}

impl Param {
    /// A parameter borrowed from a static table (what the array macros produce).
    pub fn from_static<T: Any + Sync>(value: &'static T) -> Self {
        Param {
            value: Value::Static(value),
            index: 0,
        }
    }

    /// An owned parameter made by a generator.
    pub fn new<T: Any + Send>(value: T) -> Self {
        Param {
            value: Value::Owned(Box::new(value)),
            index: 0,
        }
    }

    /// The value, if it is a `T`.
    pub fn get<T: Any>(&self) -> Option<&T> {
        match &self.value {
            Value::Static(v) => (*v as &dyn Any).downcast_ref(),
            Value::Owned(v) => (**v).downcast_ref(),
        }
    }

    /// 0-based position in the series (set by the executor).
    pub fn index(&self) -> usize {
        self.index
    }

    pub(crate) fn with_index(mut self, index: usize) -> Self {
        self.index = index;
        self
    }
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
            _test: &mut $crate::Kunit,
            prev: ::core::option::Option<&$crate::Param>,
            desc: &mut ::std::string::String,
        ) -> ::core::option::Option<$crate::Param> {
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
            _test: &mut $crate::Kunit,
            prev: ::core::option::Option<&$crate::Param>,
            desc: &mut ::std::string::String,
        ) -> ::core::option::Option<$crate::Param> {
            let elem = $crate::params::next_element(&$array, prev)?;
            desc.push_str(::core::convert::AsRef::<str>::as_ref(&elem.$field));
            ::core::option::Option::Some($crate::Param::from_static(elem))
        }
    };
}
