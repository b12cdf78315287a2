//! `kunit_c::Build`: compiles kernel-style C test files for a `cargo test` binary.

use std::path::{Path, PathBuf};

/// Compiles C test files (and the C code they test) with the kunit-c headers, then links
/// them whole-archive into the package's targets: the objects' constructors register their
/// suites, and nothing else references them, so a plain static library would be dropped.
///
/// Each file is compiled with `KBUILD_MODNAME` set to [`module_name`] of its path, which is
/// what the suite's `# module:` line shows.
#[derive(Clone, Debug, Default)]
pub struct Build {
    files: Vec<PathBuf>,
    includes: Vec<PathBuf>,
    defines: Vec<(String, Option<String>)>,
    flags: Vec<String>,
}

impl Build {
    /// A build with the kunit-c headers on the include path.
    pub fn new() -> Build {
        Build::default()
    }

    /// Adds a C file (repeatable).
    pub fn file(&mut self, path: impl AsRef<Path>) -> &mut Build {
        self.files.push(path.as_ref().to_path_buf());
        self
    }

    /// Adds an include directory, searched before the kunit-c headers (repeatable).
    pub fn include(&mut self, dir: impl AsRef<Path>) -> &mut Build {
        self.includes.push(dir.as_ref().to_path_buf());
        self
    }

    /// Defines a preprocessor macro for every file (`-DNAME` or `-DNAME=VALUE`).
    pub fn define(&mut self, name: &str, value: Option<&str>) -> &mut Build {
        self.defines
            .push((name.to_owned(), value.map(str::to_owned)));
        self
    }

    /// Adds a compiler flag for every file.
    pub fn flag(&mut self, flag: &str) -> &mut Build {
        self.flags.push(flag.to_owned());
        self
    }

    fn base(&self) -> cc::Build {
        let mut b = cc::Build::new();
        b.cargo_metadata(false)
            .std("gnu11")
            // Unwind tables in every C frame: an ASSERT unwinds through them.
            .flag("-fexceptions")
            // Kernel code does arithmetic on void pointers and leans on GNU C.
            .flag_if_supported("-fno-strict-aliasing")
            .warnings(true)
            .flag_if_supported("-Wno-unused-parameter")
            .flag_if_supported("-Wno-sign-compare")
            .flag_if_supported("-Wno-missing-field-initializers")
            // kunit-c's headers appear as include/..., as kernel headers do in KUnit's
            // messages, wherever they were written out.
            .flag_if_supported(format!(
                "-fmacro-prefix-map={}/=",
                crate::include_dir()
                    .parent()
                    .expect("include/ has a parent")
                    .display()
            ));
        for dir in &self.includes {
            b.include(dir);
        }
        b.include(crate::include_dir());
        for (name, value) in &self.defines {
            b.define(name, value.as_deref());
        }
        for flag in &self.flags {
            b.flag(flag);
        }
        b
    }

    /// Compiles every file into `lib<name>.a` in `OUT_DIR` and tells cargo to link it
    /// whole-archive. Panics (failing the build script, as `cc` does) when a file does not
    /// compile.
    pub fn compile(&self, name: &str) {
        let mut objects = Vec::new();
        for file in &self.files {
            println!("cargo:rerun-if-changed={}", file.display());
            let mut b = self.base();
            let module = format!("\"{}\"", module_name(file));
            b.define("KBUILD_MODNAME", Some(module.as_str())).file(file);
            objects.extend(b.compile_intermediates());
        }
        // kunit-c's own headers change only with the library, which reruns this script.
        for dir in &self.includes {
            println!("cargo:rerun-if-changed={}", dir.display());
        }
        let mut archive = self.base();
        archive.objects(objects);
        archive.compile(name);
        let out_dir = std::env::var("OUT_DIR").expect("kunit_c::Build runs in a build script");
        println!("cargo:rustc-link-search=native={out_dir}");
        println!("cargo:rustc-link-lib=static:+whole-archive={name}");
        // `kunit::main!()` then links kunit-c, whose C API the objects call.
        println!("cargo:rustc-check-cfg=cfg(kunit_c_linked)");
        println!("cargo:rustc-cfg=kunit_c_linked");
    }
}

/// `KBUILD_MODNAME` for a C file: its base name without the extension, `-` turned into `_`
/// (`tests/foo-bar_kunit.c` → `foo_bar_kunit`).
pub fn module_name(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().replace('-', "_"))
        .unwrap_or_default()
}
