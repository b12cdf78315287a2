//! kunit.py's configuration step without make: the arch's fragment and the kunitconfigs
//! merged (tools/testing/kunit/kunit_kernel.py), the tree's Kconfig evaluated over them as
//! `make olddefconfig` would, and every asked option checked, each failure with its reason.

use super::eval::{valid_for, Eval};
use super::expr::{Expr, Tri};
use super::fragment::{entry_text, quote, unquote, Fragment};
use super::macros::Macros;
use super::model::{Kconfig, Type};
use super::parse::parse_tree;
use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};

/// kunit.py's fragment for UML builds.
pub const UML_KCONFIG_PATH: &str = "tools/testing/kunit/configs/arch_uml.config";
/// What `--alltests` adds (first, so the user's fragments win).
pub const ALL_TESTS_CONFIG_PATH: &str = "tools/testing/kunit/configs/all_tests.config";
/// What kunit.py uses when no kunitconfig is given.
pub const DEFAULT_KUNITCONFIG_PATH: &str = "tools/testing/kunit/configs/default.config";

/// One problem found while configuring.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// The whole message.
    pub message: String,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

fn err(message: impl Into<String>) -> Error {
    Error {
        message: message.into(),
    }
}

/// A resolved symbol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Its name without `CONFIG_`.
    pub name: String,
    /// Its type.
    pub ty: Type,
    /// `y`/`m`/`n`, the number, or the (unquoted) string.
    pub value: String,
}

/// The resolved configuration: what `.config` and `include/generated/autoconf.h` hold.
#[derive(Clone, Debug, Default)]
pub struct Config {
    /// The symbols written to `.config`, in the Kconfig files' order.
    pub entries: Vec<Entry>,
    index: HashMap<String, usize>,
}

impl Config {
    fn new(entries: Vec<Entry>) -> Config {
        let index = entries
            .iter()
            .enumerate()
            .map(|(i, e)| (e.name.clone(), i))
            .collect();
        Config { entries, index }
    }

    /// The value of `name` (without `CONFIG_`), if `.config` has it.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.index
            .get(name)
            .map(|&i| self.entries[i].value.as_str())
    }

    /// The tristate value of `name`: n when absent or not a bool/tristate.
    pub fn tri(&self, name: &str) -> Tri {
        self.get(name).and_then(Tri::parse).unwrap_or(Tri::N)
    }

    /// The `.config` text (without the header comments).
    pub fn dot_config(&self) -> String {
        let mut out = String::new();
        for e in &self.entries {
            let line = match e.ty {
                Type::String => format!("CONFIG_{}={}", e.name, quote(&e.value)),
                _ => entry_text(&e.name, &e.value),
            };
            out.push_str(&line);
            out.push('\n');
        }
        out
    }

    /// The `#define`s of autoconf.h as `(macro, value)`: `y` is `1`, `m` defines
    /// `CONFIG_X_MODULE`, hex gains its `0x`, strings are C strings, `n` is absent.
    pub fn autoconf(&self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        for e in &self.entries {
            let name = format!("CONFIG_{}", e.name);
            match (e.ty, e.value.as_str()) {
                (Type::Bool | Type::Tristate, "y") => out.push((name, "1".into())),
                (Type::Tristate, "m") => out.push((format!("{name}_MODULE"), "1".into())),
                (Type::Bool | Type::Tristate, _) => {}
                (Type::Hex, v) if !v.starts_with("0x") && !v.starts_with("0X") => {
                    out.push((name, format!("0x{v}")))
                }
                (Type::String, v) => out.push((name, quote(v))),
                (_, v) => out.push((name, v.to_string())),
            }
        }
        out
    }
}

/// What [`resolve_with`] needs beyond the tree and the fragments.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Kconfig's environment beyond the arch's (e.g. `CC`); wins over the defaults.
    pub env: HashMap<String, String>,
    /// A file keeping `$(shell …)` answers (the compiler probes) between runs.
    pub shell_cache: Option<PathBuf>,
    /// A file keeping the last resolved configuration, reused while the environment, the
    /// asked values and every Kconfig file read (size and modification time) are unchanged.
    pub resolved_cache: Option<PathBuf>,
}

/// The Kconfig environment the kernel's Makefile exports for `ARCH=um` (SUBARCH=x86_64).
pub fn arch_env(
    tree: &Path,
    arch: &str,
    extra: &HashMap<String, String>,
) -> Result<HashMap<String, String>, Error> {
    if arch != "um" {
        return Err(err(format!(
            "arch `{arch}` is not supported: only um (UML on x86_64), kunit.py's default"
        )));
    }
    let mut env: HashMap<String, String> = [
        ("ARCH", "um"),
        ("SRCARCH", "um"),
        ("SUBARCH", "x86_64"),
        ("HEADER_ARCH", "x86"),
        ("CC", "gcc"),
        ("LD", "ld"),
        ("HOSTCC", "gcc"),
        ("HOSTCXX", "g++"),
        ("RUSTC", "rustc"),
        ("BINDGEN", "bindgen"),
        ("PAHOLE", "pahole"),
        ("NM", "nm"),
        ("OBJCOPY", "objcopy"),
        ("AR", "ar"),
    ]
    .iter()
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .collect();
    env.insert("srctree".into(), tree.display().to_string());
    env.insert("KERNELVERSION".into(), kernel_version(tree));
    env.extend(extra.iter().map(|(k, v)| (k.clone(), v.clone())));
    if !env.contains_key("CC_VERSION_TEXT") {
        // The top Makefile's CC_VERSION_TEXT: the first line of `$(CC) --version`.
        let cc = env["CC"].clone();
        let text = std::process::Command::new("/bin/sh")
            .arg("-c")
            .arg(format!("LC_ALL=C {cc} --version 2>/dev/null | head -n 1"))
            .output()
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().replace('#', ""))
            .unwrap_or_default();
        env.insert("CC_VERSION_TEXT".into(), text);
    }
    Ok(env)
}

/// VERSION.PATCHLEVEL.SUBLEVEL of the tree's top Makefile (empty if unreadable).
fn kernel_version(tree: &Path) -> String {
    let Ok(text) = std::fs::read_to_string(tree.join("Makefile")) else {
        return String::new();
    };
    let get = |k: &str| {
        text.lines()
            .find_map(|l| {
                let (a, b) = l.split_once('=')?;
                (a.trim() == k).then(|| b.trim().to_string())
            })
            .unwrap_or_default()
    };
    format!(
        "{}.{}.{}",
        get("VERSION"),
        get("PATCHLEVEL"),
        get("SUBLEVEL")
    )
}

/// Reads the tree's whole Kconfig (from its top-level `Kconfig`).
pub fn load(
    tree: &Path,
    env: HashMap<String, String>,
    shell_cache: Option<&Path>,
) -> Result<Kconfig, Vec<Error>> {
    let mut mac = Macros::new(env.clone());
    let key = cache_key(&env);
    if let Some(p) = shell_cache {
        mac.shell_cache = read_cache(p, &key);
    }
    let kc = parse_tree(tree, "Kconfig", &mut mac)
        .map_err(|es| es.into_iter().map(err).collect::<Vec<_>>())?;
    if let Some(p) = shell_cache {
        if mac.shell_runs > 0 {
            write_cache(p, &key, &mac.shell_cache);
        }
    }
    Ok(kc)
}

/// kunit.py's configuration for `tree`: see [`resolve_with`].
pub fn resolve(
    tree: &Path,
    arch: &str,
    kunitconfigs: &[PathBuf],
    kconfig_add: &[String],
    alltests: bool,
) -> Result<Config, Vec<Error>> {
    resolve_with(
        tree,
        arch,
        kunitconfigs,
        kconfig_add,
        alltests,
        &Options::default(),
    )
}

/// The fragment kunit.py writes to `.config` before `make olddefconfig`: the arch's, then
/// `--alltests`' all_tests.config, the kunitconfigs (a directory means its `.kunitconfig`;
/// none means default.config) and `--kconfig_add`, later ones winning.
pub fn requested(
    tree: &Path,
    arch: &str,
    kunitconfigs: &[PathBuf],
    kconfig_add: &[String],
    alltests: bool,
) -> Result<Fragment, Vec<Error>> {
    let read = |p: &Path| -> Result<Fragment, Error> {
        let text = std::fs::read_to_string(p).map_err(|_| {
            err(format!(
                "Specified kunitconfig ({}) does not exist",
                p.display()
            ))
        })?;
        Fragment::parse(&text).map_err(|e| err(format!("{}: {e}", p.display())))
    };
    let mut paths: Vec<PathBuf> = Vec::new();
    if alltests {
        paths.push(tree.join(ALL_TESTS_CONFIG_PATH));
    }
    paths.extend(kunitconfigs.iter().cloned());
    let mut merged = Fragment::default();
    if paths.is_empty() {
        merged = read(&tree.join(DEFAULT_KUNITCONFIG_PATH)).map_err(|e| vec![e])?;
    }
    for p in paths {
        let p = if p.is_dir() {
            p.join(".kunitconfig")
        } else {
            p
        };
        let part = read(&p).map_err(|e| vec![e])?;
        let diff = merged.conflicts(&part);
        if !diff.is_empty() {
            let text: Vec<String> = diff
                .iter()
                .map(|(n, a, b)| {
                    format!(
                        "{}\n  vs from {}\n{}",
                        entry_text(n, a),
                        p.display(),
                        entry_text(n, b)
                    )
                })
                .collect();
            return Err(vec![err(format!(
                "Multiple values specified for {} options in kunitconfig:\n{}",
                diff.len(),
                text.join("\n\n")
            ))]);
        }
        merged.merge(&part);
    }
    let add = Fragment::parse(&kconfig_add.join("\n")).map_err(|e| vec![err(e)])?;
    merged.merge(&add);
    if arch != "um" {
        return Err(vec![err(format!(
            "arch `{arch}` is not supported: only um"
        ))]);
    }
    let mut all = read(&tree.join(UML_KCONFIG_PATH)).map_err(|e| vec![e])?;
    all.merge(&merged);
    Ok(all)
}

/// [`resolve`] with options: the configuration kunit.py's `make olddefconfig` produces, or one
/// error per asked option that did not end as asked (kunit.py's validate_config, with the
/// reason).
pub fn resolve_with(
    tree: &Path,
    arch: &str,
    kunitconfigs: &[PathBuf],
    kconfig_add: &[String],
    alltests: bool,
    opts: &Options,
) -> Result<Config, Vec<Error>> {
    let asked = requested(tree, arch, kunitconfigs, kconfig_add, alltests)?;
    let env = arch_env(tree, arch, &opts.env).map_err(|e| vec![e])?;
    let key = format!("{}\0{}", cache_key(&env), entries_key(&asked));
    if let Some(p) = &opts.resolved_cache {
        if let Some(c) = read_resolved(p, tree, &key) {
            return Ok(c);
        }
    }
    let kc = load(tree, env, opts.shell_cache.as_deref())?;
    let (config, errors) = evaluate(&kc, &asked);
    if !errors.is_empty() {
        return Err(errors);
    }
    if let Some(p) = &opts.resolved_cache {
        write_resolved(p, tree, &key, &kc.files, &config);
    }
    Ok(config)
}

fn entries_key(f: &Fragment) -> String {
    f.entries
        .iter()
        .map(|(n, v)| format!("{n}={v}"))
        .collect::<Vec<_>>()
        .join("\0")
        .replace('\n', " ")
}

/// A file's identity for the cache: its size and modification time.
fn stamp(p: &Path) -> Option<String> {
    let m = std::fs::metadata(p).ok()?;
    let t = m
        .modified()
        .ok()?
        .duration_since(std::time::UNIX_EPOCH)
        .ok()?;
    Some(format!(
        "{}.{:09}\t{}",
        t.as_secs(),
        t.subsec_nanos(),
        m.len()
    ))
}

const TYPES: [(Type, &str); 5] = [
    (Type::Bool, "bool"),
    (Type::Tristate, "tristate"),
    (Type::Int, "int"),
    (Type::Hex, "hex"),
    (Type::String, "string"),
];

/// The resolved cache: the key line, `F\tfile\tstamp` per Kconfig file, then
/// `type\tname\tvalue` per entry.
fn write_resolved(p: &Path, tree: &Path, key: &str, files: &[String], config: &Config) {
    let mut text = format!("{key}\n");
    for f in files {
        let Some(st) = stamp(&tree.join(f)) else {
            return;
        };
        text.push_str(&format!("F\t{f}\t{st}\n"));
    }
    for e in &config.entries {
        let ty = TYPES.iter().find(|t| t.0 == e.ty).map_or("bool", |t| t.1);
        text.push_str(&format!("{ty}\t{}\t{}\n", e.name, e.value));
    }
    // A cache that cannot be written only costs the next run a parse.
    let tmp = p.with_extension("tmp");
    if std::fs::write(&tmp, text).is_ok() {
        let _ = std::fs::rename(&tmp, p);
    }
}

fn read_resolved(p: &Path, tree: &Path, key: &str) -> Option<Config> {
    let text = std::fs::read_to_string(p).ok()?;
    let mut lines = text.split('\n');
    if lines.next()? != key {
        return None;
    }
    let mut entries = Vec::new();
    for line in lines.filter(|l| !l.is_empty()) {
        let mut parts = line.splitn(3, '\t');
        let (a, b, c) = (parts.next()?, parts.next()?, parts.next()?);
        if a == "F" {
            if stamp(&tree.join(b))? != c {
                return None;
            }
            continue;
        }
        let ty = TYPES.iter().find(|t| t.1 == a)?.0;
        entries.push(Entry {
            name: b.to_string(),
            ty,
            value: c.to_string(),
        });
    }
    Some(Config::new(entries))
}

/// Evaluates `kc` with the user values of `asked` (olddefconfig) and checks each asked value.
pub fn evaluate(kc: &Kconfig, asked: &Fragment) -> (Config, Vec<Error>) {
    let mut assignments = Vec::new();
    for (name, value) in &asked.entries {
        if let Some(s) = kc.sym(name) {
            assignments.push((s, unquote(value)));
        }
    }
    let mut ev = Eval::new(kc, &assignments);
    let mut entries = Vec::new();
    for &s in &kc.order {
        let v = ev.val(s);
        if v.write {
            entries.push(Entry {
                name: kc.syms[s].name.clone(),
                ty: kc.syms[s].ty,
                value: v.text,
            });
        }
    }
    let config = Config::new(entries);
    let mut errors = Vec::new();
    for &s in &ev.loops {
        let loc = kc.syms[s]
            .loc
            .as_ref()
            .map_or(String::new(), |l| format!("{}:{}: ", l.file, l.line));
        errors.push(err(format!(
            "{loc}recursive dependency detected: the value of {} depends on itself (the kernel's Kconfig rejects this tree)",
            kc.syms[s].name
        )));
    }
    for (name, value) in &asked.entries {
        let got = config
            .get(name)
            .map(|v| match kc.sym(name).map(|s| kc.syms[s].ty) {
                Some(Type::String) => quote(v),
                _ => v.to_string(),
            });
        let ok = match &got {
            None => value == "n",
            Some(g) => g == value,
        };
        if !ok {
            errors.push(err(explain(kc, &mut ev, name, value, got.as_deref())));
        }
    }
    (config, errors)
}

/// Why `name` did not end as `asked`.
fn explain(kc: &Kconfig, ev: &mut Eval, name: &str, asked: &str, got: Option<&str>) -> String {
    let head = format!("{} was asked", entry_text_eq(name, asked));
    let Some(s) = kc.sym(name).filter(|&s| kc.syms[s].ty != Type::Unknown) else {
        return format!("{head}, but no Kconfig file defines {name}");
    };
    let sym = &kc.syms[s];
    let got_text = got.unwrap_or("n");
    let ty = sym.ty;
    let tyname = match ty {
        Type::Bool => "bool",
        Type::Tristate => "tristate",
        Type::Int => "int",
        Type::Hex => "hex",
        Type::String => "string",
        Type::Unknown => "undefined",
    };
    if !valid_for(ty, &unquote(asked)) {
        return format!("{head}, but {name} is a {tyname}, which cannot be {asked}");
    }
    let want = Tri::parse(asked);
    let names = |i: usize| kc.syms[i].name.clone();
    if want != Some(Tri::N) {
        let dep = ev.dir_dep(s);
        if dep == Tri::N || want.is_some_and(|w| dep < w) {
            let e = sym.dir_dep.clone().unwrap_or_else(Expr::y);
            return format!("{head}, but it {}", failing(ev, &e, &names, "depends on"));
        }
        if ev.visibility(s) == Tri::N {
            if sym.prompts.is_empty() {
                return format!(
                    "{head}, but {name} has no prompt: only a default or a select sets it, and it is {got_text}"
                );
            }
            let e = sym
                .prompts
                .iter()
                .cloned()
                .reduce(|a, b| Expr::Or(Box::new(a), Box::new(b)))
                .unwrap_or_else(Expr::y);
            return format!(
                "{head}, but its prompt {}",
                failing(ev, &e, &names, "depends on")
            );
        }
        if let Some(c) = sym.choice {
            if let Some(other) = ev.choice(c) {
                if other != s {
                    return format!(
                        "{head}, but the choice it belongs to picks {}",
                        kc.syms[other].name
                    );
                }
            }
        }
        if matches!(ty, Type::Int | Type::Hex) {
            if let Some((lo, hi)) = ev.range(s) {
                return format!("{head}, but its range is {lo}..{hi}, so it is {got_text}");
            }
        }
    } else {
        let selectors: Vec<String> = sym
            .selected_by
            .iter()
            .filter(|&&t| ev.val(t).tri != Tri::N)
            .map(|&t| kc.syms[t].name.clone())
            .collect();
        if ev.rev_dep(s) != Tri::N && !selectors.is_empty() {
            return format!(
                "{head}, but {} select{} it",
                selectors.join(", "),
                if selectors.len() == 1 { "s" } else { "" }
            );
        }
        if ev.visibility(s) == Tri::N {
            return format!("{head}, but {name} has no visible prompt and defaults to {got_text}");
        }
    }
    format!("{head}, but it is {got_text}")
}

fn entry_text_eq(name: &str, value: &str) -> String {
    format!("CONFIG_{name}={value}")
}

/// "depends on BAR, which is n" for the parts of `e` (an AND) that are too low.
fn failing(ev: &mut Eval, e: &Expr, names: &dyn Fn(usize) -> String, verb: &str) -> String {
    let mut parts = Vec::new();
    conjuncts(e, &mut parts);
    let low: Vec<String> = parts
        .iter()
        .filter_map(|p| {
            let v = ev.expr(p);
            (v != Tri::Y).then(|| format!("{}, which is {v}", p.display(names)))
        })
        .collect();
    if low.is_empty() {
        format!("{verb} {}, which is {}", e.display(names), ev.expr(e))
    } else {
        format!("{verb} {}", low.join("; and on "))
    }
}

fn conjuncts<'e>(e: &'e Expr, out: &mut Vec<&'e Expr>) {
    match e {
        Expr::And(a, b) => {
            conjuncts(a, out);
            conjuncts(b, out);
        }
        _ => out.push(e),
    }
}

fn cache_key(env: &HashMap<String, String>) -> String {
    let mut kv: Vec<_> = env.iter().collect();
    kv.sort();
    let mut key = String::from("kunit-kbuild shell cache 1");
    for (k, v) in kv {
        key.push('\0');
        key.push_str(k);
        key.push('=');
        key.push_str(v);
    }
    key.replace('\n', " ")
}

/// The cache file: the key line, then `command\0answer\0` records; another key is a miss.
fn read_cache(p: &Path, key: &str) -> HashMap<String, String> {
    let Ok(text) = std::fs::read_to_string(p) else {
        return HashMap::new();
    };
    let Some((head, body)) = text.split_once('\n') else {
        return HashMap::new();
    };
    if head != key {
        return HashMap::new();
    }
    let parts: Vec<&str> = body.split('\0').collect();
    parts
        .chunks_exact(2)
        .map(|c| (c[0].to_string(), c[1].to_string()))
        .collect()
}

fn write_cache(p: &Path, key: &str, cache: &HashMap<String, String>) {
    let mut text = format!("{key}\n");
    let mut kv: Vec<_> = cache.iter().collect();
    kv.sort();
    for (k, v) in kv {
        text.push_str(k);
        text.push('\0');
        text.push_str(v);
        text.push('\0');
    }
    // A cache that cannot be written only costs the next run its probes.
    let tmp = p.with_extension("tmp");
    if std::fs::write(&tmp, text).is_ok() {
        let _ = std::fs::rename(&tmp, p);
    }
}

#[cfg(test)]
#[path = "resolve_kunit.rs"]
mod resolve_kunit;
