//! kunit inside a program: run the linked suites from code, collect the KTAP text into any
//! `Write`, and get the results back as data.
//!
//! ```text
//! cargo run -p hello-kunit --example embed                  # every suite
//! cargo run -p hello-kunit --example embed -- 'size*'       # a kunit.filter_glob
//! cargo run -p hello-kunit --example embed -- '' 'speed>slow' # and an attribute filter
//! KUNIT_BOOT=1 cargo run -p hello-kunit --example embed     # boot-time tests too: every
//!                                                           # suite runs before main, KTAP on stderr
//! ```

use kunit::{Capture, Config, Ignored, Registration};

fn main() {
    if std::env::var_os("KUNIT_BOOT").is_some() {
        eprintln!("embed: main starts (the boot-time KTAP above ran before it)");
    }
    let mut args = std::env::args().skip(1);
    let config = Config {
        filter_glob: args.next().filter(|g| !g.is_empty()),
        filter: args.next(),
        ignored: Ignored::Include, // run slow cases too
        ..Config::default()
    };

    // Every suite linked into this binary: hello-kunit's register themselves.
    let ktap = Capture::new();
    let report = match kunit::run(None, &config, ktap.clone()) {
        Ok(report) => report,
        Err(e) => {
            eprintln!("embed: {e}");
            std::process::exit(2);
        }
    };
    let text = ktap.text();
    println!(
        "collected {} lines of KTAP; first: {:?}",
        text.lines().count(),
        text.lines().next().unwrap_or("")
    );
    for suite in &report.suites {
        println!(
            "{} {:?} in {:.1?}",
            suite.name, suite.status, suite.duration
        );
        for case in &suite.cases {
            let params = match case.params.len() {
                0 => String::new(),
                n => format!(" ({n} params)"),
            };
            println!(
                "  {:<28} {:?}{params} in {:.1?}",
                case.name, case.status, case.duration
            );
        }
    }
    println!(
        "passed={} failed={} skipped={} in {:.1?}",
        report.passed(),
        report.failed(),
        report.skipped(),
        report.duration
    );

    // One suite, named explicitly (it need not be registered), its KTAP discarded.
    let only = [Registration::unregistered(
        &hello_kunit::size::tests::SUITE,
        "hello_kunit",
    )];
    let one = kunit::run(Some(&only), &Config::default(), std::io::sink())
        .expect("the default config has no filter to reject");
    println!("size_parse alone: {} passed", one.passed());

    std::process::exit(if report.success() && one.success() {
        0
    } else {
        1
    });
}
