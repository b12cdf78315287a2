//! desc64 suite.
