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
use syn::{Item, ItemMacro, LitStr};

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
        || (last == "include" && include_is_plain(m))
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

/// Whether the `include!("file")` call `m` (`mod name { include!(..); }`, what kunit asks
/// for a file module with tests) brings only what kunit sees without reading it:
/// functions under plain `#[test]`, and items that are no test. `false` when the file cannot
/// be read or parsed.
pub fn include_is_plain(m: &ItemMacro) -> bool {
    let Ok(lit) = syn::parse2::<LitStr>(m.mac.tokens.clone()) else {
        return false;
    };
    let Some(dir) = crate::file_modules::here(m.mac.path.segments[0].ident.span()).1 else {
        return false;
    };
    let Ok(text) = std::fs::read_to_string(dir.join(lit.value())) else {
        return false;
    };
    match syn::parse_file(&text) {
        Ok(file) => file.attrs.is_empty() && items_are_plain(&file.items),
        Err(_) => false,
    }
}

fn items_are_plain(items: &[Item]) -> bool {
    items.iter().all(|item| match item {
        Item::Fn(f) => !f.attrs.iter().any(|a| {
            let p = a.path();
            p.segments.len() > 1 && p.segments.last().is_some_and(|s| s.ident == "test")
        }),
        Item::Mod(m) => m
            .content
            .as_ref()
            .is_some_and(|(_, inner)| items_are_plain(inner)),
        Item::Macro(m) => {
            m.mac.path.is_ident("macro_rules")
                || m.mac
                    .path
                    .segments
                    .last()
                    .is_some_and(|s| KNOWN.contains(&s.ident.to_string().as_str()))
        }
        _ => true,
    })
}
