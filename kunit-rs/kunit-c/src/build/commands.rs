//! The door for a driver outside a build script (`kunit c`): the compiler and every file's
//! command line, exactly as [`Build::compile`] runs them, for the driver to run, cache and
//! link itself. Nothing here prints cargo directives or reads `OUT_DIR`.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use super::compile::{common_args, compile_error, file_args, read_depfile, write_autoconf};
use super::spec::Build;

/// The compile commands of a [`Build`]'s files.
#[derive(Clone, Debug)]
pub struct Commands {
    /// The C compiler (`$CC`, else the platform's).
    pub compiler: PathBuf,
    /// Environment variables the compiler needs (cc's, e.g. for a cross compiler).
    pub envs: Vec<(OsString, OsString)>,
    /// One command per file, in file order.
    pub files: Vec<FileCommand>,
    /// The flags the objects must be linked with (the sanitizers' and gcov's runtimes:
    /// `-fsanitize=address`, `--coverage`); empty for a plain build.
    pub link_flags: Vec<OsString>,
    /// The sanitizers the files are instrumented with (`address`, `undefined`, `thread`).
    pub sanitizers: Vec<String>,
}

/// One file's command line.
#[derive(Clone, Debug)]
pub struct FileCommand {
    /// The file, canonical.
    pub source: PathBuf,
    /// The compiler's arguments up to and including `-c FILE`: the caller adds `-o` (and a
    /// depfile).
    pub args: Vec<OsString>,
}

impl Build {
    /// The compile commands of this build's files, position-independent (`-fPIC`), for a
    /// shared object: configuration files (`autoconf.h`) and the compiler probes' answers
    /// are kept in `work`; `include` is where [`write_headers`](crate::write_headers)
    /// wrote kunit-c's headers. A file that does not exist is an error naming it.
    pub fn commands(&self, work: &Path, include: &Path) -> Result<Commands, String> {
        std::fs::create_dir_all(work).map_err(|e| format!("{}: {e}", work.display()))?;
        let target = env!("KUNIT_C_TARGET");
        let tool = cc::Build::new()
            .cargo_metadata(false)
            .emit_rerun_if_env_changed(false)
            .warnings(false)
            .extra_warnings(false)
            .target(target)
            .host(target)
            .opt_level(2)
            .debug(true)
            .pic(true)
            .try_get_compiler()
            .map_err(|e| format!("kunit-c: no C compiler: {e}"))?;
        let autoconf = write_autoconf(self, work)?;
        let common = common_args(self, &tool, work, &autoconf, include)?;
        let tree = self.kernel_tree.as_deref();
        let mut files = Vec::new();
        for f in &self.files {
            let f = match tree {
                Some(t) if f.is_relative() => t.join(f),
                _ => f.clone(),
            };
            let (source, args) = file_args(&common, tree, include, &f)?;
            files.push(FileCommand { source, args });
        }
        Ok(Commands {
            compiler: tool.path().to_path_buf(),
            envs: tool
                .get_envs()
                .map(|(k, v)| (k.to_owned(), v.to_owned()))
                .collect(),
            files,
            link_flags: super::instrument::link_flags(&self.sanitize, self.coverage)
                .into_iter()
                .map(OsString::from)
                .collect(),
            sanitizers: self.sanitize.clone(),
        })
    }

    /// The kernel tree given with [`kernel_tree`](Build::kernel_tree), if any.
    pub fn tree(&self) -> Option<&Path> {
        self.kernel_tree.as_deref()
    }
}

/// The message for `file` failing to compile with `stderr`: a missing header is named as a
/// header kunit-c does not have, else the compiler's output follows one headline.
pub fn compile_error_message(file: &Path, tree: Option<&Path>, stderr: &str) -> String {
    compile_error(file, tree, stderr)
}

/// The prerequisites of a make-style depfile (`-MD`): the source and every header it read.
pub fn depfile_prerequisites(depfile: &Path) -> Vec<PathBuf> {
    read_depfile(depfile)
}
