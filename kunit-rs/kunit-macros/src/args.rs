//! The arguments of `#[kunit_tests(suite, key = value, ...)]` and of a case's
//! `#[kunit(key = value, ...)]`, parsed into what the suite and case tables need.

use proc_macro2::TokenStream;
use quote::quote;
use syn::ext::IdentExt;
use syn::parse::{Parse, ParseStream};
use syn::{Ident, LitBool, LitInt, LitStr, Path, Token};

/// Attributes shared by suites and cases (`struct kunit_attributes` plus the timeout).
#[derive(Default)]
pub struct Attrs {
    /// The `Speed` variant: `Slow`, `VerySlow` or `Normal`.
    speed: Option<Ident>,
    timeout_secs: Option<LitInt>,
    serial: bool,
}

impl Attrs {
    /// Parses one `key = value` this struct knows; `Ok(false)` for any other key.
    fn parse_pair(&mut self, key: &Ident, input: ParseStream, suite: bool) -> syn::Result<bool> {
        match key.to_string().as_str() {
            "speed" => {
                let lit: LitStr = input.parse()?;
                let variant = match lit.value().as_str() {
                    "slow" => "Slow",
                    "very_slow" => "VerySlow",
                    "normal" => "Normal",
                    other => {
                        return Err(syn::Error::new(
                            lit.span(),
                            format!(
                                "unknown speed `{other}`: expected \"slow\", \"very_slow\" or \"normal\""
                            ),
                        ))
                    }
                };
                self.speed = Some(Ident::new(variant, lit.span()));
            }
            "timeout_secs" => {
                let lit: LitInt = input.parse()?;
                if lit.base10_parse::<u64>()? == 0 {
                    return Err(syn::Error::new(
                        lit.span(),
                        "timeout_secs must be at least 1",
                    ));
                }
                self.timeout_secs = Some(lit);
            }
            "serial" if suite => self.serial = input.parse::<LitBool>()?.value,
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// `::kunit::Attributes { .. }`.
    pub fn to_tokens(&self) -> TokenStream {
        let speed = self
            .speed
            .as_ref()
            .map(|v| quote!(speed: ::kunit::Speed::#v,));
        let timeout = self.timeout_secs.as_ref().map(
            |s| quote!(timeout: ::core::option::Option::Some(::core::time::Duration::from_secs(#s)),),
        );
        let serial = self.serial.then(|| quote!(serial: true,));
        quote!(::kunit::Attributes { #speed #timeout #serial ..::kunit::Attributes::DEFAULT })
    }
}

/// `#[kunit_tests(suite_name, register = false, speed = "slow", timeout_secs = N, serial = true,
/// cfg_skips = true)]`.
pub struct SuiteArgs {
    pub name: LitStr,
    pub register: bool,
    /// List a `#[test]` that `#[cfg]` switches off as `# SKIP disabled by cfg(..)`, as
    /// Rust-for-Linux does; by default it is absent, as under libtest.
    pub cfg_skips: bool,
    pub attrs: Attrs,
}

impl Parse for SuiteArgs {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let name = if input.peek(LitStr) {
            let lit: LitStr = input.parse()?;
            check_suite_name(&lit)?;
            lit
        } else if input.peek(Ident::peek_any) {
            let ident = Ident::parse_any(input)?;
            LitStr::new(&ident.unraw().to_string(), ident.span())
        } else {
            return Err(syn::Error::new(
                input.span(),
                "expected the suite name: #[kunit_tests(my_suite)] or #[kunit_tests(\"my-suite\")]",
            ));
        };
        let mut args = SuiteArgs {
            name,
            register: true,
            cfg_skips: false,
            attrs: Attrs::default(),
        };
        if input.is_empty() {
            return Ok(args);
        }
        input.parse::<Token![,]>()?;
        let mut seen = Vec::new();
        parse_pairs(
            input,
            &mut seen,
            "register, speed, timeout_secs, serial, cfg_skips",
            |key, input| {
                if key == "register" {
                    args.register = input.parse::<LitBool>()?.value;
                    return Ok(true);
                }
                if key == "cfg_skips" {
                    args.cfg_skips = input.parse::<LitBool>()?.value;
                    return Ok(true);
                }
                args.attrs.parse_pair(key, input, true)
            },
        )?;
        Ok(args)
    }
}

/// A suite name goes into `suite.case` filters: no dots, no whitespace, 1–255 bytes.
fn check_suite_name(lit: &LitStr) -> syn::Result<()> {
    let name = lit.value();
    if name.is_empty() || name.len() > 255 {
        return Err(syn::Error::new(
            lit.span(),
            "a suite name must be 1 to 255 bytes long",
        ));
    }
    if name.chars().any(|c| c == '.' || c.is_whitespace()) {
        return Err(syn::Error::new(
            lit.span(),
            "a suite name must not contain '.' or whitespace (filters split `suite.case` at the dot)",
        ));
    }
    Ok(())
}

/// A case's `#[kunit(speed = "slow", timeout_secs = N, params = gen_fn)]`, merged over all
/// its `#[kunit]` attributes.
#[derive(Default)]
pub struct CaseArgs {
    pub attrs: Attrs,
    pub params: Option<Path>,
    /// Keys given so far, over all the case's `#[kunit]` attributes.
    seen: Vec<String>,
}

impl CaseArgs {
    /// Adds the keys of one `#[kunit(...)]` attribute.
    pub fn parse_attr(&mut self, attr: &syn::Attribute) -> syn::Result<()> {
        let seen = &mut self.seen;
        let (attrs, params) = (&mut self.attrs, &mut self.params);
        attr.parse_args_with(|input: ParseStream| {
            parse_pairs(input, seen, "speed, timeout_secs, params", |key, input| {
                if key == "params" {
                    *params = Some(input.parse()?);
                    return Ok(true);
                }
                attrs.parse_pair(key, input, false)
            })
        })
    }
}

/// Parses `key = value, ...`; `on_pair` parses the value and returns false for an unknown key.
fn parse_pairs(
    input: ParseStream,
    seen: &mut Vec<String>,
    known: &str,
    mut on_pair: impl FnMut(&Ident, ParseStream) -> syn::Result<bool>,
) -> syn::Result<()> {
    while !input.is_empty() {
        let key: Ident = input.parse()?;
        if seen.contains(&key.to_string()) {
            return Err(syn::Error::new(key.span(), format!("duplicate `{key}`")));
        }
        input
            .parse::<Token![=]>()
            .map_err(|e| syn::Error::new(e.span(), format!("expected `{key} = <value>`")))?;
        if !on_pair(&key, input)? {
            return Err(syn::Error::new(
                key.span(),
                format!("unknown key `{key}`: expected one of {known}"),
            ));
        }
        seen.push(key.to_string());
        if !input.is_empty() {
            input.parse::<Token![,]>()?;
        }
    }
    Ok(())
}
