//! Return addresses on the current stack, collected inside a signal handler.
//!
//! The allocation check needs *where* hardirq code allocated, but a signal handler
//! may not unwind: `_Unwind_Backtrace` and `backtrace::trace_unsynchronized` can
//! take the loader's lock and allocate, and a frame-pointer walk only works when
//! every crate was built with `-C force-frame-pointers=yes` (not the default on
//! x86_64 Linux). So the stack is *scanned*: every word from the current stack
//! pointer up to the top of the alternate signal stack that points into the
//! executable's code right after a call instruction is taken as a return address,
//! innermost first, into a fixed buffer. That needs no unwind tables, no frame
//! pointers, no locks and no allocation: only reads of our own alternate stack and
//! code (both mapped). Symbolizing them happens later, in task context.
//!
//! The scan stops at the innermost signal frame (see [`set_scan_limit`]). Within the
//! handler's chain it can still pick up a stale return address left in a live
//! frame's padding; the reader treats the list as candidates (see `symbolize`).
//! Only the alternate stack is scanned (its bounds are known): a hardirq replayed
//! in task context by `local_irq_enable()` yields no addresses. x86_64 only;
//! elsewhere: none.

use std::cell::Cell;

thread_local! {
    /// Where the innermost signal frame starts on this thread's alternate stack (0:
    /// none): above it lie the kernel's signal frame (partly unwritten, so full of
    /// stale words) and the code that was interrupted — not this handler's chain.
    static SCAN_LIMIT: Cell<usize> = const { Cell::new(0) };
}

/// Sets where scans stop on this thread (the signal handler passes its `ucontext`
/// pointer on entry), returning the previous limit to put back on exit (handlers
/// nest). Async-signal-safe.
pub(crate) fn set_scan_limit(limit: usize) -> usize {
    SCAN_LIMIT.with(|l| l.replace(limit))
}

/// At most this many return addresses are kept per scan.
pub(crate) const MAX_FRAMES: usize = 16;
/// At most this many bytes of stack are scanned.
const MAX_SCAN_BYTES: usize = 64 * 1024;

/// Fills `out` (a buffer in the caller's frame) with the return addresses found
/// above it on the stack, innermost first; returns how many. Async-signal-safe.
#[inline(never)]
pub(crate) fn return_addresses(out: &mut [usize; MAX_FRAMES]) -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        scan_x86_64(out)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = out;
        0
    }
}

#[cfg(target_arch = "x86_64")]
fn scan_x86_64(out: &mut [usize; MAX_FRAMES]) -> usize {
    extern "C" {
        // Defined by the GNU ld and lld default linker scripts: the executable's
        // first byte and the end of its code.
        static __executable_start: u8;
        static etext: u8;
    }
    // Only the symbols' addresses are taken, never their (absent) contents.
    let (text_start, text_end) = (
        std::ptr::addr_of!(__executable_start) as usize,
        std::ptr::addr_of!(etext) as usize,
    );
    // SAFETY: querying the current alternate stack; a zeroed stack_t is a valid
    // out-parameter.
    let ss = unsafe {
        let mut ss: libc::stack_t = std::mem::zeroed();
        libc::sigaltstack(std::ptr::null(), &mut ss);
        ss
    };
    if ss.ss_flags & libc::SS_ONSTACK == 0 {
        return 0;
    }
    let stack_top = match SCAN_LIMIT.with(Cell::get) {
        0 => ss.ss_sp as usize + ss.ss_size,
        limit => limit.min(ss.ss_sp as usize + ss.ss_size),
    };
    // From just above the caller's buffer: below it are this scan's own frames, and
    // the buffer itself fills up with what the scan finds.
    let start = out.as_ptr_range().end as usize;
    if !(ss.ss_sp as usize..stack_top).contains(&start) {
        return 0;
    }
    let end = stack_top.min(start + MAX_SCAN_BYTES);
    let mut n = 0;
    let mut slot = start.next_multiple_of(8);
    while slot + 8 <= end && n < MAX_FRAMES {
        // SAFETY: `slot` lies between the caller's buffer and the top of the
        // alternate stack we are running on: mapped, readable memory.
        let word = unsafe { std::ptr::read_volatile(slot as *const usize) };
        if word > text_start + 8 && word < text_end && follows_call(word) {
            out[n] = word;
            n += 1;
        }
        slot += 8;
    }
    n
}

/// True if the bytes before `ret` end with an x86_64 call instruction: `call rel32`
/// (`E8`) or `call r/m64` (`FF /2`, optionally with a REX prefix).
#[cfg(target_arch = "x86_64")]
fn follows_call(ret: usize) -> bool {
    // SAFETY: the caller checked that `ret - 8 ..= ret` lies in the executable's code.
    let byte = |back: usize| unsafe { *((ret - back) as *const u8) };
    if byte(5) == 0xe8 {
        return true;
    }
    // `len`: bytes from the instruction's first byte to `ret`.
    (2..=8).any(|len| {
        let plain = byte(len) == 0xff && ff2_len(byte(len - 1), || byte(len - 2)) == Some(len);
        let rex = len >= 3
            && (0x40..=0x4f).contains(&byte(len))
            && byte(len - 1) == 0xff
            && ff2_len(byte(len - 2), || byte(len - 3)) == Some(len - 1);
        plain || rex
    })
}

/// Length of an `FF /2` (`call r/m64`) instruction from its opcode on, given its
/// ModRM byte and a way to read the SIB byte after it; None for another `FF /r`.
#[cfg(target_arch = "x86_64")]
fn ff2_len(modrm: u8, sib: impl Fn() -> u8) -> Option<usize> {
    let (md, reg, rm) = (modrm >> 6, (modrm >> 3) & 7, modrm & 7);
    if reg != 2 {
        return None;
    }
    if md == 3 {
        return Some(2);
    }
    let has_sib = rm == 4;
    let disp = match md {
        0 if rm == 5 => 4,
        0 if has_sib && sib() & 7 == 5 => 4,
        0 => 0,
        1 => 1,
        _ => 4,
    };
    Some(2 + usize::from(has_sib) + disp)
}
