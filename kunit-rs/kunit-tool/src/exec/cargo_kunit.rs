//! `cargo.rs`'s tests (suite `exec_cargo`), declared by `cargo.rs` under `cfg(test)` and run
//! by the library's test target (CONTRIBUTING.md, "One test convention").

#[kunit::kunit_tests(exec_cargo)]
mod tests {
    use crate::exec::cargo::*;

    #[test]
    fn reads_artifact_messages() {
        let l = r#"{"reason":"compiler-artifact","package_id":"p","target":{"kind":["test"],"name":"checksum"},"profile":{"test":true},"executable":"/t/debug/deps/checksum-123","fresh":true}"#;
        assert_eq!(
            artifact(l),
            Some(Artifact {
                target: "checksum".into(),
                path: "/t/debug/deps/checksum-123".into()
            })
        );
        let lib = r#"{"reason":"compiler-artifact","target":{"name":"x"},"profile":{"test":false},"executable":null}"#;
        assert_eq!(artifact(lib), None);
        assert_eq!(
            artifact(r#"{"reason":"build-finished","success":true}"#),
            None
        );
    }

    #[test]
    fn skips_lines_that_are_not_artifact_json() {
        let escaped =
            r#"{"reason":"compiler-artifact","profile":{"test":true},"executable":"/t/x\u00e9"}"#;
        assert_eq!(artifact(escaped).map(|a| a.path), Some("/t/xé".into()));
        for bad in [
            "",
            "   Compiling foo v0.1.0",
            r#"{"reason":"compiler-artifact","executable":}"#,
            r#"{"reason":"compiler-artifact","profile":{"test":true},"executable":"/t/x"} trailing"#,
            r#"["compiler-artifact"]"#,
            r#"{"reason":"compiler-artifact","profile":{"test":true},"executable":7}"#,
        ] {
            assert_eq!(artifact(bad), None, "{bad}");
        }
        assert_eq!(artifact(&"[".repeat(100_000)), None);
    }

    #[test]
    fn searches_for_the_marker_the_harness_writes() {
        assert_eq!(
            kunit_protocol::marker::needle(),
            kunit::harness::HARNESS_MARKER
        );
    }

    #[test]
    fn marker_scan_spans_chunks() {
        let dir = std::env::temp_dir().join(format!("kunit-marker-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut data = vec![0u8; (1 << 20) - 5];
        data.extend_from_slice(&kunit_protocol::marker::needle());
        data.extend_from_slice(&[1, 2, 3]);
        let yes = dir.join("yes");
        std::fs::write(&yes, &data).unwrap();
        let no = dir.join("no");
        std::fs::write(&no, &data[..data.len() - 10]).unwrap();
        assert!(is_harness(&yes).unwrap());
        assert!(!is_harness(&no).unwrap());
        // This test binary runs kunit's harness (the marker is found in a real binary); that
        // the `kunit` binary, which links this crate, is not one is tests/cli.rs's check.
        assert!(is_harness(&std::env::current_exe().unwrap()).unwrap());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
