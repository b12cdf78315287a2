//! `kunit`: run, build, exec and parse KUnit tests (kunit.py for kunit-rs), and the harness
//! of `kunit c`'s C suites when started by `kunit c` (see `cli::c_cmd::harness`).

use kunit_tool::cli::c_cmd::harness;

fn main() {
    if let Some(object) = std::env::var_os(harness::HARNESS_ENV) {
        harness::main(&object);
    }
    let code = kunit_tool::cli::main_with_args(std::env::args().skip(1).collect());
    std::process::exit(code);
}
