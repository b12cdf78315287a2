//! `kunit`: run, build, exec and parse KUnit tests (kunit.py for kunit-rs).

fn main() {
    let code = kunit_tool::cli::main_with_args(std::env::args().skip(1).collect());
    std::process::exit(code);
}
