//! Kbuild: what a directory's Makefile builds for a configuration ([`makefile`] evaluates the
//! make subset, [`objects`] applies kbuild's rules for obj-y, composites, subdirectories and
//! flags) and which objects a link needs ([`symbols`]); [`generated`] makes the headers kbuild
//! generates from the tree's C files (`generated/bounds.h`).

pub mod generated;
pub mod makefile;
pub mod objects;
pub mod symbols;
