//! Which objects a test needs: starting from the symbols it leaves undefined, the objects that
//! define them, then what those leave undefined, until nothing new is needed (what a linker
//! pulling members out of an archive does), so no subsystem is compiled to find one symbol.

use std::collections::{BTreeSet, HashMap};

/// The result of [`link_closure`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Closure {
    /// The objects needed, in the order they were first needed.
    pub objects: Vec<String>,
    /// Symbols no candidate defines, sorted.
    pub unresolved: Vec<String>,
}

/// The objects needed to resolve `undefined`, given `defines` (symbol → objects defining it;
/// the first is taken) and `undefined_of` (an object's own undefined symbols).
pub fn link_closure(
    undefined: &[String],
    defines: &HashMap<String, Vec<String>>,
    undefined_of: &dyn Fn(&str) -> Vec<String>,
) -> Closure {
    let mut out = Closure::default();
    let mut unresolved = BTreeSet::new();
    let mut done: BTreeSet<String> = BTreeSet::new();
    let mut queue: Vec<String> = undefined.to_vec();
    while let Some(sym) = queue.pop() {
        if !done.insert(sym.clone()) {
            continue;
        }
        match defines.get(&sym).and_then(|v| v.first()) {
            Some(obj) => {
                if !out.objects.contains(obj) {
                    out.objects.push(obj.clone());
                    queue.extend(undefined_of(obj));
                }
            }
            None => {
                unresolved.insert(sym);
            }
        }
    }
    out.unresolved = unresolved.into_iter().collect();
    out
}

/// An object's global symbols as `nm -P` lists them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SymbolTable {
    /// Defined global symbols (weak ones included).
    pub defined: Vec<String>,
    /// Undefined symbols.
    pub undefined: Vec<String>,
}

/// Reads `obj`'s symbol table with `nm` (POSIX output format).
pub fn symbol_table(nm: &str, obj: &std::path::Path) -> Result<SymbolTable, String> {
    let out = std::process::Command::new(nm)
        .arg("-P")
        .arg(obj)
        .output()
        .map_err(|e| format!("{nm}: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "{nm} -P {}: {}",
            obj.display(),
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    let mut t = SymbolTable::default();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let mut f = line.split_whitespace();
        let (Some(name), Some(kind)) = (f.next(), f.next()) else {
            continue;
        };
        match kind {
            "U" => t.undefined.push(name.to_string()),
            // Lowercase kinds are local; uppercase (and weak V/W) are global definitions.
            k if k.chars().all(|c| c.is_ascii_uppercase()) => t.defined.push(name.to_string()),
            _ => {}
        }
    }
    Ok(t)
}

#[cfg(test)]
#[path = "symbols_kunit.rs"]
mod symbols_kunit;
