//! The `'static` record of one assertion call site (`struct kunit_loc` plus the texts of
//! `struct kunit_binary_assert_text`): everything the failure text needs that is known at
//! compile time, so a call site passes one pointer instead of building anything.

use crate::test::Loc;

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

/// One assertion call site, as a `static` in the macro expansion.
#[derive(Debug)]
pub struct Site {
    /// Where the macro was called (what `_KUNIT_SAVE_LOC` stores).
    pub loc: Loc,
    /// Expectation or assertion.
    pub kind: AssertType,
    /// The operator (`==`, `<`, ...); empty for unary checks and `KUNIT_FAIL`.
    pub op: &'static str,
    /// The left operand's source text (the condition of a unary check).
    pub left: &'static str,
    /// The right operand's source text.
    pub right: &'static str,
}
