//! The machinery behind the C API: one file per concern, each exporting the `extern "C"`
//! functions its header declares.

pub(crate) mod assert;
pub(crate) mod ctypes;
pub(crate) mod irq;
pub(crate) mod log;
pub(crate) mod params;
pub(crate) mod registry;
pub(crate) mod resource;
pub(crate) mod stub;
pub(crate) mod test;
