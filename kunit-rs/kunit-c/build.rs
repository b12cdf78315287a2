//! Embeds the C headers under `include/` into the library (`headers.rs` in OUT_DIR), so that
//! `kunit_c::Build` writes them out for each build script that uses it. A path to this
//! checkout baked in at compile time would go stale when cargo reuses the compiled library
//! for a checkout at another path (one CARGO_TARGET_DIR shared by several clones).
//! (The C glue the headers' declarations need at run time is kunit-c-runtime's.)

use std::fmt::Write;
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
    // Read when the script runs, not baked in when it is compiled: a compiled build script
    // can be reused for a checkout at another path.
    let manifest_dir =
        std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let manifest_dir = Path::new(&manifest_dir);
    let root = manifest_dir.join("include");
    println!("cargo:rerun-if-changed={}", root.display());
    let headers = files(&root, "h");
    let mut code = String::from("/// Every header under `include/`: (relative path, contents).\n");
    code.push_str("pub(crate) static HEADERS: &[(&str, &[u8])] = &[\n");
    for f in &headers {
        println!("cargo:rerun-if-changed={}", f.display());
        let rel = f.strip_prefix(&root).expect("under include/");
        let _ = writeln!(
            code,
            "    ({:?}, include_bytes!({:?})),",
            rel.to_str().expect("UTF-8 path"),
            f
        );
    }
    code.push_str("];\n");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("OUT_DIR"));
    std::fs::write(out.join("headers.rs"), code).expect("write headers.rs");
    // The target this library runs on, for `kunit c`'s compiler (cc needs one outside a
    // build script).
    let target = std::env::var("TARGET").expect("cargo sets TARGET");
    println!("cargo:rustc-env=KUNIT_C_TARGET={target}");
}
