//! `kunit-kbuild`: a kernel tree's Kconfig and Kbuild as kunit.py's workflow uses them.
//!
//! [`resolve`] turns kunitconfig fragments into the configuration `make olddefconfig` would
//! write (and autoconf.h's defines), with one clear error per asked option that cannot hold;
//! [`objects_for`] reads the Makefiles of the given directories for that configuration and
//! lists each object with its source, flags and the option that enabled it; [`link_closure`]
//! picks the objects that define what a test leaves undefined.
//!
//! Layers, lowest first (a file imports only its own layer and those below):
//! 1. `kconfig::expr`, `kconfig::fragment`, `kconfig::macros` — expressions, fragments, `$(…)`
//! 2. `kconfig::model` — the symbol table
//! 3. `kconfig::parse`, `kconfig::eval` — reading the files, computing values
//! 4. `kconfig::resolve`, `kconfig` — kunit.py's configuration step (and the folder's module map)
//! 5. `kbuild` — the Makefiles and the link closure

pub mod kbuild;
pub mod kconfig;

pub use kbuild::hostprogs::{generated_for_source, Generated, HostProgram, HostSource, Recipe};
pub use kbuild::objects::{objects_for, objects_for_with, Object, Objects};
pub use kbuild::symbols::{link_closure, symbol_table, Closure, SymbolTable};
pub use kconfig::resolve::{resolve, resolve_with, Config, Entry, Error, Options};

// The test target's harness: runs the `*_kunit.rs` suites the modules declare under cfg(test).
#[cfg(test)]
kunit::main!();
