//! Attribute macros for kunit.
