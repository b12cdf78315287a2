//! The report layer: kunit.py's console output ([`printer`]), its JSON and
//! JUnit documents, and the HTML page. It reads the result tree of
//! [`crate::ktap`] and imports nothing from `exec` or `cli`.

pub mod coverage_html;
pub mod html;
pub mod json;
pub mod junit;
pub mod lcov;
pub mod printer;
pub(crate) mod textout;
