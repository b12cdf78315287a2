//! The record of one assertion call site (the texts of
//! `struct kunit_binary_assert_text`): everything the failure text needs that the macro
//! knows, so a call site passes two constants instead of building anything. The location
//! (`struct kunit_loc`) is the compiler's own `'static` record for a `#[track_caller]` call.

/// `EXPECTATION` or `ASSERTION` (`enum kunit_assert_type`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AssertType {
    /// `KUNIT_EXPECT_*`: records the failure and continues.
    Expectation,
    /// `KUNIT_ASSERT_*`: records the failure and aborts the case.
    Assertion,
}

impl AssertType {
    /// The word the prologue prints.
    pub fn as_str(self) -> &'static str {
        match self {
            AssertType::Expectation => "EXPECTATION",
            AssertType::Assertion => "ASSERTION",
        }
    }
}

/// One assertion call site, a constant value built in the macro expansion (a `static` item
/// per call site would cost the compiler an item each). It is one string, so that it travels
/// in two registers: the kind (`Expectation` / `Assertion`), the left operand's source text
/// (a unary check's condition), the operator (empty for unary checks and `KUNIT_FAIL`) and
/// the right operand's text, joined by NULs (which source text, being tokens, does not hold).
#[derive(Clone, Copy, Debug)]
pub struct Site {
    /// The four texts, NUL-joined.
    pub texts: &'static str,
}

impl Site {
    fn text(&self, index: usize) -> &'static str {
        self.texts.split('\0').nth(index).unwrap_or("")
    }
    /// Expectation or assertion.
    pub fn kind(&self) -> AssertType {
        if self.text(0) == "Assertion" {
            AssertType::Assertion
        } else {
            AssertType::Expectation
        }
    }
    /// The left operand's source text (a unary check's condition).
    pub fn left(&self) -> &'static str {
        self.text(1)
    }
    /// The operator; empty for unary checks.
    pub fn op(&self) -> &'static str {
        self.text(2)
    }
    /// The right operand's source text.
    pub fn right(&self) -> &'static str {
        self.text(3)
    }
}
