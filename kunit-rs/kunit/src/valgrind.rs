//! Valgrind's memcheck reports as test results (`kunit run --debugger=valgrind`).
//!
//! A program asks valgrind questions through its client-request mechanism: an instruction
//! sequence that does nothing on a real CPU (`rol rdi` by 3, 13, 61 and 51 bits, 128 in all,
//! then `xchg rbx, rbx`) and that valgrind's JIT recognises. `rax` points at the request's
//! words (its code, then up to five arguments), `rdx` holds the answer to give when not under
//! valgrind, and valgrind leaves its answer in `rdx`. Written here from that description, for
//! x86_64; elsewhere the answer is always the default (no valgrind).
//!
//! The runner starts the harness as `valgrind --log-file=PATH` with `KUNIT_VALGRIND_LOG=PATH`:
//! memcheck writes each report to that file as it finds it, and after each case the
//! executor reads what is new (as it reads a sanitizer's reports, `sanitizer.rs`), so the
//! report goes into that case's log and fails it. memcheck prints a place's error once; a
//! repeat only raises its error count (`VG_USERREQ__COUNT_ERRORS`), which is compared too, so
//! a repeat fails its case as well. At the end of the run the harness writes how far it read
//! to `PATH.read`; the runner prints anything after that (errors during exit) to stderr.

use std::fs::File;
use std::os::unix::fs::FileExt;
use std::sync::{Mutex, OnceLock};

/// `VG_USERREQ__RUNNING_ON_VALGRIND`: how many valgrinds deep the program runs.
const RUNNING_ON_VALGRIND: usize = 0x1001;
/// `VG_USERREQ__COUNT_ERRORS`: the errors the tool has found so far, repeats included.
const COUNT_ERRORS: usize = 0x1201;

/// One client request: `default` on a real CPU, valgrind's answer under valgrind.
#[cfg(target_arch = "x86_64")]
fn client_request(default: usize, request: usize, args: [usize; 5]) -> usize {
    let words = [request, args[0], args[1], args[2], args[3], args[4]];
    let mut answer = default;
    // SAFETY: the rotations of rdi add up to 128 bits (rdi is unchanged, and declared
    // clobbered anyway) and `xchg rbx, rbx` changes nothing: on a CPU the sequence is a no-op.
    // Under valgrind it reads `words` (alive for the whole block) and writes `rdx`.
    unsafe {
        std::arch::asm!(
            "rol rdi, 3",
            "rol rdi, 13",
            "rol rdi, 61",
            "rol rdi, 51",
            "xchg rbx, rbx",
            in("rax") words.as_ptr(),
            inout("rdx") answer,
            inout("rdi") 0usize => _,
            options(nostack, preserves_flags),
        );
    }
    answer
}

/// No client requests off x86_64: never under valgrind.
#[cfg(not(target_arch = "x86_64"))]
fn client_request(default: usize, _request: usize, _args: [usize; 5]) -> usize {
    default
}

/// Whether the process runs under valgrind (its `RUNNING_ON_VALGRIND`: 0 on a real CPU).
pub fn running_on_valgrind() -> usize {
    client_request(0, RUNNING_ON_VALGRIND, [0; 5])
}

/// The errors valgrind's tool has found in this process so far, repeats included (0 when not
/// under valgrind).
pub fn error_count() -> usize {
    client_request(0, COUNT_ERRORS, [0; 5])
}

/// The environment variable naming valgrind's log file (its `--log-file`).
pub const LOG_ENV: &str = "KUNIT_VALGRIND_LOG";

/// The file the harness writes how far it read the log to, beside the log: `PATH.read`.
pub fn read_mark_path(log: &std::path::Path) -> std::path::PathBuf {
    let mut p = log.as_os_str().to_owned();
    p.push(".read");
    p.into()
}

/// The log being read: the file, how far it was read, the error count then.
pub(crate) struct Log {
    file: File,
    path: std::path::PathBuf,
    seen: Mutex<(u64, usize)>,
}

static LOG: OnceLock<Option<Log>> = OnceLock::new();

/// Opens valgrind's log when running under valgrind with [`LOG_ENV`] set; whether it is.
pub(crate) fn start() -> bool {
    LOG.get_or_init(open).is_some()
}

fn open() -> Option<Log> {
    let path = std::path::PathBuf::from(std::env::var_os(LOG_ENV).filter(|p| !p.is_empty())?);
    if running_on_valgrind() == 0 {
        return None;
    }
    match File::open(&path) {
        Ok(file) => Some(Log {
            file,
            path,
            seen: Mutex::new((0, error_count())),
        }),
        Err(e) => {
            eprintln!(
                "kunit: valgrind's log {} cannot be read ({e}); its reports stay there",
                path.display()
            );
            None
        }
    }
}

/// What valgrind reported since the last call: the log's new text, or, for errors memcheck
/// counted without printing them again, a line saying so (`None`: nothing new, or no valgrind).
pub(crate) fn take_report() -> Option<String> {
    let log = LOG.get()?.as_ref()?;
    let mut seen = log.seen.lock().unwrap_or_else(|e| e.into_inner());
    let mut bytes = Vec::new();
    let mut chunk = [0u8; 8192];
    loop {
        match log.file.read_at(&mut chunk, seen.0) {
            Ok(0) | Err(_) => break,
            Ok(n) => {
                bytes.extend_from_slice(&chunk[..n]);
                seen.0 += n as u64;
            }
        }
    }
    let count = error_count();
    let new_errors = count.saturating_sub(seen.1);
    seen.1 = count;
    let text = String::from_utf8_lossy(&bytes).into_owned();
    if !text.trim().is_empty() {
        return Some(text);
    }
    (new_errors > 0).then(|| {
        format!(
            "valgrind: {new_errors} more error(s) at a place reported earlier (memcheck prints each place once)\n"
        )
    })
}

/// At the end of the run: records how far the log was read, for the runner.
pub(crate) fn end_of_run() {
    let Some(log) = LOG.get().and_then(Option::as_ref) else {
        return;
    };
    let read = log.seen.lock().unwrap_or_else(|e| e.into_inner()).0;
    if let Err(e) = std::fs::write(read_mark_path(&log.path), read.to_string()) {
        eprintln!("kunit: cannot record how far valgrind's log was read ({e})");
    }
}
