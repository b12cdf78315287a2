//! Macro calls in a `#[kunit_tests]` module that kunit cannot see into: a macro defined
//! outside the module (another crate's, or this crate's above the module). Its plain `#[test]`s
//! find kunit's `test`, but an async test attribute in its output (`#[tokio::test]`, ..)
//! expands to libtest's `#[::core::prelude::v1::test]`, which a harness target compiles away
//! without a word. Each such call gets a check: under `kunit::main!()` a build error naming the
//! call and the fix; under `kunit::main!(macro_use)`, whose crate is its own `::core` with
//! kunit's `core::prelude::v1::test`, nothing (those tests run). Under `cfg(test)` (libtest
//! runs the module, the library layout) libtest runs them itself.

use proc_macro2::TokenStream;
use quote::{quote_spanned, ToTokens};
use syn::spanned::Spanned;
use syn::{Item, ItemMacro};

/// Item macros that write no test of their own (they take no items to pass through).
pub const KNOWN: &[&str] = &[
    "thread_local",
    "compile_error",
    "global_asm",
    "lazy_static",
    "bitflags",
    "proptest",
    "quickcheck",
    "const_assert",
    "const_assert_eq",
    "const_assert_ne",
    "assert_impl_all",
    "assert_impl_any",
    "assert_not_impl_all",
    "assert_not_impl_any",
    "assert_eq_size",
    "assert_obj_safe",
    "criterion_group",
    "criterion_main",
];

/// The names of the `macro_rules!` defined anywhere in `items` (their output kunit rewrites,
/// see crate::macro_mods).
pub fn local_names(items: &[Item]) -> Vec<String> {
    let mut names = Vec::new();
    for item in items {
        match item {
            Item::Macro(m) if m.mac.path.is_ident("macro_rules") => {
                if let Some(ident) = &m.ident {
                    names.push(ident.to_string());
                }
            }
            Item::Mod(m) => {
                if let Some((_, inner)) = &m.content {
                    names.extend(local_names(inner));
                }
            }
            _ => {}
        }
    }
    names
}

/// The check for the call `m`, or `None` for a macro kunit sees into or knows.
pub fn check(m: &ItemMacro, local: &[String]) -> Option<TokenStream> {
    let path = &m.mac.path;
    let last = path.segments.last()?.ident.to_string();
    let first = path.segments.first()?.ident.to_string();
    let local_call = path.segments.len() == 1 && local.contains(&last);
    if local_call
        || (last == "include" && crate::file_modules::include_is_plain(m))
        || KNOWN.contains(&last.as_str())
        || first == "kunit"
        || last.starts_with("kunit_")
    {
        return None;
    }
    let shown = format!("{}!", path.to_token_stream()).replace(' ', "");
    // A call switched off by `#[cfg]` writes nothing: its check goes with it.
    let cfgs = m.attrs.iter().filter(|a| a.path().is_ident("cfg"));
    // `file!()` and `line!()` of the call. Paths without a leading `::`, which an
    // edition-2015 span would look up at the crate root.
    Some(quote_spanned! {m.mac.span()=>
        #(#cfgs)*
        kunit::__private::inventory::submit! {
            kunit::__private::UnseenMacro { call: #shown, file: core::file!(), line: core::line!() }
        }
    })
}
