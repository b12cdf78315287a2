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
            module_with(quote!(#[test_log::test] fn c() {}))
        ),
        "#[test_log::test] inside #[kunit_tests] makes a libtest test that a kunit harness would not run: write #[test] (async tests: #[tokio::test], #[futures_test::test] and #[async_std::test] run as they do under libtest)"
    );
    assert_eq!(
        error(quote!(s), case(quote!(fn c<T>()))),
        "a #[test] function cannot be generic"
    );
}

#[test]
fn nested_modules() {
    assert!(error(
        quote!(s),
        module_with(quote!(
            mod inner;
        ))
    )
    .starts_with("`mod inner;` inside #[kunit_tests] loads inner.rs,"));
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

#[test]
fn async_attributes() {
    let case = |attr: TokenStream, sig: TokenStream| module_with(quote!(#attr #sig {}));
    let asynch = |attr: TokenStream| case(attr, quote!(async fn c()));
    assert_eq!(
        error(
            quote!(s),
            asynch(quote!(#[tokio::test(worker_threads = 2)]))
        ),
        "worker_threads needs #[tokio::test(flavor = \"multi_thread\")], as under tokio"
    );
    assert_eq!(
        error(
            quote!(s),
            asynch(quote!(#[tokio::test(flavor = "multi_thread", worker_threads = 0)]))
        ),
        "worker_threads may not be 0"
    );
    assert_eq!(
        error(
            quote!(s),
            asynch(quote!(#[tokio::test(flavor = "multi_thread", start_paused = true)]))
        ),
        "start_paused needs the current_thread flavor, as under tokio"
    );
    assert_eq!(
        error(
            quote!(s),
            asynch(quote!(#[tokio::test(flavor = "multi_thread", unhandled_panic = "ignore")]))
        ),
        "unhandled_panic needs the current_thread flavor, as under tokio"
    );
    assert_eq!(
        error(
            quote!(s),
            asynch(quote!(#[tokio::test(unhandled_panic = "abort")]))
        ),
        "unknown unhandled_panic `abort`: expected \"ignore\" or \"shutdown_runtime\", as under tokio"
    );
    assert_eq!(
        error(quote!(s), asynch(quote!(#[tokio::test(core_threads = 2)]))),
        "#[tokio::test(core_threads = ..)] is not one of tokio's arguments (flavor, worker_threads, start_paused, crate, name, unhandled_panic)"
    );
    assert_eq!(
        error(quote!(s), asynch(quote!(#[futures_test::test(x)]))),
        "#[futures_test::test] takes no arguments"
    );
    assert_eq!(
        error(quote!(s), case(quote!(#[async_std::test]), quote!(fn c()))),
        "an async test attribute applies to an `async fn`"
    );
    assert_eq!(
        error(
            quote!(s),
            case(quote!(#[test] #[tokio::test]), quote!(async fn c()))
        ),
        "a second test attribute on this function"
    );
    // What a good one becomes: a plain function that builds the runtime and blocks on the body.
    let out = expand(
        quote!(s),
        asynch(quote!(#[tokio::test(flavor = "multi_thread", worker_threads = 3)])),
    )
    .unwrap()
    .to_string();
    assert!(
        out.contains("fn __kunit_fn_c () { let body = async { } ; tokio :: runtime :: Builder :: new_multi_thread () . worker_threads (3) . enable_all () . build () . expect (\"Failed building the Runtime\") . block_on (body) }"),
        "{out}"
    );
    // tokio's other arguments, in tokio's builder order; `local` and `unhandled_panic` need
    // tokio_unstable, which tokio's build checks, as for tokio's own macro.
    let out = expand(
        quote!(s),
        asynch(quote!(#[tokio::test(name = "rt", unhandled_panic = "shutdown_runtime", flavor = "local")])),
    )
    .unwrap()
    .to_string();
    assert!(
        out.contains("tokio :: runtime :: Builder :: new_current_thread () . unhandled_panic (tokio :: runtime :: UnhandledPanic :: ShutdownRuntime) . name (\"rt\") . enable_all () . build_local (:: core :: default :: Default :: default ()) . expect"),
        "{out}"
    );
}

#[test]
fn modules_that_macros_write_get_the_test_import() {
    let out = expand(
        quote!(s),
        module_with(quote! {
            macro_rules! m {
                (mod $n:ident { }) => {
                    mod $n {
                        macro_rules! inner { ($mod:ident) => { pub mod $mod { #[tokio::test] async fn t() {} } } }
                    }
                };
            }
        }),
    )
    .unwrap()
    .to_string();
    let import = "# [allow (unused_extern_crates)] extern crate kunit as __kunit_crate ; \
                  # [allow (unused_imports)] use self :: __kunit_crate :: __private :: test ;";
    // The matcher stays as written; the module in the transcriber and the one the macro it
    // defines writes get the import; `$mod` is a metavariable, not a module; the async
    // attribute becomes kunit's `#[test]` with it as argument.
    let expected = format!(
        "macro_rules ! m {{ (mod $ n : ident {{ }}) => {{ mod $ n {{ {import} macro_rules ! inner \
         {{ ($ mod : ident) => {{ pub mod $ mod {{ {import} # [test (tokio :: test)] async fn t () {{ }} }} }} }} }} }} ; }}"
    );
    assert!(out.contains(&expected), "{out}");
}

#[test]
fn cfg_disabled_cases_are_absent_unless_asked() {
    let module = module_with(quote!(
        #[test]
        #[cfg(any())]
        fn gone() {}
    ));
    let default = expand(quote!(s), module.clone()).unwrap().to_string();
    assert!(!default.contains("disabled by cfg"), "{default}");
    assert!(
        default.contains(
            "# [cfg (not (any (any ())))] let entry = :: core :: option :: Option :: None ;"
        ),
        "{default}"
    );
    let listed = expand(quote!(s, cfg_skips = true), module)
        .unwrap()
        .to_string();
    assert!(
        listed.contains("mark_skipped (\"disabled by cfg(any"),
        "{listed}"
    );
}

#[test]
fn async_attribute_aliases() {
    // `use tokio::test as maybe_tokio_test;` in the module: the alias is tokio's attribute.
    let out = expand(
        quote!(s),
        module_with(quote! {
            use tokio::test as maybe_tokio_test;
            #[maybe_tokio_test(flavor = "multi_thread")]
            async fn c() {}
        }),
    )
    .unwrap()
    .to_string();
    assert!(
        out.contains("fn __kunit_fn_c () { let body = async { } ; tokio :: runtime :: Builder :: new_multi_thread ()"),
        "{out}"
    );
    // An alias made elsewhere cannot be told from any other attribute: refused.
    assert_eq!(
        error(
            quote!(s),
            module_with(quote!(#[maybe_tokio_test] async fn c() {}))
        ),
        "#[kunit_tests] cannot tell whether #[maybe_tokio_test] makes `c` a test: if it is #[tokio::test], #[futures_test::test] or #[async_std::test] under another name, write that path, or its `use .. as maybe_tokio_test;` inside the module"
    );
    // An async helper with rustc's own attributes is fine.
    assert!(expand(
        quote!(s),
        module_with(quote!(
            #[allow(dead_code)]
            #[inline]
            async fn helper() {}
        ))
    )
    .is_ok());
}

/// The output of `expand` for `mod t { .. }`, as a string without the generated parts' noise:
/// only what `crate_root` changes is asserted.
fn expanded(item: TokenStream) -> String {
    expand(quote!(t), item).unwrap().to_string()
}

#[test]
fn edition_2015_uses_start_at_the_module() {
    let out = expanded(quote!(
        mod t {
            extern crate a;
            use self::helpers::q;
            use super::common;
            use a::x;
            use common::r;
            use fmt::{fmt, Debug};
            use helpers::{y, z as w};
            use std::fmt;
            mod helpers {
                pub(in helpers) fn h() {}
                lazy_static! {
                    pub(in helpers) static ref H: u8 = 0;
                }
            }
            mod inner {
                use helpers::y;
                use own::v;
                mod own {}
            }
            #[test]
            fn ok() {}
        }
    ));
    assert!(out.contains("use self :: a :: x ;"), "{out}");
    assert!(
        out.contains("use self :: helpers :: { y , z as w } ;"),
        "{out}"
    );
    // Not declared in the module: an extern crate's path, the same in every edition.
    assert!(out.contains("use std :: fmt ;"), "{out}");
    assert!(out.contains("use self :: helpers :: q ;"), "{out}");
    // An import of an extern crate's item of the crate's name is no item of the module.
    assert!(out.contains("use fmt :: { fmt , Debug } ;"), "{out}");
    assert!(out.contains("use self :: common :: r ;"), "{out}");
    assert!(out.contains("use super :: helpers :: y ;"), "{out}");
    assert!(out.contains("use self :: own :: v ;"), "{out}");
    // 2015's `pub(in path)`, also in a macro call's tokens.
    assert!(out.contains("pub (in super :: helpers) fn h"), "{out}");
    assert!(
        out.contains("pub (in super :: helpers) static ref H"),
        "{out}"
    );
}

#[test]
fn extern_crates_are_declared_next_to_the_module() {
    let out = expanded(quote!(
        mod t {
            #[macro_use]
            extern crate a;
            extern crate b as c;
            #[macro_use]
            extern crate d as e;
            extern crate t;
            #[test]
            fn ok() {}
        }
    ));
    let (outside, inside) = out.split_once("mod t {").unwrap();
    assert!(
        outside.contains("# [macro_use] extern crate a ;"),
        "{outside}"
    );
    assert!(!inside.contains("macro_use"), "{inside}");
    assert!(inside.contains("extern crate a ;"), "{inside}");
    // Renamed: outside only for its macros, under a name of its own.
    assert!(!outside.contains("extern crate b"), "{outside}");
    assert!(
        outside.contains("# [macro_use] extern crate d as __kunit_macro_use_d ;"),
        "{outside}"
    );
    // The module's own name would clash with it.
    assert!(!outside.contains("extern crate t"), "{outside}");
}

#[test]
fn file_module_inside_names_the_file_and_the_fix() {
    assert_eq!(
        error(
            quote!(s),
            module_with(quote!(
                mod common;
            ))
        ),
        "`mod common;` inside #[kunit_tests] loads common.rs, which kunit cannot read here: rustc \
         refuses file modules in a proc macro's input (E0658). Write \
         `mod common { include!(\"common.rs\"); }` instead: the same file, its #[test]s cases \
         `common.f`"
    );
    let deeper = error(
        quote!(s),
        module_with(quote!(
            mod a {
                #[path = "x/y.rs"]
                mod b;
            }
        )),
    );
    assert!(
        deeper.starts_with("`mod b;` inside #[kunit_tests] loads a/x/y.rs,"),
        "{deeper}"
    );
}

#[test]
fn test_attribute_imported_from_tokio_and_libtest_s_by_path() {
    // `use tokio::test;` (tokio's macros_test.rs): an async `#[test]` is tokio's, the import
    // is renamed so that it does not clash with kunit's `test`; a plain `#[test]` stays one.
    let out = expand(
        quote!(s),
        quote!(
            mod t {
                use tokio::test;
                #[test]
                async fn a() {}
                #[test]
                fn b() {}
            }
        ),
    )
    .unwrap()
    .to_string();
    assert!(
        out.contains(
            "# [allow (unused_imports)] use tokio :: test as __kunit_async_test_attribute ;"
        ),
        "{out}"
    );
    assert!(
        out.contains("fn __kunit_fn_a () { let body = async { } ; tokio :: runtime :: Builder :: new_current_thread ()"),
        "{out}"
    );
    assert!(out.contains("fn __kunit_fn_b () { }"), "{out}");
    // libtest's `#[test]` by its full path is a case; so is it in what a macro writes.
    let out = expand(
        quote!(s),
        quote!(
            mod t {
                #[std::prelude::v1::test]
                fn c() {}
                macro_rules! m {
                    () => {
                        #[::core::prelude::rust_2021::test]
                        fn d() {}
                    };
                }
                m!();
            }
        ),
    )
    .unwrap()
    .to_string();
    assert!(out.contains("fn __kunit_fn_c () { }"), "{out}");
    assert!(out.contains("# [test] fn d () { }"), "{out}");
    // Another path ending in `test` is still refused.
    assert_eq!(
        error(quote!(s), quote!(mod t { #[std::prelude::v2::test] fn e() {} })),
        "#[std::prelude::v2::test] inside #[kunit_tests] makes a libtest test that a kunit harness would not run: write #[test] (async tests: #[tokio::test], #[futures_test::test] and #[async_std::test] run as they do under libtest)"
    );
}
