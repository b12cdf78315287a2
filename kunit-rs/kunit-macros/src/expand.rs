//! `#[kunit_tests(suite)] mod m { ... }` → the same module plus the assertion shadows, one
//! wrapper per `#[test]` function (the `run_case` KUnit calls), wrappers for the hook
//! functions, the `Case` table, the `Suite`, and its registration.

use crate::args::{CaseArgs, SuiteArgs};
use crate::case::{
    case_items, case_name, configured_out, entry_ident, take_libtest, CaseItems, RegisteredBy,
};
use crate::shadow::assert_shadows;
use crate::signature::signature;
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned, ToTokens};
use syn::spanned::Spanned;
use syn::{Attribute, Error, Ident, Item, ItemFn, ItemMod};

/// The module-level hooks, in `struct kunit_suite` field order.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Hook {
    SuiteInit,
    SuiteExit,
    Init,
    Exit,
}

const HOOKS: [Hook; 4] = [Hook::SuiteInit, Hook::SuiteExit, Hook::Init, Hook::Exit];

impl Hook {
    fn attr_name(self) -> &'static str {
        match self {
            Hook::SuiteInit => "kunit_suite_init",
            Hook::SuiteExit => "kunit_suite_exit",
            Hook::Init => "kunit_init",
            Hook::Exit => "kunit_exit",
        }
    }

    /// The `Suite` field it fills.
    fn field(self) -> Ident {
        Ident::new(
            match self {
                Hook::SuiteInit => "suite_init",
                Hook::SuiteExit => "suite_exit",
                Hook::Init => "init",
                Hook::Exit => "exit",
            },
            Span::call_site(),
        )
    }

    fn param_type(self) -> TokenStream {
        match self {
            Hook::SuiteInit | Hook::SuiteExit => quote!(&::kunit::Suite),
            Hook::Init | Hook::Exit => quote!(&mut ::kunit::Kunit),
        }
    }

    /// Init hooks return `Result<(), i32>` (an errno fails the case / suite, as in KUnit).
    fn returns_errno(self) -> bool {
        matches!(self, Hook::SuiteInit | Hook::Init)
    }
}

/// What a function in the module is to the suite.
enum Role {
    Case(CaseArgs),
    Hook(Hook),
}

pub fn expand(attr: TokenStream, item: TokenStream) -> syn::Result<TokenStream> {
    let args: SuiteArgs = syn::parse2(attr)?;
    let mut module = match syn::parse2::<Item>(item)? {
        Item::Mod(m) => m,
        other => {
            return Err(Error::new(
                first_token_span(&other),
                "#[kunit_tests] applies to a module: `mod tests { #[test] fn case() { .. } }`",
            ))
        }
    };
    let mod_span = module.ident.span();
    let mod_ident = module.ident.clone();
    let Some((_, items)) = module.content.as_mut() else {
        return Err(Error::new(
            mod_span,
            "#[kunit_tests] needs the module's body inline (`mod tests { .. }`): \
             a macro cannot see into `mod tests;` files",
        ));
    };
    crate::crate_root::rebase_uses(items);
    let hoisted = crate::crate_root::hoist_extern_crates(items, &mod_ident);
    crate::consts::keep_std_asserts(items);
    crate::async_test::collect_aliases(items);
    crate::async_test::rename_test_imports(items);

    let mut wrappers = TokenStream::new();
    let mut found = Found {
        local_macros: crate::unseen_macros::local_names(items),
        ..Found::default()
    };
    // Table cases by name, in source order, with their variants' `#[cfg]`s.
    let mut cases: Vec<(String, Vec<Option<TokenStream>>)> = Vec::new();
    let mut hooks: Vec<(Hook, Ident)> = Vec::new();
    for item in items.iter_mut() {
        match item {
            Item::Fn(f) => match take_role(f)? {
                None => {}
                Some(Role::Case(case_args)) => {
                    let lt = take_libtest(f)?;
                    let name = case_name(f);
                    let CaseItems { items, cond } =
                        case_items(f, &case_args, &lt, RegisteredBy::Table)?;
                    wrappers.extend(items);
                    match cases.iter_mut().find(|(n, _)| *n == name) {
                        Some((_, conds)) => conds.push(cond),
                        None => cases.push((name, vec![cond])),
                    }
                }
                Some(Role::Hook(hook)) => {
                    if let Some((_, first)) = hooks.iter().find(|(h, _)| *h == hook) {
                        return Err(Error::new(
                            f.sig.ident.span(),
                            format!(
                                "a second #[{}] function (the first is `{first}`)",
                                hook.attr_name()
                            ),
                        ));
                    }
                    wrappers.extend(hook_wrapper(f, hook)?);
                    hooks.push((hook, f.sig.ident.clone()));
                }
            },
            Item::Mod(m) => nested_module(m, &mut found)?,
            Item::Macro(m) if m.mac.path.is_ident("macro_rules") => {
                m.mac.tokens = crate::macro_mods::macro_rules_body(m.mac.tokens.clone())
            }
            Item::Macro(m) => {
                found.macros = true;
                wrappers.extend(crate::unseen_macros::check(m, &found.local_macros));
            }
            _ => {}
        }
    }
    if cases.is_empty() && !found.cases && !found.macros {
        return Err(Error::new(
            mod_span,
            "#[kunit_tests] found no #[test] functions in this module",
        ));
    }
    // A name whose every variant is configured out is absent, as libtest never sees it; with
    // `cfg_skips = true` it stays a case that reports SKIP (Rust-for-Linux's listing).
    let mut entries = Vec::new();
    for (name, conds) in &cases {
        let entry = entry_ident(name);
        match conds.iter().cloned().collect::<Option<Vec<_>>>() {
            None => entries.push(quote!(::core::option::Option::Some(#entry))),
            Some(conds) if args.cfg_skips => {
                wrappers.extend(configured_out(name, &conds));
                entries.push(quote!(::core::option::Option::Some(#entry)));
            }
            Some(conds) => entries.push(quote! {{
                #[cfg(any(#(#conds),*))]
                let entry = ::core::option::Option::Some(#entry);
                #[cfg(not(any(#(#conds),*)))]
                let entry = ::core::option::Option::None;
                entry
            }}),
        }
    }

    let name = &args.name;
    let suite_attr = args.attrs.to_tokens();
    // libtest tests run in parallel; a suite with KUnit's hooks keeps KUnit's order.
    let parallel = hooks.is_empty();
    let hook_fields = HOOKS
        .iter()
        .filter(|h| hooks.iter().any(|(k, _)| k == *h))
        .map(|h| {
            let field = h.field();
            let wrapper = format_ident!("__kunit_{}", field);
            quote!(#field: ::core::option::Option::Some(#wrapper),)
        });
    // The static itself is registered, so that cases registered one by one (which name it)
    // find it.
    let register = args.register.then(|| {
        quote! {
            ::kunit::__private::inventory::submit! {
                ::kunit::Registration::new(&SUITE, ::core::module_path!(), ::core::file!(), ::core::line!())
            }
        }
    });
    let generated = quote! {
        #wrappers

        #[doc(hidden)]
        const __KUNIT_CASES: &[::core::option::Option<::kunit::Case>] = &[#(#entries),*];
        #[doc(hidden)]
        const __KUNIT_TABLE: [::kunit::Case; ::kunit::__private::present_cases(__KUNIT_CASES)] =
            ::kunit::__private::compact_cases(__KUNIT_CASES);

        #[doc(hidden)]
        #[allow(clippy::needless_update)] // a suite with every hook sets every field
        const __KUNIT_SUITE: ::kunit::Suite = ::kunit::Suite {
            name: #name,
            test_cases: &__KUNIT_TABLE,
            #(#hook_fields)*
            attr: #suite_attr,
            parallel_cases: #parallel,
            ..::kunit::Suite::DEFAULT
        };

        /// The suite this module defines (`#[kunit_tests]`), e.g. for `kunit::run`.
        #[allow(dead_code)]
        pub static SUITE: ::kunit::Suite = __KUNIT_SUITE;

        #register

        // Where the cases that register one by one (nested modules, macro output) find
        // their suite, by module path.
        ::kunit::__private::inventory::submit! {
            ::kunit::__private::Home { suite: &SUITE, module: ::core::module_path!() }
        }
    };
    items.insert(0, Item::Verbatim(test_import()));
    items.insert(0, Item::Verbatim(assert_shadows()));
    items.push(Item::Verbatim(generated));
    Ok(quote!(#hoisted #module))
}

/// What a module tree holds besides its table cases.
#[derive(Default)]
struct Found {
    /// `#[test]` functions in nested modules.
    cases: bool,
    /// Macro calls in item position, which may expand to `#[test]` functions.
    macros: bool,
    /// The `macro_rules!` the module tree defines (crate::unseen_macros).
    local_macros: Vec<String>,
    /// The inline modules from the suite's module down to the one being read.
    dirs: Vec<String>,
}

/// `use` of the `#[test]` that registers a case, so that `#[test]`s that macros produce
/// register themselves too.
fn test_import() -> TokenStream {
    quote! {
        #[allow(unused_imports)]
        use ::kunit::__private::test;
    }
}

/// A module inside the suite's module: its `#[test]`s are cases named `inner.case` (and
/// `inner.deeper.case` further down), registered one by one.
fn nested_module(m: &mut ItemMod, found: &mut Found) -> syn::Result<()> {
    // rustc refuses file modules in an attribute macro's input (E0658); this names the file
    // and the form that works.
    let Some((_, items)) = m.content.as_mut() else {
        return Err(crate::file_modules::refusal(m, &found.dirs));
    };
    found.dirs.push(m.ident.to_string());
    let mut generated = TokenStream::new();
    for item in items.iter_mut() {
        match item {
            Item::Fn(f) => match take_role(f)? {
                None => {}
                Some(Role::Case(case_args)) => {
                    let lt = take_libtest(f)?;
                    generated.extend(case_items(f, &case_args, &lt, RegisteredBy::Inventory)?.items);
                    found.cases = true;
                }
                Some(Role::Hook(hook)) => {
                    return Err(Error::new(
                        f.sig.ident.span(),
                        format!(
                            "#[{}] belongs in the #[kunit_tests] module itself, not in a module inside it",
                            hook.attr_name()
                        ),
                    ))
                }
            },
            Item::Mod(inner) => nested_module(inner, found)?,
            Item::Macro(m) if m.mac.path.is_ident("macro_rules") => {
                m.mac.tokens = crate::macro_mods::macro_rules_body(m.mac.tokens.clone())
            }
            Item::Macro(m) => {
                found.macros = true;
                generated.extend(crate::unseen_macros::check(m, &found.local_macros));
            }
            _ => {}
        }
    }
    found.dirs.pop();
    items.insert(0, Item::Verbatim(test_import()));
    items.push(Item::Verbatim(generated));
    Ok(())
}

/// `#[test]` on a function that `#[kunit_tests]` did not see (a macro produced it): the case
/// registers itself with the module's `__KUNIT_HOME`.
pub fn expand_test(attr: TokenStream, item: TokenStream) -> syn::Result<TokenStream> {
    let mut f: ItemFn = match syn::parse2::<Item>(item)? {
        Item::Fn(f) => f,
        other => {
            return Err(Error::new(
                first_token_span(&other),
                "#[test] applies to functions only",
            ))
        }
    };
    if !attr.is_empty() {
        // `#[test(tokio::test(..))]`: an async test attribute that a macro in the suite
        // wrote (crate::macro_mods turns it into this).
        let inner: Attribute = syn::parse_quote!(#[#attr]);
        match crate::async_test::runner(&inner)? {
            Some(r) => crate::async_test::make_sync(&mut f, &r, inner.span())?,
            None => return Err(Error::new(attr.span(), "#[test] takes no arguments")),
        }
    }
    let mut kunit_attrs = Vec::new();
    f.attrs.retain(|a| {
        let kunit = a.path().is_ident("kunit");
        if kunit {
            kunit_attrs.push(a.clone());
        }
        !kunit
    });
    let mut case_args = CaseArgs::default();
    for attr in &kunit_attrs {
        case_args.parse_attr(attr)?;
    }
    let lt = take_libtest(&mut f)?;
    let items = case_items(&mut f, &case_args, &lt, RegisteredBy::Inventory)?.items;
    Ok(quote!(#f #items))
}

/// Strips the kunit attributes off `f` and says what it is.
fn take_role(f: &mut ItemFn) -> syn::Result<Option<Role>> {
    let mut test: Option<Span> = None;
    let mut kunit_attrs: Vec<Attribute> = Vec::new();
    let mut hook: Option<(Hook, Span)> = None;
    let mut runner = None;
    let mut kept = Vec::new();
    let is_async = f.sig.asyncness.is_some();
    for attr in std::mem::take(&mut f.attrs) {
        let path = attr.path();
        let plain_test = path.is_ident("test") || crate::async_test::is_libtest_path(path);
        // An async runner: `#[test]` that a `use tokio::test;` made tokio's, or an async test
        // attribute by its path.
        let async_runner = if is_async && path.is_ident("test") {
            crate::async_test::test_alias(&attr)?
        } else if plain_test {
            None
        } else {
            crate::async_test::runner(&attr)?
        };
        if async_runner.is_some() || plain_test {
            if async_runner.is_none() {
                attr.meta.require_path_only()?;
            }
            if test.is_some() {
                return Err(Error::new(
                    attr.span(),
                    "a second test attribute on this function",
                ));
            }
            test = Some(attr.span());
            runner = async_runner.map(|r| (r, attr.span()));
        } else if path.segments.len() > 1 && path.segments.last().is_some_and(|s| s.ident == "test")
        {
            // `#[test_log::test]` and the like: they expand to libtest's own `#[test]`, which
            // a kunit harness target would drop without a word.
            let shown = quote!(#path).to_string().replace(' ', "");
            return Err(Error::new(
                attr.span(),
                format!(
                    "#[{shown}] inside #[kunit_tests] makes a libtest test that a kunit harness would not run: \
                     write #[test] (async tests: #[tokio::test], #[futures_test::test] and \
                     #[async_std::test] run as they do under libtest)"
                ),
            ));
        } else if path.is_ident("kunit") {
            kunit_attrs.push(attr);
        } else if let Some(h) = HOOKS.into_iter().find(|h| path.is_ident(h.attr_name())) {
            attr.meta.require_path_only()?;
            if let Some((other, _)) = hook {
                return Err(Error::new(
                    attr.span(),
                    format!(
                        "a function cannot be both #[{}] and #[{}]",
                        other.attr_name(),
                        h.attr_name()
                    ),
                ));
            }
            hook = Some((h, attr.span()));
        } else {
            kept.push(attr);
        }
    }
    f.attrs = kept;
    if let Some((r, span)) = &runner {
        crate::async_test::make_sync(f, r, *span)?;
    }
    match (test, hook) {
        (Some(_), Some((h, span))) => Err(Error::new(
            span,
            format!("a #[test] function cannot also be #[{}]", h.attr_name()),
        )),
        (None, hook) => {
            unknown_attr_on_async_fn(f)?;
            if let Some(attr) = kunit_attrs.first() {
                return Err(Error::new(
                    attr.span(),
                    "#[kunit(..)] applies to #[test] functions only",
                ));
            }
            Ok(hook.map(|(h, _)| Role::Hook(h)))
        }
        (Some(_), None) => {
            let mut case_args = CaseArgs::default();
            for attr in &kunit_attrs {
                case_args.parse_attr(attr)?;
            }
            Ok(Some(Role::Case(case_args)))
        }
    }
}

/// The attributes rustc itself gives a function's meaning to, besides the test ones.
const BUILTIN_FN_ATTRS: [&str; 15] = [
    "allow",
    "warn",
    "deny",
    "forbid",
    "expect",
    "cfg",
    "cfg_attr",
    "doc",
    "inline",
    "must_use",
    "deprecated",
    "track_caller",
    "cold",
    "target_feature",
    "unsafe",
];

/// An `async fn` that is no case, under an attribute of one name that is not rustc's: it may
/// be an async test attribute under another name (`use tokio::test as maybe_tokio_test;`
/// outside the module), which would make a libtest test that a kunit harness drops. Refused,
/// since `#[kunit_tests]` cannot tell.
fn unknown_attr_on_async_fn(f: &ItemFn) -> syn::Result<()> {
    if f.sig.asyncness.is_none() {
        return Ok(());
    }
    for attr in &f.attrs {
        if let Some(ident) = attr.path().get_ident() {
            if !BUILTIN_FN_ATTRS.iter().any(|b| ident == b) {
                return Err(Error::new(
                    attr.span(),
                    format!(
                        "#[kunit_tests] cannot tell whether #[{ident}] makes `{}` a test: if it is \
                         #[tokio::test], #[futures_test::test] or #[async_std::test] under another \
                         name, write that path, or its `use .. as {ident};` inside the module",
                        f.sig.ident
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// The call of `f` from its wrapper, whose parameter is `arg`. Spanned at the user's
/// function and parameter, so that type errors point there rather than at the attribute.
fn call(f: &ItemFn, arg: &Ident) -> TokenStream {
    let ident = &f.sig.ident;
    let arg = f
        .sig
        .inputs
        .first()
        .map(|input| Ident::new(&arg.to_string(), input.span()));
    quote_spanned!(ident.span()=> #ident(#arg))
}

/// `__kunit_<field>`: adapts a hook to the `Suite` field's type. A hook may omit its argument,
/// and an init hook may return nothing (it then always succeeds).
fn hook_wrapper(f: &ItemFn, hook: Hook) -> syn::Result<TokenStream> {
    let what = format!("a #[{}] function", hook.attr_name());
    let arg_doc = match hook {
        Hook::SuiteInit | Hook::SuiteExit => "suite: &kunit::Suite",
        Hook::Init | Hook::Exit => "test: &mut kunit::Kunit",
    };
    let output = signature(f, &what, arg_doc)?;
    let arg = Ident::new("arg", Span::call_site());
    let call = call(f, &arg);
    let wrapper = format_ident!("__kunit_{}", hook.field());
    let param_type = hook.param_type();
    let (ret, body) = match (&output, hook.returns_errno()) {
        (Some(ty), true) => (
            quote!(::core::result::Result<(), i32>),
            quote_spanned!(ty.span()=> #call),
        ),
        (None, true) => (
            quote!(::core::result::Result<(), i32>),
            quote!(#call; ::core::result::Result::Ok(())),
        ),
        (None, false) => (quote!(()), quote!(#call;)),
        (Some(ty), false) => return Err(Error::new(ty.span(), format!("{what} returns nothing"))),
    };
    Ok(quote! {
        #[doc(hidden)]
        #[allow(unused_variables)]
        fn #wrapper(#arg: #param_type) -> #ret { #body }
    })
}

fn first_token_span(item: &Item) -> Span {
    item.to_token_stream()
        .into_iter()
        .next()
        .map_or_else(Span::call_site, |t| t.span())
}
