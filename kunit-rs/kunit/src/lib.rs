//! KUnit for Rust.
