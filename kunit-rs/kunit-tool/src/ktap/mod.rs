//! The KTAP layer: reading lines (also out of kernel logs), classifying
//! them, parsing them into the result tree as kunit_parser.py does, and
//! merging several logs into one run. It prints through [`output::ParseOutput`]
//! and imports nothing from the layers above it.

pub(crate) mod lines;
pub mod merge;
pub mod output;
pub mod parser;
pub mod pytext;
pub mod reader;
pub mod result_tree;
pub(crate) mod scan;
pub mod status;
