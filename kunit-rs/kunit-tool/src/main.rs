//! `kunit`: run, build, exec and parse KUnit tests (kunit.py for kunit-rs).

use kunit_tool::cli::c_cmd::link_record;

fn main() {
    let mut args = std::env::args_os().skip(1);
    // The linker of `kunit c`'s crates hands its links here (any bytes: a linker's arguments).
    if args.next().is_some_and(|a| a == link_record::LINK_COMMAND) {
        std::process::exit(link_record::link(args.collect()));
    }
    let code = kunit_tool::cli::main_with_args(std::env::args().skip(1).collect());
    std::process::exit(code);
}
