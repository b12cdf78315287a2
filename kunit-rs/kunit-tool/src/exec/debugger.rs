//! `--debugger[=gdb|lldb]`: one test, in the foreground, under the debugger, stopped at its
//! first failed expectation. kunit's failure path calls `kunit_failure_hook` (kunit's
//! `assert/failure.rs`) after logging each failure, Rust's and C's; the debugger breaks there
//! and gdb selects the first frame outside kunit, the test's own line. The filters must
//! select exactly one case: a debugger session is interactive, and the hook would stop in
//! whichever case failed first.

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
        Debugger::Lldb => {
            let mut cmd = Command::new("lldb");
            if let Some(preload) = inferior_preload(&mut cmd) {
                let mut set = std::ffi::OsString::from("settings set target.env-vars LD_PRELOAD=");
                set.push(preload);
                cmd.arg("-o").arg(set);
            }
            cmd.args([
                "-o",
                &format!("breakpoint set -n {HOOK}"),
                "-o",
                "run",
                "-o",
                "bt 12",
            ]);
            cmd.arg("--").arg(bin).args(harness_args);
            cmd
        }
    })
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
