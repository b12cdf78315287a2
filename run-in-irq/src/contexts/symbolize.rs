//! From return addresses recorded in a signal handler to the user's source line.
//!
//! Runs in task context, after the irq test (symbolizing reads debug info and
//! allocates). Each address is resolved with its inlined frames; the first address
//! whose function lies in a file of neither this crate nor the Rust standard library
//! (nor a registry crate) is the user's code that made the call — for an
//! allocation, the `Box::new` / `vec!` / `collect` line.
//!
//! Resolution is `addr2line` over the executable's own DWARF ([`exe_dwarf`]): the
//! `backtrace` crate would add its `object`, `rustc-demangle` and `miniz_oxide` and its
//! own code (megabytes of debug info in every test binary) for what is one lookup here.

mod exe_dwarf;

use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

/// A place in the source, as the debug info names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceSite {
    /// The file, relative to the workspace root when it is inside it.
    pub file: String,
    /// The 1-based line.
    pub line: u32,
}

/// The innermost user frame among `frames` (return addresses, innermost first).
///
/// An address belongs to user code when the function that holds the call — the
/// outermost of its inlined frames — is in a user file; the site is then the
/// innermost user frame of that outer run (a user helper inlined into the user's
/// function names its own line; `Box::new` inlined there does not).
pub(crate) fn user_site(frames: &[usize]) -> Option<SourceSite> {
    frames.iter().find_map(|&ret| {
        // The call instruction ends at `ret`: `ret - 1` lies inside it.
        let chain = source_chain(ret.wrapping_sub(1));
        chain
            .iter()
            .rev()
            .map_while(|frame| frame.as_ref().filter(|(file, _)| is_user_file(file)))
            .last()
            .map(|(file, line)| SourceSite {
                file: display_path(file),
                line: *line,
            })
    })
}

/// The executable's debug info, loaded on first use.
struct Symbolizer {
    context: addr2line::Context<exe_dwarf::Reader>,
    bias: usize,
}

/// The source positions of the code at `addr`: its inlined frames innermost first, then
/// the function holding them (None where the debug info names no file or line).
fn source_chain(addr: usize) -> Vec<Option<(PathBuf, u32)>> {
    static SYMBOLIZER: OnceLock<Option<Mutex<Symbolizer>>> = OnceLock::new();
    let symbolizer = SYMBOLIZER.get_or_init(|| {
        let exe = exe_dwarf::load()?;
        let context = addr2line::Context::from_dwarf(exe.dwarf).ok()?;
        Some(Mutex::new(Symbolizer {
            context,
            bias: exe.bias,
        }))
    });
    let Some(symbolizer) = symbolizer else {
        return Vec::new();
    };
    let symbolizer = symbolizer.lock().unwrap_or_else(|e| e.into_inner());
    let probe = addr.wrapping_sub(symbolizer.bias) as u64;
    let mut chain = Vec::new();
    if let Ok(mut frames) = symbolizer.context.find_frames(probe).skip_all_loads() {
        while let Ok(Some(frame)) = frames.next() {
            chain.push(
                frame
                    .location
                    .and_then(|location| Some((PathBuf::from(location.file?), location.line?))),
            );
        }
    }
    chain
}

/// Not this crate's own sources, the standard library's or a registry crate's.
fn is_user_file(file: &Path) -> bool {
    let own_src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let text = file.to_string_lossy();
    !(file.starts_with(&own_src)
        || file.starts_with("run-in-irq/src")
        || text.starts_with("/rustc/")
        || text.contains("/library/std/")
        || text.contains("/library/core/")
        || text.contains("/library/alloc/")
        || text.contains("/.cargo/registry/"))
}

/// `file` relative to the workspace root when it is inside it, as `#[track_caller]`
/// locations name files; else as the debug info has it.
///
/// The root is first the directory this crate was compiled in ([`build_root`]), not
/// anything found from the current directory: a test binary can be run from elsewhere (a
/// shared `CARGO_TARGET_DIR` serving another clone) and its debug info still names the
/// files where they were compiled. Then, for this crate built outside the user's workspace
/// (a registry dependency), the nearest directory above the current one holding
/// `Cargo.lock`.
fn display_path(file: &Path) -> String {
    static CWD_ROOT: OnceLock<Option<PathBuf>> = OnceLock::new();
    let relative = build_root()
        .and_then(|root| file.strip_prefix(root).ok())
        .or_else(|| {
            let root = CWD_ROOT.get_or_init(|| {
                let cwd = std::env::current_dir().ok()?;
                cwd.ancestors()
                    .find(|dir| dir.join("Cargo.lock").is_file())
                    .map(Path::to_path_buf)
            });
            root.as_deref()
                .and_then(|root| file.strip_prefix(root).ok())
        });
    relative.unwrap_or(file).to_string_lossy().into_owned()
}

/// The directory rustc ran in when it compiled this file: `file!()` is relative to it and
/// `CARGO_MANIFEST_DIR` is absolute. For a workspace member that is the workspace root,
/// where cargo compiles every member (the user's tests too), so their debug info names
/// files under it. None if `file!()` is not a suffix of this file's absolute path.
fn build_root() -> Option<&'static Path> {
    const THIS_FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/src/contexts/symbolize.rs");
    THIS_FILE
        .strip_suffix(file!())
        .filter(|root| !root.is_empty())
        .map(Path::new)
}
