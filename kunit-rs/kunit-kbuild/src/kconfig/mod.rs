//! Kconfig as the kernel evaluates it: the files read ([`parse`], with [`macros`] expanded),
//! the symbol table ([`model`]), the values ([`eval`]), kunitconfig fragments ([`fragment`]) and
//! kunit.py's configuration step ([`resolve`]).

pub mod eval;
pub mod expr;
pub mod fragment;
pub mod macros;
pub mod model;
pub mod parse;
pub mod resolve;
