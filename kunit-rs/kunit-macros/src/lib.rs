//! `#[kunit_tests]`: a module of plain `#[test]` functions becomes a KUnit suite, in the style
//! of Rust-for-Linux's macro of the same name.
//!
//! Use it through the `kunit` crate, which re-exports it as `kunit::kunit_tests` (so
//! `cargo doc -p kunit-rs` shows the same documentation); see [`macro@kunit_tests`] for what the
//! module turns into and every option (`speed`, `timeout_secs`, `params`, `register`,
//! `serial`, the init/exit hooks).

#![warn(missing_docs)]
// The `#[test]`s in the examples on `kunit_tests` are this macro's input, not libtest tests.
#![allow(clippy::test_attr_in_doctest)]

mod args;
mod async_test;
mod case;
mod consts;
mod crate_root;
mod expand;
mod file_modules;
mod macro_mods;
mod shadow;
mod signature;
mod source_lines;
#[cfg(test)]
mod tests;
mod unseen_macros;

use proc_macro::TokenStream;

/// Turns a module of `#[test]` functions into a registered kunit suite, in the style of
/// Rust-for-Linux's macro of the same name. Use it as `kunit::kunit_tests` (or
/// `#[kunit::kunit_tests(name)]`).
///
/// ```
/// use kunit::kunit_tests;
///
/// #[kunit_tests(arith)]
/// mod tests {
///     #[test]
///     fn adds() {
///         assert_eq!(1 + 1, 2); // kunit's assertion: on failure it prints both values
///     }
///
///     #[test]
///     fn parses() -> Result<(), std::num::ParseIntError> {
///         assert_ne!("42".parse::<u32>()?, 0); // an Err return fails the case
///         Ok(())
///     }
///
///     #[test]
///     #[kunit(speed = "slow", timeout_secs = 60)]
///     fn with_handle(test: &mut kunit::Kunit) {
///         kunit::kunit_expect_true!(test, true);
///     }
/// }
/// # fn main() {}
/// ```
///
/// What the module turns into (docs/src/writing-suites.md has the whole libtest mapping):
/// - every `#[test]` function is a case of the suite (table order = source order; the case
///   name is the function name). It takes no argument or `test: &mut kunit::Kunit`, and returns
///   what libtest accepts (`()`, `Result<T, E: Debug>`, `ExitCode`); an `Err` fails the case
///   with `<case> returned Err(<E as Debug>)` logged KUnit-style at the function's line.
/// - `#[test]`s in nested inline modules are cases `inner.case`, and `#[test]`s that macros in
///   the module produce are cases too (the module brings an attribute named `test` into
///   scope, and every `mod` that a `macro_rules!` defined in the module writes gets it too);
///   they follow the module's own cases. A module that a macro of another crate writes is
///   out of reach: under `kunit::main!()` its `#[test]` is a build error (`` `test` is
///   ambiguous ``), fixed by `#[macro_use(test)] extern crate kunit;`,
///   `extern crate self as core;` and `kunit::main!(macro_use)` (see `kunit::main!`), which
///   also runs the async tests such modules hold; under plain `kunit::main!()` a call of a
///   macro defined outside the module makes the harness refuse to start, naming the call.
/// - `#[tokio::test]` (`flavor`, `worker_threads`, `start_paused`, `crate`),
///   `#[futures_test::test]` and `#[async_std::test]` on an `async fn` run it as those crates
///   do, with `Result` returns and `#[should_panic]` as for `#[test]`.
/// - `#[ignore]` / `#[ignore = "reason"]` skip the case unless the run asks for ignored
///   cases; `#[should_panic]` / `#[should_panic(expected = "..")]` pass when the case panics
///   (a failed `assert!` included) with a message containing `expected`. Both also under
///   `#[cfg_attr(..)]`.
/// - `assert!`, `assert_eq!` and `assert_ne!` report KUnit's failure text with the operands'
///   values and end the case, unless the case catches the panic (then nothing is reported,
///   as under libtest). Outside a test, and in const contexts, they are the standard macros.
/// - a `#[test]` function configured out by `#[cfg(..)]` (every variant of its name) is
///   absent, as under libtest; with `cfg_skips = true` it is still a case and reports
///   `# SKIP disabled by cfg(..)`, as Rust-for-Linux reports such cases.
/// - a whole test file moves in unchanged, in any edition: in edition 2015, `use a::..` of
///   an item the module declares becomes `use self::a::..`, and each `extern crate` is also
///   declared next to the module (with its `#[macro_use]`). `mod name;` inside is rustc's
///   E0658 (file modules in a proc macro's input); kunit's error beside it names the file and
///   the form that works: `mod name;` above the module and `use super::name;` in it for
///   helpers, `mod name { include!("name.rs"); }` for a file with tests.
/// - under `cfg(test)`, each case also gets a libtest `#[test]` of the function's name (the
///   function itself is renamed `__kunit_fn_<name>`), so plain `cargo test` and IDE runnables
///   run it through kunit.
/// - per case, `#[kunit(speed = "slow" | "very_slow" | "normal", timeout_secs = N,
///   params = gen_fn)]`, where `gen_fn` is a `kunit::ParamGen` (e.g. from
///   `kunit_array_param!`).
/// - hooks: `#[kunit_init]` (`fn(&mut Kunit)`, optionally `-> Result<(), i32>`),
///   `#[kunit_exit]` (`fn(&mut Kunit)`), `#[kunit_suite_init]` (`fn(&Suite)`, optionally
///   `-> Result<(), i32>`), `#[kunit_suite_exit]` (`fn(&Suite)`); each may omit its argument.
/// - the suite is `pub static SUITE: kunit::Suite` in the module and is registered like
///   `kunit_test_suite!`. Arguments after the name: `register = false` (only define `SUITE`,
///   to run it explicitly with `kunit::run`), `cfg_skips = true`, and the suite attributes
///   `speed = "..."`, `timeout_secs = N`, `serial = true`.
/// - its cases run in parallel under `--jobs N` (`Suite::parallel_cases`; the harness's
///   default is the number of CPUs, as libtest's), output in case order; a module with
///   hooks keeps KUnit's one-after-another order, and `serial = true` too.
///
/// The suite name is an identifier or a string literal (`#[kunit_tests("my-suite")]`).
/// Generated code names the `kunit` crate as `::kunit`, so the user crate depends on it.
///
/// # Options at a glance
///
/// | where | option | effect |
/// |---|---|---|
/// | `#[kunit_tests(name, ...)]` | `register = false` | define `SUITE` only; run it with `kunit::run` |
/// | `#[kunit_tests(name, ...)]` | `speed = "slow"` / `"very_slow"` / `"normal"` | the suite's speed, inherited by cases that set none |
/// | `#[kunit_tests(name, ...)]` | `timeout_secs = N` | each case's timeout unless the case sets its own (`Attributes.timeout`) |
/// | `#[kunit_tests(name, ...)]` | `serial = true` | never run this suite concurrently with others under `--jobs`, nor its cases with one another |
/// | `#[kunit_tests(name, ...)]` | `cfg_skips = true` | list cfg-disabled `#[test]`s as `# SKIP disabled by cfg(..)` (Rust-for-Linux's listing) |
/// | `#[kunit(...)]` on a `#[test]` | `speed = "..."` | the case's speed: slow and very_slow cases are skipped unless asked for |
/// | `#[kunit(...)]` on a `#[test]` | `timeout_secs = N` | the case's timeout, overriding the suite's and the `--timeout` base |
/// | `#[kunit(...)]` on a `#[test]` | `params = gen_fn` | a parameterized case; read the value with `test.param::<T>()` |
///
/// Without a timeout option on the case or its suite, a case gets the base timeout (`--timeout`, default 300 s) × 3 when
/// slow, × 12 when very_slow. A case that overruns it is reported `not ok` with KUnit's
/// `try timed out` line and the run continues with the next case.
///
/// A parameterized case:
///
/// ```
/// #[kunit::kunit_tests(widths)]
/// mod tests {
///     use kunit::prelude::*;
///
///     pub struct Width {
///         pub bits: u32,
///         pub name: &'static str,
///     }
///     pub static WIDTHS: [Width; 2] = [Width { bits: 8, name: "byte" }, Width { bits: 16, name: "word" }];
///     kunit_array_param_desc!(widths_gen, WIDTHS, name);
///
///     #[test]
///     #[kunit(params = widths_gen, timeout_secs = 5)]
///     fn whole_bytes(test: &mut Kunit) {
///         let w = test.param::<Width>();
///         assert_eq!(w.bits % 8, 0);
///     }
/// }
///
/// # fn main() {
/// let case = &tests::SUITE.test_cases[0];
/// assert!(case.generate_params.is_some());
/// assert_eq!(case.attr.timeout, Some(std::time::Duration::from_secs(5)));
/// # }
/// ```
#[proc_macro_attribute]
pub fn kunit_tests(attr: TokenStream, item: TokenStream) -> TokenStream {
    expand::expand(attr.into(), item.into())
        .unwrap_or_else(compile_error)
        .into()
}

/// `compile_error!("..")` for each of `e`'s messages, at its place. Unlike syn's, the path has
/// no leading `::core`: the tokens carry the user's span, and in an edition-2015 crate `::core`
/// would be looked up at the crate root.
fn compile_error(e: syn::Error) -> proc_macro2::TokenStream {
    e.into_iter()
        .map(|e| {
            let span = e.span();
            let msg = e.to_string();
            quote::quote_spanned!(span=> compile_error! { #msg })
        })
        .collect()
}

/// `#[test]` inside a `#[kunit_tests]` module (where the macro brings it into scope as
/// `kunit::__private::test`): a function that `#[kunit_tests]` did not see itself, because a
/// macro in the module produced it, registers itself as a case of the module's suite.
#[doc(hidden)]
#[proc_macro_attribute]
pub fn kunit_test_case(attr: TokenStream, item: TokenStream) -> TokenStream {
    expand::expand_test(attr.into(), item.into())
        .unwrap_or_else(compile_error)
        .into()
}
