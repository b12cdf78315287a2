//! Const contexts keep the standard `assert!`: a `const` or `static` item, a `const fn`, a
//! `const { .. }` block, an array length or a discriminant cannot call kunit's failure path,
//! so their `assert!`, `assert_eq!` and `assert_ne!` are rewritten to `::core::assert!` and
//! friends (which is what they would be outside `#[kunit_tests]`).

use syn::visit_mut::{self, VisitMut};
use syn::{Item, Macro};

/// Rewrites the assertions of every const context among `items` (nested modules included).
pub fn keep_std_asserts(items: &mut [Item]) {
    let mut v = ConstStd { depth: 0 };
    for item in items {
        v.visit_item_mut(item);
    }
}

struct ConstStd {
    /// How many const contexts enclose the current node.
    depth: usize,
}

impl ConstStd {
    fn inside(&mut self, f: impl FnOnce(&mut Self)) {
        self.depth += 1;
        f(self);
        self.depth -= 1;
    }
}

impl VisitMut for ConstStd {
    fn visit_item_const_mut(&mut self, i: &mut syn::ItemConst) {
        self.inside(|v| visit_mut::visit_item_const_mut(v, i));
    }
    fn visit_item_static_mut(&mut self, i: &mut syn::ItemStatic) {
        self.inside(|v| visit_mut::visit_item_static_mut(v, i));
    }
    fn visit_impl_item_const_mut(&mut self, i: &mut syn::ImplItemConst) {
        self.inside(|v| visit_mut::visit_impl_item_const_mut(v, i));
    }
    fn visit_trait_item_const_mut(&mut self, i: &mut syn::TraitItemConst) {
        self.inside(|v| visit_mut::visit_trait_item_const_mut(v, i));
    }
    fn visit_expr_const_mut(&mut self, i: &mut syn::ExprConst) {
        self.inside(|v| visit_mut::visit_expr_const_mut(v, i));
    }
    fn visit_item_fn_mut(&mut self, i: &mut syn::ItemFn) {
        if i.sig.constness.is_some() {
            self.inside(|v| visit_mut::visit_item_fn_mut(v, i));
        } else {
            // A non-const fn inside a const item runs at run time.
            let depth = std::mem::take(&mut self.depth);
            visit_mut::visit_item_fn_mut(self, i);
            self.depth = depth;
        }
    }
    fn visit_impl_item_fn_mut(&mut self, i: &mut syn::ImplItemFn) {
        if i.sig.constness.is_some() {
            self.inside(|v| visit_mut::visit_impl_item_fn_mut(v, i));
        } else {
            let depth = std::mem::take(&mut self.depth);
            visit_mut::visit_impl_item_fn_mut(self, i);
            self.depth = depth;
        }
    }
    fn visit_expr_repeat_mut(&mut self, i: &mut syn::ExprRepeat) {
        self.visit_expr_mut(&mut i.expr);
        self.inside(|v| v.visit_expr_mut(&mut i.len));
    }
    fn visit_type_array_mut(&mut self, i: &mut syn::TypeArray) {
        self.visit_type_mut(&mut i.elem);
        self.inside(|v| v.visit_expr_mut(&mut i.len));
    }
    fn visit_variant_mut(&mut self, i: &mut syn::Variant) {
        if let Some((_, expr)) = &mut i.discriminant {
            self.inside(|v| v.visit_expr_mut(expr));
        }
    }
    fn visit_macro_mut(&mut self, m: &mut Macro) {
        if self.depth > 0 {
            for name in ["assert", "assert_eq", "assert_ne"] {
                if m.path.is_ident(name) {
                    let ident = syn::Ident::new(name, m.path.segments[0].ident.span());
                    m.path = syn::parse_quote!(::core::#ident);
                }
            }
        }
        visit_mut::visit_macro_mut(self, m);
    }
}
