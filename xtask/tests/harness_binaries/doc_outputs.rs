//! Outputs quoted in the docs are what the code prints today; fails when one drifts:
//! * examples/hello-kunit/README.md: the demo-failures suite's KTAP (its file:line numbers
//!   too) and the closing line (`finished in` masked), from hello-kunit's `hello` harness
//!   built with `--features demo-failures`;
//! * params-attributes-filters.md and troubleshooting.md: the filter error texts, from a
//!   harness run with `--filter colour=red` and `--filter colour`.
//!
//! The guide's harness flag table is checked against `--help` by a self-test
//! (kunit-rs/kunit/src/harness_kunit.rs), libtest JSON by libtest_json_kunit.rs.

#[kunit::kunit_tests(xtask_doc_outputs)]
mod tests {
    use crate::common::{root, run_harness, text};
    use regex_lite::Regex;
    use xtask::build::Executable;

    fn read(path: &str) -> String {
        std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
    }

    /// hello-kunit's `hello` harness, built with `features`.
    fn hello(features: &[&str]) -> Executable {
        let mut args = vec!["test", "-p", "hello-kunit", "--test", "hello", "--no-run"];
        args.extend_from_slice(features);
        xtask::build::executables(&root(), &args)
            .unwrap_or_else(|e| panic!("{e}"))
            .into_iter()
            .find(|e| e.test && e.target == "hello")
            .expect("cargo built no hello harness")
    }

    #[test]
    #[ignore = "builds hello-kunit with demo-failures: scripts/test.sh doc-outputs"]
    fn hello_kunit_readme_quotes_the_demo_failures_output(test: &mut kunit::Kunit) {
        let run = run_harness(&hello(&["--features", "demo-failures"]), &[]);
        assert!(!run.status.success(), "the demo-failures run passed");
        let stdout = text(&run.stdout);
        let out: Vec<&str> = stdout.lines().collect();

        let readme = read("examples/hello-kunit/README.md");
        let intro = readme
            .find("--features demo-failures` adds")
            .expect("the README introduces the demo-failures output");
        let start = readme[intro..]
            .find("```text\n")
            .map(|i| intro + i + "```text\n".len())
            .expect("a text block after the introduction");
        let end = start + readme[start..].find("```").expect("the block ends");
        let block: Vec<&str> = readme[start..end].lines().collect();
        let cut = block
            .iter()
            .position(|l| *l == "...")
            .expect("the quote elides with ...");
        let (quoted_suite, quoted_close) = (&block[..cut], &block[cut + 1..]);

        let begin = out
            .iter()
            .position(|l| *l == "    # Subtest: hello_demo_failures")
            .expect("the demo prints the hello_demo_failures suite")
            - 1;
        let last = out
            .iter()
            .position(|l| *l == "not ok 1 hello_demo_failures")
            .expect("the demo's suite fails");
        let printed_suite = &out[begin..=last];
        for (i, (q, p)) in quoted_suite.iter().zip(printed_suite).enumerate() {
            assert_eq!(q, p, "line {} of the README's quote", i + 1);
        }
        assert_eq!(
            quoted_suite.len(),
            printed_suite.len(),
            "the README quotes {} lines of the suite, the demo prints {}",
            quoted_suite.len(),
            printed_suite.len()
        );
        let mask = |l: &str| {
            Regex::new(r"finished in [0-9.]+s")
                .unwrap()
                .replace(l, "finished in Ns")
                .into_owned()
        };
        let close = out
            .iter()
            .rev()
            .find(|l| l.starts_with("test result: "))
            .expect("a closing line");
        let quoted: Vec<String> = quoted_close.iter().map(|l| mask(l)).collect();
        assert_eq!(
            quoted,
            vec![mask(close)],
            "the README's closing line is not what the demo prints"
        );
        kunit::kunit_info!(
            test,
            "hello-kunit README: the demo-failures KTAP ({} lines) and closing line",
            printed_suite.len()
        );
    }

    /// `--filter FILTER` exits 2 with `first` and the error line; `doc` quotes `first`.
    fn check_filter(hello: &Executable, filter: &str, first: &str, doc: &str) {
        let run = run_harness(hello, &["--filter", filter]);
        assert_eq!(run.status.code(), Some(2), "--filter {filter}: exit status");
        let stderr = text(&run.stderr);
        let mut lines = stderr.lines();
        assert_eq!(lines.next(), Some(first), "--filter {filter}: first line");
        assert_eq!(
            lines.next(),
            Some("kunit executor: error filtering suites: -22"),
            "--filter {filter}: no 'error filtering suites' line"
        );
        let text = read(doc);
        let short = first.strip_prefix("kunit executor: ").unwrap_or(first);
        assert!(
            text.contains(&format!("`{first}`")) || text.contains(&format!("{short}`")),
            "{doc} does not quote '{first}'"
        );
    }

    #[test]
    #[ignore = "builds hello-kunit: scripts/test.sh doc-outputs"]
    fn the_guides_quote_the_filter_errors(test: &mut kunit::Kunit) {
        let bin = hello(&[]);
        let not_found = "kunit executor: attribute not found: colour=red";
        check_filter(
            &bin,
            "colour=red",
            not_found,
            "docs/src/params-attributes-filters.md",
        );
        check_filter(&bin, "colour=red", not_found, "docs/src/troubleshooting.md");
        check_filter(
            &bin,
            "colour",
            "kunit executor: filter operation not found: colour",
            "docs/src/troubleshooting.md",
        );
        kunit::kunit_info!(
            test,
            "filter error texts in params-attributes-filters.md and troubleshooting.md"
        );
    }
}
