//! Checksum suite.
