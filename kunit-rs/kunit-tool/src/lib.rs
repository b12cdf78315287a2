//! The kunit runner.
