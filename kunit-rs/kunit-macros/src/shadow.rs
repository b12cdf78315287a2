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
    let eq = binary(quote!(assert_eq), "==");
    let ne = binary(quote!(assert_ne), "!=");
    quote! {
        #[allow(unused_macros)]
        macro_rules! assert {
            ($cond:expr $(,)?) => {
                if !$cond {
                    ::kunit::__private::shadow_unary_failed(
                        ::core::stringify!($cond),
                        ::core::option::Option::None,
                    )
                }
            };
            ($cond:expr, $($arg:tt)+) => {
                if !$cond {
                    ::kunit::__private::shadow_unary_failed(
                        ::core::stringify!($cond),
                        ::core::option::Option::Some(::core::format_args!($($arg)+)),
                    )
                }
            };
        }
        #eq
        #ne
    }
}

/// `assert_eq!` / `assert_ne!`: the standard library's `match` on the operands' references.
fn binary(name: TokenStream, op: &str) -> TokenStream {
    let holds = if op == "==" {
        quote!(*left_val == *right_val)
    } else {
        quote!(*left_val != *right_val)
    };
    quote! {
        #[allow(unused_macros)]
        macro_rules! #name {
            ($left:expr, $right:expr $(,)?) => {
                match (&$left, &$right) {
                    (left_val, right_val) => {
                        if !(#holds) {
                            ::kunit::__private::shadow_binary_failed(
                                #op,
                                ::core::stringify!($left),
                                ::core::stringify!($right),
                                &*left_val,
                                &*right_val,
                                ::core::option::Option::None,
                            )
                        }
                    }
                }
            };
            ($left:expr, $right:expr, $($arg:tt)+) => {
                match (&$left, &$right) {
                    (left_val, right_val) => {
                        if !(#holds) {
                            ::kunit::__private::shadow_binary_failed(
                                #op,
                                ::core::stringify!($left),
                                ::core::stringify!($right),
                                &*left_val,
                                &*right_val,
                                ::core::option::Option::Some(::core::format_args!($($arg)+)),
                            )
                        }
                    }
                }
            };
        }
    }
}
