//! `parse_size`: sizes such as `64K` or `0x10M`, as the kernel's `memparse()` reads them.

use std::fmt;

/// Why a size did not parse.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SizeError {
    Empty,
    /// No digits where a number should start.
    NoDigits,
    /// A character after the number that is not a K/M/G/T suffix.
    BadSuffix(char),
    Overflow,
}

impl fmt::Display for SizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SizeError::Empty => f.write_str("empty size"),
            SizeError::NoDigits => f.write_str("no digits"),
            SizeError::BadSuffix(c) => write!(f, "unknown suffix '{c}'"),
            SizeError::Overflow => f.write_str("size overflows 64 bits"),
        }
    }
}

impl std::error::Error for SizeError {}

/// Parses a decimal or `0x` hexadecimal number with an optional binary suffix
/// (K, M, G, T, either case: ×1024 each step).
pub fn parse_size(text: &str) -> Result<u64, SizeError> {
    if text.is_empty() {
        return Err(SizeError::Empty);
    }
    let (digits, radix) = match text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        Some(hex) => (hex, 16),
        None => (text, 10),
    };
    let end = digits
        .find(|c: char| !c.is_digit(radix))
        .unwrap_or(digits.len());
    if end == 0 {
        return Err(SizeError::NoDigits);
    }
    let number = u64::from_str_radix(&digits[..end], radix).map_err(|_| SizeError::Overflow)?;
    let mut suffix = digits[end..].chars();
    let shift = match suffix.next() {
        None => 0,
        Some(c) => match c.to_ascii_uppercase() {
            'K' => 10,
            'M' => 20,
            'G' => 30,
            'T' => 40,
            _ => return Err(SizeError::BadSuffix(c)),
        },
    };
    if let Some(extra) = suffix.next() {
        return Err(SizeError::BadSuffix(extra));
    }
    number.checked_mul(1u64 << shift).ok_or(SizeError::Overflow)
}

/// The `size_parse` suite, written with `#[kunit_tests]`: plain `#[test]` functions whose
/// `assert_eq!` reports KUnit's failure text, `?` in a test, and parameters.
#[kunit::kunit_tests(size_parse)]
pub mod tests {
    use super::{parse_size, SizeError};
    use kunit::prelude::*;

    pub struct Sample {
        text: &'static str,
        bytes: u64,
    }

    static SAMPLES: [Sample; 6] = [
        Sample {
            text: "0",
            bytes: 0,
        },
        Sample {
            text: "4096",
            bytes: 4096,
        },
        Sample {
            text: "4K",
            bytes: 4096,
        },
        Sample {
            text: "0x10m",
            bytes: 16 << 20,
        },
        Sample {
            text: "1G",
            bytes: 1 << 30,
        },
        Sample {
            text: "2T",
            bytes: 2 << 40,
        },
    ];

    kunit_array_param_desc!(samples_gen, SAMPLES, text);

    #[test]
    #[kunit(params = samples_gen)]
    fn parses_samples(test: &mut Kunit) {
        let sample = test.param::<Sample>();
        assert_eq!(parse_size(sample.text), Ok(sample.bytes));
    }

    #[test]
    fn rejects_bad_input() {
        assert_eq!(parse_size(""), Err(SizeError::Empty));
        assert_eq!(parse_size("K"), Err(SizeError::NoDigits));
        assert_eq!(parse_size("4Q"), Err(SizeError::BadSuffix('Q')));
        assert_eq!(parse_size("4KB"), Err(SizeError::BadSuffix('B')));
        assert_eq!(parse_size("16777216T"), Err(SizeError::Overflow));
    }

    #[test]
    fn error_text(test: &mut Kunit) {
        let text = SizeError::BadSuffix('Q').to_string();
        kunit_expect_streq!(test, text.as_str(), "unknown suffix 'Q'");
    }

    #[test]
    fn question_mark_in_tests() -> Result<(), SizeError> {
        let total = parse_size("1K")? + parse_size("0x400")?;
        assert!(total == 2048, "1K + 0x400 = {}", total);
        Ok(())
    }
}
