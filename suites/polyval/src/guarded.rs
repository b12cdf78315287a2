//! A buffer whose end touches an inaccessible page (`PROT_NONE`), as the kernel test's
//! vmalloc'd `test_buf`: reading or writing one byte past the end faults. A guard page
//! sits before the mapping too.

use std::ptr::NonNull;

/// `len` usable bytes ending exactly at a guard page.
pub struct GuardedBuf {
    map: NonNull<u8>,
    map_len: usize,
    start: usize,
    len: usize,
}

// SAFETY: the mapping is owned exclusively by this value (no aliasing handles), so moving
// it to or sharing `&` with another thread is as safe as for a `Vec<u8>`.
unsafe impl Send for GuardedBuf {}
// SAFETY: see `Send`; `&GuardedBuf` only gives shared (read) access.
unsafe impl Sync for GuardedBuf {}

fn page_size() -> usize {
    // SAFETY: sysconf has no preconditions.
    let p = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    if p > 0 {
        p as usize
    } else {
        4096
    }
}

impl GuardedBuf {
    /// Maps guard page + round_up(len) + guard page; the buffer is the last `len` bytes
    /// before the trailing guard. Zero-filled.
    pub fn new(len: usize) -> Result<GuardedBuf, String> {
        let page = page_size();
        let body = len.div_ceil(page).max(1) * page;
        let map_len = body + 2 * page;
        // SAFETY: anonymous private mapping, no address hint; the result is checked.
        let p = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                map_len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        if p == libc::MAP_FAILED {
            return Err(format!(
                "mmap of {map_len} bytes failed: {}",
                std::io::Error::last_os_error()
            ));
        }
        let base = p.cast::<u8>();
        let buf = GuardedBuf {
            map: NonNull::new(base).ok_or("mmap returned null")?,
            map_len,
            start: page + body - len,
            len,
        };
        for guard in [0, page + body] {
            // SAFETY: both ranges are whole pages inside the mapping made above.
            let r = unsafe { libc::mprotect(base.add(guard).cast(), page, libc::PROT_NONE) };
            if r != 0 {
                return Err(format!(
                    "mprotect failed: {}",
                    std::io::Error::last_os_error()
                ));
            }
        }
        Ok(buf)
    }

    pub fn as_ptr(&self) -> *const u8 {
        // SAFETY: `start` is inside the mapping.
        unsafe { self.map.as_ptr().add(self.start) }
    }

    pub fn as_mut_ptr(&mut self) -> *mut u8 {
        // SAFETY: `start` is inside the mapping.
        unsafe { self.map.as_ptr().add(self.start) }
    }

    pub fn as_slice(&self) -> &[u8] {
        // SAFETY: `len` readable bytes at `start`, initialised (zero-filled mapping).
        unsafe { std::slice::from_raw_parts(self.as_ptr(), self.len) }
    }

    pub fn as_mut_slice(&mut self) -> &mut [u8] {
        // SAFETY: as `as_slice`, and `&mut self` makes the access exclusive.
        unsafe { std::slice::from_raw_parts_mut(self.as_mut_ptr(), self.len) }
    }
}

impl Drop for GuardedBuf {
    fn drop(&mut self) {
        // SAFETY: unmaps exactly the mapping made in `new`; no references outlive `self`.
        unsafe { libc::munmap(self.map.as_ptr().cast(), self.map_len) };
    }
}
