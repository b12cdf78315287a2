//! A test file moved whole into a `#[kunit_tests]` module was a crate root, and its
//! edition-2015 paths say so: `use a::b;` starts at the crate root, and `#[macro_use] extern
//! crate` is only allowed there. So that such a file builds unchanged:
//! - `use a::..` whose `a` the module itself declares (an item, an `extern crate`, an import)
//!   becomes `use self::a::..` (`super::` in a module inside it), which means the same in every
//!   edition: in 2018 and later a relative `use` already starts at the module;
//! - each `extern crate` in the module is also declared next to the module (at the crate root
//!   in a harness file), where `#[macro_use]` and 2015's `::a::..` paths need it; its
//!   `#[macro_use]` moves there.

use proc_macro2::TokenStream;
use quote::{quote, ToTokens};
use syn::{Ident, Item, ItemExternCrate, UseTree};

/// Rewrites the module's `use` paths (see the module docs); `items` is the module's body.
pub fn rebase_uses(items: &mut [Item]) {
    rebase_in(items, &[], 0);
}

/// `outer`: names declared by the suite's module itself; `depth`: how far below it `items` are.
fn rebase_in(items: &mut [Item], outer: &[String], depth: usize) {
    let own = declared(items);
    for item in items.iter_mut() {
        match item {
            Item::Use(u) if u.leading_colon.is_none() => {
                rebase_tree(&mut u.tree, &own, outer, depth);
            }
            Item::Mod(m) => {
                if let Some((_, inner)) = m.content.as_mut() {
                    let top = if depth == 0 { &own[..] } else { outer };
                    rebase_in(inner, top, depth + 1);
                }
            }
            _ => {}
        }
    }
}

/// `a::..` gets `self::` when this module declares `a`; in a nested module, `super::`s up to
/// the suite's module when only that one does (a 2015 path from the crate root).
fn rebase_tree(tree: &mut UseTree, own: &[String], outer: &[String], depth: usize) {
    let (first, leaf) = match tree {
        UseTree::Path(p) => (p.ident.to_string(), false),
        UseTree::Name(n) => (n.ident.to_string(), true),
        UseTree::Rename(r) => (r.ident.to_string(), true),
        UseTree::Group(g) => {
            for t in g.items.iter_mut() {
                rebase_tree(t, own, outer, depth);
            }
            return;
        }
        UseTree::Glob(_) => return,
    };
    if matches!(first.as_str(), "self" | "super" | "crate") {
        return;
    }
    // `use a;` of the module's own `a` re-imports it; only a nested module's names the
    // suite's module from above.
    let prefix: Vec<&str> = if own.contains(&first) && !leaf {
        vec!["self"]
    } else if depth > 0 && outer.contains(&first) {
        vec!["super"; depth]
    } else {
        return;
    };
    let mut new = std::mem::replace(
        tree,
        UseTree::Glob(syn::UseGlob {
            star_token: Default::default(),
        }),
    );
    for seg in prefix {
        let ident = Ident::new(seg, proc_macro2::Span::call_site());
        new = UseTree::Path(syn::UsePath {
            ident,
            colon2_token: Default::default(),
            tree: Box::new(new),
        });
    }
    *tree = new;
}

/// The names `items` declare in the type namespace or import (what a 2015 `use` from the
/// crate root could have named).
fn declared(items: &[Item]) -> Vec<String> {
    let mut names = Vec::new();
    for item in items {
        let ident = match item {
            Item::Mod(i) => Some(&i.ident),
            Item::Fn(i) => Some(&i.sig.ident),
            Item::Struct(i) => Some(&i.ident),
            Item::Enum(i) => Some(&i.ident),
            Item::Union(i) => Some(&i.ident),
            Item::Trait(i) => Some(&i.ident),
            Item::Type(i) => Some(&i.ident),
            Item::Const(i) => Some(&i.ident),
            Item::Static(i) => Some(&i.ident),
            Item::ExternCrate(i) => Some(i.rename.as_ref().map_or(&i.ident, |(_, r)| r)),
            Item::Use(u) => {
                use_names(&u.tree, &mut names);
                None
            }
            _ => None,
        };
        if let Some(ident) = ident {
            names.push(ident.to_string());
        }
    }
    names
}

/// The names a `use` tree brings into scope.
fn use_names(tree: &UseTree, names: &mut Vec<String>) {
    match tree {
        UseTree::Path(p) => use_names(&p.tree, names),
        UseTree::Name(n) if n.ident != "self" => names.push(n.ident.to_string()),
        UseTree::Rename(r) if r.rename != "_" => names.push(r.rename.to_string()),
        UseTree::Group(g) => g.items.iter().for_each(|t| use_names(t, names)),
        _ => {}
    }
}

/// The `extern crate` items of the module (its top level), declared again next to it; their
/// `#[macro_use]` moves there. `module` is the module's name: a crate of that name stays
/// inside only (the two names would clash).
pub fn hoist_extern_crates(items: &mut [Item], module: &Ident) -> TokenStream {
    let mut hoisted = TokenStream::new();
    for item in items.iter_mut() {
        let Item::ExternCrate(ec) = item else {
            continue;
        };
        if ec.ident == "self" {
            continue;
        }
        let name = ec.rename.as_ref().map_or(&ec.ident, |(_, r)| r);
        let macro_use = ec.attrs.iter().any(|a| a.path().is_ident("macro_use"));
        if name == module && !macro_use {
            continue;
        }
        let mut outside: ItemExternCrate = ec.clone();
        // Renamed or clashing: outside under a name of its own, for its macros only (a
        // macro-expanded `extern crate a as b;` may not shadow an `--extern b`).
        if ec.rename.is_some() || name == module {
            if !macro_use {
                continue;
            }
            let hidden = Ident::new(&format!("__kunit_macro_use_{}", ec.ident), ec.ident.span());
            outside.rename = Some((Default::default(), hidden));
        }
        ec.attrs.retain(|a| !a.path().is_ident("macro_use"));
        outside.vis = syn::Visibility::Inherited;
        hoisted.extend(quote! {
            #[allow(unused_extern_crates, unused_imports)]
        });
        hoisted.extend(outside.into_token_stream());
    }
    hoisted
}
