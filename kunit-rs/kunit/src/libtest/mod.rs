//! What `#[kunit_tests]` needs to run libtest code unchanged: the shadowed assertions'
//! failure path, `#[should_panic]`, libtest's return types, cases that `#[test]` registers
//! one by one (nested modules, macro output), and the libtest `#[test]` shims that run a case
//! under plain `cargo test`, and the check of macro calls kunit cannot see into.

pub mod case_return;
pub mod module_cases;
pub mod shadow;
pub mod shim;
pub mod should_panic;
pub mod table;
pub mod unseen_macro;
