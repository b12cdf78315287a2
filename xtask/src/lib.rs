//! The repository's own tasks, run as `cargo xtask <task>` (the alias is in
//! `.cargo/config.toml`). Rust, so that a Rust developer reads and runs them as the rest of
//! the code; unpublished.
//!
//! # Modules
//! * [`build`] — builds with cargo and returns the executables it wrote (cargo's JSON messages).
//! * [`codegen`] — every generated file of the repository: what writes it and the check that
//!   it is fresh (`cargo xtask codegen --check`; `tests/codegen.rs` runs the same check).
//! * [`harnesses`] — the workspace's kunit harness binaries (`cargo xtask harnesses`).
//! * [`layering`] — the workspace's crates are one-way stacks of files (`cargo xtask layering`).

pub mod build;
pub mod codegen;
pub mod harnesses;
pub mod layering;

use std::path::PathBuf;

/// The repository's root: the folder above this crate's.
pub fn repo_root() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest
        .parent()
        .expect("xtask/ sits in the repository's root")
        .to_path_buf()
}
