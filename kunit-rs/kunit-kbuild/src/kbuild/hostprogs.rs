//! Kbuild's host programs and the sources they generate: a directory's `hostprogs` (compiled
//! as scripts/Makefile.host compiles them) and the explicit rules that make a file from one
//! (`$(obj)/crc32table.h: $(obj)/gen_crc32table` with `$(call cmd,crc32)`, or
//! `$(call filechk,…)`), for the objects that name such a file as a prerequisite
//! (`$(obj)/crc32.o: $(obj)/crc32table.h`). Nothing is run here: this says what to compile and
//! run, in kbuild's output folder layout (`$(obj)` relative to the build folder, the sources
//! in the tree); kunit-tool runs it. What cannot be read is an error naming the rule.

use super::makefile::{Makefile, Rule};
use std::collections::HashMap;
use std::path::Path;

/// The flags every host program gets (the top Makefile's `KBUILD_HOSTCFLAGS`,
/// `KBUILD_HOSTLDFLAGS`, `KBUILD_HOSTLDLIBS`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostFlags {
    /// The host compiler (`$HOSTCC`, else `gcc` as kbuild's, else `cc`).
    pub cc: String,
    /// `KBUILD_HOSTCFLAGS`.
    pub cflags: Vec<String>,
    /// `KBUILD_HOSTLDFLAGS`.
    pub ldflags: Vec<String>,
    /// `KBUILD_HOSTLDLIBS`.
    pub ldlibs: Vec<String>,
}

/// kbuild's `KBUILD_USERHOSTCFLAGS` (the top Makefile of 5.18 and later), for a tree whose
/// top Makefile does not say.
const DEFAULT_HOSTCFLAGS: &[&str] = &[
    "-Wall",
    "-Wmissing-prototypes",
    "-Wstrict-prototypes",
    "-O2",
    "-fomit-frame-pointer",
    "-std=gnu11",
];

/// The top Makefile's variables that make the host flags.
const HOST_VARS: &[&str] = &[
    "KBUILD_USERHOSTCFLAGS",
    "KBUILD_HOSTCFLAGS",
    "KBUILD_HOSTLDFLAGS",
    "KBUILD_HOSTLDLIBS",
];

/// The host compiler: `$HOSTCC`, else kbuild's `gcc` when it is on PATH, else `cc`.
pub fn host_cc() -> String {
    if let Some(cc) = std::env::var("HOSTCC")
        .ok()
        .filter(|c| !c.trim().is_empty())
    {
        return cc;
    }
    let on_path = |name: &str| {
        std::env::var_os("PATH")
            .is_some_and(|p| std::env::split_paths(&p).any(|d| d.join(name).is_file()))
    };
    if on_path("gcc") { "gcc" } else { "cc" }.to_string()
}

/// The host flags as `tree`'s top Makefile sets them: only its assignments of
/// `KBUILD_USERHOSTCFLAGS`, `KBUILD_HOSTCFLAGS`, `KBUILD_HOSTLDFLAGS` and
/// `KBUILD_HOSTLDLIBS` are evaluated, with `HOSTCFLAGS`, `HOSTLDFLAGS` and `HOSTLDLIBS` from
/// the environment (as make takes them) and the large-file flags (`HOST_LFS_*`, a
/// `$(shell getconf …)`) empty, as on a 64-bit host. A top Makefile without
/// `KBUILD_HOSTCFLAGS` gets kbuild's (`-Wall -Wmissing-prototypes -Wstrict-prototypes -O2
/// -fomit-frame-pointer -std=gnu11`, then `$HOSTCFLAGS`).
pub fn host_flags(tree: &Path) -> HostFlags {
    let text = std::fs::read_to_string(tree.join("Makefile")).unwrap_or_default();
    let mut picked = String::new();
    let mut joined = String::new();
    for line in text.lines() {
        if let Some(part) = line.strip_suffix('\\') {
            joined.push_str(part);
            joined.push(' ');
            continue;
        }
        joined.push_str(line);
        let l = std::mem::take(&mut joined);
        let name = l
            .split(|c: char| c.is_whitespace() || c == ':' || c == '+' || c == '?' || c == '=')
            .next()
            .unwrap_or("");
        if HOST_VARS.contains(&name) && l.contains('=') && !l.starts_with('\t') {
            picked.push_str(&l);
            picked.push('\n');
        }
    }
    let env = |k: &str| std::env::var(k).unwrap_or_default();
    let vars = vec![
        ("srctree".to_string(), tree.display().to_string()),
        ("objtree".to_string(), ".".to_string()),
        ("HOSTCFLAGS".to_string(), env("HOSTCFLAGS")),
        ("HOSTLDFLAGS".to_string(), env("HOSTLDFLAGS")),
        ("HOSTLDLIBS".to_string(), env("HOSTLDLIBS")),
    ];
    let mut mk = Makefile::new(&vars, tree.to_path_buf(), "cc");
    mk.eval_text("Makefile", &picked);
    let cflags = if mk.defined("KBUILD_HOSTCFLAGS") {
        mk.words("KBUILD_HOSTCFLAGS")
    } else {
        let mut f: Vec<String> = DEFAULT_HOSTCFLAGS.iter().map(|s| s.to_string()).collect();
        f.extend(mk.words("HOSTCFLAGS"));
        f
    };
    HostFlags {
        cc: host_cc(),
        cflags,
        ldflags: mk.words("KBUILD_HOSTLDFLAGS"),
        ldlibs: mk.words("KBUILD_HOSTLDLIBS"),
    }
}

/// One C file of a host program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostSource {
    /// The source, relative to the tree (`lib/gen_crc32table.c`).
    pub source: String,
    /// Its compiler flags: `KBUILD_HOSTCFLAGS`, `HOST_EXTRACFLAGS`, `HOSTCFLAGS_<stem>.o` and
    /// `-I ./$(obj)` (kbuild's `-I $(objtree)/$(obj)`: run in the build folder).
    pub cflags: Vec<String>,
}

/// A host program (a `hostprogs` entry) in C.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostProgram {
    /// The program, relative to the build folder (`lib/gen_crc32table`, kbuild's
    /// `$(obj)/gen_crc32table`).
    pub path: String,
    /// Its sources: `<name>.c`, or each part of `<name>-objs`.
    pub sources: Vec<HostSource>,
    /// The link's flags after the objects: `KBUILD_HOSTLDFLAGS`, `KBUILD_HOSTLDLIBS`,
    /// `HOSTLDLIBS_<name>`.
    pub ldflags: Vec<String>,
}

/// How a generated file is made, run in the build folder (kbuild's objtree) by `sh -c`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Recipe {
    /// A command that writes the target itself (`cmd_X = $< > $@`).
    Shell(String),
    /// `filechk`: the command's standard output is the target's text, written only when
    /// it changed.
    Stdout(String),
}

/// A file a rule generates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The file, relative to the build folder (`lib/crc32table.h`).
    pub target: String,
    /// The rule, as `file:line`.
    pub rule: String,
    /// How it is made.
    pub recipe: Recipe,
    /// The host programs it runs (to be built first).
    pub programs: Vec<HostProgram>,
    /// Its prerequisites in the tree (relative to the tree).
    pub inputs: Vec<String>,
}

/// The rules of one directory's evaluated Makefile, for [`Generation::for_object`].
pub struct Generation<'a> {
    mk: &'a mut Makefile,
    tree: &'a Path,
    dir: &'a str,
    file: &'a str,
    host: &'a HostFlags,
    /// The rule making each target (one with a recipe; the last one, as make takes it).
    makes: HashMap<String, Rule>,
    /// The host programs of the directory (`hostprogs`, `hostprogs-y`, `hostprogs-always-y`).
    programs: Vec<String>,
}

impl<'a> Generation<'a> {
    /// The generation rules of `mk`, the evaluated Makefile `file` of `dir` in `tree`.
    pub fn new(
        mk: &'a mut Makefile,
        tree: &'a Path,
        dir: &'a str,
        file: &'a str,
        host: &'a HostFlags,
    ) -> Generation<'a> {
        let mut makes = HashMap::new();
        for r in &mk.rules {
            if r.recipe.is_empty() {
                continue;
            }
            for t in &r.targets {
                makes.insert(t.clone(), r.clone());
            }
        }
        let mut programs = Vec::new();
        for v in [
            "hostprogs",
            "hostprogs-y",
            "hostprogs-always-y",
            "hostprogs-always-m",
        ] {
            for p in mk.words(v) {
                if !programs.contains(&p) {
                    programs.push(p);
                }
            }
        }
        Generation {
            mk,
            tree,
            dir,
            file,
            host,
            makes,
            programs,
        }
    }

    /// Does any rule name `obj` (or its composite) as a target with prerequisites?
    pub fn has_rules_for(&self, obj: &str) -> bool {
        self.mk
            .rules
            .iter()
            .any(|r| !r.prereqs.is_empty() && r.targets.iter().any(|t| t == obj))
    }

    /// The generated files object `obj` (and `composite`, the object it is part of) has as
    /// prerequisites, in the order they are made (a file's own generated prerequisites
    /// first). An error names the rule it could not read.
    pub fn for_object(
        &mut self,
        obj: &str,
        composite: Option<&str>,
    ) -> Result<Vec<Generated>, String> {
        let mut prereqs: Vec<(String, String)> = Vec::new();
        for r in &self.mk.rules {
            if r.targets
                .iter()
                .any(|t| t == obj || Some(t.as_str()) == composite)
            {
                prereqs.extend(r.prereqs.iter().map(|p| (p.clone(), r.at.clone())));
            }
        }
        let mut out = Vec::new();
        for (p, at) in prereqs {
            if p == "FORCE" || out.iter().any(|g: &Generated| g.target == p) {
                continue;
            }
            if self.makes.contains_key(&p) {
                self.generated(&p, &mut Vec::new(), &mut out)?;
            } else if !self.tree.join(&p).exists() {
                return Err(format!(
                    "{at}: {obj} needs {p}, which no rule of {} makes and the tree does not have",
                    self.file
                ));
            }
        }
        Ok(out)
    }

    fn generated(
        &mut self,
        target: &str,
        making: &mut Vec<String>,
        out: &mut Vec<Generated>,
    ) -> Result<(), String> {
        let rule = self.makes[target].clone();
        if making.iter().any(|m| m == target) {
            return Err(format!(
                "{}: {target} depends on itself (through {})",
                rule.at,
                making.join(" -> ")
            ));
        }
        making.push(target.to_string());
        let mut programs = Vec::new();
        let mut inputs = Vec::new();
        // Each prerequisite as the recipe sees it: the tree's files by their path in the
        // tree (make's VPATH), built ones relative to the build folder.
        let mut seen = Vec::new();
        for p in &rule.prereqs {
            if p == "FORCE" || p == "|" {
                continue;
            }
            let name = p.strip_prefix(&format!("{}/", self.dir));
            if let Some(prog) = name.filter(|n| self.programs.iter().any(|x| x == n)) {
                programs.push(self.program(prog, &rule)?);
                seen.push(p.clone());
            } else if self.makes.contains_key(p) {
                if !out.iter().any(|g| &g.target == p) {
                    self.generated(p, making, out)?;
                }
                seen.push(p.clone());
            } else if self.tree.join(p).is_file() {
                inputs.push(p.clone());
                seen.push(self.tree.join(p).display().to_string());
            } else {
                return Err(format!(
                    "{}: {target} needs {p}, which is not a host program of {}, no rule makes \
                     it and the tree does not have it",
                    rule.at, self.file
                ));
            }
        }
        making.pop();
        let recipe = self.recipe(&rule, target, &seen)?;
        out.push(Generated {
            target: target.to_string(),
            rule: rule.at.clone(),
            recipe,
            programs,
            inputs,
        });
        Ok(())
    }

    /// The rule's recipe, expanded as make would run it.
    fn recipe(&mut self, rule: &Rule, target: &str, prereqs: &[String]) -> Result<Recipe, String> {
        let first = prereqs.first().cloned().unwrap_or_default();
        let all = prereqs.join(" ");
        let auto: Vec<(&str, String)> = vec![
            ("@", target.to_string()),
            ("<", first),
            ("^", all.clone()),
            ("real-prereqs", all),
            // The recipe runs in the build folder: $(src) is the tree's folder (VPATH).
            ("src", self.tree.join(self.dir).display().to_string()),
            ("obj", self.dir.to_string()),
            ("objtree", ".".to_string()),
            ("Q", String::new()),
            ("quiet", String::new()),
            ("HOSTCC", self.host.cc.clone()),
            ("CONFIG_SHELL", "sh".to_string()),
            ("PERL", "perl".to_string()),
            ("PYTHON3", "python3".to_string()),
            ("AWK", "awk".to_string()),
        ];
        let mut shell = Vec::new();
        let mut stdout = None;
        for line in &rule.recipe {
            let line = line
                .trim_start_matches("$(Q)")
                .trim_start_matches(['@', '-', '+'])
                .trim();
            let unreadable = || {
                format!(
                    "{}: the recipe of {target} (`{line}`) is not one kunit-rs runs: \
                     `$(call cmd,X)`, `$(call if_changed,X)`, `$(call filechk,X)` or a command",
                    rule.at
                )
            };
            match kbuild_call(line) {
                Some((f, name)) => {
                    let var = if f == "filechk" {
                        format!("filechk_{name}")
                    } else {
                        format!("cmd_{name}")
                    };
                    if !self.mk.defined(&var) {
                        return Err(format!(
                            "{}: the recipe of {target} calls {f} with {name}, but {} defines no {var}",
                            rule.at, self.file
                        ));
                    }
                    let cmd = self.mk.expand_with(&format!("$({var})"), &auto);
                    if f == "filechk" {
                        stdout = Some(cmd);
                    } else {
                        shell.push(cmd);
                    }
                }
                None if line.contains("$(call") => return Err(unreadable()),
                None => shell.push(self.mk.expand_with(line, &auto)),
            }
        }
        match (stdout, shell.is_empty()) {
            (Some(c), true) => Ok(Recipe::Stdout(c.trim().to_string())),
            (None, false) => Ok(Recipe::Shell(
                shell
                    .iter()
                    .map(|c| c.trim())
                    .collect::<Vec<_>>()
                    .join("\n"),
            )),
            _ => Err(format!(
                "{}: the recipe of {target} mixes filechk with other commands",
                rule.at
            )),
        }
    }

    /// Host program `name` of this directory, as scripts/Makefile.host compiles it.
    fn program(&mut self, name: &str, rule: &Rule) -> Result<HostProgram, String> {
        for other in ["cxxobjs", "rust"] {
            if !self.mk.get(&format!("{name}-{other}")).trim().is_empty() {
                return Err(format!(
                    "{}: host program {name} is built from {name}-{other}: only C host \
                     programs are built",
                    rule.at
                ));
            }
        }
        let parts = self.mk.words(&format!("{name}-objs"));
        let stems: Vec<String> = if parts.is_empty() {
            vec![name.to_string()]
        } else {
            parts
                .iter()
                .map(|p| p.strip_suffix(".o").unwrap_or(p).to_string())
                .collect()
        };
        let extra = self.mk.words("HOST_EXTRACFLAGS");
        let mut sources = Vec::new();
        for stem in stems {
            let source = format!("{}/{stem}.c", self.dir);
            if !self.tree.join(&source).is_file() {
                return Err(format!(
                    "{}: host program {name} needs {source}, which the tree does not have",
                    rule.at
                ));
            }
            let mut cflags = self.host.cflags.clone();
            cflags.extend(extra.iter().cloned());
            cflags.extend(self.mk.words(&format!("HOSTCFLAGS_{stem}.o")));
            cflags.push("-I".into());
            cflags.push(format!("./{}", self.dir));
            sources.push(HostSource { source, cflags });
        }
        let mut ldflags = self.host.ldflags.clone();
        ldflags.extend(self.host.ldlibs.iter().cloned());
        ldflags.extend(self.mk.words(&format!("HOSTLDLIBS_{name}")));
        Ok(HostProgram {
            path: format!("{}/{name}", self.dir),
            sources,
            ldflags,
        })
    }
}

/// The generated files that the object of `source` (a C file of `tree`, relative to it) has
/// as prerequisites in its folder's Makefile, evaluated with `vars` (the `CONFIG_` values):
/// for a build that names its files itself (`kunit c --kernel-tree`). A folder without a
/// Makefile has none.
pub fn generated_for_source(
    tree: &Path,
    source: &str,
    vars: &[(String, String)],
) -> Result<Vec<Generated>, String> {
    let Some((dir, name)) = source.rsplit_once('/') else {
        return Ok(Vec::new());
    };
    let Some(stem) = name.strip_suffix(".c") else {
        return Ok(Vec::new());
    };
    let Some(file) = ["Kbuild", "Makefile"]
        .iter()
        .map(|f| format!("{dir}/{f}"))
        .find(|f| tree.join(f).is_file())
    else {
        return Ok(Vec::new());
    };
    let text = std::fs::read_to_string(tree.join(&file)).map_err(|e| format!("{file}: {e}"))?;
    let mut all = vars.to_vec();
    all.push(("srctree".into(), tree.display().to_string()));
    all.push(("objtree".into(), ".".into()));
    all.push(("src".into(), dir.into()));
    all.push(("obj".into(), dir.into()));
    let mut mk = Makefile::new(&all, tree.to_path_buf(), "cc");
    mk.eval_text(&file, &text);
    let obj = format!("{dir}/{stem}.o");
    if !mk.rules.iter().any(|r| r.targets.contains(&obj)) {
        return Ok(Vec::new());
    }
    let host = host_flags(tree);
    Generation::new(&mut mk, tree, dir, &file, &host).for_object(&obj, None)
}

/// `$(call cmd,NAME)` and kin as `(function, NAME)`.
fn kbuild_call(line: &str) -> Option<(&str, &str)> {
    let inner = line.strip_prefix("$(call ")?.strip_suffix(')')?;
    let (f, name) = inner.split_once(',')?;
    let f = f.trim();
    let name = name.trim();
    let known = ["cmd", "if_changed", "if_changed_dep", "filechk"];
    (known.contains(&f) && !name.is_empty() && !name.contains([',', '$', ' '])).then_some((f, name))
}

#[cfg(test)]
#[path = "hostprogs_kunit.rs"]
mod hostprogs_kunit;
