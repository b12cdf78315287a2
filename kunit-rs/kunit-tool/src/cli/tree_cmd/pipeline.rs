//! Tree mode's build: kunit.py's configure step (kunit-kbuild's resolver over the tree's
//! Kconfig), the objects the tree's Makefiles build for that configuration, the enabled test
//! files compiled, each one's link closure (the tree objects defining what it leaves
//! undefined, found from the sources' text, compiled, confirmed with `nm`), and one shared
//! object of every test that can run plus the skipped entries of those that cannot.
//!
//! Which code wins: a symbol that an object of the tree's lib/ defines is the tree's (it is
//! the code under test), as is one that nothing but the tree defines; the rest (the kernel
//! services kunit-c stands in for: allocation, printk, locks) are the `kunit` process's. The
//! tree's lib/kunit/ framework objects are not compiled for their symbols: kunit-c's runtime
//! replaces them. One that includes an enabled test (executor.c's executor_test.c) is that
//! test's object, compiled from the tree, so the test checks the tree's own code.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::io;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use super::generated;
use super::plan_cache;
use super::skips::{self, Unrunnable};
use super::source_scan::{self, DeclaredSuite};
use crate::cli::c_cmd::generate::ObjTree;
use crate::cli::c_cmd::{link, objects};
use crate::report::printer::Printer;

/// What [`build`] needs.
pub struct Inputs {
    /// The tree, canonical.
    pub tree: PathBuf,
    /// Where `--kunitconfig` paths are looked up first.
    pub cwd: PathBuf,
    /// `--build_dir`, absolute.
    pub build_dir: PathBuf,
    /// `--kunitconfig`.
    pub kunitconfigs: Vec<String>,
    /// `--kconfig_add`.
    pub kconfig_add: Vec<String>,
    /// `--alltests`.
    pub alltests: bool,
    /// Compilers at a time.
    pub jobs: usize,
    /// This `kunit` binary (the run time the shared object links against).
    pub exe: PathBuf,
    /// `--sanitize`: the sanitizers every object is compiled with (kunit_c's names).
    pub sanitizers: Vec<String>,
    /// `--coverage`: every object compiled for gcov.
    pub coverage: bool,
}

impl Inputs {
    /// The folder of this build's generated headers and shared object: one per
    /// instrumentation, so that switching `--sanitize` on and off relinks nothing.
    fn work(&self) -> PathBuf {
        let mut name = String::from("work");
        for s in &self.sanitizers {
            name.push('-');
            name.push_str(s);
        }
        if self.coverage {
            name.push_str("-coverage");
        }
        self.build_dir.join(name)
    }
}

/// What a build leaves for `exec`.
#[derive(Clone, Debug)]
pub struct Built {
    /// The shared object of every runnable test and the skipped entries.
    pub so: PathBuf,
    /// The test files that cannot run.
    pub unrunnable: Vec<Unrunnable>,
    /// Time spent configuring.
    pub configured: Duration,
    /// The C compiler the objects were compiled with.
    pub compiler: PathBuf,
    /// The sanitizers the objects are instrumented with.
    pub sanitizers: Vec<String>,
    /// Whether the objects count coverage.
    pub coverage: bool,
    /// The linked test files (absolute): not the code under test.
    pub tests: Vec<PathBuf>,
}

impl Built {
    /// Reads what [`write`](Built::write) wrote.
    pub fn read(path: &Path) -> Option<Built> {
        Built::from_json(&std::fs::read_to_string(path).ok()?)
    }

    /// The build [`to_json`](Built::to_json) described, while its shared object exists.
    fn from_json(text: &str) -> Option<Built> {
        let v: serde_json::Value = serde_json::from_str(text).ok()?;
        let so = PathBuf::from(v.get("so")?.as_str()?);
        let mut unrunnable = Vec::new();
        for u in v.get("unrunnable")?.as_array()? {
            let s = |k: &str| u.get(k).and_then(|x| x.as_str()).map(str::to_owned);
            let suites = u
                .get("suites")?
                .as_array()?
                .iter()
                .filter_map(|x| {
                    Some(DeclaredSuite {
                        name: x.get("name")?.as_str()?.to_owned(),
                        cases: x
                            .get("cases")?
                            .as_array()?
                            .iter()
                            .filter_map(|c| c.as_str().map(str::to_owned))
                            .collect(),
                        no_case: x.get("no_case").and_then(|b| b.as_bool()).unwrap_or(false),
                    })
                })
                .collect();
            unrunnable.push(Unrunnable {
                source: s("source")?,
                option: s("option"),
                suites,
                reason: s("reason")?,
                module: s("module").unwrap_or_default(),
            });
        }
        let strings = |k: &str| -> Vec<String> {
            v.get(k)
                .and_then(|x| x.as_array())
                .map(|a| {
                    a.iter()
                        .filter_map(|x| x.as_str().map(str::to_owned))
                        .collect()
                })
                .unwrap_or_default()
        };
        so.is_file().then_some(Built {
            so,
            unrunnable,
            configured: Duration::ZERO,
            compiler: PathBuf::from(v.get("compiler")?.as_str()?),
            sanitizers: strings("sanitizers"),
            coverage: v.get("coverage")?.as_bool()?,
            tests: strings("tests").into_iter().map(PathBuf::from).collect(),
        })
    }

    /// Keeps the build's result for `exec`.
    pub fn write(&self, path: &Path) -> io::Result<()> {
        std::fs::write(path, self.to_json())
    }

    /// The build as one line of JSON.
    fn to_json(&self) -> String {
        let un: Vec<serde_json::Value> = self
            .unrunnable
            .iter()
            .map(|u| {
                serde_json::json!({
                    "source": u.source, "option": u.option, "reason": u.reason, "module": u.module,
                    "suites": u.suites.iter().map(|s| serde_json::json!({"name": s.name, "cases": s.cases, "no_case": s.no_case})).collect::<Vec<_>>(),
                })
            })
            .collect();
        let v = serde_json::json!({
            "so": self.so.display().to_string(), "unrunnable": un,
            "compiler": self.compiler.display().to_string(),
            "sanitizers": self.sanitizers, "coverage": self.coverage,
            "tests": self.tests.iter().map(|t| t.display().to_string()).collect::<Vec<_>>(),
        });
        v.to_string()
    }
}

/// Top-level folders whose Makefiles are not read: no KUnit test of a userspace build is
/// there (other architectures, tools, generated or documentation folders).
const NOT_READ: &[&str] = &[
    "arch",
    "tools",
    "scripts",
    "Documentation",
    "include",
    "usr",
    "LICENSES",
    "rust",
    "samples",
];

fn write_if_changed(path: &Path, text: &str) -> io::Result<()> {
    if std::fs::read_to_string(path).is_ok_and(|t| t == text) {
        return Ok(());
    }
    std::fs::write(path, text)
}

/// Configures (kunit.py's `config`): the tree's Kconfig resolved and written to
/// `BUILD_DIR/.config`; `Err(status)` after the error lines (1 for an option that cannot
/// hold, as kunit.py; 2 for a missing input).
pub fn configure(inp: &Inputs, out: &mut Printer) -> io::Result<Result<kunit_kbuild::Config, i32>> {
    out.line("Configuring KUnit Kernel ...");
    out.flush();
    let mut kunitconfigs = Vec::new();
    for k in &inp.kunitconfigs {
        let p = [inp.cwd.join(k), inp.tree.join(k)]
            .into_iter()
            .find(|p| p.exists());
        match p {
            Some(p) => kunitconfigs.push(p),
            None => {
                eprintln!("kunit: error: Specified kunitconfig ({k}) does not exist");
                return Ok(Err(2));
            }
        }
    }
    let bd = &inp.build_dir;
    let opts = kunit_kbuild::Options {
        env: HashMap::new(),
        shell_cache: Some(bd.join("kconfig-shell.cache")),
        resolved_cache: Some(bd.join("kconfig-resolved.cache")),
    };
    let config = match kunit_kbuild::resolve_with(
        &inp.tree,
        "um",
        &kunitconfigs,
        &inp.kconfig_add,
        inp.alltests,
        &opts,
    ) {
        Ok(c) => c,
        Err(errors) => {
            eprintln!("kunit: error: Not all Kconfig options selected in kunitconfig were in the generated .config:");
            for e in errors {
                eprintln!("{e}");
            }
            return Ok(Err(1));
        }
    };
    write_if_changed(&bd.join(".config"), &config.dot_config())?;
    Ok(Ok(config))
}

/// Configures, compiles and links; `Err(status)` as [`configure`]'s.
pub fn build(inp: &Inputs, out: &mut Printer) -> io::Result<Result<Built, i32>> {
    let start = Instant::now();
    let t = Tracer::new();
    let config = match configure(inp, out)? {
        Ok(c) => c,
        Err(code) => return Ok(Err(code)),
    };
    let bd = &inp.build_dir;
    let dot_config = config.dot_config();
    t.mark("configured");
    let configured = start.elapsed();
    // The no-op rerun: the same configuration, tool and compiler, and every file the last
    // build read unchanged.
    // One plan per instrumentation (`--sanitize`, `--coverage`), as one work folder.
    let work = inp.work();
    let plan_path = match work.file_name().and_then(|n| n.to_str()) {
        Some("work") | None => bd.join("plan.cache"),
        Some(n) => bd.join(format!("plan-{n}.cache")),
    };
    let plan_key = format!(
        "plan-v1 {:016x} {:016x} {}",
        objects::digest(&[dot_config.as_bytes()]),
        objects::digest(&[
            inp.tree.as_os_str().as_encoded_bytes(),
            std::env::var("CC").unwrap_or_default().as_bytes(),
            work.as_os_str().as_encoded_bytes(),
        ]),
        plan_cache::stamp(&inp.exe),
    );
    if let Some(b) = std::fs::read_to_string(&plan_path)
        .ok()
        .and_then(|text| plan_cache::fresh_result(&text, &plan_key))
        .and_then(|r| Built::from_json(&r))
    {
        t.mark("plan reused");
        out.line("Building KUnit Kernel ...");
        out.flush();
        return Ok(Ok(Built { configured, ..b }));
    }
    let _ = std::fs::remove_file(&plan_path);
    let mut watched = plan_cache::Watched::default();
    // A new top-level folder with a Makefile is read.
    watched.add(inp.tree.clone());
    out.line("Building KUnit Kernel ...");
    out.flush();
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let mut objs = Vec::new();
    let mut dirs: Vec<String> = std::fs::read_dir(&inp.tree)?
        .filter_map(|e| e.ok())
        .filter(|e| e.path().is_dir())
        .filter_map(|e| e.file_name().to_str().map(str::to_owned))
        .filter(|d| !d.starts_with('.') && !NOT_READ.contains(&d.as_str()))
        .filter(|d| {
            ["Makefile", "Kbuild"]
                .iter()
                .any(|f| inp.tree.join(d).join(f).is_file())
        })
        .collect();
    dirs.sort();
    for d in &dirs {
        match kunit_kbuild::objects_for_with(
            &inp.tree,
            &config,
            &[d],
            &cc,
            Some(&bd.join("kbuild-probes.cache")),
        ) {
            Ok(o) => {
                for d in &o.dirs {
                    for f in ["Kbuild", "Makefile"] {
                        watched.add(inp.tree.join(d).join(f));
                    }
                }
                objs.extend(o.objects)
            }
            Err(e) => eprintln!("kunit: note: the Makefiles of {d}/ were not read: {e}"),
        }
    }
    t.mark("objects_for");
    let mut resolver = Resolver::new(inp, &config, objs, &t)?;
    let result = resolver.run(out)?;
    watched.merge(std::mem::take(&mut resolver.watched));
    t.mark("done");
    let built = result.map(|l| Built {
        so: l.so,
        unrunnable: l.unrunnable,
        configured,
        compiler: l.compiler,
        sanitizers: inp.sanitizers.clone(),
        coverage: inp.coverage,
        tests: l.tests,
    });
    if let Ok(b) = &built {
        if let Some(text) = watched.plan_text(&plan_key, &b.to_json()) {
            plan_cache::write(&plan_path, &text);
        }
    }
    Ok(built)
}

/// `KUNIT_TREE_TRACE=1` prints each step's time to stderr (for the bench's analysis).
struct Tracer {
    on: bool,
    start: Instant,
}

impl Tracer {
    fn new() -> Tracer {
        Tracer {
            on: std::env::var_os("KUNIT_TREE_TRACE").is_some(),
            start: Instant::now(),
        }
    }
    fn mark(&self, what: &str) {
        if self.on {
            eprintln!("trace: {what} {:.3}s", self.start.elapsed().as_secs_f64());
        }
    }
}

/// What [`source_scan`] found in one source.
#[derive(Clone, Debug, Default)]
struct Scan {
    /// It registers suites.
    registers: bool,
    /// The test file it `#include`s (relative to the tree), if any.
    included: Option<String>,
    /// The global symbols it appears to define.
    symbols: Vec<String>,
}

/// A scan's included test file and the option guarding its `#include` (`file|CONFIG_X`).
fn unguarded(included: &str) -> (&str, Option<&str>) {
    match included.split_once('|') {
        Some((f, g)) => (f, Some(g)),
        None => (included, None),
    }
}

/// The scans of the tree's sources, kept between runs in the build folder and reused while
/// the source (and the test file it includes) has the same size and modification time.
struct ScanCache {
    path: PathBuf,
    /// Source → (its stamp, the included file's stamp, the scan).
    entries: HashMap<String, (String, String, Scan)>,
    changed: bool,
}

impl ScanCache {
    fn read(path: &Path) -> ScanCache {
        let mut entries = HashMap::new();
        for l in std::fs::read_to_string(path).unwrap_or_default().lines() {
            let f: Vec<&str> = l.split('\t').collect();
            if let [src, st, reg, inc, inc_st, syms] = f[..] {
                let scan = Scan {
                    registers: reg == "1",
                    included: (!inc.is_empty()).then(|| inc.to_string()),
                    symbols: syms.split_whitespace().map(str::to_owned).collect(),
                };
                entries.insert(src.to_string(), (st.to_string(), inc_st.to_string(), scan));
            }
        }
        ScanCache {
            path: path.to_path_buf(),
            entries,
            changed: false,
        }
    }

    fn get(&mut self, tree: &Path, src: &str) -> Scan {
        let st = plan_cache::stamp(&tree.join(src));
        if let Some((s, inc_st, scan)) = self.entries.get(src) {
            let inc_now = scan
                .included
                .as_ref()
                .map_or("".into(), |i| plan_cache::stamp(&tree.join(unguarded(i).0)));
            if *s == st && *inc_st == inc_now {
                return scan.clone();
            }
        }
        let text = std::fs::read(tree.join(src)).unwrap_or_default();
        let text = String::from_utf8_lossy(&text);
        // A test may be `#include`d by the code it tests (fs/exec.c's tests/exec_kunit.c).
        let included = source_scan::included_c_files(&text)
            .into_iter()
            .map(|(f, guard)| {
                let f = Path::new(src)
                    .parent()
                    .unwrap_or(Path::new(""))
                    .join(f)
                    .display()
                    .to_string();
                (f, guard)
            })
            .find(|(f, _)| {
                std::fs::read_to_string(tree.join(f))
                    .is_ok_and(|t| source_scan::registers_suites(&t))
            })
            .map(|(f, guard)| match guard {
                Some(g) => format!("{f}|{g}"),
                None => f,
            });
        let registers = source_scan::registers_suites(&text);
        let scan = Scan {
            registers,
            symbols: if registers || included.is_some() {
                Vec::new()
            } else {
                source_scan::defined_symbols(&text)
            },
            included,
        };
        let inc_st = scan
            .included
            .as_ref()
            .map_or("".into(), |i| plan_cache::stamp(&tree.join(unguarded(i).0)));
        self.entries
            .insert(src.to_string(), (st, inc_st, scan.clone()));
        self.changed = true;
        scan
    }

    fn write(&self) {
        if !self.changed {
            return;
        }
        let mut text = String::new();
        for (src, (st, inc_st, scan)) in &self.entries {
            if src.contains(['\t', '\n']) {
                continue;
            }
            text.push_str(&format!(
                "{src}\t{st}\t{}\t{}\t{inc_st}\t{}\n",
                if scan.registers { "1" } else { "0" },
                scan.included.as_deref().unwrap_or(""),
                scan.symbols.join(" ")
            ));
        }
        let tmp = self.path.with_extension(format!("{}", std::process::id()));
        if std::fs::write(&tmp, text).is_ok() {
            let _ = std::fs::rename(&tmp, &self.path);
        }
    }
}

/// Who provides a symbol in the shared object.
#[derive(Clone, Debug)]
enum Provider {
    /// A tree object (its path relative to the tree, `lib/sort.o`).
    Object(String),
    /// The `kunit` process (kunit-c's runtime) or the C library.
    Process,
    /// Nothing: the reason, for the skip.
    Missing(String),
}

/// One compiled object's outcome.
enum Compiled {
    Ok {
        object: objects::Object,
        defined: Vec<String>,
        undefined: Vec<String>,
    },
    Failed(String),
}

struct Resolver<'a> {
    inp: &'a Inputs,
    config: &'a kunit_kbuild::Config,
    trace: &'a Tracer,
    /// Tree object → its kbuild entry.
    by_obj: BTreeMap<String, kunit_kbuild::Object>,
    /// The test objects, Makefile order.
    tests: Vec<String>,
    /// A test object whose suites are in the test file it includes.
    suites_from: HashMap<String, String>,
    /// Symbol → candidate tree objects (from the sources' text), lib/ first.
    index: HashMap<String, Vec<String>>,
    compiled: HashMap<String, Compiled>,
    process: HashSet<String>,
    /// The process's weak definitions (see [`ProcessSymbols::weak`]).
    process_weak: HashSet<String>,
    include: PathBuf,
    /// Every object's compile command (one `kunit_c` call for all: it probes the compiler),
    /// and the skipped entries' file's last.
    all: Option<(kunit_c::Commands, HashMap<String, usize>)>,
    /// The files read, for the no-op rerun's plan.
    watched: plan_cache::Watched,
    /// Where kbuild's generated files (the host programs' tables) are made.
    objtree: ObjTree,
    /// Generated header (`generated/bounds.h`) → why it could not be made.
    generated_failed: HashMap<String, String>,
}

/// Symbols the link itself defines (a `-fPIC` object's `_GLOBAL_OFFSET_TABLE_`).
const LINKER_DEFINED: &[&str] = &[
    "_GLOBAL_OFFSET_TABLE_",
    "_DYNAMIC",
    "__dso_handle",
    "__ehdr_start",
    "__bss_start",
    "_edata",
    "_end",
];

/// kbuild's `KBUILD_MODNAME` for the parts of composite object `obj` (`lib/kunit/kunit.o`
/// → `kunit`): its base name, `-` as `_`.
fn composite_module(obj: &str) -> String {
    let base = obj.rsplit('/').next().unwrap_or(obj);
    base.strip_suffix(".o").unwrap_or(base).replace('-', "_")
}

/// lib/kunit/'s objects are the framework we replace, except its library parts: the string
/// stream, the assertion formatters and the attribute filters depend on nothing of the
/// executor, and KUnit's own tests (string-stream-test.c, assert_test.c, executor_test.c)
/// test exactly them.
fn is_framework(obj: &str) -> bool {
    const LIBRARY: [&str; 3] = [
        "lib/kunit/string-stream.o",
        "lib/kunit/assert.o",
        "lib/kunit/attributes.o",
    ];
    obj.starts_with("lib/kunit/") && !LIBRARY.contains(&obj)
}

impl<'a> Resolver<'a> {
    fn new(
        inp: &'a Inputs,
        config: &'a kunit_kbuild::Config,
        objs: Vec<kunit_kbuild::Object>,
        trace: &'a Tracer,
    ) -> io::Result<Resolver<'a>> {
        let mut by_obj = BTreeMap::new();
        let mut tests = Vec::new();
        let mut index: HashMap<String, Vec<String>> = HashMap::new();
        let mut seen = HashSet::new();
        let mut scans = ScanCache::read(&inp.build_dir.join("source-scan-v2.cache"));
        let mut suites_from = HashMap::new();
        let mut watched = plan_cache::Watched::default();
        for o in objs {
            let Some(src) = o.source.clone().filter(|s| s.ends_with(".c")) else {
                continue;
            };
            if !seen.insert(src.clone()) {
                continue;
            }
            let scan = scans.get(&inp.tree, &src);
            watched.add(inp.tree.join(&src));
            if let Some(i) = &scan.included {
                watched.add(inp.tree.join(unguarded(i).0));
            }
            // An included test counts when the option guarding its #include is set.
            let included = scan.included.as_deref().map(unguarded).and_then(|(f, g)| {
                let on = g.is_none_or(|g| {
                    matches!(config.get(g.trim_start_matches("CONFIG_")), Some("y" | "m"))
                });
                on.then(|| f.to_string())
            });
            // A framework object that includes an enabled test (executor.c) is that test's
            // object; otherwise it is never compiled.
            if scan.registers || included.is_some() {
                if let Some(f) = included {
                    suites_from.insert(o.obj.clone(), f);
                }
                tests.push(o.obj.clone());
            } else if !is_framework(&o.obj) {
                for s in scan.symbols {
                    let v = index.entry(s).or_default();
                    if !v.contains(&o.obj) {
                        v.push(o.obj.clone());
                    }
                }
            }
            by_obj.insert(o.obj.clone(), o);
        }
        scans.write();
        // lib/ first: the library code under test wins over other folders' definitions.
        for v in index.values_mut() {
            v.sort_by_key(|o| !o.starts_with("lib/"));
        }
        trace.mark("index");
        let include = crate::cli::c_cmd::headers(&inp.build_dir).map_err(io::Error::other)?;
        trace.mark("headers");
        let ProcessSymbols {
            all: mut process,
            weak: process_weak,
        } = process_symbols(&inp.exe, &inp.build_dir);
        // The instrumentation's entry points (`__asan_*`, `__ubsan_*`, `__gcov_*`) are the
        // runtimes' that the link and the preload bring, not symbols to look for in the tree.
        process.extend(runtime_symbols(inp).map_err(io::Error::other)?);
        trace.mark("exports");
        // kbuild's output folder: the generated files the objects name, and the
        // configuration a host program reads as include/generated/autoconf.h.
        let objtree = ObjTree {
            root: inp.build_dir.join("objtree"),
            tree: inp.tree.clone(),
        };
        if by_obj.values().any(|o| o.generated != Ok(Vec::new())) {
            let mut text = String::new();
            for (k, v) in config.autoconf() {
                text.push_str(&format!("#define {k} {v}\n"));
            }
            objtree.write_autoconf(&text).map_err(io::Error::other)?;
        }
        Ok(Resolver {
            inp,
            config,
            trace,
            by_obj,
            tests,
            suites_from,
            index,
            compiled: HashMap::new(),
            process,
            process_weak,
            include,
            all: None,
            watched,
            objtree,
            generated_failed: HashMap::new(),
        })
    }

    /// The compile commands of `sources` (relative to the tree, or absolute), with each
    /// tree object's Makefile flags and sections of their own (so the link drops what no
    /// test reaches).
    fn commands(&self, objs: &[String], extra: &[PathBuf]) -> Result<kunit_c::Commands, String> {
        let mut b = kunit_c::Build::new();
        b.kernel_tree(&self.inp.tree);
        // kbuild's generated headers (`<generated/bounds.h>`), made by `generated`.
        b.include(generated::include_dir(&self.inp.work()));
        for e in &self.config.entries {
            let v = match e.ty {
                kunit_kbuild::kconfig::model::Type::String => format!("\"{}\"", e.value),
                _ => e.value.clone(),
            };
            b.kconfig(&format!("CONFIG_{}", e.name), &v);
        }
        for o in objs {
            if let Some(src) = self.by_obj.get(o).and_then(|k| k.source.as_ref()) {
                b.file(self.inp.tree.join(src));
            }
        }
        for e in extra {
            b.file(e);
        }
        let names: Vec<&str> = self.inp.sanitizers.iter().map(String::as_str).collect();
        b.sanitize(&names);
        b.coverage(self.inp.coverage);
        let mut cmds = b.commands(&self.inp.work(), &self.include)?;
        // The top Makefile's flags that follow the configuration (what the code under test
        // and its tests rely on: stackinit checks the stack's initialisation).
        let by_config: Vec<&str> = [
            ("INIT_STACK_ALL_PATTERN", "-ftrivial-auto-var-init=pattern"),
            ("INIT_STACK_ALL_ZERO", "-ftrivial-auto-var-init=zero"),
            ("ZERO_CALL_USED_REGS", "-fzero-call-used-regs=used-gpr"),
        ]
        .iter()
        .filter(|(o, _)| self.config.get(o) == Some("y"))
        .map(|(_, f)| *f)
        .collect();
        for (i, f) in cmds.files.iter_mut().enumerate() {
            let mut flags: Vec<std::ffi::OsString> =
                vec!["-ffunction-sections".into(), "-fdata-sections".into()];
            flags.extend(by_config.iter().map(Into::into));
            if let Some(k) = objs.get(i).and_then(|o| self.by_obj.get(o)) {
                flags.extend(k.cflags.iter().map(Into::into));
                // kbuild names a composite's part after the composite (executor.o of kunit.o
                // is module "kunit"), which KTAP's `# module:` line and the module attribute
                // show; kunit_c names each file after itself.
                if let Some(m) = k.composite.as_deref().map(composite_module) {
                    flags.push("-UKBUILD_MODNAME".into());
                    flags.push(format!("-DKBUILD_MODNAME=\"{m}\"").into());
                }
                // kbuild's `-I $(obj)`: where its generated files are.
                if k.generated.as_ref().is_ok_and(|g| !g.is_empty()) {
                    flags.push(self.objtree.include_flag(&k.obj).into());
                }
            }
            let at = f.args.len().saturating_sub(2);
            f.args.splice(at..at, flags);
        }
        Ok(cmds)
    }

    /// The generated file of the skipped entries (it exists, empty when nothing is skipped).
    fn skip_c(&self) -> PathBuf {
        let p = self.inp.build_dir.join("kunit-rs-skipped.c");
        if !p.exists() {
            let _ = std::fs::write(&p, "");
        }
        p
    }

    /// Compiles `objs` (not compiled yet) and records each outcome.
    fn compile(&mut self, objs: &[String]) -> Result<(), String> {
        if objs.is_empty() {
            return Ok(());
        }
        if self.all.is_none() {
            let objs: Vec<String> = self.by_obj.keys().cloned().collect();
            // The generated headers' sources first, then the skipped entries' file (last).
            let gens = generated::sources(&self.inp.tree);
            let mut extra: Vec<PathBuf> =
                gens.iter().map(|h| self.inp.tree.join(h.source)).collect();
            extra.push(self.skip_c());
            let mut cmds = self.commands(&objs, &extra)?;
            let gen_cmds = kunit_c::Commands {
                files: cmds
                    .files
                    .drain(objs.len()..objs.len() + gens.len())
                    .collect(),
                ..cmds.clone()
            };
            self.make_generated(&gens, &gen_cmds)?;
            let at = objs.into_iter().enumerate().map(|(i, o)| (o, i)).collect();
            self.all = Some((cmds, at));
        }
        let Some((all, at)) = &self.all else {
            return Ok(());
        };
        let mut cmds = kunit_c::Commands {
            compiler: all.compiler.clone(),
            envs: all.envs.clone(),
            files: objs.iter().map(|o| all.files[at[o]].clone()).collect(),
            link_flags: all.link_flags.clone(),
            sanitizers: all.sanitizers.clone(),
        };
        self.trace.mark("commands");
        // The generated files an object names are made first; one that cannot be made fails
        // its object with the reason.
        let mut keep = vec![true; objs.len()];
        for (i, o) in objs.iter().enumerate() {
            let Some(k) = self.by_obj.get(o) else {
                continue;
            };
            let made = match &k.generated {
                Ok(g) if g.is_empty() => continue,
                Ok(g) => self.objtree.make(o, g),
                Err(e) => Err(e.clone()),
            };
            match made {
                Ok(read) => {
                    for p in read {
                        self.watched.add(p);
                    }
                }
                Err(e) => {
                    // Not remembered by a plan: the next run tries again.
                    self.watched.give_up();
                    keep[i] = false;
                    self.compiled.insert(o.clone(), Compiled::Failed(e));
                }
            }
        }
        let objs: Vec<String> = objs
            .iter()
            .zip(&keep)
            .filter(|(_, k)| **k)
            .map(|(o, _)| o.clone())
            .collect();
        let objs = &objs[..];
        cmds.files = objs.iter().map(|o| all.files[at[o]].clone()).collect();
        // A file that did not compile is not compiled again while its inputs are unchanged.
        let failed_dir = self.inp.build_dir.join("failed");
        std::fs::create_dir_all(&failed_dir)
            .map_err(|e| format!("{}: {e}", failed_dir.display()))?;
        let record = |f: &kunit_c::FileCommand| {
            let mut parts: Vec<&[u8]> = vec![cmds.compiler.as_os_str().as_encoded_bytes()];
            parts.extend(f.args.iter().map(|a| a.as_encoded_bytes()));
            failed_dir.join(format!("{:016x}.err", objects::digest(&parts)))
        };
        let mut todo = Vec::new();
        let mut files = Vec::new();
        for (o, f) in objs.iter().zip(&cmds.files) {
            let known = std::fs::read_to_string(record(f)).ok().and_then(|t| {
                let (deps, why) = t.split_once("\n--\n")?;
                objects::deps_fresh(deps).then(|| (deps.to_string(), why.to_string()))
            });
            match known {
                Some((deps, why)) => {
                    self.watched.add_deps_text(&deps);
                    self.compiled.insert(o.clone(), Compiled::Failed(why));
                }
                None => {
                    todo.push(o.clone());
                    files.push(f.clone());
                }
            }
        }
        if todo.is_empty() {
            return Ok(());
        }
        let records: Vec<PathBuf> = files.iter().map(record).collect();
        cmds.files = files;
        let objs = &todo;
        let tree = self.inp.tree.clone();
        let gen_failed = self.generated_failed.clone();
        let results = objects::compile_each(&cmds, &self.inp.build_dir, self.inp.jobs, &|f, e| {
            compile_reason(&tree, f, e, &gen_failed)
        })?;
        self.trace.mark("compile_each");
        for ((r, f), path) in results.iter().zip(&cmds.files).zip(&records) {
            match r {
                Err(why) => {
                    remember_failure(&cmds, f, path, why);
                    match std::fs::read_to_string(path)
                        .ok()
                        .and_then(|t| t.split_once("\n--\n").map(|(d, _)| d.to_string()))
                    {
                        Some(deps) => self.watched.add_deps_text(&deps),
                        None => self.watched.give_up(),
                    }
                }
                Ok(o) => self.watched.add_deps_file(&o.deps),
            }
        }
        let tables = symbol_tables(&results, self.inp.jobs);
        for ((o, r), t) in objs.iter().zip(results).zip(tables) {
            let c = match r {
                Ok(object) => match t.unwrap_or_else(|| Err("nm was not run".into())) {
                    Ok(t) => Compiled::Ok {
                        object,
                        defined: t.defined,
                        undefined: t.undefined,
                    },
                    Err(e) => {
                        // nm's failure may pass: no plan remembers it.
                        self.watched.give_up();
                        Compiled::Failed(e)
                    }
                },
                Err(e) => Compiled::Failed(e),
            };
            self.compiled.insert(o.clone(), c);
        }
        Ok(())
    }

    /// Makes kbuild's generated headers (`gens`, one command each in `cmds`) before any
    /// object is compiled. When one changes, the remembered compile failures are dropped:
    /// a failure's record does not list a header that was missing.
    fn make_generated(
        &mut self,
        gens: &[&kunit_kbuild::kbuild::generated::OffsetsHeader],
        cmds: &kunit_c::Commands,
    ) -> Result<(), String> {
        if gens.is_empty() {
            return Ok(());
        }
        let tree = self.inp.tree.clone();
        let made = generated::make(
            gens,
            cmds,
            &self.inp.build_dir,
            &self.inp.work(),
            &|f, e| compile_reason(&tree, f, e, &HashMap::new()),
        )?;
        for d in &made.deps {
            self.watched.add_deps_file(d);
        }
        if !made.failed.is_empty() {
            // What would make it compile again is not known: no plan for the no-op rerun.
            self.watched.give_up();
        }
        if made.changed {
            let _ = std::fs::remove_dir_all(self.inp.build_dir.join("failed"));
        }
        self.generated_failed = made.failed;
        self.trace.mark("generated headers");
        Ok(())
    }

    fn defines(&self, obj: &str, sym: &str) -> bool {
        matches!(self.compiled.get(obj), Some(Compiled::Ok { defined, .. }) if defined.iter().any(|d| d == sym))
    }

    fn undefined_of(&self, obj: &str) -> Vec<String> {
        match self.compiled.get(obj) {
            Some(Compiled::Ok { undefined, .. }) => undefined.clone(),
            _ => Vec::new(),
        }
    }

    /// Every symbol's provider, compiling candidates wave by wave.
    fn providers(&mut self, runnable: &[String]) -> Result<HashMap<String, Provider>, String> {
        let mut providers: HashMap<String, Provider> = HashMap::new();
        // A test object's own definitions serve the others (a test's helpers file).
        for t in runnable {
            if let Some(Compiled::Ok { defined, .. }) = self.compiled.get(t) {
                for d in defined {
                    providers
                        .entry(d.clone())
                        .or_insert(Provider::Object(t.clone()));
                }
            }
        }
        let mut pending: BTreeSet<String> =
            runnable.iter().flat_map(|t| self.undefined_of(t)).collect();
        loop {
            let mut wave = BTreeSet::new();
            let mut waiting = BTreeSet::new();
            for sym in std::mem::take(&mut pending) {
                if providers.contains_key(&sym) {
                    continue;
                }
                if LINKER_DEFINED.contains(&sym.as_str()) {
                    providers.insert(sym, Provider::Process);
                    continue;
                }
                // kunit-c renames the kernel's C-library-named functions (lib/string.c's
                // strlen) in every object: the source defines `strlen`, nm shows the new name.
                let source_name = sym
                    .strip_prefix(kunit_c::KERNEL_LIBC_NAME_PREFIX)
                    .unwrap_or(&sym);
                let cands = self.index.get(source_name).cloned().unwrap_or_default();
                let in_lib = cands.iter().any(|c| c.starts_with("lib/"));
                // The process's stand-ins for the kernel's services win over other folders'
                // definitions. A weak one does not, as in a link: it is a kernel file's
                // function that kunit-c also offers (kernel/time/timeconv.c's time64_to_tm),
                // and a test of it must run the tree's code; the stand-in serves only when
                // no tree object defines it (below).
                if self.process.contains(&sym) && !in_lib && !self.process_weak.contains(&sym) {
                    providers.insert(sym, Provider::Process);
                    continue;
                }
                let mut failed: Option<(String, String)> = None;
                let mut chosen = None;
                let mut wait = false;
                for c in &cands {
                    match self.compiled.get(c) {
                        None => {
                            wave.insert(c.clone());
                            wait = true;
                            break;
                        }
                        Some(Compiled::Failed(e)) => {
                            failed.get_or_insert((c.clone(), e.clone()));
                        }
                        Some(Compiled::Ok { .. }) if self.defines(c, &sym) => {
                            chosen = Some(c.clone());
                            break;
                        }
                        Some(Compiled::Ok { .. }) => {}
                    }
                }
                if wait {
                    waiting.insert(sym);
                    continue;
                }
                let p = match (chosen, failed) {
                    (Some(c), _) => {
                        pending.extend(self.undefined_of(&c));
                        Provider::Object(c)
                    }
                    _ if self.process.contains(&sym) => Provider::Process,
                    (None, Some((obj, e))) => Provider::Missing(format!(
                        "needs symbol {sym} from {obj}, which does not compile: {}",
                        e.split_once(" does not compile: ")
                            .map_or(e.as_str(), |x| x.1)
                    )),
                    (None, None) => {
                        Provider::Missing(format!("needs symbol {sym} which no object defines"))
                    }
                };
                providers.insert(sym, p);
            }
            if wave.is_empty() && waiting.is_empty() && pending.is_empty() {
                break;
            }
            let wave: Vec<String> = wave.into_iter().collect();
            self.compile(&wave)?;
            self.trace.mark(&format!("wave of {}", wave.len()));
            pending.extend(waiting);
        }
        Ok(providers)
    }

    /// Does every symbol that `objs` and the `extra` objects leave undefined have a
    /// definition among them, in the process or from the link itself? Then the shared object
    /// needs nothing absent, and no `nm -D` (a process) has to say so. Not for an
    /// instrumented link (`cmds.link_flags`): its runtimes bring references of their own.
    fn resolved_in_link(&self, objs: &[String], extra: &[kunit_kbuild::SymbolTable]) -> bool {
        let mut defined: HashSet<&str> = HashSet::new();
        let mut undefined: Vec<&str> = Vec::new();
        for o in objs {
            let Some(Compiled::Ok {
                defined: d,
                undefined: u,
                ..
            }) = self.compiled.get(o)
            else {
                return false;
            };
            defined.extend(d.iter().map(String::as_str));
            undefined.extend(u.iter().map(String::as_str));
        }
        for t in extra {
            defined.extend(t.defined.iter().map(String::as_str));
            undefined.extend(t.undefined.iter().map(String::as_str));
        }
        undefined
            .iter()
            .all(|u| defined.contains(u) || self.process.contains(*u) || LINKER_DEFINED.contains(u))
    }

    /// The objects `test` needs and the first missing symbol's reason, if any.
    fn closure(
        &self,
        test: &str,
        providers: &HashMap<String, Provider>,
    ) -> (Vec<String>, Option<String>) {
        let mut objs = vec![test.to_string()];
        let mut missing = None;
        let mut queue = self.undefined_of(test);
        let mut done = HashSet::new();
        // An object that includes its test (fs/exec.c, lib/kunit/executor.c) is mostly code
        // the test does not reach: its references are checked on the linked object, as a
        // code object's are.
        let own: HashSet<String> = if self.suites_from.contains_key(test) {
            HashSet::new()
        } else {
            self.undefined_of(test).into_iter().collect()
        };
        while let Some(s) = queue.pop() {
            if !done.insert(s.clone()) {
                continue;
            }
            match providers.get(&s) {
                Some(Provider::Object(o)) if !objs.contains(o) => {
                    objs.push(o.clone());
                    queue.extend(self.undefined_of(o));
                }
                // Only the test's own references are sure to be needed; a code object's may
                // sit in a function the link drops (checked on the linked object).
                Some(Provider::Missing(r)) if own.contains(&s) && missing.is_none() => {
                    missing = Some(r.clone())
                }
                _ => {}
            }
        }
        (objs, missing)
    }

    fn unrunnable(&self, obj: &str, reason: String) -> Unrunnable {
        let k = &self.by_obj[obj];
        let src = k.source.clone().unwrap_or_default();
        // KBUILD_MODNAME is the object's (its composite's), also for a test file it includes.
        let stem = match &k.composite {
            Some(c) => composite_module(c),
            None => Path::new(&src)
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default(),
        };
        let src = self.suites_from.get(obj).cloned().unwrap_or(src);
        let text = std::fs::read_to_string(self.inp.tree.join(&src)).unwrap_or_default();
        Unrunnable {
            source: src,
            option: k.enabled_by.clone(),
            suites: source_scan::declared_suites_under(&text, &stem, &|opt| {
                matches!(self.config.get(opt), Some("y" | "m"))
            }),
            reason,
            // kbuild's modname: the object's stem with '-' as '_'.
            module: stem.replace('-', "_"),
        }
    }

    /// The linked test files' sources (absolute; an including object's included file too).
    fn test_sources(&self, linked: &[(String, Vec<String>)]) -> Vec<PathBuf> {
        let mut out = Vec::new();
        for (t, _) in linked {
            if let Some(src) = self.by_obj.get(t).and_then(|k| k.source.as_ref()) {
                out.push(self.inp.tree.join(src));
            }
            if let Some(f) = self.suites_from.get(t) {
                out.push(self.inp.tree.join(f));
            }
        }
        out
    }

    /// The file naming the tree objects the last link took (one per line).
    fn linked_list(&self) -> PathBuf {
        self.inp.work().join("linked-objects")
    }

    fn run(&mut self, out: &mut Printer) -> io::Result<Result<Linked, i32>> {
        let _ = out;
        let tests = self.tests.clone();
        // The objects the last link took are compiled beside the tests, on every core: after
        // an edit of the code under test its object is ready when the symbol search asks for
        // it (which object provides what is still decided below, as without this).
        let mut first = tests.clone();
        for o in std::fs::read_to_string(self.linked_list())
            .unwrap_or_default()
            .lines()
        {
            if self.by_obj.contains_key(o) && !first.iter().any(|t| t == o) {
                first.push(o.to_string());
            }
        }
        self.compile(&first).map_err(io::Error::other)?;
        self.trace.mark("tests compiled");
        let mut unrunnable = Vec::new();
        let mut runnable = Vec::new();
        for t in &tests {
            match self.compiled.get(t) {
                Some(Compiled::Failed(e)) => unrunnable.push(self.unrunnable(t, e.clone())),
                _ => runnable.push(t.clone()),
            }
        }
        let providers = self.providers(&runnable).map_err(io::Error::other)?;
        self.trace.mark("providers");
        let mut linked: Vec<(String, Vec<String>)> = Vec::new();
        for t in runnable {
            let (objs, missing) = self.closure(&t, &providers);
            match missing {
                Some(r) => unrunnable.push(self.unrunnable(&t, r)),
                None => linked.push((t, objs)),
            }
        }
        // Link; a symbol the linked object still needs and nothing provides removes the
        // tests that reach it, and the rest is linked again.
        loop {
            let skip_c = self.skip_c();
            write_if_changed(&skip_c, &skips::c_source(&unrunnable))?;
            let mut objs: Vec<String> = Vec::new();
            for (_, o) in &linked {
                for x in o {
                    if !objs.contains(x) {
                        objs.push(x.clone());
                    }
                }
            }
            let extra: Vec<PathBuf> = if unrunnable.is_empty() {
                vec![]
            } else {
                vec![skip_c]
            };
            let mut files: Vec<objects::Object> = Vec::new();
            for o in &objs {
                if let Some(Compiled::Ok { object, .. }) = self.compiled.get(o) {
                    files.push(objects::Object {
                        path: object.path.clone(),
                        deps: object.deps.clone(),
                        compiled: object.compiled,
                    });
                }
            }
            // The skipped entries' symbols, for `resolved_in_link` (`None`: unknown).
            let mut extra_tables = Some(Vec::new());
            if !extra.is_empty() {
                let Some((all, _)) = &self.all else {
                    return Err(io::Error::other("no compile commands"));
                };
                let mut cmds = all.clone();
                cmds.files = cmds.files.split_off(cmds.files.len() - 1);
                let tree = self.inp.tree.clone();
                let r = objects::compile_each(&cmds, &self.inp.build_dir, 1, &|f, e| {
                    compile_reason(&tree, f, e, &HashMap::new())
                })
                .map_err(io::Error::other)?;
                for x in r {
                    let x = x.map_err(|e| {
                        io::Error::other(format!("kunit: the skipped entries do not compile: {e}"))
                    })?;
                    self.watched.add_deps_file(&x.deps);
                    match symbols(&nm_tool(), &x.path) {
                        Ok(t) => extra_tables.iter_mut().for_each(|v| v.push(t.clone())),
                        Err(_) => extra_tables = None,
                    }
                    files.push(x);
                }
            }
            if files.is_empty() {
                eprintln!("kunit: error: the configuration enables no KUnit test file");
                return Ok(Err(1));
            }
            let Some((cmds, _)) = &self.all else {
                return Err(io::Error::other("no compile commands"));
            };
            let work = self.inp.work();
            let so = match link::link(cmds, &files, &work) {
                Ok(so) => so,
                Err(e) => {
                    eprintln!("{e}");
                    return Ok(Err(1));
                }
            };
            self.trace.mark("linked");
            let need = match &extra_tables {
                Some(x) if cmds.link_flags.is_empty() && self.resolved_in_link(&objs, x) => {
                    Vec::new()
                }
                _ => undefined_dynamic(&so),
            };
            let absent: BTreeSet<&String> =
                need.iter().filter(|s| !self.process.contains(*s)).collect();
            if absent.is_empty() {
                let mut list = String::new();
                for o in objs.iter().filter(|o| !o.contains('\n')) {
                    list.push_str(o);
                    list.push('\n');
                }
                write_if_changed(&self.linked_list(), &list)?;
                return Ok(Ok(Linked {
                    tests: self.test_sources(&linked),
                    compiler: cmds.compiler.clone(),
                    so,
                    unrunnable,
                }));
            }
            let before = linked.len();
            let mut keep = Vec::new();
            for (t, objs) in linked {
                let hit = objs
                    .iter()
                    .flat_map(|o| self.undefined_of(o))
                    .find(|s| absent.contains(s));
                match hit {
                    Some(s) => {
                        let r = match providers.get(&s) {
                            Some(Provider::Missing(r)) => r.clone(),
                            _ => format!("needs symbol {s} which no object defines"),
                        };
                        unrunnable.push(self.unrunnable(&t, r));
                    }
                    None => keep.push((t, objs)),
                }
            }
            linked = keep;
            if linked.len() == before {
                eprintln!(
                    "kunit: error: the linked tests need symbols nothing defines: {}",
                    absent.into_iter().cloned().collect::<Vec<_>>().join(", ")
                );
                return Ok(Err(1));
            }
        }
    }
}

/// What [`Resolver::run`] linked.
struct Linked {
    so: PathBuf,
    unrunnable: Vec<Unrunnable>,
    compiler: PathBuf,
    tests: Vec<PathBuf>,
}

/// The symbols the sanitizers' shared runtimes and gcov's library define, for an
/// instrumented build (none for a plain one).
fn runtime_symbols(inp: &Inputs) -> Result<Vec<String>, String> {
    let cc = PathBuf::from(std::env::var("CC").unwrap_or_else(|_| "cc".into()));
    let mut libs: Vec<(PathBuf, bool)> = kunit_c::sanitizer_runtimes(&cc, &inp.sanitizers)?
        .into_iter()
        .map(|p| (p, true))
        .collect();
    // ThreadSanitizer's objects unwind (`_Unwind_Resume`, `__gcc_personality_v0`): libgcc_s,
    // which the `kunit` process has loaded (Rust's unwinder).
    if !inp.sanitizers.is_empty() {
        let out = Command::new(&cc)
            .arg("-print-file-name=libgcc_s.so.1")
            .output()
            .map_err(|e| format!("kunit: cannot run {}: {e}", cc.display()))?;
        let p = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
        if p.is_absolute() {
            libs.push((p, true));
        }
    }
    if inp.coverage {
        let out = Command::new(&cc)
            .arg("-print-file-name=libgcov.a")
            .output()
            .map_err(|e| format!("kunit: cannot run {}: {e}", cc.display()))?;
        let p = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
        if !p.is_absolute() {
            return Err(format!(
                "kunit: --coverage: {} has no libgcov.a (it comes with gcc)",
                cc.display()
            ));
        }
        libs.push((p, false));
    }
    let mut all = Vec::new();
    for (lib, dynamic) in libs {
        let mut nm = Command::new(nm_tool());
        if dynamic {
            nm.arg("-D");
        }
        let out = nm
            .args(["--defined-only", "-P"])
            .arg(&lib)
            .output()
            .map_err(|e| format!("kunit: cannot run {}: {e}", nm_tool()))?;
        all.extend(
            String::from_utf8_lossy(&out.stdout)
                .lines()
                .filter(|l| !l.ends_with(':'))
                .filter_map(|l| l.split_whitespace().next())
                .map(|s| s.split('@').next().unwrap_or(s).to_string()),
        );
    }
    Ok(all)
}

/// Keeps `why` beside the list of the files the failed compile read (`-M -MG`: a missing
/// header is named but not read), so the file is not compiled again until one changes.
fn remember_failure(cmds: &kunit_c::Commands, f: &kunit_c::FileCommand, path: &Path, why: &str) {
    let d = path.with_extension("d");
    let ok = Command::new(&cmds.compiler)
        .args(&f.args)
        .args(["-M", "-MG", "-MF"])
        .arg(&d)
        .envs(cmds.envs.iter().map(|(k, v)| (k, v)))
        .output()
        .is_ok_and(|o| o.status.success());
    let inputs: Vec<PathBuf> = if ok {
        kunit_c::depfile_prerequisites(&d)
            .into_iter()
            .filter(|p| p.is_file())
            .collect()
    } else {
        vec![f.source.clone()]
    };
    let _ = std::fs::remove_file(&d);
    if let Some(deps) = objects::deps_text(&inputs) {
        let _ = std::fs::write(path, format!("{deps}\n--\n{why}"));
    }
}

/// The skip reason of a file that does not compile: a header the tree and kunit-c lack is
/// `not runnable in userspace: <h> has no stand-in` (or, for a generated header that could
/// not be made, why); else the compiler's first error.
fn compile_reason(
    tree: &Path,
    file: &Path,
    stderr: &str,
    generated_failed: &HashMap<String, String>,
) -> String {
    let rel = |p: &str| {
        p.strip_prefix(&format!("{}/", tree.display()))
            .unwrap_or(p)
            .to_string()
    };
    let file = rel(&file.display().to_string());
    for line in stderr.lines() {
        if let Some((_, rest)) = line.split_once("fatal error: ") {
            if let Some(h) = rest.strip_suffix(": No such file or directory") {
                if let Some(r) = generated::missing_reason(generated_failed, h) {
                    return r;
                }
                return format!("not runnable in userspace: <{h}> has no stand-in");
            }
        }
    }
    let first = stderr
        .lines()
        .find(|l| l.contains(" error: ") || l.contains(": error: "))
        .map(|l| rel(l.trim()))
        .unwrap_or_else(|| stderr.lines().next().unwrap_or("").trim().to_string());
    format!("{file} does not compile: {first}")
}

/// [`symbols`] of every compiled object (`None` for the failed ones), `jobs` `nm`s at a time
/// (each a process, so not one after another).
fn symbol_tables(
    results: &[Result<objects::Object, String>],
    jobs: usize,
) -> Vec<Option<Result<kunit_kbuild::SymbolTable, String>>> {
    let nm = nm_tool();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let tables = std::sync::Mutex::new((0..results.len()).map(|_| None).collect::<Vec<_>>());
    std::thread::scope(|s| {
        for _ in 0..jobs.clamp(1, results.len().max(1)) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(r) = results.get(i) else { break };
                if let Ok(object) = r {
                    let t = symbols(&nm, &object.path);
                    tables.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(t);
                }
            });
        }
    });
    tables.into_inner().unwrap_or_else(|e| e.into_inner())
}

/// `nm`'s table of an object, kept beside it (`.syms`) while the object is the same file
/// (size and modification time): a rerun runs no `nm`.
fn symbols(nm: &str, object: &Path) -> Result<kunit_kbuild::SymbolTable, String> {
    let stamp = objects::size_and_date(object);
    let cache = object.with_extension("syms");
    if let (Some(stamp), Ok(text)) = (&stamp, std::fs::read_to_string(&cache)) {
        let mut lines = text.lines();
        if lines.next() == Some(stamp.as_str()) {
            let mut t = kunit_kbuild::SymbolTable::default();
            for l in lines {
                match l.split_once(' ') {
                    Some(("D", s)) => t.defined.push(s.to_string()),
                    Some(("U", s)) => t.undefined.push(s.to_string()),
                    _ => {}
                }
            }
            return Ok(t);
        }
    }
    let t = kunit_kbuild::symbol_table(nm, object)?;
    if let Some(stamp) = stamp {
        let mut text = stamp;
        text.push('\n');
        for d in &t.defined {
            text.push_str(&format!("D {d}\n"));
        }
        for u in &t.undefined {
            text.push_str(&format!("U {u}\n"));
        }
        let tmp = cache.with_extension(format!("syms.{}", std::process::id()));
        if std::fs::write(&tmp, text).is_ok() {
            let _ = std::fs::rename(&tmp, &cache);
        }
    }
    Ok(t)
}

fn nm_tool() -> String {
    std::env::var("NM").unwrap_or_else(|_| "nm".into())
}

/// The symbols a shared object still needs from the process (`nm -D --undefined-only`).
fn undefined_dynamic(so: &Path) -> Vec<String> {
    Command::new(nm_tool())
        .args(["-D", "--undefined-only", "-P"])
        .arg(so)
        .output()
        .map(|o| {
            String::from_utf8_lossy(&o.stdout)
                .lines()
                // Weak references (`w`) may stay unresolved.
                .filter(|l| l.split_whitespace().nth(1) == Some("U"))
                .filter_map(|l| l.split_whitespace().next())
                .map(|s| s.split('@').next().unwrap_or(s).to_string())
                .collect()
        })
        .unwrap_or_default()
}

/// What the `kunit` process offers a loaded object.
struct ProcessSymbols {
    /// Its own exported symbols (kunit-c's runtime) and the C library's.
    all: HashSet<String>,
    /// Those of its own that are weak: kunit-c's glue defines weakly what a kernel file may
    /// define instead (`time64_to_tm`, the string functions, `kmalloc`).
    weak: HashSet<String>,
}

/// The `kunit` process's [`ProcessSymbols`], cached per binary (size and date): one line per
/// symbol, ` W` after a weak one of its own.
fn process_symbols(exe: &Path, build_dir: &Path) -> ProcessSymbols {
    let stamp = objects::size_and_date(exe)
        .map(|s| format!("{} {s}", exe.display()))
        .unwrap_or_default();
    let cache = build_dir.join("process-symbols.cache");
    let from_lines = |lines: std::str::Lines| {
        let mut p = ProcessSymbols {
            all: HashSet::new(),
            weak: HashSet::new(),
        };
        for l in lines {
            let name = match l.strip_suffix(" W") {
                Some(name) => {
                    p.weak.insert(name.to_owned());
                    name
                }
                None => l,
            };
            p.all.insert(name.to_owned());
        }
        p
    };
    if let Ok(text) = std::fs::read_to_string(&cache) {
        if let Some((first, rest)) = text.split_once('\n') {
            if first == stamp {
                return from_lines(rest.lines());
            }
        }
    }
    // (name, weak) per defined dynamic symbol (`nm -P`: name, type, value, size).
    let defined = |file: &Path| -> Vec<(String, bool)> {
        Command::new(nm_tool())
            .args(["-D", "--defined-only", "-P"])
            .arg(file)
            .output()
            .map(|o| {
                String::from_utf8_lossy(&o.stdout)
                    .lines()
                    .filter_map(|l| {
                        let mut f = l.split_whitespace();
                        let name = f.next()?;
                        let weak = matches!(f.next(), Some("W" | "V"));
                        Some((name.split('@').next().unwrap_or(name).to_string(), weak))
                    })
                    .collect()
            })
            .unwrap_or_default()
    };
    let mut all: BTreeMap<String, bool> = defined(exe).into_iter().collect();
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    for lib in ["libc.so.6", "libm.so.6", "ld-linux-x86-64.so.2"] {
        let path = Command::new(&cc)
            .arg(format!("-print-file-name={lib}"))
            .output()
            .ok()
            .map(|o| PathBuf::from(String::from_utf8_lossy(&o.stdout).trim()));
        if let Some(p) = path.filter(|p| p.is_absolute()) {
            // The C library's weak aliases are its own business: only the glue's count.
            for (name, _) in defined(&p) {
                all.entry(name).or_insert(false);
            }
        }
    }
    let mut text = stamp;
    text.push('\n');
    for (s, weak) in &all {
        text.push_str(s);
        text.push_str(if *weak { " W\n" } else { "\n" });
    }
    let _ = std::fs::write(&cache, text);
    ProcessSymbols {
        weak: all
            .iter()
            .filter(|(_, weak)| **weak)
            .map(|(s, _)| s.clone())
            .collect(),
        all: all.into_keys().collect(),
    }
}
