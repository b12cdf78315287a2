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
/// per call site would cost the compiler an item each). The three texts are one
/// string (one relocation instead of three in a position-independent binary, and nothing to
/// compute at compile time).
#[derive(Clone, Copy, Debug)]
pub struct Site {
    /// Expectation or assertion.
    pub kind: AssertType,
    /// The left operand's source text (the condition of a unary check), the operator
    /// (`==`, `<`, ...; empty for unary checks and `KUNIT_FAIL`) and the right operand's text,
    /// joined by NULs (which source text, being tokens, does not hold).
    pub texts: &'static str,
}

impl Site {
    fn text(&self, index: usize) -> &'static str {
        self.texts.split('\0').nth(index).unwrap_or("")
    }
    /// The left operand's source text (a unary check's condition).
    pub fn left(&self) -> &'static str {
        self.text(0)
    }
    /// The operator; empty for unary checks.
    pub fn op(&self) -> &'static str {
        self.text(1)
    }
    /// The right operand's source text.
    pub fn right(&self) -> &'static str {
        self.text(2)
    }
}
