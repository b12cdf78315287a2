//! What the parser prints as it parses (kunit.py's parser prints each test
//! as it completes): the parser calls this trait, and the report layer's
//! `Printer` implements it with kunit.py's console format. The parser so
//! knows nothing of how results look.

use super::result_tree::Test;

/// The parser's printing, one call per event.
pub trait ParseOutput {
    /// Is anything printed? (False spares the parser composing lines.)
    fn is_enabled(&self) -> bool;
    /// One line of text, as is (after the timestamp).
    fn line(&mut self, text: &str);
    /// `text` in red (when colouring).
    fn red(&self, text: &str) -> String;
    /// The divider printed before and after the results.
    fn divider(&mut self);
    /// A test with subtests starts.
    fn test_header(&mut self, test: &Test);
    /// A test's result line.
    fn test_result(&mut self, test: &Test);
    /// The fast path's result: `name` passed (no log, no directive).
    fn passed(&mut self, name: &str);
    /// A test's log.
    fn log(&mut self, test: &Test);
    /// A test with subtests ends.
    fn test_footer(&mut self, test: &Test);
}

/// Prints nothing (the parser's own tests, and callers that only want the tree).
pub struct Silent;

impl ParseOutput for Silent {
    fn is_enabled(&self) -> bool {
        false
    }
    fn line(&mut self, _: &str) {}
    fn red(&self, text: &str) -> String {
        text.to_string()
    }
    fn divider(&mut self) {}
    fn test_header(&mut self, _: &Test) {}
    fn test_result(&mut self, _: &Test) {}
    fn passed(&mut self, _: &str) {}
    fn log(&mut self, _: &Test) {}
    fn test_footer(&mut self, _: &Test) {}
}
