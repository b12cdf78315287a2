//! File modules inside a `#[kunit_tests]` module. rustc refuses `mod name;` in an attribute
//! macro's input (E0658, "non-inline modules in proc macro input are unstable") before the
//! macro could read the file, so kunit names the file and the form that works: for a file of
//! helpers, `mod name;` above the suite's module and `use super::name;` in it; for a file with
//! tests, `mod name { include!("name.rs"); }`. `include!` keeps the file's own spans (lines in
//! failures and panics) and rustc's rebuild tracking, and the `#[test]`s it brings register as
//! cases through the `test` import every module inside the suite gets (crate::unseen_macros
//! reads the included file for what kunit would not see).

use std::path::{Path, PathBuf};
use syn::{Error, Item, ItemMod};

/// The error for `mod name;` inside the suite (`dirs`: the inline modules above it, below the
/// suite's module).
pub fn refusal(m: &ItemMod, dirs: &[String]) -> Error {
    let name = m.ident.to_string();
    let explicit = m.attrs.iter().find_map(|a| {
        if !a.path().is_ident("path") {
            return None;
        }
        let nv = a.meta.require_name_value().ok()?;
        match &nv.value {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) => Some(s.value()),
            _ => None,
        }
    });
    let mut prefix = dirs.join("/");
    if !prefix.is_empty() {
        prefix.push('/');
    }
    // The test file was the crate root: its file modules sit beside it.
    let (shown_dir, real_dir) = here(m.ident.span());
    let rel = match explicit {
        Some(p) => format!("{prefix}{p}"),
        None => {
            let flat = format!("{prefix}{name}.rs");
            let nested = format!("{prefix}{name}/mod.rs");
            match &real_dir {
                Some(dir) if !dir.join(&flat).exists() && dir.join(&nested).exists() => nested,
                _ => flat,
            }
        }
    };
    let shown = match shown_dir {
        Some(d) if !d.as_os_str().is_empty() => d.join(&rel).display().to_string(),
        _ => rel.clone(),
    };
    let file = real_dir
        .and_then(|d| std::fs::read_to_string(d.join(&rel)).ok())
        .and_then(|text| syn::parse_file(&text).ok());
    let why = format!(
        "`mod {name};` inside #[kunit_tests] loads {shown}, which kunit cannot read here: rustc \
         refuses file modules in a proc macro's input (E0658)."
    );
    let fix = match &file {
        Some(f) if !has_tests(&f.items) => format!(
            "It holds no test: declare `mod {name};` above the #[kunit_tests] module and write \
             `use super::{name};` here"
        ),
        _ => {
            let inner = if file.as_ref().is_some_and(|f| !f.attrs.is_empty()) {
                " (move the file's `#![..]` lines into those braces: an included file cannot \
                 start with them)"
            } else {
                ""
            };
            format!(
                "Write `mod {name} {{ include!(\"{rel}\"); }}` instead{inner}: the same file, \
                 its #[test]s cases `{name}.f`"
            )
        }
    };
    Error::new(m.ident.span(), format!("{why} {fix}"))
}

/// Whether `items` may hold a test: a function under a `test` attribute, or a macro call
/// (whose output kunit cannot see).
fn has_tests(items: &[Item]) -> bool {
    items.iter().any(|item| match item {
        Item::Fn(f) => f
            .attrs
            .iter()
            .any(|a| a.path().segments.last().is_some_and(|s| s.ident == "test")),
        Item::Mod(m) => match &m.content {
            Some((_, inner)) => has_tests(inner),
            None => true,
        },
        Item::Macro(m) => !m.mac.path.is_ident("macro_rules"),
        _ => false,
    })
}

/// The directory of the file `span` is in: as rustc shows it, and on disk.
pub fn here(span: proc_macro2::Span) -> (Option<PathBuf>, Option<PathBuf>) {
    if !proc_macro::is_available() {
        return (None, None);
    }
    let span = span.unwrap();
    let shown = Path::new(&span.file()).parent().map(Path::to_path_buf);
    let real = span
        .local_file()
        .and_then(|f| f.parent().map(Path::to_path_buf));
    (shown, real)
}
