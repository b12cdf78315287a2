//! Parameter values (`test->param_value`) and registered parameter arrays
//! (`test->params_array`): the data the test handle holds, kept below it so that the handle
//! does not depend on the parameter API built on top of it ([`crate::params`]).

use std::any::Any;
use std::sync::Arc;

enum Value {
    Static(&'static (dyn Any + Sync)),
    Owned(Box<dyn Any + Send>),
    /// An element of a registered parameter array.
    Element(Arc<dyn ParamList>, usize),
}

/// A parameter array's elements, type-erased.
trait ParamList: Send + Sync {
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

impl<T: Any + Sync> ParamList for &'static [T] {
    fn len(&self) -> usize {
        <[T]>::len(self)
    }
    fn element(&self, index: usize) -> &dyn Any {
        &self[index]
    }
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

/// `struct kunit_params`: an array registered on a (parent) test. `Test` is the test handle
/// its description function takes (named by the handle, so this module need not know it).
pub(crate) struct ParamsArray<Test> {
    params: Arc<dyn ParamList>,
    pub(crate) get_description: Option<fn(&Test, &Param, &mut String)>,
    /// Set when `kunit_array_gen_params` walked this array: then, as the kernel does for a
    /// case whose generator is `kunit_array_gen_params`, the series gets a `1..N` plan.
    pub(crate) walked_by_array_gen: bool,
}

impl<Test> ParamsArray<Test> {
    pub(crate) fn new<T: Any + Send + Sync>(
        params: Vec<T>,
        get_description: Option<fn(&Test, &Param, &mut String)>,
    ) -> Self {
        Self::with_list(Arc::new(params), get_description)
    }

    pub(crate) fn new_static<T: Any + Sync>(
        params: &'static [T],
        get_description: Option<fn(&Test, &Param, &mut String)>,
    ) -> Self {
        Self::with_list(Arc::new(params), get_description)
    }

    fn with_list(
        params: Arc<dyn ParamList>,
        get_description: Option<fn(&Test, &Param, &mut String)>,
    ) -> Self {
        ParamsArray {
            params,
            get_description,
            walked_by_array_gen: false,
        }
    }

    pub(crate) fn num_params(&self) -> usize {
        self.params.len()
    }

    /// Element `index` as a parameter.
    pub(crate) fn param(&self, index: usize) -> Option<Param> {
        (index < self.num_params()).then(|| Param {
            value: Value::Element(self.params.clone(), index),
            index,
        })
    }
}
