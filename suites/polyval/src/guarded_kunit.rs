//! `guarded.rs`'s tests (suite `polyval_guarded`, `GuardedBuf`), run by the package's test target
//! `tests/polyval.rs` beside the kernel suites (CONTRIBUTING.md, "One test convention").

#[kunit::kunit_tests(polyval_guarded)]
mod tests {
    use polyval_kunit::guarded::GuardedBuf;

    /// Reads one byte at `offset` from the buffer start in a forked child; returns the
    /// signal that killed the child, or None if it exited normally.
    fn read_in_child(buf: &GuardedBuf, offset: isize) -> Option<i32> {
        // SAFETY: the child only does a volatile read and `_exit`, both async-signal-safe.
        let pid = unsafe { libc::fork() };
        assert!(pid >= 0, "fork failed");
        if pid == 0 {
            // SAFETY: deliberately touches memory that may be a guard page; the child
            // either dies of SIGSEGV or exits.
            unsafe {
                std::ptr::read_volatile(buf.as_ptr().offset(offset));
                libc::_exit(0);
            }
        }
        let mut status = 0;
        // SAFETY: waits for the child just forked.
        assert_eq!(unsafe { libc::waitpid(pid, &mut status, 0) }, pid);
        libc::WIFSIGNALED(status).then(|| libc::WTERMSIG(status))
    }

    #[test]
    fn end_touches_a_guard_page_and_the_inside_is_usable() {
        let mut buf = GuardedBuf::new(16384).expect("mmap");
        assert_eq!(buf.as_slice().len(), 16384);
        assert!(buf.as_slice().iter().all(|&b| b == 0));
        buf.as_mut_slice().fill(0xa5);
        assert_eq!(read_in_child(&buf, 16383), None);
        assert_eq!(read_in_child(&buf, 0), None);
        assert_eq!(read_in_child(&buf, 16384), Some(libc::SIGSEGV));
        let odd = GuardedBuf::new(100).expect("mmap");
        assert_eq!(read_in_child(&odd, 100), Some(libc::SIGSEGV));
        assert_eq!(read_in_child(&odd, 99), None);
    }
}
