//! Lock-free log of kernel-rule violations detected in any context.
//!
//! Hardirq code cannot take locks, allocate or format, so a violation (sleeping in
//! atomic context, FPU misuse, a WARN in the irq machinery) is written into a fixed
//! slot of a static ring with atomics only. The task that owns the "CPU" (the thread
//! whose irq contexts produced it) drains its entries later and reports them — as a
//! KUnit failure in `kunit_run_irq_test`, or through [`take_violations`].

use crate::contexts::preempt_count::{
    gettid, in_atomic, in_hardirq, in_serving_softirq, irqs_disabled, owner_tid, preempt_count,
};
use crate::contexts::stackscan::MAX_FRAMES;
use crate::contexts::symbolize::{user_site, SourceSite};
use std::ffi::{c_char, CStr};
use std::panic::Location;
use std::sync::atomic::{AtomicPtr, AtomicU32, AtomicU64, AtomicU8, AtomicUsize, Ordering};

/// What rule was broken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Violation {
    /// `might_sleep()` (or an allocation, which may sleep) in atomic context.
    SleepInAtomic,
    /// `kernel_fpu_begin()` where `may_use_simd()` is false.
    FpuNotUsable,
    /// `WARN_ON_ONCE(!in_hardirq())` / `!in_serving_softirq()` in the irq test machinery.
    WrongContext,
    /// [`crate::warn_on`] with a true condition.
    Warning,
}

/// The context a violation was detected in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Context {
    /// Plain task (process) context.
    Task,
    /// Serving a softirq.
    Softirq,
    /// In the hardirq stand-in.
    Hardirq,
}

impl Context {
    /// The context of the current thread right now.
    pub fn current() -> Context {
        if in_hardirq() {
            Context::Hardirq
        } else if in_serving_softirq() {
            Context::Softirq
        } else {
            Context::Task
        }
    }

    /// The word KUnit's messages use ("task", "softirq", "hardirq").
    pub fn name(self) -> &'static str {
        match self {
            Context::Task => "task",
            Context::Softirq => "softirq",
            Context::Hardirq => "hardirq",
        }
    }
}

/// One recorded violation, as drained by its owner.
#[derive(Clone, Debug)]
pub struct ViolationRecord {
    /// What rule was broken.
    pub kind: Violation,
    /// The context it was broken in.
    pub context: Context,
    /// Where it was detected (`#[track_caller]` of `might_sleep()`, or the allocator).
    pub location: &'static Location<'static>,
    /// A C caller's `__FILE__`/`__LINE__` ([`crate::might_sleep_at`]); for an allocation
    /// in hardirq: the user's code that allocated (the innermost frame outside this crate
    /// and the Rust standard library), found from the return addresses recorded in the
    /// handler. None if it could not be told.
    pub site: Option<SourceSite>,
    /// Those return addresses, innermost first (candidates: see `stackscan`).
    pub frames: Vec<usize>,
    /// `in_atomic()` when it was detected.
    pub in_atomic: bool,
    /// `irqs_disabled()` when it was detected.
    pub irqs_disabled: bool,
    /// The raw preempt count when it was detected.
    pub preempt_count: u32,
    /// Kernel thread id of the thread that detected it.
    pub tid: i32,
    /// How many times the same violation (kind, place, context) was recorded.
    pub count: u32,
    /// That thread's name (`comm`, at most 15 bytes), NUL-padded.
    pub comm: [u8; 16],
}

impl ViolationRecord {
    /// The thread name as text.
    pub fn comm_str(&self) -> String {
        let len = self
            .comm
            .iter()
            .position(|&b| b == 0)
            .unwrap_or(self.comm.len());
        String::from_utf8_lossy(&self.comm[..len]).into_owned()
    }

    /// The kernel-style report, e.g. `BUG: sleeping function called from invalid context at …`.
    pub fn message(&self) -> String {
        let (file, line) = match &self.site {
            Some(site) => (site.file.as_str(), site.line),
            None => (self.location.file(), self.location.line()),
        };
        let mut text = match self.kind {
            Violation::SleepInAtomic => format!(
                "BUG: sleeping function called from invalid context at {file}:{line}\n\
                 in_atomic(): {}, irqs_disabled(): {}, non_block: 0, pid: {}, name: {}\n\
                 preempt_count: {:x}, expected: 0",
                self.in_atomic as u8,
                self.irqs_disabled as u8,
                self.tid,
                self.comm_str(),
                self.preempt_count,
            ),
            Violation::FpuNotUsable => {
                format!("WARNING: at {file}:{line} kernel_fpu_begin() where SIMD is not usable")
            }
            Violation::WrongContext => {
                format!("WARNING: at {file}:{line} irq test callback ran in the wrong context")
            }
            Violation::Warning => format!("WARNING: at {file}:{line}"),
        };
        text.push_str(&format!("\n(in {} context", self.context.name()));
        if self.count > 1 {
            text.push_str(&format!(", {} times", self.count));
        }
        text.push(')');
        text
    }
}

const SLOTS: usize = 256;
const FREE: u8 = 0;
const WRITING: u8 = 1;
const READY: u8 = 2;

struct Slot {
    state: AtomicU8,
    kind: AtomicU8,
    context: AtomicU8,
    flags: AtomicU8,
    owner: AtomicU32,
    tid: AtomicU32,
    preempt_count: AtomicU32,
    location: AtomicPtr<Location<'static>>,
    /// A C caller's `__FILE__` (a static string) and `__LINE__`, or null.
    c_file: AtomicPtr<c_char>,
    c_line: AtomicU32,
    comm: [AtomicU64; 2],
    count: AtomicU32,
    frame_count: AtomicU8,
    frames: [AtomicUsize; MAX_FRAMES],
}

#[allow(clippy::declare_interior_mutable_const)] // used only as an array initialiser
const EMPTY: Slot = Slot {
    state: AtomicU8::new(FREE),
    kind: AtomicU8::new(0),
    context: AtomicU8::new(0),
    flags: AtomicU8::new(0),
    owner: AtomicU32::new(0),
    tid: AtomicU32::new(0),
    preempt_count: AtomicU32::new(0),
    location: AtomicPtr::new(std::ptr::null_mut()),
    c_file: AtomicPtr::new(std::ptr::null_mut()),
    c_line: AtomicU32::new(0),
    comm: [AtomicU64::new(0), AtomicU64::new(0)],
    count: AtomicU32::new(0),
    frame_count: AtomicU8::new(0),
    frames: [const { AtomicUsize::new(0) }; MAX_FRAMES],
};

impl Slot {
    fn same_frames(&self, frames: &[usize]) -> bool {
        usize::from(self.frame_count.load(Ordering::Relaxed)) == frames.len()
            && self
                .frames
                .iter()
                .zip(frames)
                .all(|(a, &b)| a.load(Ordering::Relaxed) == b)
    }
}

static RING: [Slot; SLOTS] = [EMPTY; SLOTS];
static DROPPED: AtomicU64 = AtomicU64::new(0);

/// The calling thread's name via `prctl(PR_GET_NAME)`. Async-signal-safe.
fn thread_comm() -> [u8; 16] {
    let mut comm = [0u8; 16];
    // SAFETY: PR_GET_NAME writes at most 16 bytes into the buffer.
    unsafe { libc::prctl(libc::PR_GET_NAME, comm.as_mut_ptr()) };
    comm
}

/// Records a violation for the "CPU" (owner thread) of the current context.
/// Lock-free and allocation-free: callable from a signal handler.
#[track_caller]
pub(crate) fn report_violation(kind: Violation) {
    report_violation_with_frames(kind, &[]);
}

/// [`report_violation`] with the return addresses that lead to it (innermost first,
/// at most `MAX_FRAMES`): the same place reached from different code is a
/// different record.
#[track_caller]
pub(crate) fn report_violation_with_frames(kind: Violation, frames: &[usize]) {
    record(kind, frames, None);
}

/// [`report_violation`] at a C caller's `__FILE__`/`__LINE__` (which the report then
/// names, as the kernel's `__might_sleep(__FILE__, __LINE__)` does). Lock-free.
#[track_caller]
pub(crate) fn report_violation_at(kind: Violation, file: &'static CStr, line: u32) {
    record(kind, &[], Some((file, line)));
}

#[track_caller]
fn record(kind: Violation, frames: &[usize], c_site: Option<(&'static CStr, u32)>) {
    let frames = &frames[..frames.len().min(MAX_FRAMES)];
    let location = Location::caller();
    let (c_file, c_line) = c_site.map_or((std::ptr::null(), 0), |(f, l)| (f.as_ptr(), l));
    let owner = owner_tid();
    let context = Context::current() as u8;
    // A repeat of a recorded violation only bumps its count (like the kernel's
    // rate limit, but counted). A race with the owner draining it may lose one count.
    for slot in RING.iter() {
        if slot.state.load(Ordering::Acquire) == READY
            && slot.owner.load(Ordering::Relaxed) == owner as u32
            && slot.kind.load(Ordering::Relaxed) == kind as u8
            && slot.context.load(Ordering::Relaxed) == context
            && std::ptr::eq(slot.location.load(Ordering::Relaxed), location)
            && std::ptr::eq(slot.c_file.load(Ordering::Relaxed), c_file)
            && slot.c_line.load(Ordering::Relaxed) == c_line
            && slot.same_frames(frames)
        {
            slot.count.fetch_add(1, Ordering::Relaxed);
            return;
        }
    }
    for slot in RING.iter() {
        if slot
            .state
            .compare_exchange(FREE, WRITING, Ordering::Acquire, Ordering::Relaxed)
            .is_ok()
        {
            slot.kind.store(kind as u8, Ordering::Relaxed);
            slot.context.store(context, Ordering::Relaxed);
            slot.count.store(1, Ordering::Relaxed);
            slot.flags.store(
                in_atomic() as u8 | (irqs_disabled() as u8) << 1,
                Ordering::Relaxed,
            );
            slot.owner.store(owner as u32, Ordering::Relaxed);
            slot.tid.store(gettid() as u32, Ordering::Relaxed);
            slot.preempt_count.store(preempt_count(), Ordering::Relaxed);
            slot.location
                .store(location as *const _ as *mut _, Ordering::Relaxed);
            slot.c_file.store(c_file.cast_mut(), Ordering::Relaxed);
            slot.c_line.store(c_line, Ordering::Relaxed);
            for (to, &from) in slot.frames.iter().zip(frames) {
                to.store(from, Ordering::Relaxed);
            }
            slot.frame_count
                .store(frames.len() as u8, Ordering::Relaxed);
            let comm = thread_comm();
            slot.comm[0].store(
                u64::from_ne_bytes(comm[..8].try_into().unwrap()),
                Ordering::Relaxed,
            );
            slot.comm[1].store(
                u64::from_ne_bytes(comm[8..].try_into().unwrap()),
                Ordering::Relaxed,
            );
            slot.state.store(READY, Ordering::Release);
            return;
        }
    }
    DROPPED.fetch_add(1, Ordering::Relaxed);
}

/// The C caller's site recorded in `slot`, if any.
fn c_site(slot: &Slot) -> Option<SourceSite> {
    let file = slot.c_file.load(Ordering::Relaxed);
    if file.is_null() {
        return None;
    }
    // SAFETY: only `&'static CStr` pointers are stored (report_violation_at).
    let file = unsafe { CStr::from_ptr(file) };
    Some(SourceSite {
        file: file.to_string_lossy().into_owned(),
        line: slot.c_line.load(Ordering::Relaxed),
    })
}

fn decode_kind(v: u8) -> Violation {
    match v {
        0 => Violation::SleepInAtomic,
        1 => Violation::FpuNotUsable,
        2 => Violation::WrongContext,
        _ => Violation::Warning,
    }
}

fn decode_context(v: u8) -> Context {
    match v {
        0 => Context::Task,
        1 => Context::Softirq,
        _ => Context::Hardirq,
    }
}

/// Removes and returns the violations recorded for the current thread's "CPU"
/// (its own task, hardirq and softirq contexts, including a ksoftirqd worker serving it).
pub fn take_violations() -> Vec<ViolationRecord> {
    let me = owner_tid() as u32;
    let mut out = Vec::new();
    for slot in RING.iter() {
        if slot.state.load(Ordering::Acquire) != READY || slot.owner.load(Ordering::Relaxed) != me {
            continue;
        }
        let flags = slot.flags.load(Ordering::Relaxed);
        // SAFETY: only `&'static Location` values are ever stored in READY slots.
        let location = unsafe { &*slot.location.load(Ordering::Relaxed) };
        let frame_count = usize::from(slot.frame_count.load(Ordering::Relaxed));
        let frames: Vec<usize> = slot.frames[..frame_count]
            .iter()
            .map(|f| f.load(Ordering::Relaxed))
            .collect();
        out.push(ViolationRecord {
            kind: decode_kind(slot.kind.load(Ordering::Relaxed)),
            context: decode_context(slot.context.load(Ordering::Relaxed)),
            location,
            site: c_site(slot).or_else(|| user_site(&frames)),
            frames,
            in_atomic: flags & 1 != 0,
            irqs_disabled: flags & 2 != 0,
            preempt_count: slot.preempt_count.load(Ordering::Relaxed),
            tid: slot.tid.load(Ordering::Relaxed) as i32,
            count: slot.count.load(Ordering::Relaxed),
            comm: {
                let mut comm = [0u8; 16];
                comm[..8].copy_from_slice(&slot.comm[0].load(Ordering::Relaxed).to_ne_bytes());
                comm[8..].copy_from_slice(&slot.comm[1].load(Ordering::Relaxed).to_ne_bytes());
                comm
            },
        });
        slot.state.store(FREE, Ordering::Release);
    }
    merge_same_site(out)
}

/// One record per (kind, context, place, user site): the same allocation line can
/// be reached through different chains (e.g. a hardirq that interrupted softirq
/// work), which the handler recorded apart; their counts add up.
fn merge_same_site(records: Vec<ViolationRecord>) -> Vec<ViolationRecord> {
    let mut out: Vec<ViolationRecord> = Vec::with_capacity(records.len());
    for r in records {
        let same = out.iter_mut().find(|o| {
            o.kind == r.kind
                && o.context == r.context
                && std::ptr::eq(o.location, r.location)
                && o.site == r.site
        });
        match same {
            Some(o) => o.count += r.count,
            None => out.push(r),
        }
    }
    out
}

/// Violations that could not be recorded because the ring was full (process total).
pub fn dropped_violations() -> u64 {
    DROPPED.load(Ordering::Relaxed)
}
