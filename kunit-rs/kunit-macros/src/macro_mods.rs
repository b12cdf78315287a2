//! `macro_rules!` defined in a `#[kunit_tests]` module: every `mod name { .. }` their
//! expansions write (at any depth, through macros that define macros too) gets
//! kunit's `test` (`use self::__kunit_crate::__private::test;`), so that its `#[test]`s are kunit cases. A module is a new
//! scope: without the import its `#[test]` would be libtest's, which a kunit harness target
//! compiles away without a word.

use proc_macro2::{Delimiter, Group, TokenStream, TokenTree};
use quote::quote;

/// The body of `macro_rules! name { (matcher) => { transcriber }; .. }`: each transcriber
/// rewritten; the matchers, which only match, stay as written.
pub fn macro_rules_body(body: TokenStream) -> TokenStream {
    let mut out = Vec::new();
    let mut after_arrow = false;
    let mut prev_eq = false;
    for tt in body {
        match &tt {
            TokenTree::Group(g) if after_arrow => {
                out.push(regroup(g, transcriber(g.stream())));
                after_arrow = false;
                continue;
            }
            TokenTree::Punct(p) if p.as_char() == '>' && prev_eq => after_arrow = true,
            _ => {}
        }
        prev_eq = matches!(&tt, TokenTree::Punct(p) if p.as_char() == '=');
        out.push(tt);
    }
    out.into_iter().collect()
}

/// A transcriber: `mod NAME { .. }` (NAME an identifier or a `$metavariable`) gets the
/// import; nested groups and nested `macro_rules!` are rewritten the same way.
fn transcriber(stream: TokenStream) -> TokenStream {
    let tts: Vec<TokenTree> = stream.into_iter().collect();
    let mut out = Vec::with_capacity(tts.len());
    let mut i = 0;
    while i < tts.len() {
        let tt = &tts[i];
        let prev_dollar = i > 0 && matches!(&tts[i - 1], TokenTree::Punct(p) if p.as_char() == '$');
        if let TokenTree::Ident(id) = tt {
            if !prev_dollar && id == "macro_rules" {
                // `macro_rules ! name { rules }`
                if let Some(TokenTree::Group(g)) = tts.get(i + 3) {
                    out.extend(tts[i..i + 3].iter().cloned());
                    out.push(regroup(g, macro_rules_body(g.stream())));
                    i += 4;
                    continue;
                }
            }
            if !prev_dollar && id == "mod" {
                // `mod name { .. }` or `mod $name { .. }`
                let name_len = match tts.get(i + 1) {
                    Some(TokenTree::Punct(p)) if p.as_char() == '$' => 2,
                    Some(TokenTree::Ident(_)) => 1,
                    _ => 0,
                };
                if name_len > 0 {
                    if let Some(TokenTree::Group(g)) = tts.get(i + 1 + name_len) {
                        if g.delimiter() == Delimiter::Brace {
                            out.extend(tts[i..=i + name_len].iter().cloned());
                            // Through an `extern crate` of its own: the macro's
                            // edition decides how its `use` paths resolve, and in 2015
                            // `::kunit` would be looked up at the crate root.
                            let mut inner = quote! {
                                #[allow(unused_extern_crates)]
                                extern crate kunit as __kunit_crate;
                                #[allow(unused_imports)]
                                use self::__kunit_crate::__private::test;
                            };
                            inner.extend(transcriber(g.stream()));
                            out.push(regroup(g, inner));
                            i += 2 + name_len;
                            continue;
                        }
                    }
                }
            }
        }
        match tt {
            TokenTree::Group(g) if g.delimiter() == Delimiter::Bracket && after_pound(&tts, i) => {
                out.push(regroup(g, async_attr(g.stream())))
            }
            TokenTree::Group(g) => out.push(regroup(g, transcriber(g.stream()))),
            other => out.push(other.clone()),
        }
        i += 1;
    }
    out.into_iter().collect()
}

/// Whether `tts[i]` follows a `#` (it is an attribute's `[..]`).
fn after_pound(tts: &[TokenTree], i: usize) -> bool {
    i > 0 && matches!(&tts[i - 1], TokenTree::Punct(p) if p.as_char() == '#')
}

/// An attribute's contents: `tokio::test(..)` and the other async test attributes become
/// `test(tokio::test(..))`, kunit's `#[test]` (imported where the macro expands), which runs
/// them as `#[kunit_tests]` does; anything else is left alone.
fn async_attr(stream: TokenStream) -> TokenStream {
    let Ok(meta) = syn::parse2::<syn::Meta>(stream.clone()) else {
        return stream;
    };
    let attr: syn::Attribute = syn::parse_quote!(#[#meta]);
    // libtest's `#[test]` by its full path: kunit's `#[test]` where the macro expands.
    if let syn::Meta::Path(p) = &meta {
        if crate::async_test::is_libtest_path(p) {
            return quote!(test);
        }
    }
    match crate::async_test::runner(&attr) {
        Ok(None) => stream,
        // Arguments it cannot honour: kunit's `#[test]` reports them.
        Ok(Some(_)) | Err(_) => quote!(test(#meta)),
    }
}

/// `g`'s delimiter and span around `stream`.
fn regroup(g: &Group, stream: TokenStream) -> TokenTree {
    let mut new = Group::new(g.delimiter(), stream);
    new.set_span(g.span());
    TokenTree::Group(new)
}
