//! `assert!`, `assert_eq!` and `assert_ne!` inside a `#[kunit_tests]` module, redefined to
//! report to the running test with KUnit's assertion text (values included, which
//! Rust-for-Linux's versions leave out). Outside a kunit test (no current test on this thread)
//! they fall back to the standard macros, so helpers stay usable anywhere.

use proc_macro2::TokenStream;
use quote::quote;

/// The `macro_rules!` shadows, placed first in the module so that textual scoping makes every
/// use below (nested modules included) pick them over the prelude's.
pub fn assert_shadows() -> TokenStream {
    let unary = shadow(
        quote!(assert),
        quote!($cond:expr),
        quote!(kunit_assert_true),
        quote!(kunit_assert_true_msg),
        quote!($cond),
    );
    let eq = shadow(
        quote!(assert_eq),
        quote!($left:expr, $right:expr),
        quote!(kunit_assert_eq),
        quote!(kunit_assert_eq_msg),
        quote!($left, $right),
    );
    let ne = shadow(
        quote!(assert_ne),
        quote!($left:expr, $right:expr),
        quote!(kunit_assert_ne),
        quote!(kunit_assert_ne_msg),
        quote!($left, $right),
    );
    quote!(#unary #eq #ne)
}

/// One shadow: `name!(operands)` and `name!(operands, fmt...)`.
fn shadow(
    name: TokenStream,
    matcher: TokenStream,
    plain: TokenStream,
    with_msg: TokenStream,
    operands: TokenStream,
) -> TokenStream {
    quote! {
        #[allow(unused_macros)]
        macro_rules! #name {
            (#matcher $(,)?) => {
                match ::kunit::current_test() {
                    ::core::option::Option::Some(__kunit_test) => {
                        ::kunit::#plain!(__kunit_test, #operands)
                    }
                    ::core::option::Option::None => ::core::#name!(#operands),
                }
            };
            (#matcher, $($arg:tt)+) => {
                match ::kunit::current_test() {
                    ::core::option::Option::Some(__kunit_test) => {
                        ::kunit::#with_msg!(__kunit_test, #operands, $($arg)+)
                    }
                    ::core::option::Option::None => ::core::#name!(#operands, $($arg)+),
                }
            };
        }
    }
}
