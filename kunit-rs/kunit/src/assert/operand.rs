//! What a binary assertion's operand prints as.
//!
//! The failure path hands over a `&dyn Debug` and the operand's type name, nothing
//! monomorphised beyond that; the non-generic code here decides how to print it. Integers
//! (and `bool`/`char`, which C treats as integers) print as KUnit's `%lld (0x%llx)` after the
//! cast to `long long`. A 128-bit value outside `long long`'s range prints whole, in the same
//! shape (`decimal (0xhex)`, the hex of a negative value in 128-bit two's complement), so the
//! text never contradicts the comparison. Any other type prints with `{:?}`: a Rust extension,
//! so `kunit_expect_eq!` works on strings, floats and structs too.

use std::fmt::{self, Debug};

/// A binary assertion's operand, as the call site passes it to the failure path.
#[derive(Clone, Copy)]
pub struct Operand<'a> {
    value: &'a dyn Debug,
    type_name: &'static str,
}

impl<'a> Operand<'a> {
    /// Wraps a reference to an operand (as `&&T`, so that unsized operands work too).
    pub(crate) fn new<'b: 'a, T: Debug + ?Sized>(value: &'a &'b T) -> Self {
        Operand {
            value,
            type_name: std::any::type_name::<T>(),
        }
    }

    /// The value as KUnit prints it.
    pub(crate) fn printed(self) -> Printed {
        let debug = format!("{:?}", self.value);
        match int_value(self.type_name, &debug) {
            Some(v) => Printed::Int(v),
            None => Printed::Debug(debug),
        }
    }
}

impl fmt::Debug for Operand<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.value.fmt(f)
    }
}

/// An operand's printed form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Printed {
    /// An integer: the value after C's cast to `long long` (128-bit types keep theirs).
    Int(Int),
    /// Any other value's `{:?}`.
    Debug(String),
}

/// An integer operand's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Int {
    Signed(i128),
    Unsigned(u128),
}

/// The integer value of an operand of a primitive integer type, from its `Debug` text (the
/// decimal value; for `char`, the quoted character). `None` for every other type.
fn int_value(type_name: &str, debug: &str) -> Option<Int> {
    let long_long = |v: i128| Int::Signed(v as i64 as i128);
    Some(match type_name {
        "i8" | "i16" | "i32" | "i64" | "isize" | "u8" | "u16" | "u32" | "u64" | "usize" => {
            long_long(debug.parse::<i128>().ok()?)
        }
        "i128" => Int::Signed(debug.parse().ok()?),
        "u128" => Int::Unsigned(debug.parse().ok()?),
        "bool" => long_long(match debug {
            "true" => 1,
            "false" => 0,
            _ => return None,
        }),
        "char" => long_long(unescape_char(debug)? as i128),
        _ => return None,
    })
}

/// The character a `char`'s `Debug` text (`'a'`, `'\n'`, `'\u{301}'`) stands for.
fn unescape_char(debug: &str) -> Option<char> {
    let inner = debug.strip_prefix('\'')?.strip_suffix('\'')?;
    let mut chars = inner.chars();
    let c = chars.next()?;
    if c != '\\' {
        return chars.next().is_none().then_some(c);
    }
    let rest = chars.as_str();
    Some(match rest {
        "n" => '\n',
        "r" => '\r',
        "t" => '\t',
        "0" => '\0',
        "\\" => '\\',
        "'" => '\'',
        "\"" => '"',
        _ => {
            let hex = rest.strip_prefix("u{")?.strip_suffix('}')?;
            char::from_u32(u32::from_str_radix(hex, 16).ok()?)?
        }
    })
}

impl Int {
    /// The value inside `long long`'s range, if it is.
    fn as_long_long(self) -> Option<i64> {
        match self {
            Int::Signed(v) => i64::try_from(v).ok(),
            Int::Unsigned(v) => i64::try_from(v).ok(),
        }
    }
}

impl fmt::Display for Int {
    /// `%lld (0x%llx)`; outside `long long`'s range the whole value in the same shape.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.as_long_long(), *self) {
            (Some(v), _) => write!(f, "{v} (0x{:x})", v as u64),
            (None, Int::Signed(v)) => write!(f, "{v} (0x{:x})", v as u128),
            (None, Int::Unsigned(v)) => write!(f, "{v} (0x{v:x})"),
        }
    }
}

impl Printed {
    /// `is_literal()`: the source text is exactly the value's canonical rendering.
    pub(crate) fn is_literal(&self, text: &str) -> bool {
        match self {
            Printed::Int(Int::Signed(v)) => text == v.to_string(),
            Printed::Int(Int::Unsigned(v)) => text == v.to_string(),
            Printed::Debug(s) => text == s,
        }
    }
}

impl fmt::Display for Printed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Printed::Int(v) => fmt::Display::fmt(v, f),
            Printed::Debug(s) => f.write_str(s),
        }
    }
}
