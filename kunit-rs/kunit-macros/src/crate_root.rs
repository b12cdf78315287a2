//! A test file moved whole into a `#[kunit_tests]` module was a crate root, and its
//! edition-2015 paths say so: `use a::b;` starts at the crate root, and `#[macro_use] extern
//! crate` is only allowed there. So that such a file builds unchanged:
//! - `use a::..` whose `a` the module itself declares (an item, an `extern crate`, an import)
//!   becomes `use self::a::..` (`super::` in a module inside it), which means the same in every
//!   edition: in 2018 and later a relative `use` already starts at the module;
//! - `pub(in a::..)` (2015's form, from the crate root) likewise gets `self::` / `super::`s;
//! - each `extern crate` in the module is also declared next to the module (at the crate root
//!   in a harness file), where `#[macro_use]` and 2015's `::a::..` paths need it; its
//!   `#[macro_use]` moves there.

use proc_macro2::{Delimiter, Group, TokenStream, TokenTree};
use quote::{quote, ToTokens};
use syn::visit_mut::VisitMut;
use syn::{Ident, Item, ItemExternCrate, UseTree};

/// Rewrites the module's `use` paths (see the module docs); `items` is the module's body.
pub fn rebase_uses(items: &mut [Item]) {
    rebase_in(items, &[], 0);
}

/// `outer`: names declared by the suite's module itself; `depth`: how far below it `items` are.
fn rebase_in(items: &mut [Item], outer: &[String], depth: usize) {
    let own = declared(items);
    let top = if depth == 0 { &own[..] } else { outer };
    for item in items.iter_mut() {
        match item {
            Item::Use(u) if u.leading_colon.is_none() => {
                rebase_tree(&mut u.tree, &own, outer, depth);
                rebase_vis(&mut u.vis, top, depth);
            }
            Item::Mod(m) => {
                rebase_vis(&mut m.vis, top, depth);
                if let Some((_, inner)) = m.content.as_mut() {
                    rebase_in(inner, top, depth + 1);
                }
            }
            // `lazy_static! { pub(in m) static ref X: .. }`: the tokens a macro gets.
            Item::Macro(m) => m.mac.tokens = rebase_vis_tokens(m.mac.tokens.clone(), top, depth),
            other => {
                let mut v = VisRebase { top, depth };
                v.visit_item_mut(other);
            }
        }
    }
}

/// The `super::`s (or `self::`) from `depth` modules below the suite's module up to it.
fn up(depth: usize) -> TokenStream {
    if depth == 0 {
        return quote!(self::);
    }
    let supers = std::iter::repeat_n(quote!(super::), depth);
    quote!(#(#supers)*)
}

/// `pub(in a::b)` with a path of 2015 (`in` paths from the crate root; later editions need
/// `crate`, `self` or `super` first) whose `a` the suite's module declares: from the module.
fn rebase_vis(vis: &mut syn::Visibility, top: &[String], depth: usize) {
    if let syn::Visibility::Restricted(r) = vis {
        if r.in_token.is_none() {
            return;
        }
        let Some(first) = r.path.segments.first() else {
            return;
        };
        if r.path.leading_colon.is_some() || !top.contains(&first.ident.to_string()) {
            return;
        }
        let path = &r.path;
        let prefix = up(depth);
        if let Ok(p) = syn::parse2(quote!(#prefix #path)) {
            *r.path = p;
        }
    }
}

/// Every `Visibility` in an item other than a module, use or macro call.
struct VisRebase<'a> {
    top: &'a [String],
    depth: usize,
}

impl VisitMut for VisRebase<'_> {
    fn visit_visibility_mut(&mut self, vis: &mut syn::Visibility) {
        rebase_vis(vis, self.top, self.depth);
    }
}

/// [`rebase_vis`] on a macro call's tokens: `pub ( in a ..`.
fn rebase_vis_tokens(tokens: TokenStream, top: &[String], depth: usize) -> TokenStream {
    let tts: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = Vec::with_capacity(tts.len());
    for (i, tt) in tts.iter().enumerate() {
        match tt {
            TokenTree::Group(g) => {
                let after_pub = i > 0 && matches!(&tts[i - 1], TokenTree::Ident(p) if p == "pub");
                let inner: Vec<TokenTree> = g.stream().into_iter().collect();
                let stream = match inner.as_slice() {
                    [TokenTree::Ident(kw), TokenTree::Ident(first), rest @ ..]
                        if after_pub
                            && g.delimiter() == Delimiter::Parenthesis
                            && kw == "in"
                            && top.contains(&first.to_string()) =>
                    {
                        let prefix = up(depth);
                        quote!(#kw #prefix #first #(#rest)*)
                    }
                    _ => rebase_vis_tokens(g.stream(), top, depth),
                };
                let mut new = Group::new(g.delimiter(), stream);
                new.set_span(g.span());
                out.push(TokenTree::Group(new));
            }
            other => out.push(other.clone()),
        }
    }
    out.into_iter().collect()
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
            // Only imports of the crate's own items (`use super::common;`): `use a::{a, b};`
            // of an extern crate `a` must stay `a`.
            Item::Use(u) => {
                if matches!(&u.tree, UseTree::Path(p) if p.ident == "self" || p.ident == "super" || p.ident == "crate")
                {
                    use_names(&u.tree, &mut names);
                }
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
