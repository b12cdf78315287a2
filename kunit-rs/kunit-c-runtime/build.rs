//! Compiles the C glue (`src/glue/*.c`): what the freestanding kernel headers declare and
//! only libc can do (allocation, output, time, ...), built against the host's libc.

use std::path::{Path, PathBuf};

/// The files under `dir` ending in `.ext`, in a fixed order (by name, depth first).
fn files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    walkdir::WalkDir::new(dir)
        .sort_by_file_name()
        .into_iter()
        .map(|e| e.unwrap_or_else(|e| panic!("{}: {e}", dir.display())))
        .filter(|e| e.file_type().is_file() && e.path().extension().is_some_and(|x| x == ext))
        .map(walkdir::DirEntry::into_path)
        .collect()
}

fn main() {
    let manifest_dir =
        std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let glue = Path::new(&manifest_dir).join("src").join("glue");
    println!("cargo:rerun-if-changed={}", glue.display());
    let sources = files(&glue, "c");
    let mut build = cc::Build::new();
    build
        .std("gnu11")
        // A C-unwind abort may pass through glue frames (a devm action that asserts).
        .flag("-fexceptions")
        .flag_if_supported("-fno-strict-aliasing")
        .warnings(true)
        .extra_warnings(true)
        .flag_if_supported("-Wno-unused-parameter");
    for f in &sources {
        println!("cargo:rerun-if-changed={}", f.display());
        build.file(f);
    }
    println!("cargo:rerun-if-changed={}", glue.join("glue.h").display());
    // Whole: the `kunit` binary links the runtime for `kunit c`, whose C objects (loaded
    // later) are the only callers of most glue functions; every one must be there.
    build.link_lib_modifier("+whole-archive");
    build.compile("kunit_c_glue");
}
