//! The record of one assertion call site (the texts of
//! `struct kunit_binary_assert_text`): everything the failure text needs that the macro
//! knows. The location (`struct kunit_loc`) is the compiler's own `'static` record for a
//! `#[track_caller]` call.

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

/// One assertion call site: what the failure text needs that the macro knows. The macros
/// pass these texts as arguments to the cold failure path, which builds the record there, so
/// a passing check constructs nothing (a `'static` record per call site would cost the
/// compiler a promoted constant each).
#[derive(Clone, Copy, Debug)]
pub struct Site {
    /// Expectation or assertion.
    pub kind: AssertType,
    /// The left operand's source text (a unary check's condition).
    pub left: &'static str,
    /// The operator; empty for unary checks and `KUNIT_FAIL`.
    pub op: &'static str,
    /// The right operand's source text.
    pub right: &'static str,
}
