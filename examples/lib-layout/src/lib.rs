//! `#[kunit_tests]` in the library layout: unit tests beside the code in
//! `#[cfg(test)] mod tests`. Plain `cargo test` runs them (the library's libtest binary runs
//! each case through kunit and shows its KTAP), and so do rust-analyzer's and RustRover's
//! "Run test" (xtask/tests/harness_binaries/ide_runnables.rs runs their command lines).

/// Parses `4K`, `2M` or a plain number of bytes.
pub fn parse_size(s: &str) -> Option<u64> {
    let (digits, shift) = match s.as_bytes().last()? {
        b'K' => (&s[..s.len() - 1], 10),
        b'M' => (&s[..s.len() - 1], 20),
        _ => (s, 0),
    };
    digits.parse::<u64>().ok()?.checked_mul(1 << shift)
}

#[cfg(test)]
#[kunit::kunit_tests(lib_layout)]
mod tests {
    use super::parse_size;

    #[test]
    fn parses_kilobytes() {
        assert_eq!(parse_size("4K"), Some(4096));
    }

    #[test]
    fn rejects_garbage() {
        assert_eq!(parse_size("4Q"), None);
        assert_eq!(parse_size(""), None);
    }

    #[test]
    #[ignore = "exercises every value up to 2^20"]
    fn every_small_size() {
        for n in 0..(1u64 << 20) {
            assert_eq!(parse_size(&n.to_string()), Some(n));
        }
    }

    mod suffixes {
        use super::parse_size;

        #[test]
        fn megabytes() {
            assert_eq!(parse_size("2M"), Some(2 << 20));
        }
    }
}
