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
    /// `#[tokio::test(flavor = .., worker_threads = N, start_paused = b, crate = "..")]`.
    Tokio {
        krate: TokenStream,
        multi_thread: bool,
        worker_threads: Option<LitInt>,
        start_paused: Option<LitBool>,
    },
    /// `#[futures_test::test]`: `futures_test`'s own executor.
    FuturesTest { krate: TokenStream },
    /// `#[async_std::test]`: `async_std::task::block_on`.
    AsyncStd { krate: TokenStream },
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

/// The crates whose `test` attribute [`runner`] knows.
const KNOWN: [&str; 3] = ["tokio", "futures_test", "async_std"];

/// `Some` for the async test attributes this module runs (by path, or by an alias that a
/// `use` in the module gives one); an error for one of them with arguments it cannot honour;
/// `None` for any other attribute.
pub fn runner(attr: &Attribute) -> syn::Result<Option<Runner>> {
    let aliased = attr.path().get_ident().and_then(|ident| {
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
    let mut multi_thread = false;
    let mut worker_threads = None;
    let mut start_paused = None;
    if let Meta::List(list) = &attr.meta {
        list.parse_nested_meta(|m| {
            let key = m.path.get_ident().map(|i| i.to_string()).unwrap_or_default();
            match key.as_str() {
                "flavor" => {
                    let v: LitStr = m.value()?.parse()?;
                    multi_thread = match v.value().as_str() {
                        "current_thread" => false,
                        "multi_thread" => true,
                        "local" => {
                            return Err(Error::new(
                                v.span(),
                                "#[tokio::test(flavor = \"local\")] inside #[kunit_tests] is not supported: \
                                 its LocalRuntime needs tokio_unstable; use \"current_thread\"",
                            ))
                        }
                        other => {
                            return Err(Error::new(
                                v.span(),
                                format!("unknown tokio flavor `{other}`: expected \"current_thread\" or \"multi_thread\""),
                            ))
                        }
                    }
                }
                "worker_threads" => worker_threads = Some(m.value()?.parse::<LitInt>()?),
                "start_paused" => start_paused = Some(m.value()?.parse::<LitBool>()?),
                "crate" => {
                    let v: LitStr = m.value()?.parse()?;
                    let path: Path = v.parse()?;
                    krate = quote!(#path);
                }
                _ => {
                    return Err(m.error(format!(
                        "#[tokio::test({key} = ..)] inside #[kunit_tests] is not supported \
                         (flavor, worker_threads, start_paused and crate are): write #[test] and \
                         build the runtime inside it"
                    )))
                }
            }
            Ok(())
        })?;
    }
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
    Ok(Runner::Tokio {
        krate,
        multi_thread,
        worker_threads,
        start_paused,
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
            multi_thread,
            worker_threads,
            start_paused,
        } => {
            let mut rt = if *multi_thread {
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
            quote! {
                let body = async #body;
                #rt.enable_all()
                    .build()
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
