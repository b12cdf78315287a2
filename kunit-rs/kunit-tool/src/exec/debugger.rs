//! `--debugger[=gdb|lldb]`: one test, in the foreground, under the debugger, stopped at its
//! first failed expectation. kunit's failure path calls `kunit_failure_hook` (kunit's
//! `assert/failure.rs`) after logging each failure, Rust's and C's; the debugger breaks there
//! and gdb selects the first frame outside kunit, the test's own line. The filters must
//! select exactly one case: a debugger session is interactive, and the hook would stop in
//! whichever case failed first. Valgrind is no debugger: `--debugger=valgrind` runs every
//! selected case under memcheck, whose reports the harness puts into the case they came in
//! (kunit's `valgrind.rs`); what comes outside any case is printed after the run.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Which debugger.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Debugger {
    /// GNU gdb.
    Gdb,
    /// LLVM's lldb.
    Lldb,
    /// Valgrind's memcheck: no prompt, but the one checker here that sees a read of
    /// uninitialised memory without rebuilding the whole process (MemorySanitizer is Clang's
    /// and needs every object instrumented; ASan and UBSan do not track initialisation).
    Valgrind,
}

/// The symbol kunit's failure path calls.
pub const HOOK: &str = "kunit_failure_hook";

/// The per-case timeout the harness gets under the debugger: a day, so that time spent at
/// the prompt is not a timeout.
const DEBUG_TIMEOUT_SECS: &str = "86400";

/// gdb's script: break on the hook, run, then select the first frame below the hook that is
/// neither kunit's nor the standard library's (the failing line) and show it.
const GDB_SCRIPT: &str = r#"set pagination off
set confirm off
set breakpoint pending on
break kunit_failure_hook
run
python
try:
    f = gdb.newest_frame()
    # kunit's failure hook, or a sanitizer's report (its summary is the report's last line).
    def stop(f):
        n = f.name() or ""
        return n.endswith("kunit_failure_hook") or n.startswith("__sanitizer_report_error_summary")
    while f is not None and not stop(f):
        f = f.older()
    report = f is not None and not (f.name() or "").endswith("kunit_failure_hook")
    import re
    skip = ("kunit_failure_hook", "kunit::", "kunit_c::", "kunit_c_runtime::", "__kunit", "core::", "std::", "alloc::",
            "__sanitizer", "__asan", "__ubsan", "__tsan", "__lsan", "__interception", "__interceptor")
    # kunit's own sources (a checkout's or the registry's), kunit-c's headers, the standard library.
    ours = re.compile(r"(^|/)kunit-rs/kunit(-c-runtime)?/|/kunit(-c-runtime)?-[0-9][^/]*/src/|/include/kunit/|^/rustc/")
    def skipped(f):
        if f.name() is None or f.name().startswith(skip):
            return True
        sal = f.find_sal()
        return sal.symtab is not None and ours.search(sal.symtab.filename) is not None
    while f is not None and skipped(f):
        f = f.older()
    if f is not None:
        f.select()
        if report:
            print("kunit: the sanitizer's report; frames above are the sanitizer's (bt to see them)")
        else:
            print("kunit: the first failed expectation; frames above are kunit's failure path (bt to see them)")
except gdb.error:
    print("kunit: the test did not fail; nothing to show")
end
frame
"#;

/// lldb's script, the same choice as gdb's: a command `kunit-select` that selects the first
/// frame below the hook (or a sanitizer's report) that is neither kunit's nor the standard
/// library's, and shows it. lldb names Rust frames without their path (`report_to`), so kunit's
/// own frames are told by their source file.
const LLDB_SCRIPT: &str = r#"import re
import lldb

SKIP = ("kunit_failure_hook", "kunit::", "kunit_c::", "kunit_c_runtime::", "__kunit", "core::", "std::", "alloc::",
        "__sanitizer", "__asan", "__ubsan", "__tsan", "__lsan", "__interception", "__interceptor")
OURS = re.compile(r"(^|/)kunit-rs/kunit(-c-runtime)?/|/kunit(-c-runtime)?-[0-9][^/]*/src/|/include/kunit/|^/rustc/")


def name(f):
    return f.GetFunctionName() or (f.GetSymbol().GetName() if f.GetSymbol().IsValid() else None) or ""


def stop(f):
    n = name(f)
    return n.endswith("kunit_failure_hook") or n.startswith("__sanitizer_report_error_summary")


def skipped(f):
    n = name(f)
    if not n or n.startswith(SKIP):
        return True
    spec = f.GetLineEntry().GetFileSpec()
    path = spec.fullpath if spec.IsValid() else None
    return path is not None and OURS.search(path) is not None


def select(debugger, command, result, internal_dict):
    process = debugger.GetSelectedTarget().GetProcess()
    if not process.IsValid() or process.GetState() != lldb.eStateStopped:
        print("kunit: the test did not fail; nothing to show")
        return
    thread = process.GetSelectedThread()
    frames = [thread.GetFrameAtIndex(i) for i in range(thread.GetNumFrames())]
    i = 0
    while i < len(frames) and not stop(frames[i]):
        i += 1
    if i == len(frames):
        print("kunit: the test did not fail; nothing to show")
        return
    report = not name(frames[i]).endswith("kunit_failure_hook")
    while i < len(frames) and skipped(frames[i]):
        i += 1
    if i == len(frames):
        return
    if report:
        print("kunit: the sanitizer's report; frames above are the sanitizer's (bt to see them)", flush=True)
    else:
        print("kunit: the first failed expectation; frames above are kunit's failure path (bt to see them)", flush=True)
    debugger.HandleCommand("frame select %d" % i)


def __lldb_init_module(debugger, internal_dict):
    debugger.HandleCommand("command script add -f kunit_debugger.select kunit-select")
"#;

/// Selects the case to debug: `candidates` are (harness, `suite.case`) pairs the filters
/// matched. Exactly one, else the message for exit status 2.
pub fn choose(candidates: Vec<(PathBuf, String)>) -> Result<(PathBuf, String), String> {
    match candidates.len() {
        1 => Ok(candidates.into_iter().next().expect("one")),
        0 => Err("kunit: error: --debugger: the filters select no test".into()),
        n => {
            let mut msg = format!(
                "kunit: error: --debugger runs one test; the filters select {n} (narrow them, e.g. kunit run SUITE.CASE --debugger):"
            );
            for (_, name) in &candidates {
                msg.push_str("\n  ");
                msg.push_str(name);
            }
            Err(msg)
        }
    }
}

/// The debugger's command line for `name` in harness `bin`, with the user's other harness
/// arguments `extra` (attribute filters). The script file (gdb) is written to `script_dir`.
pub fn command(
    debugger: Debugger,
    bin: &Path,
    name: &str,
    extra: &[String],
    script_dir: &Path,
) -> io::Result<Command> {
    let mut harness_args = vec![
        kunit_protocol::flags::FILTER_GLOB.to_string(),
        name.to_string(),
        kunit_protocol::flags::TIMEOUT.to_string(),
        DEBUG_TIMEOUT_SECS.to_string(),
    ];
    harness_args.extend(extra.iter().cloned());
    Ok(match debugger {
        Debugger::Gdb => {
            let script = script_dir.join("kunit-debugger.gdb");
            let mut cmd = Command::new("gdb");
            cmd.arg("-q");
            let preload = inferior_preload(&mut cmd);
            // Under a sanitizer (its runtimes preloaded), its report stops the test too.
            let text = if preload.is_some() {
                GDB_SCRIPT.replacen(
                    "break kunit_failure_hook\n",
                    "break __sanitizer_report_error_summary\nbreak kunit_failure_hook\n",
                    1,
                )
            } else {
                GDB_SCRIPT.to_string()
            };
            std::fs::File::create(&script)?.write_all(text.as_bytes())?;
            // `kunit c --sanitize`'s runtimes are for the test, not for gdb.
            if let Some(preload) = preload {
                let mut set = std::ffi::OsString::from("set environment LD_PRELOAD=");
                set.push(preload);
                cmd.arg("-iex").arg(set);
            }
            cmd.arg("-x").arg(script).arg("--args").arg(bin);
            cmd.args(harness_args);
            cmd
        }
        Debugger::Valgrind => {
            // Two checkers cannot share a process: valgrind replaces malloc, ASan does too.
            if std::env::var_os("LD_PRELOAD").is_some_and(|p| !p.is_empty()) {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidInput,
                    "--debugger=valgrind does not go with --sanitize or LD_PRELOAD (valgrind and a sanitizer runtime cannot share a process)",
                ));
            }
            let mut cmd = Command::new("valgrind");
            // Errors only, each with where the uninitialised bytes came from (the kmalloc);
            // a reported error makes the run fail. They go to a file the harness reads after
            // each case (kunit's `valgrind.rs`): a report fails the case it came in.
            cmd.args([
                "-q",
                "--tool=memcheck",
                "--track-origins=yes",
                "--error-exitcode=1",
            ]);
            let log = valgrind_log(script_dir);
            let mut log_arg = std::ffi::OsString::from("--log-file=");
            log_arg.push(&log);
            cmd.arg(log_arg).env(VALGRIND_LOG_ENV, &log);
            cmd.arg(bin).args(harness_args);
            cmd
        }
        Debugger::Lldb => {
            // The module's name is the file's: `kunit_debugger.select`.
            let script = script_dir.join("kunit_debugger.py");
            std::fs::File::create(&script)?.write_all(LLDB_SCRIPT.as_bytes())?;
            let mut cmd = Command::new("lldb");
            if let Some(path) = lldb_python() {
                let mut value = path.into_os_string();
                if let Some(user) = std::env::var_os("PYTHONPATH").filter(|v| !v.is_empty()) {
                    value.push(":");
                    value.push(user);
                }
                cmd.env("PYTHONPATH", value);
            }
            let preload = inferior_preload(&mut cmd);
            if let Some(preload) = &preload {
                let mut set = std::ffi::OsString::from("settings set target.env-vars LD_PRELOAD=");
                set.push(preload);
                cmd.arg("-o").arg(set);
            }
            let mut import = std::ffi::OsString::from("command script import ");
            import.push(&script);
            cmd.arg("-o").arg(import);
            // Under a sanitizer (its runtimes preloaded), its report stops the test too.
            if preload.is_some() {
                cmd.args(["-o", "breakpoint set -n __sanitizer_report_error_summary"]);
            }
            cmd.args([
                "-o",
                &format!("breakpoint set -n {HOOK}"),
                "-o",
                "run",
                "-o",
                "kunit-select",
            ]);
            cmd.arg("--").arg(bin).args(harness_args);
            cmd
        }
    })
}

/// The variable naming valgrind's log for the harness (kunit's `valgrind::LOG_ENV`).
const VALGRIND_LOG_ENV: &str = "KUNIT_VALGRIND_LOG";

/// Where valgrind writes its reports for a run whose files are in `dir`.
pub fn valgrind_log(dir: &Path) -> PathBuf {
    dir.join("valgrind.log")
}

/// After a run under valgrind: the part of its log the harness did not put into a case's
/// log (written after the run's end, or all of it when the harness did not reach the end,
/// having crashed), as lines for stderr. Empty when every report went to a case.
pub fn unattributed_valgrind_reports(dir: &Path) -> Vec<String> {
    let log = valgrind_log(dir);
    let Ok(bytes) = std::fs::read(&log) else {
        return Vec::new();
    };
    let mut mark = log.clone().into_os_string();
    mark.push(".read");
    let read = std::fs::read_to_string(PathBuf::from(mark))
        .ok()
        .and_then(|t| t.trim().parse::<usize>().ok());
    let (from, why) = match read {
        Some(n) => (n.min(bytes.len()), "after the last case"),
        None => (
            0,
            "the harness did not read it: it did not reach the end of its run, or cannot ask valgrind off x86_64",
        ),
    };
    let rest = String::from_utf8_lossy(&bytes[from..]);
    if rest.trim().is_empty() {
        return Vec::new();
    }
    let mut lines = vec![format!(
        "kunit: valgrind reported outside any case ({why}):"
    )];
    lines.extend(
        rest.trim_end()
            .lines()
            .map(|l| format!("# kunit-valgrind: {l}").trim_end().to_string()),
    );
    lines
}

/// `name` as `PATH` finds it, links resolved; `name` itself when not found.
fn resolve_on_path(name: &str) -> PathBuf {
    std::env::var_os("PATH")
        .and_then(|paths| {
            std::env::split_paths(&paths)
                .map(|d| d.join(name))
                .find(|p| p.is_file())
        })
        .and_then(|p| std::fs::canonicalize(p).ok())
        .unwrap_or_else(|| PathBuf::from(name))
}

/// The folder of lldb's own Python module (`lldb/embedded_interpreter.py`) beside an lldb
/// installed as `PREFIX/bin/lldb`, for `PYTHONPATH`: Debian's lldb-14 looks for it in
/// `PREFIX/lib/python3/dist-packages`, while the package installs it under
/// `PREFIX/lib/python3.N/dist-packages`, so without this lldb runs no Python and
/// `kunit-select` is missing. `None` when there is none (lldb's own path then applies).
pub fn lldb_python_path(lldb: &Path) -> Option<PathBuf> {
    let lib = lldb.parent()?.parent()?.join("lib");
    let mut found: Vec<PathBuf> = std::fs::read_dir(&lib)
        .ok()?
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with("python3"))
        .map(|e| e.path().join("dist-packages"))
        .filter(|d| d.join("lldb/embedded_interpreter.py").is_file())
        .collect();
    found.sort();
    found.pop()
}

/// [`lldb_python_path`] of the `lldb` on `PATH`.
pub fn lldb_python() -> Option<PathBuf> {
    lldb_python_path(&resolve_on_path("lldb"))
}

/// `LD_PRELOAD` (`kunit c --sanitize`'s runtimes) taken off the debugger's own environment,
/// to be set for the program it runs.
/// LeakSanitizer cannot run under ptrace (it reports a fatal error at exit): off for the
/// program under the debugger.
fn inferior_preload(cmd: &mut Command) -> Option<std::ffi::OsString> {
    let preload = std::env::var_os("LD_PRELOAD").filter(|v| !v.is_empty())?;
    cmd.env_remove("LD_PRELOAD");
    let mut asan = std::env::var_os("ASAN_OPTIONS").unwrap_or_default();
    if !asan.is_empty() {
        asan.push(":");
    }
    asan.push("detect_leaks=0");
    cmd.env("ASAN_OPTIONS", asan);
    Some(preload)
}

#[cfg(test)]
#[path = "debugger_kunit.rs"]
mod debugger_kunit;
