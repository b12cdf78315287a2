fn main() {
    kunit_c::Build::new()
        // The code under test, built as lib/crypto code is: its own file, its own header.
        .file("src/fnv1a.c")
        .file("tests/fnv1a_kunit.c")
        .include("include")
        // Warnings are errors here: kunit-c's headers must not cause any.
        .flag("-Werror")
        .compile("c_crypto_kunit");
}
