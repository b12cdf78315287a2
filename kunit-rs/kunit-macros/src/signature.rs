//! The shape every wrapped function must have, shared by `#[kunit_tests]` cases and the
//! attribute macros on single functions.

use syn::spanned::Spanned;
use syn::{Error, ItemFn, ReturnType, Type};

/// Checks what every wrapped function must be: a plain fn of zero or one argument. Returns
/// the declared return type, unless it is absent or `()`.
pub fn signature(f: &ItemFn, what: &str, arg: &str) -> syn::Result<Option<Type>> {
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
