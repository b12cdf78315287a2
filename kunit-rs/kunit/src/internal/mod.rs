//! Machinery below the test handle: the data types [`crate::test_handle::Kunit`] holds. The API
//! modules built on them (`params`, `resource`) sit above the handle, so nothing here imports
//! `test_handle`.

pub mod call_stack;
pub(crate) mod param_value;
pub(crate) mod resource_stack;
