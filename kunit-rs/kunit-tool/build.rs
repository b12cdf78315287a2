//! The `kunit` binary is `kunit c`'s run time: the shared object of a C suite's objects is
//! loaded into it and calls kunit-c's C ABI and glue in it, so the binary exports its
//! symbols to objects loaded at run time (the dynamic symbol table), as `-rdynamic` does.

fn main() {
    println!("cargo:rustc-link-arg-bins=-Wl,--export-dynamic");
}
