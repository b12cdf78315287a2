//! Whether a `mod name;` inside a `#[kunit_tests]` module holds `#[test]` functions: its file
//! is found as rustc finds it (beside the current file, or in the directory named after it,
//! under the inline modules between) and scanned.

use std::path::{Path, PathBuf};
use syn::{Item, ItemMod, Lit, Meta};

/// `Some(true)` when the module's file has a `#[test]` function (at any depth), `Some(false)`
/// when it has none, `None` when the file cannot be found or read (outside a macro
/// expansion, or a path this does not model).
pub fn has_tests(m: &ItemMod, prefix: &str) -> Option<bool> {
    if !proc_macro::is_available() {
        return None;
    }
    let current = proc_macro::Span::call_site().local_file()?;
    let dir = current.parent()?;
    // The inline modules between the #[kunit_tests] module's file and this one:
    // `outer.inner.` → outer/inner (the last segment is this module).
    let segments: Vec<&str> = prefix.trim_end_matches('.').split('.').collect();
    let (name, inline) = segments.split_last()?;
    let stem = current.file_stem()?.to_str()?;
    let mod_rs = matches!(stem, "lib" | "main" | "mod");
    let mut bases: Vec<PathBuf> = Vec::new();
    let nested = |base: &Path| inline.iter().fold(base.to_path_buf(), |p, s| p.join(s));
    if !mod_rs {
        bases.push(nested(&dir.join(stem)));
    }
    bases.push(nested(dir));
    let candidates: Vec<PathBuf> = match path_attr(m) {
        Some(p) => bases.iter().map(|b| b.join(&p)).chain([dir.join(&p)]).collect(),
        None => bases
            .iter()
            .flat_map(|b| [b.join(format!("{name}.rs")), b.join(name).join("mod.rs")])
            .collect(),
    };
    let text = candidates
        .iter()
        .find_map(|p| std::fs::read_to_string(p).ok())?;
    let file = syn::parse_file(&text).ok()?;
    Some(items_have_tests(&file.items))
}

/// `#[path = ".."]` on the module.
fn path_attr(m: &ItemMod) -> Option<String> {
    m.attrs.iter().find_map(|a| match &a.meta {
        Meta::NameValue(nv) if nv.path.is_ident("path") => match &nv.value {
            syn::Expr::Lit(syn::ExprLit {
                lit: Lit::Str(s), ..
            }) => Some(s.value()),
            _ => None,
        },
        _ => None,
    })
}

fn items_have_tests(items: &[Item]) -> bool {
    items.iter().any(|item| match item {
        Item::Fn(f) => f.attrs.iter().any(|a| a.path().is_ident("test")),
        Item::Mod(m) => m
            .content
            .as_ref()
            .is_some_and(|(_, items)| items_have_tests(items)),
        _ => false,
    })
}
