//! Harness processes: spawning them in their own process group, reading their
//! stdout with an idle timeout and Ctrl-C checks, keeping the tail of stderr
//! for crash reports, and describing how they ended.

use std::collections::VecDeque;
use std::io::{self, BufRead, Read};
use std::os::fd::{AsRawFd, RawFd};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::Path;
use std::process::{Child, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Lines of stderr kept for a crash report.
const STDERR_TAIL_LINES: usize = 12;
const STDERR_LINE_CHARS: usize = 300;

/// Why the runner stopped reading a process.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopReason {
    /// No output for this long.
    Timeout(Duration),
    Interrupted,
}

/// A running harness process.
pub struct Harness {
    child: Child,
    stdout: Option<ChildStdout>,
    stderr_tail: Arc<Mutex<VecDeque<String>>>,
}

impl Harness {
    pub fn spawn(bin: &Path, args: &[String]) -> io::Result<Harness> {
        let mut cmd = Command::new(bin);
        cmd.args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            // Its own process group: a terminal's Ctrl-C reaches only the
            // runner, which then stops the harness (and anything it started).
            .process_group(0);
        let mut child = cmd.spawn()?;
        let stdout = child.stdout.take();
        let stderr_tail = Arc::new(Mutex::new(VecDeque::new()));
        if let Some(err) = child.stderr.take() {
            let tail = stderr_tail.clone();
            // Detached: a grandchild may keep stderr open after the harness dies.
            std::thread::spawn(move || {
                let mut r = io::BufReader::new(err);
                let mut buf = Vec::new();
                while let Ok(n) = r.read_until(b'\n', &mut buf) {
                    if n == 0 {
                        break;
                    }
                    let text = String::from_utf8_lossy(&buf);
                    let line: String = text.trim_end().chars().take(STDERR_LINE_CHARS).collect();
                    buf.clear();
                    if line.is_empty() {
                        continue;
                    }
                    let mut t = tail.lock().unwrap_or_else(|e| e.into_inner());
                    if t.len() == STDERR_TAIL_LINES {
                        t.pop_front();
                    }
                    t.push_back(line);
                }
            });
        }
        Ok(Harness {
            child,
            stdout,
            stderr_tail,
        })
    }

    /// A reader over stdout that gives up after `idle` without output or when
    /// `interrupted` is set.
    pub fn reader<'a>(&mut self, idle: Duration, interrupted: &'a AtomicBool) -> PollReader<'a> {
        PollReader {
            fd: self.stdout.as_ref().map_or(-1, |s| s.as_raw_fd()),
            idle,
            last: Instant::now(),
            interrupted,
            stop_reason: None,
        }
    }

    /// Kills the whole process group.
    pub fn kill(&mut self) {
        let pid = self.child.id() as libc::pid_t;
        // SAFETY: plain syscall; the group was created for this child.
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
        }
        let _ = self.child.kill();
    }

    /// Waits for the process to end (killing it if it lingers with its
    /// stdout closed for longer than `grace`).
    pub fn wait(&mut self, grace: Duration) -> io::Result<ExitStatus> {
        self.stdout = None;
        let deadline = Instant::now() + grace;
        loop {
            if let Some(s) = self.child.try_wait()? {
                return Ok(s);
            }
            if Instant::now() >= deadline {
                self.kill();
                return self.child.wait();
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// The last lines the process wrote to stderr.
    pub fn stderr_tail(&self) -> Vec<String> {
        // Give the reader thread a moment to drain what the process wrote last.
        std::thread::sleep(Duration::from_millis(20));
        self.stderr_tail
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
            .cloned()
            .collect()
    }
}

/// Reads a pipe with `poll`, so that waiting can time out and be interrupted.
pub struct PollReader<'a> {
    fd: RawFd,
    idle: Duration,
    last: Instant,
    interrupted: &'a AtomicBool,
    pub stop_reason: Option<StopReason>,
}

impl Read for PollReader<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.fd < 0 || self.stop_reason.is_some() {
            return Ok(0);
        }
        loop {
            if self.interrupted.load(Ordering::Relaxed) {
                self.stop_reason = Some(StopReason::Interrupted);
                return Err(io::Error::new(io::ErrorKind::Interrupted, "interrupted"));
            }
            let mut pfd = libc::pollfd {
                fd: self.fd,
                events: libc::POLLIN,
                revents: 0,
            };
            // SAFETY: one valid pollfd, 100 ms timeout.
            let rc = unsafe { libc::poll(&mut pfd, 1, 100) };
            if rc < 0 {
                let e = io::Error::last_os_error();
                if e.kind() == io::ErrorKind::Interrupted {
                    continue;
                }
                return Err(e);
            }
            if rc == 0 {
                let quiet = self.last.elapsed();
                if quiet >= self.idle {
                    self.stop_reason = Some(StopReason::Timeout(self.idle));
                    return Err(io::Error::new(io::ErrorKind::TimedOut, "no output"));
                }
                continue;
            }
            // SAFETY: `buf` is valid for `buf.len()` bytes.
            let n = unsafe { libc::read(self.fd, buf.as_mut_ptr().cast(), buf.len()) };
            if n < 0 {
                let e = io::Error::last_os_error();
                if e.kind() == io::ErrorKind::Interrupted {
                    continue;
                }
                return Err(e);
            }
            self.last = Instant::now();
            return Ok(n as usize);
        }
    }
}

fn signal_name(sig: i32) -> &'static str {
    match sig {
        libc::SIGHUP => "SIGHUP",
        libc::SIGINT => "SIGINT",
        libc::SIGQUIT => "SIGQUIT",
        libc::SIGILL => "SIGILL",
        libc::SIGTRAP => "SIGTRAP",
        libc::SIGABRT => "SIGABRT",
        libc::SIGBUS => "SIGBUS",
        libc::SIGFPE => "SIGFPE",
        libc::SIGKILL => "SIGKILL",
        libc::SIGUSR1 => "SIGUSR1",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGUSR2 => "SIGUSR2",
        libc::SIGPIPE => "SIGPIPE",
        libc::SIGALRM => "SIGALRM",
        libc::SIGTERM => "SIGTERM",
        libc::SIGSYS => "SIGSYS",
        libc::SIGXCPU => "SIGXCPU",
        libc::SIGXFSZ => "SIGXFSZ",
        _ => "signal",
    }
}

/// How a process ended, for a crash report.
pub fn describe_exit(status: &ExitStatus) -> String {
    if let Some(sig) = status.signal() {
        let core = if status.core_dumped() {
            ", core dumped"
        } else {
            ""
        };
        format!("was killed by signal {sig} ({}{core})", signal_name(sig))
    } else {
        format!("exited with status {}", status.code().unwrap_or(-1))
    }
}
