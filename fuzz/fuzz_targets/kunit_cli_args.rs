//! The `kunit` runner's command line over arbitrary arguments (NUL-separated). Beyond "no
//! panic": a refusal names the subcommand it was for and says what is wrong.
#![no_main]

use kunit_tool::cli::parse_args;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let argv: Vec<String> = data
        .split(|&b| b == 0)
        .map(|a| String::from_utf8_lossy(a).into_owned())
        .collect();
    match parse_args(argv) {
        Ok(line) => assert!(line.help.help || line.command.is_some()),
        Err(e) => {
            let text = e.to_string();
            assert!(text.starts_with("kunit"), "{text}");
            assert!(!e.message.is_empty(), "{text}");
        }
    }
});
