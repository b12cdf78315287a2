//! Where KTAP lines go: straight to stdout (one flushed write per line, like printk, so a
//! crash loses nothing already reported), into any `Write`, or into a buffer that is printed
//! later (parallel suites print in order). [`Capture`] is the `Write` to hand [`crate::run`]
//! when the text is wanted back.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

enum Target {
    Stdout,
    Stderr,
    Writer(Box<dyn Write + Send>),
    Buffer(Vec<u8>),
    /// A buffer whose turn has come: what it held was passed on, and so is every new line.
    Forward(Arc<Sink>),
}

/// A line-oriented output stream shared by a suite's cases and the threads they spawn.
pub struct Sink {
    target: Mutex<Target>,
    /// `Config::diff`: failed multi-line `STREQ`s written here get the line diff.
    assert_diff: AtomicBool,
}

impl Sink {
    pub fn stdout() -> Self {
        Self::with(Target::Stdout)
    }
    pub fn stderr() -> Self {
        Self::with(Target::Stderr)
    }
    pub fn writer(w: Box<dyn Write + Send>) -> Self {
        Self::with(Target::Writer(w))
    }
    pub fn buffer() -> Self {
        Self::with(Target::Buffer(Vec::new()))
    }
    fn with(target: Target) -> Self {
        Sink {
            target: Mutex::new(target),
            assert_diff: AtomicBool::new(false),
        }
    }

    /// Sets whether failed multi-line `STREQ`s printed here get the line diff.
    pub fn set_assert_diff(&self, on: bool) {
        self.assert_diff.store(on, Ordering::Relaxed);
    }

    /// See [`Self::set_assert_diff`].
    pub fn assert_diff(&self) -> bool {
        self.assert_diff.load(Ordering::Relaxed)
    }

    /// Writes one line (a newline is added). Output errors are ignored, as printk's are.
    pub fn line(&self, text: &str) {
        self.line_bytes(text.as_bytes());
    }

    /// [`Self::line`] of bytes that need not be UTF-8.
    pub fn line_bytes(&self, text: &[u8]) {
        self.write(&[text, b"\n"]);
    }

    /// Appends raw bytes (a finished buffer of another sink).
    pub fn raw(&self, bytes: &[u8]) {
        self.write(&[bytes]);
    }

    /// Writes `chunks` under one lock, then flushes (a no-op for stderr and buffers).
    fn write(&self, chunks: &[&[u8]]) {
        let mut target = self.target.lock().unwrap_or_else(|e| e.into_inner());
        let (mut stdout, mut stderr);
        let w: &mut dyn Write = match &mut *target {
            Target::Stdout => {
                stdout = io::stdout().lock();
                &mut stdout
            }
            Target::Stderr => {
                stderr = io::stderr().lock();
                &mut stderr
            }
            Target::Writer(w) => w,
            Target::Buffer(b) => b,
            Target::Forward(next) => return next.write(chunks),
        };
        for chunk in chunks {
            let _ = w.write_all(chunk);
        }
        let _ = w.flush();
    }

    /// Turns a buffer into a pass-through to `next`: what it holds is written there now, and
    /// every later line as it comes (the unit printing next in order streams, so a crash
    /// loses none of its lines). A no-op for other sinks.
    pub fn forward_to(&self, next: &Arc<Sink>) {
        let mut target = self.target.lock().unwrap_or_else(|e| e.into_inner());
        if let Target::Buffer(b) = &mut *target {
            next.write(&[b]);
            *target = Target::Forward(next.clone());
        }
    }

    /// Takes what a buffer sink collected.
    pub fn take_buffer(&self) -> Vec<u8> {
        let mut target = self.target.lock().unwrap_or_else(|e| e.into_inner());
        match &mut *target {
            Target::Buffer(b) => std::mem::take(b),
            _ => Vec::new(),
        }
    }
}

/// A `Write` that keeps everything written to it, for reading back after [`crate::run`].
///
/// Clones share one buffer: pass a clone to `run` (which needs a `Write + Send + 'static`
/// it owns) and read the KTAP text from the original once the run returns.
///
/// ```
/// use kunit::prelude::*;
///
/// fn test_ok(test: &mut Kunit) {
///     kunit_expect_eq!(test, 2 + 2, 4);
/// }
/// static CASES: &[Case] = &[kunit_case!(test_ok)];
/// static SUITE: Suite = Suite { name: "captured", test_cases: CASES, ..Suite::DEFAULT };
///
/// let out = kunit::Capture::new();
/// let regs = [kunit::Registration::unregistered(&SUITE, "doc")];
/// kunit::run(Some(&regs), &kunit::Config::default(), out.clone()).unwrap();
/// assert!(out.text().starts_with("KTAP version 1\n1..1\n"));
/// assert!(out.text().ends_with("\nok 1 captured\n"));
/// assert_eq!(out.bytes(), out.text().as_bytes());
/// ```
#[derive(Clone, Debug, Default)]
pub struct Capture(Arc<Mutex<Vec<u8>>>);

impl Capture {
    /// An empty capture.
    pub fn new() -> Self {
        Self::default()
    }

    /// A copy of the bytes written so far, exactly as written (a failure text may hold bytes
    /// that are not UTF-8).
    pub fn bytes(&self) -> Vec<u8> {
        self.buffer().clone()
    }

    /// The bytes written so far as text; bytes that are not UTF-8 become U+FFFD (use
    /// [`Self::bytes`] to see them).
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.buffer()).into_owned()
    }

    /// The buffer. Nothing panics while holding the lock, so it is never poisoned; were it
    /// anyway, the bytes are still wanted.
    fn buffer(&self) -> std::sync::MutexGuard<'_, Vec<u8>> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Write for Capture {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.buffer().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}
