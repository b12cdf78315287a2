//! `#[tokio::test]`, `#[futures_test::test]` and `#[async_std::test]` on an `async fn` in a
//! `#[kunit_tests]` module: the function becomes a plain one that runs its body to completion
//! the way that crate's attribute does (its runtime, built from the attribute's arguments), and
//! is then a case like any `#[test]`: its `Result` return and `#[should_panic]` keep their
//! meaning. Those attributes themselves expand to libtest's `#[test]`, which a kunit harness
//! target would compile away, so they cannot simply be left in place.

use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};
use std::cell::RefCell;
use syn::spanned::Spanned;
use syn::{Attribute, Error, Ident, Item, ItemFn, LitBool, LitInt, LitStr, Meta, Path, UseTree};

/// The attribute's crate and what its arguments ask for.
pub enum Runner {
    /// `#[tokio::test(flavor = .., worker_threads = N, start_paused = b, crate = "..",
    /// name = "..", unhandled_panic = "..")]`.
    Tokio {
        krate: TokenStream,
        flavor: Flavor,
        worker_threads: Option<LitInt>,
        start_paused: Option<LitBool>,
        name: Option<LitStr>,
        /// `Ignore` or `ShutdownRuntime`, tokio's `runtime::UnhandledPanic` variant.
        unhandled_panic: Option<Ident>,
    },
    /// `#[futures_test::test]`: `futures_test`'s own executor.
    FuturesTest { krate: TokenStream },
    /// `#[async_std::test]`: `async_std::task::block_on`.
    AsyncStd { krate: TokenStream },
}

/// tokio's runtime flavours. `Local` (tokio's `LocalRuntime`) and `unhandled_panic` exist in
/// tokio only under `--cfg tokio_unstable`; like tokio's macro, the expansion names them anyway
/// and tokio's build decides.
#[derive(Clone, Copy, PartialEq)]
pub enum Flavor {
    CurrentThread,
    MultiThread,
    Local,
}

/// The crate an attribute names (`tokio` for `#[tokio::test]`, `::tokio` for
/// `#[::tokio::test]`) and the crate's name, if `path` is `<crate>::test`.
fn crate_of(path: &Path) -> Option<(TokenStream, String)> {
    let n = path.segments.len();
    if n != 2 || path.segments[1].ident != "test" {
        return None;
    }
    let first = &path.segments[0].ident;
    let colons = path.leading_colon;
    Some((quote!(#colons #first), first.to_string()))
}

thread_local! {
    /// Names the `#[kunit_tests]` module being expanded gives those attributes
    /// (`use tokio::test as maybe_tokio_test;`): alias → the attribute's path.
    static ALIASES: RefCell<Vec<(String, Path)>> = const { RefCell::new(Vec::new()) };
}

/// Records the aliases of the async test attributes that `use` items in `items` (and in the
/// modules inside them) make, for [`runner`] while this module expands.
pub fn collect_aliases(items: &[Item]) {
    fn walk_tree(
        prefix: &mut Vec<Ident>,
        colon: bool,
        tree: &UseTree,
        out: &mut Vec<(String, Path)>,
    ) {
        match tree {
            UseTree::Path(p) => {
                prefix.push(p.ident.clone());
                walk_tree(prefix, colon, &p.tree, out);
                prefix.pop();
            }
            UseTree::Rename(r) => {
                let colons = colon.then(|| quote!(::));
                let segments = prefix.iter().chain(std::iter::once(&r.ident));
                if let Ok(path) = syn::parse2::<Path>(quote!(#colons #(#segments)::*)) {
                    if crate_of(&path).is_some_and(|(_, name)| KNOWN.contains(&name.as_str())) {
                        out.push((r.rename.to_string(), path));
                    }
                }
            }
            // `use tokio::test;`: the module's `#[test]` is tokio's (tokio's macros_test.rs).
            UseTree::Name(n) if n.ident == "test" => {
                let colons = colon.then(|| quote!(::));
                let segments = prefix.iter().chain(std::iter::once(&n.ident));
                if let Ok(path) = syn::parse2::<Path>(quote!(#colons #(#segments)::*)) {
                    if crate_of(&path).is_some_and(|(_, name)| KNOWN.contains(&name.as_str())) {
                        out.push((n.ident.to_string(), path));
                    }
                }
            }
            UseTree::Group(g) => g
                .items
                .iter()
                .for_each(|t| walk_tree(prefix, colon, t, out)),
            UseTree::Name(_) | UseTree::Glob(_) => {}
        }
    }
    fn walk(items: &[Item], out: &mut Vec<(String, Path)>) {
        for item in items {
            match item {
                Item::Use(u) => walk_tree(&mut Vec::new(), u.leading_colon.is_some(), &u.tree, out),
                Item::Mod(m) => {
                    if let Some((_, inner)) = &m.content {
                        walk(inner, out);
                    }
                }
                _ => {}
            }
        }
    }
    let mut found = Vec::new();
    walk(items, &mut found);
    ALIASES.with(|a| *a.borrow_mut() = found);
}

/// `#[test]` on an `async fn` in a module that imports `use tokio::test;` (or another known
/// crate's): that attribute, for [`runner`]. (A plain `#[test]` cannot be async, and tokio's
/// cannot be on a plain fn, so the function's asyncness tells which one is meant.)
pub fn test_alias(attr: &Attribute) -> syn::Result<Option<Runner>> {
    let aliased = ALIASES.with(|a| {
        a.borrow()
            .iter()
            .find(|(alias, _)| alias == "test")
            .map(|(_, path)| path.clone())
    });
    let Some(path) = aliased else {
        return Ok(None);
    };
    let mut attr = attr.clone();
    match &mut attr.meta {
        Meta::Path(p) => *p = path,
        Meta::List(l) => l.path = path,
        Meta::NameValue(nv) => nv.path = path,
    }
    runner(&attr)
}

/// Renames `use tokio::test;` (and the other known crates') to a hidden name, in `items` and
/// the modules inside: the module's `#[test]`s are rewritten by `#[kunit_tests]`, and the name
/// `test` is kunit's import there (two imports of one name are E0252). These imports, and
/// `use tokio::test as alias;`, are marked `allow(unused_imports)`: their uses are rewritten.
pub fn rename_test_imports(items: &mut [Item]) {
    fn walk_tree(prefix: &mut Vec<String>, tree: &mut UseTree, hit: &mut bool) {
        match tree {
            UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                walk_tree(prefix, &mut p.tree, hit);
                prefix.pop();
            }
            UseTree::Name(n)
                if n.ident == "test"
                    && prefix.len() == 1
                    && KNOWN.contains(&prefix[0].as_str()) =>
            {
                let ident = n.ident.clone();
                let rename = Ident::new("__kunit_async_test_attribute", ident.span());
                *tree = syn::parse_quote!(#ident as #rename);
                *hit = true;
            }
            // `use tokio::test as maybe_tokio_test;`: its uses are rewritten too, which
            // leaves the import unused.
            UseTree::Rename(r)
                if r.ident == "test"
                    && prefix.len() == 1
                    && KNOWN.contains(&prefix[0].as_str()) =>
            {
                *hit = true
            }
            UseTree::Group(g) => g.items.iter_mut().for_each(|t| walk_tree(prefix, t, hit)),
            _ => {}
        }
    }
    for item in items {
        match item {
            Item::Use(u) => {
                let mut hit = false;
                walk_tree(&mut Vec::new(), &mut u.tree, &mut hit);
                if hit {
                    u.attrs.push(syn::parse_quote!(#[allow(unused_imports)]));
                }
            }
            Item::Mod(m) => {
                if let Some((_, inner)) = &mut m.content {
                    rename_test_imports(inner);
                }
            }
            _ => {}
        }
    }
}

/// The crates whose `test` attribute [`runner`] knows.
const KNOWN: [&str; 3] = ["tokio", "futures_test", "async_std"];

/// `Some` for the async test attributes this module runs (by path, or by an alias that a
/// `use` in the module gives one); an error for one of them with arguments it cannot honour;
/// `None` for any other attribute.
pub fn runner(attr: &Attribute) -> syn::Result<Option<Runner>> {
    // `#[test]` under `use tokio::test;` is [`test_alias`]'s: only an async fn means tokio's.
    let aliased = attr
        .path()
        .get_ident()
        .filter(|i| *i != "test")
        .and_then(|ident| {
            ALIASES.with(|a| {
                a.borrow()
                    .iter()
                    .find(|(alias, _)| ident == alias)
                    .map(|(_, path)| path.clone())
            })
        });
    if let Some(path) = aliased {
        let mut attr = attr.clone();
        match &mut attr.meta {
            Meta::Path(p) => *p = path,
            Meta::List(l) => l.path = path,
            Meta::NameValue(nv) => nv.path = path,
        }
        return runner(&attr);
    }
    let Some((krate, name)) = crate_of(attr.path()) else {
        return Ok(None);
    };
    let shown = format!("#[{name}::test]");
    match name.as_str() {
        "tokio" => tokio(attr, krate).map(Some),
        "futures_test" | "async_std" => {
            if !matches!(attr.meta, Meta::Path(_)) {
                return Err(Error::new(
                    attr.meta.span(),
                    format!("{shown} takes no arguments"),
                ));
            }
            Ok(Some(if name == "futures_test" {
                Runner::FuturesTest { krate }
            } else {
                Runner::AsyncStd { krate }
            }))
        }
        _ => Ok(None),
    }
}

fn tokio(attr: &Attribute, mut krate: TokenStream) -> syn::Result<Runner> {
    let mut flavor = Flavor::CurrentThread;
    let mut worker_threads = None;
    let mut start_paused = None;
    let mut name = None;
    let mut unhandled_panic: Option<(Ident, Span)> = None;
    if let Meta::List(list) = &attr.meta {
        list.parse_nested_meta(|m| {
            let key = m.path.get_ident().map(|i| i.to_string()).unwrap_or_default();
            match key.as_str() {
                "flavor" => {
                    let v: LitStr = m.value()?.parse()?;
                    flavor = match v.value().as_str() {
                        "current_thread" => Flavor::CurrentThread,
                        "multi_thread" => Flavor::MultiThread,
                        "local" => Flavor::Local,
                        other => {
                            return Err(Error::new(
                                v.span(),
                                format!("unknown tokio flavor `{other}`: expected \"current_thread\", \"multi_thread\" or \"local\""),
                            ))
                        }
                    }
                }
                "worker_threads" => worker_threads = Some(m.value()?.parse::<LitInt>()?),
                "start_paused" => start_paused = Some(m.value()?.parse::<LitBool>()?),
                "name" => name = Some(m.value()?.parse::<LitStr>()?),
                "unhandled_panic" => {
                    let v: LitStr = m.value()?.parse()?;
                    let variant = match v.value().as_str() {
                        "ignore" => "Ignore",
                        "shutdown_runtime" => "ShutdownRuntime",
                        other => {
                            return Err(Error::new(
                                v.span(),
                                format!("unknown unhandled_panic `{other}`: expected \"ignore\" or \"shutdown_runtime\", as under tokio"),
                            ))
                        }
                    };
                    unhandled_panic = Some((Ident::new(variant, v.span()), v.span()));
                }
                "crate" => {
                    let v: LitStr = m.value()?.parse()?;
                    let path: Path = v.parse()?;
                    krate = quote!(#path);
                }
                _ => {
                    return Err(m.error(format!(
                        "#[tokio::test({key} = ..)] is not one of tokio's arguments (flavor, \
                         worker_threads, start_paused, crate, name, unhandled_panic)"
                    )))
                }
            }
            Ok(())
        })?;
    }
    let multi_thread = flavor == Flavor::MultiThread;
    if let Some(n) = &worker_threads {
        if !multi_thread {
            return Err(Error::new(
                n.span(),
                "worker_threads needs #[tokio::test(flavor = \"multi_thread\")], as under tokio",
            ));
        }
        if n.base10_parse::<usize>()? == 0 {
            return Err(Error::new(n.span(), "worker_threads may not be 0"));
        }
    }
    if let (Some(b), true) = (&start_paused, multi_thread) {
        return Err(Error::new(
            b.span(),
            "start_paused needs the current_thread flavor, as under tokio",
        ));
    }
    if let (Some((_, span)), true) = (&unhandled_panic, multi_thread) {
        return Err(Error::new(
            *span,
            "unhandled_panic needs the current_thread flavor, as under tokio",
        ));
    }
    Ok(Runner::Tokio {
        krate,
        flavor,
        worker_threads,
        start_paused,
        name,
        unhandled_panic: unhandled_panic.map(|(v, _)| v),
    })
}

/// Makes `f` (an `async fn`) a plain function that runs its body with `runner`.
pub fn make_sync(f: &mut ItemFn, runner: &Runner, attr_span: Span) -> syn::Result<()> {
    if f.sig.asyncness.take().is_none() {
        return Err(Error::new(
            f.sig.fn_token.span(),
            "an async test attribute applies to an `async fn`",
        ));
    }
    let body = &f.block;
    let run = match runner {
        Runner::Tokio {
            krate,
            flavor,
            worker_threads,
            start_paused,
            name,
            unhandled_panic,
        } => {
            // The builder calls in tokio's order (tokio-macros' `parse_knobs`).
            let mut rt = if *flavor == Flavor::MultiThread {
                quote!(#krate::runtime::Builder::new_multi_thread())
            } else {
                quote!(#krate::runtime::Builder::new_current_thread())
            };
            if let Some(n) = worker_threads {
                rt = quote!(#rt.worker_threads(#n));
            }
            if let Some(b) = start_paused {
                rt = quote!(#rt.start_paused(#b));
            }
            if let Some(v) = unhandled_panic {
                rt = quote!(#rt.unhandled_panic(#krate::runtime::UnhandledPanic::#v));
            }
            if let Some(n) = name {
                rt = quote!(#rt.name(#n));
            }
            let build = if *flavor == Flavor::Local {
                quote!(build_local(::core::default::Default::default()))
            } else {
                quote!(build())
            };
            quote! {
                let body = async #body;
                #rt.enable_all()
                    .#build
                    .expect("Failed building the Runtime")
                    .block_on(body)
            }
        }
        Runner::FuturesTest { krate } => quote!(#krate::__private::block_on(async #body)),
        Runner::AsyncStd { krate } => quote!(#krate::task::block_on(async #body)),
    };
    f.block = syn::parse2(quote_spanned!(attr_span=> { #run }))?;
    Ok(())
}

/// `std::prelude::v1::test` and the like (`::core::prelude::rust_2021::test`): libtest's
/// `#[test]` itself, by its full path (tokio's macros_test.rs writes one).
pub fn is_libtest_path(path: &syn::Path) -> bool {
    let s: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
    s.len() == 4
        && (s[0] == "std" || s[0] == "core")
        && s[1] == "prelude"
        && ["v1", "rust_2015", "rust_2018", "rust_2021", "rust_2024"].contains(&s[2].as_str())
        && s[3] == "test"
        && path.segments.iter().all(|s| s.arguments.is_none())
}
