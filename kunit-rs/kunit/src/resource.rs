//! Resources and deferred actions (include/kunit/resource.h, lib/kunit/resource.c).
//!
//! Every resource of a test — a deferred action, data with a free callback, a managed
//! allocation — is one entry of one stack, unwound last-in-first-out when the case ends,
//! however it ends, after the suite's `exit` — as `kunit_cleanup()` does. A resource is
//! reference counted like `struct kunit_resource`'s kref: the stack holds one reference,
//! [`Kunit::find_resource`] and [`Kunit::alloc_and_get_resource`] hand out more
//! ([`Resource`] is that reference; dropping it is `kunit_put_resource`), and the free
//! callback runs when the last one goes.
//!
//! The stack lives in the test's shared state so that a timed-out case can still be cleaned
//! up from another thread. On that path actions run, but data the case may still be using
//! (buffers, resources) is leaked rather than freed under the hung thread's feet.
//!
//! Kernel → kunit-rs: `kunit_add_action` → [`Kunit::add_action`], `kunit_remove_action` /
//! `kunit_release_action` → [`Kunit::remove_action`] / [`Kunit::release_action`];
//! `kunit_alloc_resource` / `kunit_alloc_and_get_resource` / `kunit_add_resource` /
//! `kunit_add_named_resource` → [`Kunit::alloc_resource`] / [`Kunit::alloc_and_get_resource`]
//! / [`Kunit::add_resource`] / [`Kunit::add_named_resource`]; `kunit_find_resource(test,
//! match, data)` → [`Kunit::find_resource`] with a closure; `kunit_put_resource` →
//! [`kunit_put_resource`] (or dropping the [`Resource`]); `kunit_remove_resource` /
//! `kunit_destroy_resource` / `kunit_destroy_named_resource` → [`Kunit::remove_resource`] /
//! [`Kunit::destroy_resource`] / [`Kunit::destroy_named_resource`]; `kunit_kmalloc_array`,
//! `kunit_kmalloc`, `kunit_kzalloc`, `kunit_kcalloc`, `kunit_kstrdup`, `kunit_kfree` →
//! [`Kunit::kmalloc_array`] … [`Kunit::kfree`]; `kunit_cleanup` → [`Kunit::cleanup`].

use crate::internal::resource_stack::{new_data, Allocation, Release, Resources};
use crate::Kunit;
use std::any::Any;

pub use crate::internal::resource_stack::{
    kunit_put_resource, ActionHandle, Resource, ResourceData, EEXIST, ENOENT,
};

impl Kunit {
    fn resources(&self) -> std::sync::MutexGuard<'_, Resources> {
        self.shared
            .resources
            .lock()
            .unwrap_or_else(|e| e.into_inner())
    }

    fn push(&self, res: Resource) -> Resource {
        self.resources().stack.push(res.clone());
        res
    }

    /// `kunit_add_action()`: run `action` when the case ends (LIFO with other resources).
    pub fn add_action(&mut self, action: impl FnOnce() + Send + 'static) -> ActionHandle {
        let release = Release::Action(Box::new(action));
        let res = self.push(Resource::new::<()>(None, None, None, release));
        ActionHandle(res.id())
    }

    /// `kunit_add_action_or_reset()`: like `add_action`; registration cannot fail here
    /// (allocation failure aborts the process), so this always returns `Ok`.
    pub fn add_action_or_reset(
        &mut self,
        action: impl FnOnce() + Send + 'static,
    ) -> Result<ActionHandle, i32> {
        Ok(self.add_action(action))
    }

    /// `kunit_remove_action()`: cancel a deferred action without running it.
    pub fn remove_action(&mut self, handle: ActionHandle) {
        let res = self.resources().take(handle.0);
        if let Some(res) = res {
            drop(res.take_action());
        }
    }

    /// `kunit_release_action()`: run a deferred action now and forget it.
    pub fn release_action(&mut self, handle: ActionHandle) {
        let res = self.resources().take(handle.0);
        drop(res);
    }

    /// `kunit_add_resource(test, NULL, free, res, data)`: `data` becomes a resource of the
    /// test; `free` (if any) is called with it when the last reference goes — at the latest
    /// when the case ends. Returns a reference to it.
    pub fn add_resource<T: Any + Send>(&mut self, data: T, free: Option<fn(&mut T)>) -> Resource {
        self.push(new_data(None, data, free))
    }

    /// `kunit_alloc_and_get_resource()`: `init(test, context)` makes the data (`Err(errno)`
    /// adds nothing and returns `None`; it may add resources of its own, which then come
    /// before this one and are freed after it), `free` releases it. Returns a reference; the
    /// test holds another until it ends.
    pub fn alloc_and_get_resource<T: Any + Send, C>(
        &mut self,
        init: impl FnOnce(&mut Kunit, C) -> Result<T, i32>,
        free: Option<fn(&mut T)>,
        context: C,
    ) -> Option<Resource> {
        let data = init(self, context).ok()?;
        Some(self.add_resource(data, free))
    }

    /// `kunit_alloc_resource()`: like [`Kunit::alloc_and_get_resource`] but returns the
    /// data's address (`res->data`) and keeps no reference: the test owns it until it ends.
    pub fn alloc_resource<T: Any + Send, C>(
        &mut self,
        init: impl FnOnce(&mut Kunit, C) -> Result<T, i32>,
        free: Option<fn(&mut T)>,
        context: C,
    ) -> Option<*mut T> {
        self.alloc_and_get_resource(init, free, context)
            .map(|r| r.data_ptr() as *mut T)
    }

    /// `kunit_add_named_resource()`: stores `value` under `name`; it is dropped (LIFO with
    /// the other resources) when the case ends. `None` (the kernel's `-EEXIST`) if the test
    /// already has a resource with that name.
    pub fn add_named_resource<T: Any + Send>(&mut self, name: &str, value: T) -> Option<Resource> {
        let mut resources = self.resources();
        if resources.stack.iter().any(|r| r.name() == Some(name)) {
            return None;
        }
        let res = new_data(Some(name.to_owned()), value, None);
        resources.stack.push(res.clone());
        Some(res)
    }

    /// `kunit_find_resource(test, match, match_data)`: the newest resource `matches` accepts,
    /// with a reference taken (drop it, or [`kunit_put_resource`], when done).
    pub fn find_resource(&self, mut matches: impl FnMut(&Resource) -> bool) -> Option<Resource> {
        self.resources()
            .stack
            .iter()
            .rev()
            .find(|r| matches(r))
            .cloned()
    }

    /// `kunit_find_named_resource()` for its data: the newest resource named `name`, if its
    /// data is a `T`.
    pub fn find_named_resource<T: Any + Send>(&mut self, name: &str) -> Option<ResourceData<T>> {
        self.find_resource(|r| r.name() == Some(name))?.data::<T>()
    }

    /// `kunit_remove_resource()`: takes `res` off the test's stack and drops the stack's
    /// reference (freeing it if that was the last). Removing it again does nothing.
    pub fn remove_resource(&mut self, res: &Resource) {
        let removed = self.resources().take(res.id());
        drop(removed);
    }

    /// `kunit_destroy_resource(test, match, match_data)`: finds, removes and puts the newest
    /// matching resource. `Err(-ENOENT)` if none matches.
    pub fn destroy_resource(&mut self, matches: impl FnMut(&Resource) -> bool) -> Result<(), i32> {
        let res = self.find_resource(matches).ok_or(ENOENT)?;
        self.remove_resource(&res);
        Ok(())
    }

    /// `kunit_destroy_named_resource()`: frees the newest resource named `name` now.
    pub fn destroy_named_resource(&mut self, name: &str) -> Result<(), i32> {
        self.destroy_resource(|r| r.name() == Some(name))
    }

    /// `kunit_cleanup()`: releases every resource now, newest first (the executor does this
    /// when the case ends).
    pub fn cleanup(&mut self) {
        self.shared.run_cleanup(false);
    }

    /// Whether the test has no resources (`list_empty(&test->resources)`).
    pub fn resources_empty(&self) -> bool {
        self.resources().stack.is_empty()
    }

    /// `kunit_kmalloc_array()`: `n * size` bytes owned by the test, freed when the case ends
    /// or by [`Kunit::kfree`]; null when the size overflows. Like the kernel's, it hands out a
    /// raw pointer (for FFI and for code that keeps the pointer across calls), aligned as
    /// `kmalloc` memory is (16 bytes here). The memory is zeroed (Rust has no use for
    /// uninitialised bytes behind a pointer it hands out).
    pub fn kmalloc_array(&mut self, n: usize, size: usize) -> *mut u8 {
        match n.checked_mul(size) {
            Some(len) => self.kzalloc(len),
            None => std::ptr::null_mut(),
        }
    }

    /// `kunit_kmalloc()`: see [`Kunit::kmalloc_array`].
    pub fn kmalloc(&mut self, size: usize) -> *mut u8 {
        self.kzalloc(size)
    }

    /// `kunit_kcalloc()`: a zeroed array of `n` elements of `size` bytes; null on overflow.
    pub fn kcalloc(&mut self, n: usize, size: usize) -> *mut u8 {
        self.kmalloc_array(n, size)
    }

    /// `kunit_kzalloc()`: a zeroed buffer owned by the test, freed when the case ends. Rust
    /// code that only needs a scratch buffer can use a `Vec`: unwinding from an assertion
    /// drops it anyway.
    pub fn kzalloc(&mut self, len: usize) -> *mut u8 {
        // u128 words give kmalloc's alignment; at least one, so every buffer is distinct.
        let mut words = vec![0u128; len.div_ceil(16).max(1)];
        let ptr = words.as_mut_ptr() as *mut u8;
        let allocation = Allocation(words);
        self.push(Resource::new(
            None,
            Some(allocation),
            Some(ptr as usize),
            Release::None,
        ));
        ptr
    }

    /// `kunit_kstrdup()`: a NUL-terminated copy of `s` owned by the test.
    pub fn kstrdup(&mut self, s: impl AsRef<[u8]>) -> *mut std::ffi::c_char {
        let s = s.as_ref();
        let p = self.kzalloc(s.len() + 1);
        // SAFETY: `p` points at `s.len() + 1` fresh zeroed bytes; the copy leaves the NUL.
        unsafe { std::ptr::copy_nonoverlapping(s.as_ptr(), p, s.len()) };
        p.cast()
    }

    /// `kunit_kfree()`: frees memory from the `k*alloc` family now. A null pointer, or one
    /// the test did not allocate, is ignored (as the kernel's `kunit_release_action` does).
    pub fn kfree(&mut self, ptr: *const u8) {
        if ptr.is_null() {
            return;
        }
        let addr = ptr as *mut ();
        let res = self.find_resource(|r| r.is::<Allocation>() && r.data_ptr() == addr);
        if let Some(res) = res {
            self.remove_resource(&res);
        }
    }
}
