//! Parameterized cases (`KUNIT_CASE_PARAM`, `KUNIT_ARRAY_PARAM`, `KUNIT_ARRAY_PARAM_DESC`).
//!
//! A generator is called with the previous parameter (`None` first) and a description buffer,
//! and returns the next parameter or `None` to stop — the kernel's `generate_params` contract.
//! Each parameter runs as its own test (`init`, case, `exit`) and is reported as a nested KTAP
//! subtest; an empty description becomes `param-N` (1-based, as in current kernels).

use crate::Kunit;
use std::any::Any;
use std::sync::Arc;

enum Value {
    Static(&'static (dyn Any + Sync)),
    Owned(Box<dyn Any + Send>),
    /// An element of a registered parameter array.
    Element(Arc<dyn ParamList>, usize),
}

/// A parameter array's elements, type-erased.
pub(crate) trait ParamList: Send + Sync {
    fn len(&self) -> usize;
    fn element(&self, index: usize) -> &dyn Any;
}

impl<T: Any + Send + Sync> ParamList for Vec<T> {
    fn len(&self) -> usize {
        Vec::len(self)
    }
    fn element(&self, index: usize) -> &dyn Any {
        &self[index]
    }
}

impl<T: Any + Send + Sync> ParamList for &'static [T] {
    fn len(&self) -> usize {
        <[T]>::len(self)
    }
    fn element(&self, index: usize) -> &dyn Any {
        &self[index]
    }
}

/// `get_description(test, param, desc)` of a registered parameter array.
pub type ArrayDescFn = fn(&Kunit, &Param, &mut String);

/// `struct kunit_params`: the array a `param_init` registered on the parent test.
#[derive(Clone)]
pub(crate) struct ParamsArray {
    params: Arc<dyn ParamList>,
    get_description: Option<ArrayDescFn>,
    /// Set when [`kunit_array_gen_params`] walked this array: then, as the kernel does for
    /// a case whose generator is `kunit_array_gen_params`, the series gets a `1..N` plan.
    pub(crate) walked_by_array_gen: bool,
}

impl ParamsArray {
    pub(crate) fn num_params(&self) -> usize {
        self.params.len()
    }
}

impl Kunit {
    /// `kunit_register_params_array(test, array, num, get_desc)`: from `param_init`, gives
    /// the parameter series an array built at run time. Use [`kunit_array_gen_params`] as the
    /// case's generator to walk it; the series then prints a `1..N` plan line first.
    pub fn register_params_array<T: Any + Send + Sync>(
        &mut self,
        params: Vec<T>,
        get_description: Option<ArrayDescFn>,
    ) {
        self.params_array = Some(ParamsArray {
            params: Arc::new(params),
            get_description,
            walked_by_array_gen: false,
        });
    }

    /// [`Kunit::register_params_array`] for a static array (what `KUNIT_ARRAY_PARAM` uses).
    pub fn register_static_params_array<T: Any + Send + Sync>(
        &mut self,
        params: &'static [T],
        get_description: Option<ArrayDescFn>,
    ) {
        self.params_array = Some(ParamsArray {
            params: Arc::new(params),
            get_description,
            walked_by_array_gen: false,
        });
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
    let index = test.param_index;
    let array = test.params_array.as_mut()?;
    array.walked_by_array_gen = true;
    if index >= array.num_params() {
        return None;
    }
    let param = Param {
        value: Value::Element(array.params.clone(), index),
        index,
    };
    if let Some(describe) = array.get_description {
        describe(test, &param, desc);
    }
    Some(param)
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
            Value::Element(list, i) => list.element(*i).downcast_ref(),
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
