//! One `#[test]` function → its case: libtest's attributes read (`#[ignore]`,
//! `#[should_panic]`, both also under `#[cfg_attr]`), the user's function renamed, the
//! `run_case` wrapper, the `Case` constant, and the libtest `#[test]` shim that runs the case
//! under plain `cargo test` with the function's own libtest name.

use crate::args::CaseArgs;
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::ext::IdentExt;
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::{Attribute, Error, Expr, ExprLit, Ident, ItemFn, Lit, LitStr, Meta, Token, Type};

/// A libtest attribute, possibly under `#[cfg_attr(pred, ..)]` (`cond` is then `pred`).
struct Conditional<T> {
    cond: Option<TokenStream>,
    value: T,
}

/// What libtest's attributes on the function say.
#[derive(Default)]
pub struct Libtest {
    /// `#[ignore]` (reason `None`) or `#[ignore = "reason"]`.
    ignore: Vec<Conditional<Option<LitStr>>>,
    /// `#[should_panic]`, `#[should_panic = ".."]`, `#[should_panic(expected = "..")]`.
    should_panic: Vec<Conditional<Option<LitStr>>>,
    /// The function's `#[cfg(..)]` predicates (kept on it).
    pub cfgs: Vec<TokenStream>,
}

/// Strips libtest's attributes off `f` (keeping `#[cfg]` and unrelated `#[cfg_attr]`s).
pub fn take_libtest(f: &mut ItemFn) -> syn::Result<Libtest> {
    let mut lt = Libtest::default();
    let mut kept = Vec::new();
    for attr in std::mem::take(&mut f.attrs) {
        if attr.path().is_ident("cfg") {
            lt.cfgs.push(attr.meta.require_list()?.tokens.clone());
            kept.push(attr);
        } else if attr.path().is_ident("cfg_attr") {
            if let Some(rest) = take_cfg_attr(&attr, None, &mut lt)? {
                kept.push(rest);
            }
        } else if !lt.take(&attr.meta, None)? {
            kept.push(attr);
        }
    }
    f.attrs = kept;
    Ok(lt)
}

/// Records the libtest attributes inside `#[cfg_attr(pred, a, b, ..)]` under `outer && pred`;
/// returns the `cfg_attr` of what is left, if anything.
fn take_cfg_attr(
    attr: &Attribute,
    outer: Option<&TokenStream>,
    lt: &mut Libtest,
) -> syn::Result<Option<Attribute>> {
    let (pred, metas) = attr.parse_args_with(|input: syn::parse::ParseStream| {
        let pred: Meta = input.parse()?;
        input.parse::<Token![,]>()?;
        let metas = Punctuated::<Meta, Token![,]>::parse_terminated(input)?;
        Ok((pred, metas))
    })?;
    let cond = match outer {
        Some(o) => quote!(all(#o, #pred)),
        None => quote!(#pred),
    };
    let mut rest = Vec::new();
    for meta in metas {
        if meta.path().is_ident("cfg_attr") {
            let inner: Attribute = syn::parse_quote!(#[#meta]);
            if let Some(left) = take_cfg_attr(&inner, Some(&cond), lt)? {
                rest.push(left.meta);
            }
        } else if !lt.take(&meta, Some(&cond))? {
            rest.push(meta);
        }
    }
    if rest.is_empty() {
        return Ok(None);
    }
    let pound = attr.pound_token;
    Ok(Some(syn::parse_quote!(#pound[cfg_attr(#pred, #(#rest),*)])))
}

impl Libtest {
    /// Records `meta` if it is `ignore` or `should_panic`; false for anything else.
    fn take(&mut self, meta: &Meta, cond: Option<&TokenStream>) -> syn::Result<bool> {
        let cond = cond.cloned();
        if meta.path().is_ident("ignore") {
            let value = match meta {
                Meta::Path(_) => None,
                Meta::NameValue(nv) => Some(str_lit(&nv.value, "#[ignore = \"reason\"]")?),
                Meta::List(l) => {
                    return Err(Error::new(
                        l.span(),
                        "expected #[ignore] or #[ignore = \"reason\"]",
                    ))
                }
            };
            self.ignore.push(Conditional { cond, value });
            return Ok(true);
        }
        if meta.path().is_ident("should_panic") {
            let value = match meta {
                Meta::Path(_) => None,
                Meta::NameValue(nv) => Some(str_lit(&nv.value, "#[should_panic = \"..\"]")?),
                Meta::List(l) => {
                    let mut expected = None;
                    l.parse_nested_meta(|m| {
                        if m.path.is_ident("expected") {
                            expected = Some(m.value()?.parse::<LitStr>()?);
                            Ok(())
                        } else {
                            Err(m.error("expected #[should_panic(expected = \"..\")]"))
                        }
                    })?;
                    expected
                }
            };
            self.should_panic.push(Conditional { cond, value });
            return Ok(true);
        }
        Ok(false)
    }

    /// `Case::ignore`: a constant expression (`cfg!` decides the conditional ones).
    fn ignore_expr(&self) -> TokenStream {
        let mut expr = quote!(::core::option::Option::None);
        for c in self.ignore.iter().rev() {
            let reason = c.value.as_ref().map_or_else(|| quote!(""), |r| quote!(#r));
            let some = quote!(::core::option::Option::Some(#reason));
            expr = match &c.cond {
                None => some,
                Some(cond) => quote!(if ::core::cfg!(#cond) { #some } else { #expr }),
            };
        }
        expr
    }

    /// The shim's `#[ignore]` attributes, the same as the case's.
    fn ignore_attrs(&self) -> TokenStream {
        self.ignore
            .iter()
            .map(|c| {
                let ignore = match &c.value {
                    Some(r) => quote!(ignore = #r),
                    None => quote!(ignore),
                };
                match &c.cond {
                    None => quote!(#[#ignore]),
                    Some(cond) => quote!(#[cfg_attr(#cond, #ignore)]),
                }
            })
            .collect()
    }
}

fn str_lit(expr: &Expr, form: &str) -> syn::Result<LitStr> {
    match expr {
        Expr::Lit(ExprLit {
            lit: Lit::Str(s), ..
        }) => Ok(s.clone()),
        other => Err(Error::new(other.span(), format!("expected {form}"))),
    }
}

/// How a case reaches its suite.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum RegisteredBy {
    /// Listed in the suite's static table (the `#[kunit_tests]` module's own functions).
    Table,
    /// Registered one by one with the module's `__KUNIT_HOME` (nested modules, macro output).
    Inventory,
}

/// The generated items of one case variant (one `#[cfg]` of a name).
pub struct CaseItems {
    /// Everything to put in the module beside the function.
    pub items: TokenStream,
    /// The `#[cfg]` predicate this variant exists under, if any.
    pub cond: Option<TokenStream>,
}

/// The name every generated item derives from (raw identifiers unraw'd).
pub fn case_name(f: &ItemFn) -> String {
    f.sig.ident.unraw().to_string()
}

/// `__KUNIT_CASE_<name>`: the case's `Case` constant.
pub fn entry_ident(name: &str) -> Ident {
    format_ident!("__KUNIT_CASE_{}", name)
}

/// Renames `f` (in place: the caller keeps it) and generates its wrapper, `Case` constant, shim and (for
/// [`RegisteredBy::Inventory`]) its registration.
pub fn case_items(
    f: &mut ItemFn,
    case_args: &CaseArgs,
    lt: &Libtest,
    how: RegisteredBy,
) -> syn::Result<CaseItems> {
    let output = signature(f)?;
    let source = crate::source_lines::of(f);
    let ident = f.sig.ident.clone();
    let name = case_name(f);
    let test = Ident::new("test", Span::call_site());
    let user = format_ident!("__kunit_fn_{}", name, span = ident.span());
    f.sig.ident = user.clone();
    let arg = f
        .sig
        .inputs
        .first()
        .map(|input| Ident::new("test", input.span()));
    let call = quote_spanned!(ident.span()=> #user(#arg));
    // Interpolated, so that its span is the same wherever it is bound and used.
    let failure = Ident::new("failure", Span::call_site());

    let plain = match &output {
        None => quote!(#call;),
        Some(ty) => {
            let check = quote_spanned! {ty.span()=>
                kunit::__private::CaseReturn::failure(#call)
            };
            let fail = quote_spanned! {ident.span()=>
                kunit::kunit_fail!(#test, "{} returned {}", #name, #failure);
            };
            quote! {
                if let ::core::option::Option::Some(#failure) = #check {
                    #fail
                }
            }
        }
    };
    let body = if lt.should_panic.is_empty() {
        plain
    } else {
        if let Some(ty) = &output {
            return Err(Error::new(
                ty.span(),
                "functions using `#[should_panic]` must return `()`",
            ));
        }
        let mut body = plain;
        for c in lt.should_panic.iter().rev() {
            let expected = match &c.value {
                Some(e) => quote!(::core::option::Option::Some(#e)),
                None => quote!(::core::option::Option::None),
            };
            let fail = quote_spanned! {ident.span()=>
                kunit::kunit_fail!(#test, "{}", #failure);
            };
            let checked = quote! {
                if let ::core::option::Option::Some(#failure) =
                    ::kunit::__private::should_panic(#expected, &mut || { #call; })
                {
                    #fail
                }
            };
            body = match &c.cond {
                None => checked,
                Some(cond) => quote!(if ::core::cfg!(#cond) { #checked } else { #body }),
            };
        }
        body
    };

    let cond = match lt.cfgs.len() {
        0 => None,
        1 => Some(lt.cfgs[0].clone()),
        _ => {
            let cfgs = &lt.cfgs;
            Some(quote!(all(#(#cfgs),*)))
        }
    };
    let gate = cond.as_ref().map(|c| quote!(#[cfg(#c)]));
    let wrapper = format_ident!("__kunit_case_{}", name);
    let entry = entry_ident(&name);
    let params = match &case_args.params {
        Some(path) => quote_spanned!(path.span()=> core::option::Option::Some(#path)),
        None => quote!(::core::option::Option::None),
    };
    let attr = case_args.attrs.to_tokens();
    let ignore = lt.ignore_expr();
    let ignore_attrs = lt.ignore_attrs();
    let path = format!("::{name}");
    // Spanned at the function, so that a failure's panic names its line.
    let shim_call = quote_spanned! {ident.span()=>
        kunit::__private::libtest_case(core::module_path!(), #name);
    };
    let register = (how == RegisteredBy::Inventory).then(|| {
        let line = quote_spanned!(ident.span()=> core::line!());
        let column = quote_spanned!(ident.span()=> core::column!());
        quote! {
            #gate
            ::kunit::__private::inventory::submit! {
                ::kunit::__private::ModuleCase {
                    module: ::core::module_path!(),
                    line: #line,
                    column: #column,
                    case: #entry,
                }
            }
        }
    });
    let items = quote! {
        #[doc(hidden)]
        #[allow(unused_variables, non_snake_case)]
        #gate
        fn #wrapper(#test: &mut ::kunit::Kunit) { #body }

        #[doc(hidden)]
        #[allow(non_upper_case_globals)]
        #gate
        const #entry: ::kunit::Case = ::kunit::Case {
            name: #name,
            run_case: #wrapper,
            generate_params: #params,
            attr: #attr,
            ignore: #ignore,
            path: ::core::concat!(::core::module_path!(), #path),
            source: #source,
            ..::kunit::Case::DEFAULT
        };

        /// Runs this `#[kunit_tests]` case through kunit under libtest (`cargo test`).
        // `::std`'s path: under `kunit::main!(macro_use)` `::core`'s is kunit's `#[test]`.
        #[cfg(test)]
        #gate
        #[::std::prelude::v1::test]
        #ignore_attrs
        fn #ident() { #shim_call }

        #register
    };
    Ok(CaseItems { items, cond })
}

/// The skipping stand-in of a table case whose every variant is configured out (reported
/// `# SKIP disabled by cfg(..)`, as Rust-for-Linux reports it).
pub fn configured_out(name: &str, conds: &[TokenStream]) -> TokenStream {
    let condition = if conds.len() == 1 {
        conds[0].clone()
    } else {
        quote!(any(#(#conds),*))
    };
    let reason = format!("disabled by cfg({condition})");
    let wrapper = format_ident!("__kunit_case_{}", name);
    let entry = entry_ident(name);
    let path = format!("::{name}");
    quote! {
        #[doc(hidden)]
        #[cfg(not(#condition))]
        fn #wrapper(test: &mut ::kunit::Kunit) {
            test.mark_skipped(#reason);
        }

        #[doc(hidden)]
        #[allow(non_upper_case_globals)]
        #[cfg(not(#condition))]
        const #entry: ::kunit::Case = ::kunit::Case {
            name: #name,
            run_case: #wrapper,
            path: ::core::concat!(::core::module_path!(), #path),
            ..::kunit::Case::DEFAULT
        };
    }
}

/// Checks what a case function must be: a plain fn of zero or one argument. Returns the
/// declared return type, unless it is absent or `()`.
fn signature(f: &ItemFn) -> syn::Result<Option<Type>> {
    crate::signature::signature(f, "a #[test] function", "test: &mut kunit::Kunit")
}
