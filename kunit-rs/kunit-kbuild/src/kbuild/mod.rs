//! Kbuild: what a directory's Makefile builds for a configuration ([`makefile`] evaluates the
//! make subset, [`objects`] applies kbuild's rules for obj-y, composites, subdirectories and
//! flags) and which objects a link needs ([`symbols`]); [`hostprogs`] says which generated
//! files an object needs and how kbuild makes them; [`generated`] makes the headers kbuild
//! generates from the tree's C files (`generated/bounds.h`).

pub mod generated;
pub mod hostprogs;
pub mod makefile;
pub mod objects;
pub mod symbols;
