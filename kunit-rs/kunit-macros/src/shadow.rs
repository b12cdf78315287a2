//! `assert!`, `assert_eq!` and `assert_ne!` inside a `#[kunit_tests]` module, redefined to
//! report to the running test with KUnit's assertion text (values included, which
//! Rust-for-Linux's versions leave out). The passing path is the standard macros' own: the
//! condition or the comparison, then nothing; only a failure calls into kunit, which reports
//! to the current test, or raises the standard macro's panic outside a test.

use proc_macro2::TokenStream;
use quote::quote;

/// The `macro_rules!` shadows, placed first in the module so that textual scoping makes every
/// use below (nested modules included) pick them over the prelude's.
pub fn assert_shadows() -> TokenStream {
    let unary = arms(quote!($cond:expr), |msg| {
        quote! {
            if !$cond {
                ::kunit::__private::shadow_unary_failed(::core::stringify!($cond), #msg)
            }
        }
    });
    let eq = binary(quote!(assert_eq), "==");
    let ne = binary(quote!(assert_ne), "!=");
    quote! {
        #[allow(unused_macros)]
        macro_rules! assert {
            #unary
        }
        #eq
        #ne
    }
}

/// The standard macros' two arms: the operands alone (a trailing comma allowed), and the
/// operands followed by a format string and its arguments. `body` gets the message expression
/// (`None`, or `Some(format_args!(..))`).
fn arms(operands: TokenStream, body: impl Fn(TokenStream) -> TokenStream) -> TokenStream {
    let plain = body(quote!(::core::option::Option::None));
    let with_message = body(quote!(::core::option::Option::Some(
        ::core::format_args!($($arg)+)
    )));
    quote! {
        (#operands $(,)?) => { #plain };
        (#operands, $($arg:tt)+) => { #with_message };
    }
}

/// `assert_eq!` / `assert_ne!`: the standard library's `match` on the operands' references.
fn binary(name: TokenStream, op: &str) -> TokenStream {
    let holds = if op == "==" {
        quote!(*left_val == *right_val)
    } else {
        quote!(*left_val != *right_val)
    };
    let arms = arms(quote!($left:expr, $right:expr), |msg| {
        quote! {
            match (&$left, &$right) {
                (left_val, right_val) => {
                    if !(#holds) {
                        ::kunit::__private::shadow_binary_failed(
                            #op,
                            ::core::stringify!($left),
                            ::core::stringify!($right),
                            &*left_val,
                            &*right_val,
                            #msg,
                        )
                    }
                }
            }
        }
    });
    quote! {
        #[allow(unused_macros)]
        macro_rules! #name {
            #arms
        }
    }
}
