//! The harness protocol: what a kunit-rs harness binary (`kunit::main!()`) and the `kunit`
//! runner agree on, defined once for both.
//!
//! - [`marker`]: the bytes in every harness binary;
//! - [`flags`]: the harness flags the runner passes;
//! - [`exit`]: the harness's exit statuses;
//! - [`env`](mod@env): the environment variables the harness reads.
#![no_std]

pub mod env;
pub mod exit;
pub mod flags;
pub mod marker;
