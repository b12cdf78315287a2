//! `cargo xtask layering [PACKAGE_DIR...]`: every crate of the workspace is a one-way stack —
//! no import cycle between its files and, where the crate root's module map declares layers,
//! no file importing a higher layer.
//!
//! What counts as an import: every path a file's code names that leads into another file of
//! the same crate: `use` trees (`crate::`, `super::`, `self::`, a child module's name), paths
//! in expressions and types (`crate::a::f()`, `super::X`), paths inside macro calls' tokens,
//! and `crate::some_macro!` calls (resolved to the file that defines the `#[macro_export]`
//! macro). Comments, strings, attributes and `$crate::` paths (a macro's expansion site pays
//! for those) are not imports; neither is `mod x;` nor a re-export (`pub use a::X`): a path
//! through a re-export is followed to the file that defines the item, so a facade (lib.rs, a
//! folder's mod.rs) never closes a cycle by re-exporting. Inline `mod x { .. }` blocks belong
//! to their file.
//!
//! Declaring layers: a crate root (lib.rs/main.rs) lists them in its module map, lowest first,
//! one doc line each, module paths relative to the crate root in backticks:
//!
//! ```text
//! //! Layers, lowest first (a file imports only its own layer and those below):
//! //! 1. `output`, `internal` — text sinks and helpers
//! //! 2. `executor::state` — ...
//! ```
//!
//! A module takes the layer of the longest listed path that is it or contains it. With layers
//! declared, every file must be in one; the root itself is above all layers.

mod crate_map;

use crate_map::{CrateMap, ModPath, UseKind};
use regex_lite::Regex;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// What checking one crate found: the summary line when clean, else the problems.
#[derive(Debug)]
pub struct Report {
    pub summary: String,
    pub problems: Vec<String>,
}

/// Makes `segments` named in `module` absolute from the crate root; `None` for an external
/// crate, a prelude name or a local item.
fn absolute(map: &CrateMap, module: &ModPath, segments: &[String]) -> Option<ModPath> {
    let first = segments.first()?;
    let mut base = module.clone();
    let mut rest = segments;
    match first.as_str() {
        "crate" => {
            base.clear();
            rest = &segments[1..];
        }
        "self" | "super" => {
            while let Some(s) = rest.first().filter(|s| *s == "self" || *s == "super") {
                if s == "super" {
                    base.pop();
                }
                rest = &rest[1..];
            }
        }
        name if map.modules[module].children.contains_key(name) => {}
        _ => return None,
    }
    base.extend(rest.iter().cloned());
    Some(base)
}

/// The file holding what `path` names, following re-exports.
fn target_file(map: &CrateMap, path: &[String], seen: &mut BTreeSet<(ModPath, String)>) -> PathBuf {
    let mut module: ModPath = Vec::new();
    let mut k = 0;
    while let Some(child) = path
        .get(k)
        .and_then(|n| map.modules[&module].children.get(n))
    {
        module = child.clone();
        k += 1;
    }
    let here = &map.modules[&module];
    if let Some(name) = path.get(k) {
        if let Some(target) = here.reexports.get(name) {
            if seen.insert((module.clone(), name.clone())) {
                let mut next = target.clone();
                next.extend(path[k + 1..].iter().cloned());
                return target_file(map, &next, seen);
            }
        }
    }
    here.file.clone()
}

/// The layers a crate root declares: module path -> layer number.
fn declared_layers(root_text: &str) -> BTreeMap<ModPath, u32> {
    let start = Regex::new(r"^//!\s*Layers\b").expect("a valid pattern");
    let entry = Regex::new(r"^//!\s*(\d+)\.\s*(.*)$").expect("a valid pattern");
    let continuation = Regex::new(r"^//!\s{2,}\S").expect("a valid pattern");
    let name = Regex::new(r"`([a-z_][a-z0-9_:]*)`").expect("a valid pattern");
    let mut layers = BTreeMap::new();
    let mut lines = root_text.lines().skip_while(|l| !start.is_match(l));
    if lines.next().is_none() {
        return layers;
    }
    for line in lines {
        let Some(m) = entry.captures(line) else {
            if continuation.is_match(line) {
                continue;
            }
            break;
        };
        let n: u32 = m[1].parse().expect("digits");
        let head = m[2].split('—').next().unwrap_or("");
        for c in name.captures_iter(head) {
            layers.insert(c[1].split("::").map(String::from).collect(), n);
        }
    }
    layers
}

fn show(f: &Path) -> String {
    let cwd = std::env::current_dir().unwrap_or_default();
    f.strip_prefix(&cwd).unwrap_or(f).display().to_string()
}

/// Checks the crate whose root file is `root_file`; `label` names it in messages.
pub fn check_crate(root_file: &Path, label: &str) -> Result<Report, String> {
    let map = CrateMap::load(root_file)?;
    let mut map = map;
    // Re-exports first: a bare `pub use` in any module.
    let mut reexports = Vec::new();
    for n in &map.named {
        if let (UseKind::Use, Some(alias)) = (n.kind, &n.reexport) {
            if alias != "*" {
                if let Some(a) = absolute(&map, &n.module, &n.segments) {
                    reexports.push((n.module.clone(), alias.clone(), a));
                }
            }
        }
    }
    for (module, alias, target) in reexports {
        if let Some(m) = map.modules.get_mut(&module) {
            m.reexports.insert(alias, target);
        }
    }
    // Edges between files: (from, to) -> the first (line, path) that makes it.
    let mut edges: BTreeMap<(PathBuf, PathBuf), (usize, String)> = BTreeMap::new();
    for n in &map.named {
        if n.reexport.is_some() {
            continue; // followed, not an import of its own
        }
        let from = &map.modules[&n.module].file;
        let to = match n.kind {
            UseKind::Macro => {
                let exported = (n.segments.len() == 2 && n.segments[0] == "crate")
                    .then(|| map.macros.get(&n.segments[1]).cloned())
                    .flatten();
                exported.or_else(|| {
                    absolute(&map, &n.module, &n.segments[..n.segments.len() - 1])
                        .map(|a| target_file(&map, &a, &mut BTreeSet::new()))
                })
            }
            kind => {
                if kind == UseKind::Bare
                    && !map.modules[&n.module].children.contains_key(&n.segments[0])
                {
                    continue;
                }
                let segs = match n.segments.split_last() {
                    Some((last, rest)) if last == "*" => rest,
                    _ => &n.segments[..],
                };
                absolute(&map, &n.module, segs).map(|a| target_file(&map, &a, &mut BTreeSet::new()))
            }
        };
        if let Some(to) = to.filter(|t| t != from) {
            edges
                .entry((from.clone(), to))
                .or_insert_with(|| (n.line, n.segments.join("::")));
        }
    }
    let root = root_file.to_path_buf();
    let path_of: BTreeMap<&PathBuf, &ModPath> = map.files.iter().map(|(f, p)| (f, p)).collect();
    let nodes: Vec<&PathBuf> = path_of.keys().copied().filter(|f| **f != root).collect();
    let graph: BTreeMap<&PathBuf, Vec<&PathBuf>> = nodes
        .iter()
        .map(|&f| {
            let out: BTreeSet<&PathBuf> = edges
                .keys()
                .filter(|(s, t)| s == f && *t != root)
                .map(|(_, t)| t)
                .collect();
            (f, out.into_iter().collect())
        })
        .collect();
    let mut problems = Vec::new();

    // Layers, if the root declares them.
    let root_text =
        std::fs::read_to_string(root_file).map_err(|e| format!("{}: {e}", root_file.display()))?;
    let layers = declared_layers(&root_text);
    if !layers.is_empty() {
        let mut file_layer = BTreeMap::new();
        for &f in &nodes {
            let p = path_of[f];
            match (1..=p.len()).rev().find_map(|k| layers.get(&p[..k])) {
                Some(&n) => {
                    file_layer.insert(f, n);
                }
                None => problems.push(format!(
                    "{label}: {} (`{}`) is in no layer of {}'s module map",
                    show(f),
                    p.join("::"),
                    show(root_file)
                )),
            }
        }
        for layer in layers.keys() {
            if !map.modules.contains_key(layer) {
                problems.push(format!(
                    "{label}: layer names `{}`, not a module",
                    layer.join("::")
                ));
            }
        }
        for ((s, t), (line, path)) in &edges {
            if let (Some(ls), Some(lt)) = (file_layer.get(s), file_layer.get(t)) {
                if lt > ls {
                    problems.push(format!(
                        "{label}: {}:{line} (layer {ls}) imports {path} from {} (layer {lt}), a higher layer",
                        show(s),
                        show(t)
                    ));
                }
            }
        }
    }

    // Cycles: strongly connected components, each shown as one shortest cycle with its lines.
    let sccs = tarjan(&nodes, &graph);
    for comp in sccs.iter().filter(|c| c.len() > 1) {
        let mut comp = comp.clone();
        comp.sort();
        let members: BTreeSet<&PathBuf> = comp.iter().copied().collect();
        let chain = shortest_cycle(comp[0], &members, &graph);
        let mut text = format!(
            "{label}: import cycle among {} files: {}",
            comp.len(),
            comp.iter().map(|f| show(f)).collect::<Vec<_>>().join(", ")
        );
        for pair in chain.windows(2) {
            let (line, path) = &edges[&(pair[0].clone(), pair[1].clone())];
            text.push_str(&format!(
                "\n    {}:{line} uses {path} ({})",
                show(pair[0]),
                show(pair[1])
            ));
        }
        problems.push(text);
    }
    if !problems.is_empty() {
        return Ok(Report {
            summary: String::new(),
            problems,
        });
    }
    let summary = if nodes.is_empty() {
        format!("{label}: the root alone, no module files")
    } else {
        // Lowest first: Tarjan's components come out in reverse topological order.
        let names: Vec<String> = sccs.iter().map(|c| path_of[c[0]].join("::")).collect();
        format!(
            "{label}: {} files, no cycle{}; lowest first: {}",
            nodes.len(),
            if layers.is_empty() {
                ""
            } else {
                ", layers respected"
            },
            names.join(" ")
        )
    };
    Ok(Report { summary, problems })
}

/// Tarjan's strongly connected components, iteratively (no recursion limit).
fn tarjan<'a>(
    nodes: &[&'a PathBuf],
    graph: &BTreeMap<&'a PathBuf, Vec<&'a PathBuf>>,
) -> Vec<Vec<&'a PathBuf>> {
    let mut index: BTreeMap<&PathBuf, usize> = BTreeMap::new();
    let mut low: BTreeMap<&PathBuf, usize> = BTreeMap::new();
    let mut on_stack = BTreeSet::new();
    let mut stack = Vec::new();
    let mut sccs = Vec::new();
    let mut counter = 0;
    for &start in nodes {
        if index.contains_key(start) {
            continue;
        }
        // (node, next edge to look at)
        let mut work = vec![(start, 0usize)];
        while let Some(&mut (v, ref mut next)) = work.last_mut() {
            if *next == 0 && !index.contains_key(v) {
                index.insert(v, counter);
                low.insert(v, counter);
                counter += 1;
                stack.push(v);
                on_stack.insert(v);
            }
            if let Some(&w) = graph[v].get(*next) {
                *next += 1;
                if !index.contains_key(w) {
                    work.push((w, 0));
                } else if on_stack.contains(w) {
                    let lw = index[w];
                    let lv = low.get_mut(v).expect("indexed");
                    *lv = (*lv).min(lw);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                let lv = low[v];
                let lp = low.get_mut(parent).expect("indexed");
                *lp = (*lp).min(lv);
            }
            if low[v] == index[v] {
                let mut comp = Vec::new();
                while let Some(w) = stack.pop() {
                    on_stack.remove(w);
                    comp.push(w);
                    if w == v {
                        break;
                    }
                }
                sccs.push(comp);
            }
        }
    }
    sccs
}

/// A shortest cycle through `start` within `members` (breadth-first back to it).
fn shortest_cycle<'a>(
    start: &'a PathBuf,
    members: &BTreeSet<&'a PathBuf>,
    graph: &BTreeMap<&'a PathBuf, Vec<&'a PathBuf>>,
) -> Vec<&'a PathBuf> {
    let mut prev: BTreeMap<&PathBuf, Option<&PathBuf>> = BTreeMap::from([(start, None)]);
    let mut frontier = vec![start];
    let mut found = None;
    while found.is_none() && !frontier.is_empty() {
        let mut next = Vec::new();
        'outer: for &v in &frontier {
            for &w in &graph[v] {
                if w == start {
                    found = Some(v);
                    break 'outer;
                }
                if members.contains(w) && !prev.contains_key(w) {
                    prev.insert(w, Some(v));
                    next.push(w);
                }
            }
        }
        frontier = next;
    }
    let mut chain = Vec::new();
    let mut v = found;
    while let Some(n) = v {
        chain.push(n);
        v = prev[n];
    }
    chain.reverse();
    chain.push(start);
    chain
}

/// The crate roots to check: every library and binary target of the workspace's packages, or
/// of those in `wanted` (package folders).
pub fn roots(wanted: &[PathBuf]) -> Result<Vec<(PathBuf, String)>, String> {
    let wanted: Vec<PathBuf> = wanted
        .iter()
        .map(|w| {
            if w.join("Cargo.toml").is_file() {
                w.canonicalize()
                    .map_err(|e| format!("{}: {e}", w.display()))
            } else {
                Err(format!("{}: not a package folder", w.display()))
            }
        })
        .collect::<Result<_, _>>()?;
    let meta = cargo_metadata::MetadataCommand::new()
        .no_deps()
        .exec()
        .map_err(|e| format!("cargo metadata: {e}"))?;
    let mut roots = Vec::new();
    for pkg in &meta.packages {
        let dir = pkg
            .manifest_path
            .parent()
            .map(|d| d.as_std_path().to_path_buf())
            .unwrap_or_default();
        let dir = dir.canonicalize().unwrap_or(dir);
        if !wanted.is_empty() && !wanted.contains(&dir) {
            continue;
        }
        let mut seen = BTreeSet::new();
        for t in &pkg.targets {
            let code = t.kind.iter().any(|k| {
                matches!(
                    k,
                    cargo_metadata::TargetKind::Lib
                        | cargo_metadata::TargetKind::Bin
                        | cargo_metadata::TargetKind::ProcMacro
                        | cargo_metadata::TargetKind::RLib
                        | cargo_metadata::TargetKind::CDyLib
                        | cargo_metadata::TargetKind::StaticLib
                )
            });
            let src = t.src_path.as_std_path().to_path_buf();
            let src = src.canonicalize().unwrap_or(src);
            if code && seen.insert(src.clone()) {
                roots.push((src, format!("{} ({})", pkg.name, t.name)));
            }
        }
    }
    Ok(roots)
}
