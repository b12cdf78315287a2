//! `#[kunit_tests(suite)] mod m { ... }` → the same module plus the assertion shadows, one
//! wrapper per `#[test]` function (the `run_case` KUnit calls), wrappers for the hook
//! functions, the `Case` table, the `Suite`, and its registration.

use crate::args::{CaseArgs, SuiteArgs};
use crate::shadow::assert_shadows;
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned, ToTokens};
use syn::ext::IdentExt;
use syn::spanned::Spanned;
use syn::{Attribute, Error, Ident, Item, ItemFn, ReturnType, Type};

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
    let Some((_, items)) = module.content.as_mut() else {
        return Err(Error::new(
            mod_span,
            "#[kunit_tests] needs the module's body inline (`mod tests { .. }`): \
             a macro cannot see into `mod tests;` files",
        ));
    };

    let mut wrappers = TokenStream::new();
    let mut cases = Vec::new();
    let mut hooks: Vec<(Hook, Ident)> = Vec::new();
    for item in items.iter_mut() {
        let Item::Fn(f) = item else { continue };
        match take_role(f)? {
            None => {}
            Some(Role::Case(case_args)) => {
                let (wrapper, entry) = case(f, &case_args)?;
                wrappers.extend(wrapper);
                cases.push(entry);
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
        }
    }
    if cases.is_empty() {
        return Err(Error::new(
            mod_span,
            "#[kunit_tests] found no #[test] functions in this module",
        ));
    }

    let name = &args.name;
    let suite_attr = args.attrs.to_tokens();
    let hook_fields = HOOKS
        .iter()
        .filter(|h| hooks.iter().any(|(k, _)| k == *h))
        .map(|h| {
            let field = h.field();
            let wrapper = format_ident!("__kunit_{}", field);
            quote!(#field: ::core::option::Option::Some(#wrapper),)
        });
    let register = args
        .register
        .then(|| quote!(::kunit::kunit_test_suite!(__KUNIT_SUITE);));
    let generated = quote! {
        #wrappers

        #[doc(hidden)]
        #[allow(clippy::needless_update)] // a suite with every hook sets every field
        const __KUNIT_SUITE: ::kunit::Suite = ::kunit::Suite {
            name: #name,
            test_cases: &[#(#cases),*],
            #(#hook_fields)*
            attr: #suite_attr,
            ..::kunit::Suite::DEFAULT
        };

        /// The suite this module defines (`#[kunit_tests]`), e.g. for `kunit::run`.
        #[allow(dead_code)]
        pub static SUITE: ::kunit::Suite = __KUNIT_SUITE;

        #register
    };
    items.insert(0, Item::Verbatim(assert_shadows()));
    items.push(Item::Verbatim(generated));
    Ok(module.into_token_stream())
}

/// Strips the kunit attributes off `f` and says what it is.
fn take_role(f: &mut ItemFn) -> syn::Result<Option<Role>> {
    let mut test: Option<Span> = None;
    let mut kunit_attrs: Vec<Attribute> = Vec::new();
    let mut hook: Option<(Hook, Span)> = None;
    let mut kept = Vec::new();
    for attr in std::mem::take(&mut f.attrs) {
        let path = attr.path();
        if path.is_ident("test") {
            attr.meta.require_path_only()?;
            test = Some(attr.span());
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
    match (test, hook) {
        (Some(_), Some((h, span))) => Err(Error::new(
            span,
            format!("a #[test] function cannot also be #[{}]", h.attr_name()),
        )),
        (None, hook) => {
            if let Some(attr) = kunit_attrs.first() {
                return Err(Error::new(
                    attr.span(),
                    "#[kunit(..)] applies to #[test] functions only",
                ));
            }
            Ok(hook.map(|(h, _)| Role::Hook(h)))
        }
        (Some(_), None) => {
            for attr in &f.attrs {
                for (name, instead) in [
                    ("ignore", "mark slow cases with #[kunit(speed = \"slow\")]; the harness skips them unless run with --include-ignored"),
                    ("should_panic", "a panic fails a kunit case; assert the error instead"),
                ] {
                    if attr.path().is_ident(name) {
                        return Err(Error::new(
                            attr.span(),
                            format!("#[{name}] is not supported in #[kunit_tests]: {instead}"),
                        ));
                    }
                }
            }
            let mut case_args = CaseArgs::default();
            for attr in &kunit_attrs {
                case_args.parse_attr(attr)?;
            }
            Ok(Some(Role::Case(case_args)))
        }
    }
}

/// Checks what every wrapped function must be: a plain fn of zero or one argument. Returns
/// the declared return type, unless it is absent or `()`.
fn signature(f: &ItemFn, what: &str, arg: &str) -> syn::Result<Option<Type>> {
    let sig = &f.sig;
    let unsupported = [
        (sig.asyncness.map(|t| t.span()), "async"),
        (sig.unsafety.map(|t| t.span()), "unsafe"),
        (sig.abi.as_ref().map(|a| a.span()), "extern"),
    ];
    for (span, kind) in unsupported {
        if let Some(span) = span {
            return Err(Error::new(span, format!("{what} cannot be {kind}")));
        }
    }
    if !sig.generics.params.is_empty() || sig.generics.where_clause.is_some() {
        return Err(Error::new(
            sig.generics.span(),
            format!("{what} cannot be generic"),
        ));
    }
    if let Some(v) = &sig.variadic {
        return Err(Error::new(v.span(), format!("{what} cannot be variadic")));
    }
    if sig.inputs.len() > 1 || matches!(sig.inputs.first(), Some(syn::FnArg::Receiver(_))) {
        return Err(Error::new(
            sig.inputs.span(),
            format!("{what} takes no arguments or one: `{arg}`"),
        ));
    }
    Ok(match &sig.output {
        ReturnType::Default => None,
        ReturnType::Type(_, ty) if matches!(&**ty, Type::Tuple(t) if t.elems.is_empty()) => None,
        ReturnType::Type(_, ty) => Some((**ty).clone()),
    })
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

/// A case's `run_case` wrapper and its `Case` table entry.
fn case(f: &ItemFn, case_args: &CaseArgs) -> syn::Result<(TokenStream, TokenStream)> {
    let output = signature(f, "a #[test] function", "test: &mut kunit::Kunit")?;
    let ident = &f.sig.ident;
    let name = ident.unraw().to_string();
    let test = Ident::new("test", Span::call_site());
    let call = call(f, &test);
    let body = match &output {
        None => quote!(#call;),
        Some(ty) => {
            if !is_result(ty) {
                return Err(Error::new(
                    ty.span(),
                    "a #[test] function returns () or Result<(), E> (E: Debug)",
                ));
            }
            let check = quote_spanned! {ty.span()=>
                let result: ::core::result::Result<(), _> = #call;
            };
            // Spanned at the function so the failure names its line.
            let fail = quote_spanned! {ident.span()=>
                ::kunit::kunit_fail!(#test, "{} returned Err({:?})", #name, err);
            };
            quote! {
                #check
                if let ::core::result::Result::Err(err) = result {
                    #fail
                }
            }
        }
    };

    // A case whose function is configured out stays in the table and reports SKIPPED, as
    // Rust-for-Linux's does.
    let cfgs: Vec<TokenStream> = f
        .attrs
        .iter()
        .filter(|a| a.path().is_ident("cfg"))
        .map(|a| a.meta.require_list().map(|l| l.tokens.clone()))
        .collect::<syn::Result<_>>()?;
    let wrapper = format_ident!("__kunit_case_{}", name);
    let wrappers = if cfgs.is_empty() {
        quote! {
            #[doc(hidden)]
            #[allow(unused_variables)]
            fn #wrapper(#test: &mut ::kunit::Kunit) { #body }
        }
    } else {
        let condition = if cfgs.len() == 1 {
            cfgs[0].clone()
        } else {
            quote!(all(#(#cfgs),*))
        };
        let reason = format!("disabled by cfg({condition})");
        quote! {
            #[doc(hidden)]
            #[allow(unused_variables)]
            #[cfg(#condition)]
            fn #wrapper(#test: &mut ::kunit::Kunit) { #body }

            #[doc(hidden)]
            #[cfg(not(#condition))]
            fn #wrapper(#test: &mut ::kunit::Kunit) {
                #test.mark_skipped(#reason);
            }
        }
    };

    let params = match &case_args.params {
        Some(path) => quote_spanned!(path.span()=> ::core::option::Option::Some(#path)),
        None => quote!(::core::option::Option::None),
    };
    let attr = case_args.attrs.to_tokens();
    let entry = quote! {
        ::kunit::Case {
            name: #name,
            run_case: #wrapper,
            generate_params: #params,
            attr: #attr,
            ..::kunit::Case::DEFAULT
        }
    };
    Ok((wrappers, entry))
}

/// `Result<..>` by its last path segment (`Result`, `io::Result`, an alias named `Result`).
fn is_result(ty: &Type) -> bool {
    matches!(ty, Type::Path(p) if p.qself.is_none()
        && p.path.segments.last().is_some_and(|s| s.ident == "Result"))
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
