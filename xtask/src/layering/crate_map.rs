//! One crate read with `syn`: its module tree (which file holds each module), the paths each
//! module names that may lead into another file, its re-exports and its exported macros.

use proc_macro2::{Delimiter, TokenStream, TokenTree};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use syn::spanned::Spanned;
use syn::visit::Visit;

/// A module path from the crate root (`[]` is the root).
pub type ModPath = Vec<String>;

/// One module: the file that holds it (an inline module: its file), its children and what it
/// re-exports with a bare `pub use`.
#[derive(Debug)]
pub struct Module {
    pub file: PathBuf,
    pub children: BTreeMap<String, ModPath>,
    /// Name -> the absolute path it re-exports.
    pub reexports: BTreeMap<String, ModPath>,
}

/// How a path was named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UseKind {
    /// A leaf of a `use` tree; `reexport` holds its name when the `use` is a bare `pub use`.
    Use,
    /// `crate::`, `super::` or `self::` in code.
    Path,
    /// `crate::name!`: a macro call.
    Macro,
    /// `child::item`: a child module's name first, if the module has such a child.
    Bare,
}

/// A path a module names, where, and how.
#[derive(Debug)]
pub struct Named {
    pub module: ModPath,
    pub line: usize,
    pub kind: UseKind,
    pub segments: Vec<String>,
    /// `Some(name)` for a re-export (`pub use a::b as name`; `*` for a glob).
    pub reexport: Option<String>,
}

/// The crate: its modules, what they name, the `#[macro_export]` macros (name -> file) and
/// the module path of each file.
#[derive(Debug, Default)]
pub struct CrateMap {
    pub modules: BTreeMap<ModPath, Module>,
    pub named: Vec<Named>,
    pub macros: BTreeMap<String, PathBuf>,
    /// Every file of the crate, in the order read, with its module path.
    pub files: Vec<(PathBuf, ModPath)>,
}

impl CrateMap {
    /// Reads the crate whose root is `root_file`.
    pub fn load(root_file: &Path) -> Result<CrateMap, String> {
        let mut map = CrateMap::default();
        let dir = root_file.parent().unwrap_or(Path::new(".")).to_path_buf();
        map.load_file(root_file, Vec::new(), &dir)?;
        Ok(map)
    }

    fn load_file(&mut self, file: &Path, path: ModPath, children_dir: &Path) -> Result<(), String> {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
        let ast = syn::parse_file(&text).map_err(|e| {
            let at = e.span().start();
            format!("{}:{}:{}: {e}", file.display(), at.line, at.column + 1)
        })?;
        self.files.push((file.to_path_buf(), path.clone()));
        self.add_module(&path, file);
        self.items(&ast.items, &path, file, Some(children_dir))
    }

    fn add_module(&mut self, path: &ModPath, file: &Path) {
        self.modules.insert(
            path.clone(),
            Module {
                file: file.to_path_buf(),
                children: BTreeMap::new(),
                reexports: BTreeMap::new(),
            },
        );
        if let Some((name, parent)) = path.split_last() {
            if let Some(p) = self.modules.get_mut(parent) {
                p.children.insert(name.clone(), path.clone());
            }
        }
    }

    /// A module's items. `children_dir` is where its `mod x;` files live (`None` in an inline
    /// module, whose `mod x;` declarations are not followed).
    fn items(
        &mut self,
        items: &[syn::Item],
        path: &ModPath,
        file: &Path,
        children_dir: Option<&Path>,
    ) -> Result<(), String> {
        // Child modules first, so that `child::item` paths anywhere in the module resolve.
        for item in items {
            let syn::Item::Mod(m) = item else { continue };
            let name = m.ident.to_string();
            let mut child = path.clone();
            child.push(name.clone());
            match (&m.content, children_dir) {
                (Some(_), _) => self.add_module(&child, file),
                (None, Some(dir)) => {
                    let (f, sub_dir) = child_file(file, dir, &name, path_attr(&m.attrs))
                        .ok_or_else(|| {
                            format!(
                                "{}:{}: no file for `mod {name};`",
                                file.display(),
                                m.span().start().line
                            )
                        })?;
                    self.load_file(&f, child, &sub_dir)?;
                }
                (None, None) => {}
            }
        }
        for item in items {
            match item {
                syn::Item::Mod(m) => {
                    if let Some((_, inner)) = &m.content {
                        let mut child = path.clone();
                        child.push(m.ident.to_string());
                        self.items(inner, &child, file, None)?;
                    }
                }
                other => Visitor {
                    map: self,
                    module: path.clone(),
                }
                .visit_item(other),
            }
        }
        Ok(())
    }

    fn name(&mut self, module: &ModPath, line: usize, kind: UseKind, segments: Vec<String>) {
        self.named.push(Named {
            module: module.clone(),
            line,
            kind,
            segments,
            reexport: None,
        });
    }
}

/// The file of `mod name;` declared in `file`, and the folder of its own children.
fn child_file(
    file: &Path,
    children_dir: &Path,
    name: &str,
    custom: Option<String>,
) -> Option<(PathBuf, PathBuf)> {
    if let Some(custom) = custom {
        let f = normalize(&file.parent()?.join(custom));
        let stem = f.file_stem()?.to_owned();
        let sub = f.parent()?.join(stem);
        return f.is_file().then_some((f, sub));
    }
    let flat = children_dir.join(format!("{name}.rs"));
    if flat.is_file() {
        return Some((flat, children_dir.join(name)));
    }
    let nested = children_dir.join(name).join("mod.rs");
    nested.is_file().then(|| (nested, children_dir.join(name)))
}

/// `a/b/../c` -> `a/c`, without touching the file system.
fn normalize(p: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            std::path::Component::ParentDir if out.file_name().is_some() => {
                out.pop();
            }
            std::path::Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

/// The value of a `#[path = "..."]` attribute.
fn path_attr(attrs: &[syn::Attribute]) -> Option<String> {
    attrs.iter().find_map(|a| match &a.meta {
        syn::Meta::NameValue(nv) if nv.path.is_ident("path") => match &nv.value {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) => Some(s.value()),
            _ => None,
        },
        _ => None,
    })
}

fn is_anchor(s: &str) -> bool {
    matches!(s, "crate" | "super" | "self")
}

/// Walks one module's items (not its child modules) and records what they name.
struct Visitor<'m> {
    map: &'m mut CrateMap,
    module: ModPath,
}

impl Visitor<'_> {
    /// A path in code: `crate::`/`super::`/`self::` ones, and `child::item` ones (kept when
    /// the module has such a child). Segments stop after the first one with generic arguments.
    fn path(&mut self, path: &syn::Path, is_macro: bool) {
        if path.leading_colon.is_some() || path.segments.len() < 2 {
            return;
        }
        let mut segments = Vec::new();
        for seg in &path.segments {
            segments.push(seg.ident.to_string());
            if !seg.arguments.is_none() {
                break;
            }
        }
        let line = path.span().start().line;
        if is_anchor(&segments[0]) {
            let kind = if is_macro && segments.len() == path.segments.len() {
                UseKind::Macro
            } else {
                UseKind::Path
            };
            self.map.name(&self.module, line, kind, segments);
        } else if segments.len() >= 2 {
            self.map
                .name(&self.module, line, UseKind::Bare, segments[..2].to_vec());
        }
    }

    /// Paths inside a macro's tokens (what `syn` cannot parse as code): runs of
    /// `ident :: ident ...` not preceded by `$` or `::`.
    fn tokens(&mut self, stream: TokenStream) {
        let tts: Vec<TokenTree> = stream.into_iter().collect();
        let is_sep = |i: usize| {
            matches!((tts.get(i), tts.get(i + 1)),
                (Some(TokenTree::Punct(a)), Some(TokenTree::Punct(b)))
                    if a.as_char() == ':' && b.as_char() == ':'
                        && a.spacing() == proc_macro2::Spacing::Joint)
        };
        let ident = |i: usize| match tts.get(i) {
            Some(TokenTree::Ident(id)) => Some(id.to_string()),
            _ => None,
        };
        let mut i = 0;
        while i < tts.len() {
            if let TokenTree::Group(g) = &tts[i] {
                if g.delimiter() != Delimiter::None || !g.stream().is_empty() {
                    self.tokens(g.stream());
                }
                i += 1;
                continue;
            }
            let preceded = i > 0
                && (matches!(&tts[i - 1], TokenTree::Punct(p) if p.as_char() == '$')
                    || (i >= 2 && is_sep(i - 2)));
            let (Some(first), false) = (ident(i), preceded) else {
                i += 1;
                continue;
            };
            if !is_sep(i + 1) || ident(i + 3).is_none() {
                i += 1;
                continue;
            }
            let line = tts[i].span().start().line;
            let mut segments = vec![first.clone()];
            let mut j = i;
            while is_sep(j + 1) {
                match ident(j + 3) {
                    Some(next) => {
                        segments.push(next);
                        j += 3;
                    }
                    None => break,
                }
            }
            let bang = matches!(tts.get(j + 1), Some(TokenTree::Punct(p)) if p.as_char() == '!');
            if is_anchor(&first) {
                let kind = if bang { UseKind::Macro } else { UseKind::Path };
                self.map.name(&self.module, line, kind, segments);
                i = j + 1;
            } else {
                self.map
                    .name(&self.module, line, UseKind::Bare, segments[..2].to_vec());
                i += 1;
            }
        }
    }

    fn use_tree(
        &mut self,
        tree: &syn::UseTree,
        prefix: &mut Vec<String>,
        out: &mut Vec<(Vec<String>, String)>,
    ) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                self.use_tree(&p.tree, prefix, out);
                prefix.pop();
            }
            syn::UseTree::Name(n) => {
                let mut segs = prefix.clone();
                segs.push(n.ident.to_string());
                out.push((segs, n.ident.to_string()));
            }
            syn::UseTree::Rename(r) => {
                let mut segs = prefix.clone();
                segs.push(r.ident.to_string());
                out.push((segs, r.rename.to_string()));
            }
            syn::UseTree::Glob(_) => {
                let mut segs = prefix.clone();
                segs.push("*".into());
                out.push((segs, "*".into()));
            }
            syn::UseTree::Group(g) => {
                for t in &g.items {
                    self.use_tree(t, prefix, out);
                }
            }
        }
    }
}

impl<'ast> Visit<'ast> for Visitor<'_> {
    // Attributes (docs, `#[path]`, `#[cfg]`) name no code.
    fn visit_attribute(&mut self, _: &'ast syn::Attribute) {}

    fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
        let reexport = matches!(u.vis, syn::Visibility::Public(_));
        let mut leaves = Vec::new();
        self.use_tree(&u.tree, &mut Vec::new(), &mut leaves);
        let line = u.span().start().line;
        for (segments, name) in leaves {
            self.map.named.push(Named {
                module: self.module.clone(),
                line,
                kind: UseKind::Use,
                segments,
                reexport: reexport.then_some(name),
            });
        }
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        self.path(path, false);
        syn::visit::visit_path(self, path);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        self.path(&mac.path, true);
        self.tokens(mac.tokens.clone());
    }

    fn visit_item_macro(&mut self, m: &'ast syn::ItemMacro) {
        if let Some(name) = &m.ident {
            if m.attrs.iter().any(|a| a.path().is_ident("macro_export")) {
                let file = self.map.modules[&self.module].file.clone();
                self.map.macros.insert(name.to_string(), file);
            }
        }
        self.visit_macro(&m.mac);
    }

    // An item's own `mod` is handled by `CrateMap::items`; one inside a function body is no
    // module of the crate's tree.
    fn visit_item_mod(&mut self, _: &'ast syn::ItemMod) {}
}
