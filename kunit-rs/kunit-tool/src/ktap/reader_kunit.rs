//! `reader.rs`'s tests (suite `ktap_reader`), declared by `reader.rs` under `cfg(test)` and run
//! by the library's test target (CONTRIBUTING.md, "One test convention").

#[kunit::kunit_tests(ktap_reader)]
mod tests {
    use crate::ktap::reader::*;

    fn raw(input: &[u8]) -> Vec<String> {
        let mut r = RawLines::new(input);
        let mut v = Vec::new();
        while let Some(l) = r.next_line() {
            v.push(l.to_string());
        }
        v
    }

    fn extract(input: &str) -> Vec<String> {
        let mut e = Extractor::new(input.as_bytes());
        let mut v = Vec::new();
        while e.advance().is_some() {
            v.push(e.line().to_string());
        }
        v
    }

    #[test]
    fn splits_like_splitlines() {
        assert_eq!(
            raw(b"a  \r\nb\rc\x0bd\xc2\x85e\xe2\x80\xa8f\n"),
            ["a", "b", "c", "d", "e", "f"]
        );
        assert_eq!(raw(b"x\xff \n\ny"), ["x\\xff", "", "y"]);
        assert_eq!(raw(b""), Vec::<String>::new());
    }

    /// A reader returning one byte per call exercises every chunk boundary.
    struct OneByte<'a>(&'a [u8]);
    impl Read for OneByte<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            match self.0.split_first() {
                Some((b, rest)) if !buf.is_empty() => {
                    buf[0] = *b;
                    self.0 = rest;
                    Ok(1)
                }
                _ => Ok(0),
            }
        }
    }

    #[test]
    fn boundaries_across_reads() {
        let input = b"a\r\nb\xe2\x80\xa9c\xc2\x85d\re";
        let mut r = RawLines::new(OneByte(input));
        let mut v = Vec::new();
        while let Some(l) = r.next_line() {
            v.push(l.to_string());
        }
        assert_eq!(v, ["a", "b", "c", "d", "e"]);
    }

    #[test]
    fn long_lines_are_truncated() {
        let mut input = vec![b'x'; MAX_LINE_BYTES * 3];
        input.extend_from_slice(b"\nnext\n");
        let v = raw(&input);
        assert_eq!(v.len(), 2);
        assert!(v[0].len() >= MAX_LINE_BYTES && v[0].len() < MAX_LINE_BYTES + 2 * CHUNK);
        assert_eq!(v[1], "next");
    }

    #[test]
    fn extraction_strips_prefix_and_stops() {
        let log = "noise\n[ 1.0] kunit executor: bad\n[  0.1] TAP version 14\n[  0.1] 1..1\n[  0.1] \tok 1 - x\n[0.1] short\nreboot: System halted\n[  0.1] after\n";
        assert_eq!(
            extract(log),
            [
                "[ 1.0] kunit executor: bad",
                "TAP version 14",
                "1..1",
                "\tok 1 - x",
                "ort"
            ]
        );
    }

    /// A reader returning one given piece per call.
    struct Chunks(Vec<&'static [u8]>);
    impl Read for Chunks {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.0.is_empty() {
                return Ok(0);
            }
            let piece = self.0.remove(0);
            buf[..piece.len()].copy_from_slice(piece);
            Ok(piece.len())
        }
    }

    /// Extracts everything, then returns what `line()` shows at the end.
    fn last_line<R: Read>(mut e: Extractor<R>) -> String {
        while e.advance().is_some() {}
        e.line().to_string()
    }

    #[test]
    fn last_line_stays_readable_after_the_end() {
        // The buffer is refilled (and the line copied out) after the last line.
        let log = "[1] KTAP version 1\n[1] 1..1\n[1] ok 1 x  \n";
        assert_eq!(last_line(Extractor::new(log.as_bytes())), "ok 1 x");
        assert_eq!(last_line(Extractor::new(OneByte(log.as_bytes()))), "ok 1 x");
        // Lines after it are dropped: the end marker, and text before any KTAP.
        let log = "KTAP version 1\nok 1 x\nreboot: System halted\nmore\n";
        assert_eq!(last_line(Extractor::new(log.as_bytes())), "ok 1 x");
        // The end marker arrives in a later read, which reuses the buffer.
        let reads = Chunks(vec![
            b"KTAP version 1\nok 1 x\n",
            b"reboot: System halted\n",
        ]);
        assert_eq!(last_line(Extractor::new(reads)), "ok 1 x");
        let log = "kunit executor: no tests\nnoise\nmore noise";
        assert_eq!(
            last_line(Extractor::new(log.as_bytes())),
            "kunit executor: no tests"
        );
        assert_eq!(last_line(Extractor::new(&b""[..])), "");
    }

    #[test]
    fn lines_straddling_reads_keep_their_text() {
        let mut log = String::from("KTAP version 1\n");
        for i in 0..40_000 {
            log.push_str(&format!("    ok {i} case_{i}: \u{e9}\t\n"));
        }
        let lines = extract(&log);
        assert_eq!(lines.len(), 40_001);
        assert_eq!(lines[12_345], "    ok 12344 case_12344: \u{e9}");
        assert_eq!(lines[40_000], "    ok 39999 case_39999: \u{e9}");
    }

    #[test]
    fn version_prefix_uses_first_marker() {
        assert_eq!(version_prefix("ab KTAP version 1", "KTAP version"), Some(3));
        assert_eq!(
            version_prefix("KTAP version x KTAP version 1", "KTAP version"),
            Some(0)
        );
        assert_eq!(version_prefix("KTAP version 1x", "KTAP version"), None);
        assert_eq!(version_prefix("é KTAP version 1", "KTAP version"), Some(2));
    }
}
