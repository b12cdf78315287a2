//! `kunit exec`: run harness binaries and merge their KTAP into one stream.
//!
//! Worker threads run binaries (up to `--jobs` at a time); each binary's
//! spliced output goes into its own channel, and the parser reads the channels
//! in binary order, so the printed output does not depend on scheduling.

pub mod cargo;
pub mod coverage;
pub mod debugger;
pub mod gcov;
pub mod harness_flags;
pub mod isolation;
pub mod listing;
pub mod partition;
pub(crate) mod process;
pub mod runner;
pub mod sanitize;
pub mod splice;
pub(crate) mod spool;

use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use crate::ktap::reader::{KtapSource, LineKind};
pub use runner::{Control, RunnerOptions};
use splice::Item;
use spool::{item_size, Msg, SpillReader, Spooler};

/// The parser's view of all binaries' output: one KTAP document.
pub struct MergedStream {
    channels: Vec<(Receiver<Msg>, Arc<AtomicUsize>)>,
    current: usize,
    spill: Option<SpillReader>,
    header_sent: bool,
    /// Show the first process's plan as the document's (`show_single_plan`).
    show_plan: bool,
    suites: u64,
    ctl: Arc<Control>,
    /// Shows a progress line while waiting (terminals only).
    progress: Option<Arc<AtomicBool>>,
    /// The current line.
    line: String,
    /// When the current line was printed (seconds from the run's start).
    seconds: f64,
}

impl MergedStream {
    /// The document is one process's whole run (tree mode: every suite in one process), so
    /// that process's `1..N` is the document's plan, printed after the version line as the
    /// kernel does. Other runs merge several processes and have no plan to show.
    pub fn show_single_plan(&mut self) {
        self.show_plan = self.channels.len() == 1;
    }

    fn show_progress(&self) {
        let Some(shown) = &self.progress else { return };
        let Some(text) = self.ctl.progress_text() else {
            return;
        };
        let mut out = std::io::stdout().lock();
        let _ = write!(
            out,
            "\r\x1b[K[running] {}",
            text.chars().take(100).collect::<String>()
        );
        let _ = out.flush();
        shown.store(true, Ordering::Relaxed);
    }
}

impl KtapSource for MergedStream {
    fn advance(&mut self) -> Option<LineKind> {
        if !self.header_sent {
            self.header_sent = true;
            self.line.clear();
            self.line.push_str("KTAP version 1");
            return Some(LineKind::Text);
        }
        loop {
            let (item, at) = if let Some(r) = self.spill.as_mut() {
                match r.next_item() {
                    Some(timed) => timed,
                    None => {
                        self.spill = None;
                        continue;
                    }
                }
            } else {
                let (rx, queued) = self.channels.get(self.current)?;
                match rx.recv_timeout(Duration::from_millis(250)) {
                    Ok(Msg::Item(i, at)) => {
                        queued.fetch_sub(item_size(&i), Ordering::Relaxed);
                        (i, at)
                    }
                    Ok(Msg::Spilled(path)) => {
                        self.spill = SpillReader::open(path).ok();
                        continue;
                    }
                    Err(RecvTimeoutError::Timeout) => {
                        self.show_progress();
                        continue;
                    }
                    Err(RecvTimeoutError::Disconnected) => {
                        self.current += 1;
                        continue;
                    }
                }
            };
            self.seconds = at;
            match item {
                Item::Line(s) => {
                    self.line = s;
                    return Some(LineKind::Text);
                }
                Item::Crashed(s) => {
                    self.line = s;
                    return Some(LineKind::Crashed);
                }
                Item::Plan(n) => {
                    if std::mem::take(&mut self.show_plan) {
                        self.line = format!("1..{n}");
                        return Some(LineKind::Text);
                    }
                }
                Item::SuiteResult { prefix, rest } => {
                    self.suites += 1;
                    self.line.clear();
                    self.line.push_str(&prefix);
                    self.line.push_str(&self.suites.to_string());
                    self.line.push_str(&rest);
                    return Some(LineKind::Text);
                }
            }
        }
    }

    fn line(&self) -> &str {
        &self.line
    }

    fn seconds(&self) -> Option<f64> {
        Some(self.seconds)
    }
}

/// Running workers; join them after the stream is drained.
pub struct Workers {
    handles: Vec<JoinHandle<()>>,
    errors: Arc<Mutex<Vec<String>>>,
}

impl Workers {
    /// Waits for the workers; returns the non-result problems they met.
    pub fn finish(self) -> Vec<String> {
        for h in self.handles {
            let _ = h.join();
        }
        std::mem::take(&mut *self.errors.lock().unwrap_or_else(|e| e.into_inner()))
    }
}

/// One harness binary to run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Job {
    /// The harness executable.
    pub bin: PathBuf,
    /// Run only these suites of the binary's listing (`--partition`), each
    /// in a process of its own; `None` runs whatever the filters select.
    pub suites: Option<Vec<listing::ListedSuite>>,
}

/// Starts running `binaries`; the returned stream yields their merged KTAP.
pub fn start(
    binaries: Vec<Job>,
    opts: RunnerOptions,
    jobs: usize,
    ctl: Arc<Control>,
    progress: Option<Arc<AtomicBool>>,
) -> (MergedStream, Workers) {
    let run_start = std::time::Instant::now();
    let mut senders = Vec::new();
    let mut receivers = Vec::new();
    for _ in &binaries {
        let (tx, rx) = channel();
        let queued = Arc::new(AtomicUsize::new(0));
        senders.push(Mutex::new(Some(Spooler::new(
            tx,
            queued.clone(),
            run_start,
        ))));
        receivers.push((rx, queued));
    }
    let senders = Arc::new(senders);
    let binaries = Arc::new(binaries);
    let opts = Arc::new(opts);
    let next = Arc::new(AtomicUsize::new(0));
    let errors = Arc::new(Mutex::new(Vec::new()));
    let handles = (0..jobs.clamp(1, binaries.len().max(1)))
        .map(|_| {
            let (senders, binaries, opts, next, errors, ctl) = (
                senders.clone(),
                binaries.clone(),
                opts.clone(),
                next.clone(),
                errors.clone(),
                ctl.clone(),
            );
            std::thread::spawn(move || loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(job) = binaries.get(i) else { break };
                let Some(mut spooler) = senders[i].lock().unwrap_or_else(|e| e.into_inner()).take()
                else {
                    continue;
                };
                let mut emit = |item: Item| spooler.push(item);
                let mut runner = runner::BinaryRunner::new(&job.bin, &opts, &ctl, &mut emit);
                if let Some(suites) = &job.suites {
                    runner.restrict_to(suites.clone());
                }
                runner.run();
                let errs = std::mem::take(&mut runner.errors);
                errors
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .extend(errs);
            })
        })
        .collect();
    let stream = MergedStream {
        channels: receivers,
        current: 0,
        spill: None,
        header_sent: false,
        show_plan: false,
        suites: 0,
        ctl,
        progress,
        line: String::new(),
        seconds: 0.0,
    };
    (stream, Workers { handles, errors })
}
