//! `sanitize.rs`'s tests, declared by `sanitize.rs` under `cfg(test)` and run by the library's
//! test target (CONTRIBUTING.md, "One test convention").

use crate::exec::sanitize::*;

#[kunit::kunit_tests(kunit_tool_sanitize)]
mod tests {
    use super::*;

    #[test]
    fn sanitize_list_parses_sorted() {
        let list = parse_list("undefined,address").unwrap();
        assert_eq!(list, vec![Sanitizer::Address, Sanitizer::Undefined]);
        assert_eq!(list_text(&list), "address,undefined");
    }

    #[test]
    fn sanitize_list_refuses_bad_input() {
        assert_eq!(
            parse_list("address,bogus").unwrap_err(),
            "unknown sanitizer 'bogus' (choose from address, undefined, thread)"
        );
        assert_eq!(
            parse_list("thread,thread").unwrap_err(),
            "'thread' is given twice"
        );
        assert!(parse_list("address,thread")
            .unwrap_err()
            .contains("cannot be combined"));
        assert!(parse_list("").is_err());
    }

    #[test]
    fn sanitize_rustflags_keep_the_users_and_export_the_hooks() {
        let flags = rustflags(&[Sanitizer::Address, Sanitizer::Undefined], "-Cdebuginfo=1");
        assert!(flags.starts_with("-Cdebuginfo=1 -Zsanitizer=address -Zsanitizer-recover=address "));
        assert!(flags.contains("--export-dynamic-symbol=__sanitizer_set_report_fd"));
        // undefined alone changes no Rust flag (rustc has no UBSan).
        assert_eq!(rustflags(&[Sanitizer::Undefined], ""), "");
    }

    #[test]
    fn sanitize_target_dir_is_apart_from_the_plain_one() {
        let dir = target_dir(
            &[Sanitizer::Address, Sanitizer::Undefined],
            Some("/tmp/b"),
            std::path::Path::new("/w/Cargo.toml"),
        );
        assert_eq!(
            dir,
            std::path::PathBuf::from("/tmp/b/kunit-sanitize-address-undefined")
        );
    }
}
