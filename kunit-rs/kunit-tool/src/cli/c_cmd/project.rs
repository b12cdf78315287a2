//! The throwaway crate `kunit c` builds: a `Cargo.toml` depending on kunit and kunit-c, a
//! build script calling `kunit_c::Build`, and a test target with `kunit::main!()`. Files are
//! rewritten only when their text changes, so cargo redoes only what changed.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use super::args::CArgs;

/// The kunit-rs checkout this binary was built from: `$KUNIT_RS_SRC`, else the workspace
/// that held kunit-tool at build time (`cargo install --path` builds in place, so it is
/// still there).
pub fn sources() -> Result<PathBuf, String> {
    let root = match std::env::var_os("KUNIT_RS_SRC").filter(|v| !v.is_empty()) {
        Some(r) => PathBuf::from(r),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../.."),
    };
    let kunit_c = root.join("kunit-rs/kunit-c/Cargo.toml");
    if !kunit_c.is_file() {
        return Err(format!(
            "kunit c builds against the kunit-rs sources, and {} has none (no {}); set \
             KUNIT_RS_SRC to a kunit-rs checkout",
            root.display(),
            kunit_c.display()
        ));
    }
    std::fs::canonicalize(&root).map_err(|e| format!("{}: {e}", root.display()))
}

/// The cache folder: `$KUNIT_C_CACHE`, else `$XDG_CACHE_HOME/kunit-rs/c`, else
/// `~/.cache/kunit-rs/c`, else one under the temporary directory.
pub fn cache_dir() -> PathBuf {
    let env = |k: &str| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    if let Some(c) = env("KUNIT_C_CACHE") {
        return c;
    }
    if let Some(x) = env("XDG_CACHE_HOME") {
        return x.join("kunit-rs/c");
    }
    if let Some(h) = env("HOME") {
        return h.join(".cache/kunit-rs/c");
    }
    std::env::temp_dir().join("kunit-rs-c")
}

/// The inputs with every path made absolute (in the kernel tree when one is given, else in
/// the current directory) and checked to exist.
#[derive(Clone, Debug)]
pub struct Resolved {
    /// `--kernel-tree`, absolute.
    pub kernel_tree: Option<PathBuf>,
    /// The C files, the test file first.
    pub files: Vec<PathBuf>,
    /// `-I` directories.
    pub includes: Vec<PathBuf>,
    /// `--kunitconfig` files.
    pub kunitconfigs: Vec<PathBuf>,
}

/// Resolves `args`' paths; an error names the path that is missing.
pub fn resolve(args: &CArgs) -> Result<Resolved, String> {
    let cwd = std::env::current_dir().map_err(|e| format!("current directory: {e}"))?;
    let tree = match &args.kernel_tree {
        Some(t) => {
            let t = cwd.join(t);
            if !t.join("include").is_dir() {
                return Err(format!(
                    "--kernel-tree {}: not a kernel tree (no include/ folder)",
                    t.display()
                ));
            }
            Some(canonical(&t)?)
        }
        None => None,
    };
    // In the tree when the path is there, else in the current directory.
    let at = |p: &Path| match &tree {
        Some(t) if t.join(p).exists() => canonical(&t.join(p)),
        _ => canonical(&cwd.join(p)),
    };
    let files = args
        .files
        .iter()
        .map(|f| at(f))
        .collect::<Result<Vec<_>, _>>()?;
    let includes = args
        .includes
        .iter()
        .map(|f| at(f))
        .collect::<Result<Vec<_>, _>>()?;
    let mut kunitconfigs = Vec::new();
    for k in &args.kunitconfigs {
        let p = at(k)?;
        // kunit.py takes a directory holding .kunitconfig too.
        kunitconfigs.push(if p.is_dir() {
            canonical(&p.join(".kunitconfig"))?
        } else {
            p
        });
    }
    Ok(Resolved {
        kernel_tree: tree,
        files,
        includes,
        kunitconfigs,
    })
}

fn canonical(p: &Path) -> Result<PathBuf, String> {
    std::fs::canonicalize(p).map_err(|e| format!("{}: {e}", p.display()))
}

/// `[a-z0-9_]` only: a name cargo takes for a package and a target.
fn ident(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect()
}

/// FNV-1a, for a stable folder name per test file (and `rerun.rs`'s stamps).
pub(super) fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The throwaway crate of one test file, as written.
#[derive(Clone, Debug)]
pub struct Crate {
    /// Its folder in the cache (one per test file).
    pub dir: PathBuf,
    /// Its `Cargo.toml`.
    pub manifest: PathBuf,
    /// The test target's name (the test file's stem).
    pub stem: String,
    /// The package's name (`kunit-c-STEM`).
    pub package: String,
    /// The text of every file written, so that a rerun can tell whether any changed.
    pub text: String,
}

/// What the generated build script appends: the environment cargo gave it, kept for
/// `kunit c` to rerun the script itself while only C inputs change (see `rerun.rs`).
pub const RECORD_SCRIPT_ENV: &str = "
/// `kunit c` reruns this script without cargo while only C inputs change: its program,
/// folder and environment, NUL-separated.
fn record_script_env() {
    use std::os::unix::ffi::OsStrExt;
    let mut text = Vec::new();
    let exe = std::env::current_exe().expect(\"the build script's path\");
    let cwd = std::env::current_dir().expect(\"the build script's folder\");
    for part in [exe.as_os_str(), cwd.as_os_str()] {
        text.extend_from_slice(part.as_bytes());
        text.push(0);
    }
    for (k, v) in std::env::vars_os() {
        text.extend_from_slice(k.as_bytes());
        text.push(b'=');
        text.extend_from_slice(v.as_bytes());
        text.push(0);
    }
    let path = std::path::Path::new(env!(\"CARGO_MANIFEST_DIR\")).join(\"build-script.env\");
    std::fs::write(&path, text).expect(\"write build-script.env\");
}
";

/// The crate for one test file: its folder in the cache (one per test file), written.
pub fn write(cache: &Path, src: &Path, args: &CArgs, r: &Resolved) -> Result<Crate, String> {
    let test = &r.files[0];
    let stem = ident(
        &test
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default(),
    );
    let key = fnv(test.as_os_str().as_encoded_bytes());
    let dir = cache.join("crates").join(format!("{stem}-{key:016x}"));
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;

    let package = format!("kunit-c-{stem}");
    let kunit = src.join("kunit-rs/kunit");
    let kunit_c = src.join("kunit-rs/kunit-c");
    let runtime = src.join("kunit-rs/kunit-c-runtime");
    let manifest = format!(
        "# Generated by `kunit c` for {test}; rewritten on every run.\n\
         [package]\nname = \"{package}\"\nversion = \"0.0.0\"\nedition = \"2021\"\n\
         publish = false\nautobins = false\nautolib = false\nautotests = false\n\
         autobenches = false\nautoexamples = false\n\n\
         [workspace]\n\n\
         [dependencies]\nkunit = {{ package = \"kunit-rs\", path = {kunit:?} }}\nkunit-c-runtime = {{ path = {runtime:?} }}\n\n\
         [build-dependencies]\nkunit-c = {{ path = {kunit_c:?} }}\n\n\
         [[test]]\nname = \"{stem}\"\npath = \"kunit.rs\"\nharness = false\n\n\
         [profile.dev]\nopt-level = 1\n# No debug info: the link is most of a rerun.\ndebug = false\n",
        test = test.display(),
    );
    let mut build = String::from(
        "// Generated by `kunit c`; rewritten on every run.\nfn main() {\n    kunit_c::Build::new()\n",
    );
    if let Some(t) = &r.kernel_tree {
        let _ = writeln!(build, "        .kernel_tree({:?})", t);
    }
    for f in &r.files {
        let _ = writeln!(build, "        .file({:?})", f);
    }
    for i in &r.includes {
        let _ = writeln!(build, "        .include({:?})", i);
    }
    for (n, v) in &args.defines {
        let _ = writeln!(build, "        .define({n:?}, {v:?})");
    }
    for k in &r.kunitconfigs {
        let _ = writeln!(build, "        .kunitconfig({:?})", k);
    }
    for (n, v) in &args.kconfig {
        let _ = writeln!(build, "        .kconfig({n:?}, {v:?})");
    }
    build.push_str("        .compile(\"kunit_c_suite\");\n    record_script_env();\n}\n");
    build.push_str(RECORD_SCRIPT_ENV);
    let main = "// Generated by `kunit c`: runs the C suites the build script linked in.\nkunit::main!();\n";

    write_if_changed(&dir.join("Cargo.toml"), &manifest)?;
    write_if_changed(&dir.join("build.rs"), &build)?;
    write_if_changed(&dir.join("kunit.rs"), main)?;
    // The checkout's lock file: the same dependency versions as kunit-rs, resolved offline.
    let lock = dir.join("Cargo.lock");
    if !lock.exists() {
        if let Ok(text) = std::fs::read_to_string(src.join("Cargo.lock")) {
            write_if_changed(&lock, &text)?;
        }
    }
    Ok(Crate {
        manifest: dir.join("Cargo.toml"),
        dir,
        stem,
        package,
        text: [manifest, build, main.to_owned()].join("\0"),
    })
}

fn write_if_changed(path: &Path, text: &str) -> Result<(), String> {
    if std::fs::read_to_string(path).ok().as_deref() != Some(text) {
        std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(())
}
