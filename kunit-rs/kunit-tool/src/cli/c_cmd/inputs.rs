//! `kunit c`'s inputs with every path made absolute (in the kernel tree when one is given,
//! else in the current directory) and checked to exist, and the cache folder.

use std::path::{Path, PathBuf};

use crate::cli::options::COptions;

/// The cache folder: `--build_dir`, else `$KUNIT_C_CACHE`, else `$XDG_CACHE_HOME/kunit-rs/c`,
/// else `~/.cache/kunit-rs/c`, else one under the temporary directory.
pub fn cache_dir(opts: &COptions) -> PathBuf {
    if let Some(d) = &opts.build_dir {
        return PathBuf::from(d);
    }
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

/// The inputs, resolved.
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

/// Resolves the paths of `opts` and `files`; an error names the path that is missing.
pub fn resolve(opts: &COptions, files: &[String]) -> Result<Resolved, String> {
    let cwd = std::env::current_dir().map_err(|e| format!("current directory: {e}"))?;
    let tree = match &opts.kernel_tree {
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
    let at = |p: &str| match &tree {
        Some(t) if t.join(p).exists() => canonical(&t.join(p)),
        _ => canonical(&cwd.join(p)),
    };
    let files = files.iter().map(|f| at(f)).collect::<Result<_, _>>()?;
    let includes = opts
        .includes
        .iter()
        .map(|f| at(f))
        .collect::<Result<_, _>>()?;
    let mut kunitconfigs = Vec::new();
    for k in &opts.kunitconfigs {
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

/// The `kunit_c::Build` of these inputs (`-D` and `--kconfig_add` from `opts`).
pub fn build(opts: &COptions, r: &Resolved) -> kunit_c::Build {
    let mut b = kunit_c::Build::new();
    if let Some(t) = &r.kernel_tree {
        b.kernel_tree(t);
    }
    for f in &r.files {
        b.file(f);
    }
    for i in &r.includes {
        b.include(i);
    }
    for d in &opts.defines {
        match d.split_once('=') {
            Some((n, v)) => b.define(n, Some(v)),
            None => b.define(d, None),
        };
    }
    for k in &r.kunitconfigs {
        b.kunitconfig(k);
    }
    for (n, v) in &opts.kconfig {
        b.kconfig(n, v);
    }
    if let Some(list) = &opts.instrument.sanitize {
        let names: Vec<&str> = list.0.iter().map(|s| s.name()).collect();
        b.sanitize(&names);
    }
    b.coverage(opts.instrument.coverage.is_some());
    b
}
