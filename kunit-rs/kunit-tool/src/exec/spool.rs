//! Bounded buffering between a binary's runner and the printer.
//!
//! With `--jobs N`, binaries run ahead of the one being printed. Their output
//! queues in memory up to a budget; beyond it, lines go to a temporary file
//! that is handed over (and deleted) in order, so a harness printing
//! gigabytes cannot exhaust the runner's memory. The runner never blocks:
//! a blocked harness would stall inside a case and trip its own timeout.

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::Sender;
use std::sync::Arc;
use std::time::Instant;

use super::splice::Item;

/// Bytes queued in memory per binary before spilling to disk.
const MEMORY_BUDGET: usize = 16 << 20;
/// Size of one spill file.
const SPILL_CHUNK: usize = 64 << 20;

/// What travels over a binary's channel.
pub enum Msg {
    /// An item and when it was produced (seconds from the run's start).
    Item(Item, f64),
    /// Items stored in a file, to be read in order and deleted.
    Spilled(PathBuf),
}

pub fn item_size(item: &Item) -> usize {
    32 + match item {
        Item::Line(s) | Item::Crashed(s) => s.len(),
        Item::SuiteResult { prefix, rest } => prefix.len() + rest.len(),
        Item::Plan(_) => 8,
    }
}

/// The sending side: memory first, then spill files.
pub struct Spooler {
    tx: Sender<Msg>,
    /// The run's start, for the items' times.
    start: Instant,
    queued: Arc<AtomicUsize>,
    spill: Option<(PathBuf, BufWriter<File>, usize)>,
}

impl Spooler {
    pub fn new(tx: Sender<Msg>, queued: Arc<AtomicUsize>, start: Instant) -> Self {
        Spooler {
            tx,
            start,
            queued,
            spill: None,
        }
    }

    pub fn push(&mut self, item: Item) {
        let size = item_size(&item);
        let at = self.start.elapsed().as_secs_f64();
        if self.spill.is_none() && self.queued.load(Ordering::Relaxed) + size > MEMORY_BUDGET {
            // Without disk space for a spill file the item stays in memory.
            self.spill = open_spill().ok();
        }
        match self.spill.as_mut() {
            None => {
                self.queued.fetch_add(size, Ordering::Relaxed);
                let _ = self.tx.send(Msg::Item(item, at));
            }
            Some((_, w, bytes)) => {
                let _ = write_item(w, &item, at);
                *bytes += size;
                if *bytes >= SPILL_CHUNK {
                    self.close_spill();
                }
            }
        }
    }

    fn close_spill(&mut self) {
        if let Some((path, mut w, _)) = self.spill.take() {
            let _ = w.flush();
            let _ = self.tx.send(Msg::Spilled(path));
        }
    }
}

impl Drop for Spooler {
    fn drop(&mut self) {
        self.close_spill();
    }
}

fn open_spill() -> io::Result<(PathBuf, BufWriter<File>, usize)> {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let path = std::env::temp_dir().join(format!("kunit-spool-{}-{n}", std::process::id()));
    let f = File::create(&path)?;
    Ok((path, BufWriter::with_capacity(1 << 16, f), 0))
}

fn write_str(w: &mut impl Write, s: &str) -> io::Result<()> {
    w.write_all(&(s.len() as u64).to_le_bytes())?;
    w.write_all(s.as_bytes())
}

fn write_item(w: &mut impl Write, item: &Item, at: f64) -> io::Result<()> {
    w.write_all(&at.to_le_bytes())?;
    match item {
        Item::Line(s) => {
            w.write_all(b"L")?;
            write_str(w, s)
        }
        Item::Crashed(s) => {
            w.write_all(b"C")?;
            write_str(w, s)
        }
        Item::SuiteResult { prefix, rest } => {
            w.write_all(b"S")?;
            write_str(w, prefix)?;
            write_str(w, rest)
        }
        Item::Plan(n) => {
            w.write_all(b"P")?;
            w.write_all(&n.to_le_bytes())
        }
    }
}

fn read_str(r: &mut impl Read) -> io::Result<String> {
    let mut len = [0u8; 8];
    r.read_exact(&mut len)?;
    let mut buf = vec![0u8; u64::from_le_bytes(len) as usize];
    r.read_exact(&mut buf)?;
    String::from_utf8(buf).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))
}

/// Reads back one spill file, deleting it when done.
pub struct SpillReader {
    path: PathBuf,
    r: BufReader<File>,
}

impl SpillReader {
    pub fn open(path: PathBuf) -> io::Result<Self> {
        let f = File::open(&path)?;
        Ok(SpillReader {
            path,
            r: BufReader::with_capacity(1 << 16, f),
        })
    }

    /// The next item and when it was produced.
    pub fn next_item(&mut self) -> Option<(Item, f64)> {
        if self.r.fill_buf().ok()?.is_empty() {
            return None;
        }
        let mut at = [0u8; 8];
        self.r.read_exact(&mut at).ok()?;
        let at = f64::from_le_bytes(at);
        let mut kind = [0u8; 1];
        self.r.read_exact(&mut kind).ok()?;
        let item = match kind[0] {
            b'L' => read_str(&mut self.r).ok().map(Item::Line),
            b'C' => read_str(&mut self.r).ok().map(Item::Crashed),
            b'S' => {
                let prefix = read_str(&mut self.r).ok()?;
                let rest = read_str(&mut self.r).ok()?;
                Some(Item::SuiteResult { prefix, rest })
            }
            b'P' => {
                let mut n = [0u8; 8];
                self.r.read_exact(&mut n).ok()?;
                Some(Item::Plan(u64::from_le_bytes(n)))
            }
            _ => None,
        }?;
        Some((item, at))
    }
}

impl Drop for SpillReader {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

#[cfg(test)]
#[path = "spool_kunit.rs"]
mod spool_kunit;
