//! `scan.rs`'s tests (suite `ktap_scan`), declared by `scan.rs` under `cfg(test)` and run
//! by the library's test target (CONTRIBUTING.md, "One test convention").

#[kunit::kunit_tests(ktap_scan)]
mod tests {
    use crate::ktap::scan::*;

    /// The obvious byte loop, to compare against.
    fn reference(b: &[u8], from: usize) -> (usize, Seen) {
        let end = b[from..]
            .iter()
            .position(|&c| is_special(c))
            .map_or(b.len(), |p| from + p);
        let seen = Seen {
            colon: b[from..end].contains(&b':'),
            hash: b[from..end].contains(&b'#'),
        };
        (end, seen)
    }

    #[test]
    fn agrees_with_byte_loop() {
        let mut rng = 0x2545_f491_4f6c_dd1du64;
        let alphabet = b"ab:#\t \n\r\x7f\x80\xff\x1c\x00";
        for len in 0..80 {
            for _ in 0..200 {
                let b: Vec<u8> = (0..len)
                    .map(|_| {
                        rng ^= rng << 13;
                        rng ^= rng >> 7;
                        rng ^= rng << 17;
                        // Mostly plain bytes, so runs cross 16-byte blocks.
                        let r = (rng % 64) as usize;
                        if r < 56 {
                            alphabet[r % 6]
                        } else {
                            alphabet[r % alphabet.len()]
                        }
                    })
                    .collect();
                for from in 0..=len.min(20) {
                    assert_eq!(
                        scan_plain(&b, from),
                        reference(&b, from),
                        "{b:?} from {from}"
                    );
                }
            }
        }
    }

    #[test]
    fn find_byte_finds_the_first() {
        assert_eq!(find_byte(b"a:b:c", b':'), Some(1));
        assert_eq!(find_byte(b"abc", b':'), None);
        assert_eq!(find_byte(b"", b':'), None);
    }

    #[test]
    fn stops_at_line_end_and_sees_what_is_before_it() {
        let line = b"[    0.000013]     # case_1_10: EXPECTATION FAILED\nnext: x";
        let nl = line.iter().position(|&c| c == b'\n').unwrap();
        let both = Seen {
            colon: true,
            hash: true,
        };
        assert_eq!(scan_plain(line, 0), (nl, both));
        let line = b"    ok 1 case_1_1 with a long name\nx: y # z";
        let nl = line.iter().position(|&c| c == b'\n').unwrap();
        assert_eq!(scan_plain(line, 0), (nl, Seen::default()));
        assert_eq!(scan_plain(b"\tok 1\t\x7f", 0), (7, Seen::default()));
        assert_eq!(
            scan_plain(b"\tok: 1#\xc2\x85", 0),
            (
                7,
                Seen {
                    colon: true,
                    hash: true
                }
            )
        );
    }
}
