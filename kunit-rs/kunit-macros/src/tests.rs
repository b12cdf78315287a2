//! Misuse of `#[kunit_tests]` gives a compile error that says what is wrong. (A proc-macro
//! crate cannot export `expand`, so these run under libtest; the generated suites themselves
//! are checked by running them, in tests/kunit_tests.rs.)

use crate::expand::expand;
use proc_macro2::TokenStream;
use quote::quote;

fn error(attr: TokenStream, item: TokenStream) -> String {
    match expand(attr, item) {
        Ok(out) => panic!("expected an error, got {out}"),
        Err(e) => e.to_string(),
    }
}

/// A module with one good case plus `extra`.
fn module_with(extra: TokenStream) -> TokenStream {
    quote!(mod t { #[test] fn ok() {} #extra })
}

#[test]
fn not_a_module() {
    assert_eq!(
        error(
            quote!(s),
            quote!(
                fn f() {}
            )
        ),
        "#[kunit_tests] applies to a module: `mod tests { #[test] fn case() { .. } }`"
    );
}

#[test]
fn out_of_line_module() {
    assert_eq!(
        error(quote!(s), quote!(mod t;)),
        "#[kunit_tests] needs the module's body inline (`mod tests { .. }`): a macro cannot see into `mod tests;` files"
    );
}

#[test]
fn no_cases() {
    assert_eq!(
        error(
            quote!(s),
            quote!(
                mod t {
                    fn helper() {}
                }
            )
        ),
        "#[kunit_tests] found no #[test] functions in this module"
    );
}

#[test]
fn suite_name() {
    let item = module_with(quote!());
    assert_eq!(
        error(quote!(), item.clone()),
        "expected the suite name: #[kunit_tests(my_suite)] or #[kunit_tests(\"my-suite\")]"
    );
    assert_eq!(
        error(quote!("a.b"), item.clone()),
        "a suite name must not contain '.' or whitespace (filters split `suite.case` at the dot)"
    );
    assert_eq!(
        error(quote!(""), item.clone()),
        "a suite name must be 1 to 255 bytes long"
    );
    assert_eq!(
        error(quote!(s, registered = false), item.clone()),
        "unknown key `registered`: expected one of register, speed, timeout_secs, serial, cfg_skips"
    );
    assert_eq!(
        error(quote!(s, register), item),
        "expected `register = <value>`"
    );
}

#[test]
fn case_attributes() {
    let case = |attr: TokenStream| module_with(quote!(#[test] #attr fn c() {}));
    assert_eq!(
        error(quote!(s), case(quote!(#[kunit(speed = "fast")]))),
        "unknown speed `fast`: expected \"slow\", \"very_slow\" or \"normal\""
    );
    assert_eq!(
        error(quote!(s), case(quote!(#[kunit(serial = true)]))),
        "unknown key `serial`: expected one of speed, timeout_secs, params"
    );
    assert_eq!(
        error(
            quote!(s),
            case(quote!(#[kunit(speed = "slow")] #[kunit(speed = "slow")]))
        ),
        "duplicate `speed`"
    );
    assert_eq!(
        error(quote!(s), case(quote!(#[kunit(timeout_secs = 0)]))),
        "timeout_secs must be at least 1"
    );
    assert_eq!(
        error(
            quote!(s),
            module_with(quote!(
                #[test]
                #[should_panic]
                fn c() -> Result<(), ()> {
                    Ok(())
                }
            ))
        ),
        "functions using `#[should_panic]` must return `()`"
    );
    assert_eq!(
        error(quote!(s), case(quote!(#[ignore(x)]))),
        "expected #[ignore] or #[ignore = \"reason\"]"
    );
    assert_eq!(
        error(quote!(s), case(quote!(#[should_panic(message = "x")]))),
        "expected #[should_panic(expected = \"..\")]"
    );
    assert_eq!(
        error(
            quote!(s),
            module_with(quote!(
                #[kunit(speed = "slow")]
                fn c() {}
            ))
        ),
        "#[kunit(..)] applies to #[test] functions only"
    );
}

#[test]
fn case_signatures() {
    let case = |sig: TokenStream| module_with(quote!(#[test] #sig {}));
    assert_eq!(
        error(quote!(s), case(quote!(fn c(a: &mut Kunit, b: u32)))),
        "a #[test] function takes no arguments or one: `test: &mut kunit::Kunit`"
    );
    assert_eq!(
        error(quote!(s), case(quote!(async fn c()))),
        "a #[test] function cannot be async"
    );
    assert_eq!(
        error(
            quote!(s),
            module_with(quote!(#[tokio::test] async fn c() {}))
        ),
        "#[tokio::test] inside #[kunit_tests] makes a libtest test that a kunit harness would not run: write #[test] (for async code, block on the future inside it)"
    );
    assert_eq!(
        error(quote!(s), case(quote!(fn c<T>()))),
        "a #[test] function cannot be generic"
    );
}

#[test]
fn nested_modules() {
    assert_eq!(
        error(quote!(s), module_with(quote!(mod inner;))),
        "a module inside #[kunit_tests] needs its body inline (`mod inner { .. }`): the #[test]s of a `mod inner;` file would be lost"
    );
    assert_eq!(
        error(
            quote!(s),
            module_with(quote!(
                mod inner {
                    #[kunit_init]
                    fn i() {}
                }
            ))
        ),
        "#[kunit_init] belongs in the #[kunit_tests] module itself, not in a module inside it"
    );
    assert_eq!(
        error(
            quote!(s),
            quote!(
                mod t {
                    mod inner {
                        fn helper() {}
                    }
                }
            )
        ),
        "#[kunit_tests] found no #[test] functions in this module"
    );
}

#[test]
fn hooks() {
    assert_eq!(
        error(
            quote!(s),
            module_with(quote!(
                #[kunit_init]
                fn a() {}
                #[kunit_init]
                fn b() {}
            ))
        ),
        "a second #[kunit_init] function (the first is `a`)"
    );
    assert_eq!(
        error(
            quote!(s),
            module_with(quote!(
                #[kunit_exit]
                fn e() -> i32 {
                    0
                }
            ))
        ),
        "a #[kunit_exit] function returns nothing"
    );
    assert_eq!(
        error(
            quote!(s),
            module_with(quote!(
                #[test]
                #[kunit_init]
                fn e() {}
            ))
        ),
        "a #[test] function cannot also be #[kunit_init]"
    );
    assert_eq!(
        error(
            quote!(s),
            module_with(quote!(
                #[kunit_init]
                #[kunit_exit]
                fn e() {}
            ))
        ),
        "a function cannot be both #[kunit_init] and #[kunit_exit]"
    );
}
