//! Kbuild's rules over an evaluated Makefile (scripts/Makefile.build, Makefile.lib): the
//! objects of `obj-y`, `obj-m` and `lib-y`, composite objects (`foo-y`, `foo-objs`), the
//! subdirectories named `dir/`, and each object's flags: inherited `subdir-ccflags-y`, then
//! `ccflags-y` less `ccflags-remove-y`, then `CFLAGS_foo.o`, less `CFLAGS_REMOVE_foo.o`; and
//! the generated files each object needs first (`hostprogs`).

use super::hostprogs::{host_flags, Generated, Generation, HostFlags};
use super::makefile::Makefile;
use crate::kconfig::fragment::quote;
use crate::kconfig::model::Type;
use crate::kconfig::resolve::Config;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// How an object reaches the kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `obj-y`: linked into vmlinux.
    BuiltIn,
    /// `lib-y`: in lib.a, linked when something needs it.
    Lib,
    /// `obj-m`: a module.
    Module,
}

/// One object to compile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Object {
    /// The object, relative to the tree (`lib/list-test.o`).
    pub obj: String,
    /// Its source (`lib/list-test.c` or `.S`), `None` when neither exists (generated).
    pub source: Option<String>,
    /// The Makefile's flags for it.
    pub cflags: Vec<String>,
    /// The option that enabled it (`CONFIG_LIST_KUNIT_TEST`), `None` for a plain `obj-y`.
    pub enabled_by: Option<String>,
    /// Built-in, lib or module.
    pub kind: Kind,
    /// The composite object it is part of (`lib/foo.o` for a `foo-y` part).
    pub composite: Option<String>,
    /// The generated files it needs, in the order they are made (`lib/crc32table.h` for
    /// `$(obj)/crc32.o: $(obj)/crc32table.h`), or the reason a rule for them cannot be read.
    pub generated: Result<Vec<Generated>, String>,
}

/// What [`objects_for`] found.
#[derive(Clone, Debug, Default)]
pub struct Objects {
    /// Every object, in Makefile order, subdirectories where named.
    pub objects: Vec<Object>,
    /// The directories read.
    pub dirs: Vec<String>,
    /// Makefile lines not evaluated (rules, includes), as `file:line: text`.
    pub skipped: Vec<String>,
}

/// The variables a Makefile sees: every CONFIG_ as include/config/auto.conf holds it.
fn config_vars(config: &Config) -> Vec<(String, String)> {
    config
        .entries
        .iter()
        .filter(|e| !(e.ty.is_tri() && e.value == "n"))
        .map(|e| {
            let v = if e.ty == Type::String {
                quote(&e.value)
            } else {
                e.value.clone()
            };
            (format!("CONFIG_{}", e.name), v)
        })
        .collect()
}

/// The objects the Makefiles of `dirs` (relative to `tree`, e.g. `lib`) build for `config`,
/// descending into the subdirectories they name. `cc` answers `cc-option` probes.
pub fn objects_for(
    tree: &Path,
    config: &Config,
    dirs: &[&str],
    cc: &str,
) -> Result<Objects, String> {
    objects_for_with(tree, config, dirs, cc, None)
}

/// [`objects_for`], keeping the compiler probes' answers in `probe_cache` between runs (keyed
/// by the compiler's path, size and modification time).
pub fn objects_for_with(
    tree: &Path,
    config: &Config,
    dirs: &[&str],
    cc: &str,
    probe_cache: Option<&Path>,
) -> Result<Objects, String> {
    let mut out = Objects::default();
    let vars = config_vars(config);
    let key = compiler_key(cc);
    let mut probes = match (probe_cache, &key) {
        (Some(p), Some(k)) => read_probes(p, k),
        _ => HashMap::new(),
    };
    let known = probes.len();
    let mut host = None;
    for d in dirs {
        read_dir(
            tree,
            &vars,
            d.trim_end_matches('/'),
            &[],
            cc,
            &mut probes,
            &mut host,
            &mut out,
        )?;
    }
    if let (Some(p), Some(k)) = (probe_cache, &key) {
        if probes.len() != known {
            write_probes(p, k, &probes);
        }
    }
    Ok(out)
}

/// The compiler's identity: its path on PATH, size and modification time.
fn compiler_key(cc: &str) -> Option<String> {
    let path = if cc.contains('/') {
        PathBuf::from(cc)
    } else {
        std::env::split_paths(&std::env::var_os("PATH")?)
            .map(|d| d.join(cc))
            .find(|p| p.is_file())?
    };
    let path = std::fs::canonicalize(path).ok()?;
    let m = std::fs::metadata(&path).ok()?;
    let t = m
        .modified()
        .ok()?
        .duration_since(std::time::UNIX_EPOCH)
        .ok()?;
    Some(format!(
        "{cc}\t{}\t{}\t{}",
        path.display(),
        m.len(),
        t.as_nanos()
    ))
}

/// The key line, then `flag\t1` or `flag\t0` per probe.
fn read_probes(p: &Path, key: &str) -> HashMap<String, bool> {
    let Ok(text) = std::fs::read_to_string(p) else {
        return HashMap::new();
    };
    let mut lines = text.split('\n');
    if lines.next() != Some(key) {
        return HashMap::new();
    }
    lines
        .filter_map(|l| l.rsplit_once('\t'))
        .map(|(f, v)| (f.to_string(), v == "1"))
        .collect()
}

fn write_probes(p: &Path, key: &str, probes: &HashMap<String, bool>) {
    let mut kv: Vec<_> = probes.iter().collect();
    kv.sort();
    let mut text = format!("{key}\n");
    for (f, v) in kv {
        text.push_str(&format!("{f}\t{}\n", u8::from(*v)));
    }
    // A cache that cannot be written only costs the next run its probes.
    let tmp = p.with_extension("tmp");
    if std::fs::write(&tmp, text).is_ok() {
        let _ = std::fs::rename(&tmp, p);
    }
}

#[allow(clippy::too_many_arguments)]
fn read_dir(
    tree: &Path,
    vars: &[(String, String)],
    dir: &str,
    inherited: &[String],
    cc: &str,
    probes: &mut HashMap<String, bool>,
    host: &mut Option<HostFlags>,
    out: &mut Objects,
) -> Result<(), String> {
    let file = ["Kbuild", "Makefile"]
        .iter()
        .map(|f| format!("{dir}/{f}"))
        .find(|f| tree.join(f).is_file())
        .ok_or_else(|| format!("{dir}: no Kbuild or Makefile"))?;
    let text = std::fs::read_to_string(tree.join(&file)).map_err(|e| format!("{file}: {e}"))?;
    let mut all = vars.to_vec();
    all.push(("srctree".into(), tree.display().to_string()));
    all.push(("objtree".into(), ".".into()));
    all.push(("src".into(), dir.into()));
    all.push(("obj".into(), dir.into()));
    let mut mk = Makefile::new(&all, PathBuf::from(tree), cc);
    mk.probe_cache = std::mem::take(probes);
    mk.eval_text(&file, &text);
    out.dirs.push(dir.to_string());
    out.skipped.append(&mut mk.skipped);

    let mut subdir_flags = inherited.to_vec();
    subdir_flags.extend(mk.words("subdir-ccflags-y"));
    let remove = mk.words("ccflags-remove-y");
    let mut dir_flags: Vec<String> = subdir_flags.clone();
    dir_flags.extend(mk.words("ccflags-y"));
    dir_flags.retain(|f| !remove.contains(f));

    let mut subdirs = Vec::new();
    for (list, kind) in [
        ("obj-y", Kind::BuiltIn),
        ("lib-y", Kind::Lib),
        ("obj-m", Kind::Module),
    ] {
        let mut seen = Vec::new();
        for w in mk.words(list) {
            if seen.contains(&w) {
                continue;
            }
            seen.push(w.clone());
            let by = mk.provenance.get(&(list.to_string(), w.clone())).cloned();
            if let Some(sub) = w.strip_suffix('/') {
                if !subdirs.contains(&sub.to_string()) {
                    subdirs.push(sub.to_string());
                }
                continue;
            }
            let Some(stem) = w.strip_suffix(".o") else {
                continue;
            };
            let mut parts = Vec::new();
            let suffixes: &[&str] = if kind == Kind::Module {
                &["-objs", "-y", "-m"]
            } else {
                &["-objs", "-y"]
            };
            for s in suffixes {
                let var = format!("{stem}{s}");
                for p in mk.words(&var) {
                    let pby = mk.provenance.get(&(var.clone(), p.clone())).cloned();
                    parts.push((p, pby));
                }
            }
            let composite = (!parts.is_empty()).then(|| format!("{dir}/{w}"));
            if parts.is_empty() {
                parts.push((w.clone(), None));
            }
            for (p, pby) in parts {
                let pstem = p.strip_suffix(".o").unwrap_or(&p);
                let base = pstem.rsplit('/').next().unwrap_or(pstem);
                let mut flags = dir_flags.clone();
                flags.extend(mk.words(&format!("CFLAGS_{base}.o")));
                let rm = mk.words(&format!("CFLAGS_REMOVE_{base}.o"));
                flags.retain(|f| !rm.contains(f));
                let source = ["c", "S"]
                    .iter()
                    .map(|e| format!("{dir}/{pstem}.{e}"))
                    .find(|s| tree.join(s).is_file());
                let obj = format!("{dir}/{pstem}.o");
                let generated = if mk.rules.iter().any(|r| {
                    r.targets
                        .iter()
                        .any(|t| *t == obj || Some(t) == composite.as_ref())
                }) {
                    let host = host.get_or_insert_with(|| host_flags(tree));
                    Generation::new(&mut mk, tree, dir, &file, host)
                        .for_object(&obj, composite.as_deref())
                } else {
                    Ok(Vec::new())
                };
                out.objects.push(Object {
                    obj,
                    source,
                    cflags: flags,
                    enabled_by: pby.or_else(|| by.clone()),
                    kind,
                    composite: composite.clone(),
                    generated,
                });
            }
        }
    }
    *probes = std::mem::take(&mut mk.probe_cache);
    for sub in subdirs {
        read_dir(
            tree,
            vars,
            &format!("{dir}/{sub}"),
            &subdir_flags,
            cc,
            probes,
            host,
            out,
        )?;
    }
    Ok(())
}

#[cfg(test)]
#[path = "objects_kunit.rs"]
mod objects_kunit;
