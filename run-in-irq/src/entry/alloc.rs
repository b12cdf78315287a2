//! An opt-in global allocator wrapper that catches allocation in hardirq context.
//!
//! ```no_run
//! #[global_allocator]
//! static ALLOC: run_in_irq::IrqCheckedAlloc = run_in_irq::IrqCheckedAlloc::system();
//! # fn main() {}
//! ```
//!
//! In the kernel, allocating in hardirq context (with `GFP_KERNEL`) is a
//! "sleeping function called from invalid context" BUG. Here an allocation while
//! [`crate::in_hardirq`] records that violation (reported on the current test by
//! `kunit_run_irq_test`) — and must then still not deadlock: the hardirq stand-in is
//! a signal handler that may have interrupted the task *inside* `malloc`, holding its
//! arena lock. So nothing that runs inside the signal handler ever reaches the
//! wrapped allocator:
//!
//! * allocations there come from a static lock-free bump arena (freed in bulk when
//!   its last block is freed);
//! * frees there of ordinary blocks are parked in a lock-free queue and handed to the
//!   wrapped allocator by the next allocator call outside the handler.
//!
//! Softirq work running inside the handler (on irq exit) uses the arena too, but is
//! not reported: the kernel allows atomic allocations there.

use crate::contexts::preempt_count::in_hardirq;
use crate::contexts::stackscan::{return_addresses, MAX_FRAMES};
use crate::contexts::violations::{report_violation_with_frames, Violation};
use crate::entry::irq::in_signal_handler;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::UnsafeCell;
use std::sync::atomic::{AtomicPtr, AtomicU64, AtomicU8, AtomicUsize, Ordering};

/// The wrapper; `A` is the allocator used outside signal-handler context.
pub struct IrqCheckedAlloc<A = System> {
    inner: A,
}

impl IrqCheckedAlloc<System> {
    /// Wraps the system allocator.
    pub const fn system() -> Self {
        IrqCheckedAlloc { inner: System }
    }
}

impl<A> IrqCheckedAlloc<A> {
    /// Wraps `inner`.
    pub const fn new(inner: A) -> Self {
        IrqCheckedAlloc { inner }
    }
}

const ARENA_SIZE: usize = 1 << 20;

#[repr(align(4096))]
struct Arena(UnsafeCell<[u8; ARENA_SIZE]>);

// SAFETY: disjoint ranges are handed out through the atomic `ARENA_STATE` bump.
unsafe impl Sync for Arena {}

static ARENA: Arena = Arena(UnsafeCell::new([0; ARENA_SIZE]));
/// Low 32 bits: bump offset; high 32 bits: live blocks.
static ARENA_STATE: AtomicU64 = AtomicU64::new(0);

fn arena_base() -> usize {
    ARENA.0.get() as usize
}

fn in_arena(ptr: *mut u8) -> bool {
    (ptr as usize).wrapping_sub(arena_base()) < ARENA_SIZE
}

fn arena_alloc(layout: Layout) -> *mut u8 {
    let base = arena_base();
    let mut cur = ARENA_STATE.load(Ordering::Relaxed);
    loop {
        let offset = (cur & 0xffff_ffff) as usize;
        let start = (base + offset).next_multiple_of(layout.align()) - base;
        let end = start + layout.size();
        if end > ARENA_SIZE {
            return std::ptr::null_mut();
        }
        let next = ((cur >> 32) + 1) << 32 | end as u64;
        match ARENA_STATE.compare_exchange_weak(cur, next, Ordering::AcqRel, Ordering::Relaxed) {
            Ok(_) => return (base + start) as *mut u8,
            Err(actual) => cur = actual,
        }
    }
}

fn arena_free() {
    let mut cur = ARENA_STATE.load(Ordering::Relaxed);
    loop {
        let live = (cur >> 32) - 1;
        // The last live block resets the bump pointer.
        let next = if live == 0 {
            0
        } else {
            live << 32 | (cur & 0xffff_ffff)
        };
        match ARENA_STATE.compare_exchange_weak(cur, next, Ordering::AcqRel, Ordering::Relaxed) {
            Ok(_) => return,
            Err(actual) => cur = actual,
        }
    }
}

/// Blocks freed inside the handler, waiting for the wrapped allocator.
const PARKED_SLOTS: usize = 256;
const FREE: u8 = 0;
const BUSY: u8 = 1;
const READY: u8 = 2;

struct Parked {
    state: AtomicU8,
    ptr: AtomicPtr<u8>,
    size: AtomicUsize,
    align: AtomicUsize,
}

#[allow(clippy::declare_interior_mutable_const)] // used only as an array initialiser
const PARKED_EMPTY: Parked = Parked {
    state: AtomicU8::new(FREE),
    ptr: AtomicPtr::new(std::ptr::null_mut()),
    size: AtomicUsize::new(0),
    align: AtomicUsize::new(1),
};
static PARKED: [Parked; PARKED_SLOTS] = [PARKED_EMPTY; PARKED_SLOTS];
static PARKED_COUNT: AtomicUsize = AtomicUsize::new(0);
static LEAKED: AtomicUsize = AtomicUsize::new(0);

fn park(ptr: *mut u8, layout: Layout) {
    for slot in PARKED.iter() {
        if slot
            .state
            .compare_exchange(FREE, BUSY, Ordering::Acquire, Ordering::Relaxed)
            .is_ok()
        {
            slot.ptr.store(ptr, Ordering::Relaxed);
            slot.size.store(layout.size(), Ordering::Relaxed);
            slot.align.store(layout.align(), Ordering::Relaxed);
            slot.state.store(READY, Ordering::Release);
            PARKED_COUNT.fetch_add(1, Ordering::Release);
            return;
        }
    }
    LEAKED.fetch_add(1, Ordering::Relaxed);
}

/// Blocks that could be neither freed nor parked (the queue was full): leaked.
pub fn leaked_in_irq() -> usize {
    LEAKED.load(Ordering::Relaxed)
}

impl<A: GlobalAlloc> IrqCheckedAlloc<A> {
    /// Hands parked frees to the wrapped allocator. Only outside the handler.
    fn release_parked(&self) {
        if PARKED_COUNT.load(Ordering::Acquire) == 0 {
            return;
        }
        for slot in PARKED.iter() {
            if slot
                .state
                .compare_exchange(READY, BUSY, Ordering::Acquire, Ordering::Relaxed)
                .is_ok()
            {
                let ptr = slot.ptr.load(Ordering::Relaxed);
                let size = slot.size.load(Ordering::Relaxed);
                let align = slot.align.load(Ordering::Relaxed);
                slot.state.store(FREE, Ordering::Release);
                PARKED_COUNT.fetch_sub(1, Ordering::AcqRel);
                // SAFETY: the block came from `inner` with this layout and was freed
                // by its owner while in the handler.
                unsafe {
                    self.inner
                        .dealloc(ptr, Layout::from_size_align_unchecked(size, align))
                };
            }
        }
    }

    /// Reports an allocation in hardirq with the return addresses that lead to it,
    /// so the report can name the user's line (symbolized after the irq test).
    fn check(&self) {
        if in_hardirq() {
            let mut frames = [0; MAX_FRAMES];
            let n = return_addresses(&mut frames);
            report_violation_with_frames(Violation::SleepInAtomic, &frames[..n]);
        }
    }
}

// SAFETY: every block is either from `inner` (same layout contract) or a disjoint
// range of the static arena; the two are told apart by address.
unsafe impl<A: GlobalAlloc> GlobalAlloc for IrqCheckedAlloc<A> {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        self.check();
        if in_signal_handler() {
            return arena_alloc(layout);
        }
        self.release_parked();
        // SAFETY: forwarded with the caller's layout.
        unsafe { self.inner.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        self.check();
        if in_signal_handler() {
            let p = arena_alloc(layout);
            if !p.is_null() {
                // SAFETY: p is a fresh arena block of layout.size() bytes.
                unsafe { p.write_bytes(0, layout.size()) };
            }
            return p;
        }
        self.release_parked();
        // SAFETY: forwarded with the caller's layout.
        unsafe { self.inner.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        if in_arena(ptr) {
            arena_free();
        } else if in_signal_handler() {
            park(ptr, layout);
        } else {
            self.release_parked();
            // SAFETY: ptr came from inner.alloc with this layout.
            unsafe { self.inner.dealloc(ptr, layout) }
        }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if !in_arena(ptr) && !in_signal_handler() {
            self.release_parked();
            // SAFETY: forwarded with the caller's arguments.
            return unsafe { self.inner.realloc(ptr, layout, new_size) };
        }
        // SAFETY: the caller guarantees new_size is valid for layout.align().
        let new_layout = unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
        // SAFETY: allocation with a valid layout through our own paths.
        let new = unsafe { self.alloc(new_layout) };
        if !new.is_null() {
            // SAFETY: both blocks are valid for the smaller size and do not overlap.
            unsafe {
                std::ptr::copy_nonoverlapping(ptr, new, layout.size().min(new_size));
                self.dealloc(ptr, layout);
            }
        }
        new
    }
}
