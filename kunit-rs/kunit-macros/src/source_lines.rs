//! Where a case's function is: its file and first and last lines, for `Case::source`. The
//! executor attributes a panic on a `std::thread` that a case spawned to the case whose lines
//! the thread's stack runs. (`line!()` in generated code would give the line of the outermost
//! macro call, not of the function.)

use proc_macro2::TokenStream;
use quote::quote;
use syn::ItemFn;

/// `(file, first, last)` of `f`, or `("", 0, 0)` outside a macro expansion (unit tests).
pub fn of(f: &ItemFn) -> TokenStream {
    if !proc_macro::is_available() {
        return quote!(("", 0u32, 0u32));
    }
    let first = f.sig.fn_token.span.unwrap();
    let last = f.block.brace_token.span.close().unwrap();
    let file = first.file();
    let (first, last) = (first.line() as u32, last.end().line() as u32);
    // A function that a macro wrote (spans in the macro) may give lines out of order.
    let (first, last) = (first.min(last), first.max(last));
    quote!((#file, #first, #last))
}
