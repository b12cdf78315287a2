//! Deferred actions and resources (include/kunit/resource.h).
//!
//! Actions and test-owned data form one stack that is unwound last-in-first-out when the case
//! ends, however it ends, after the suite's `exit` — as `kunit_cleanup()` does.
//!
//! The stack lives in the test's shared state so that a timed-out case can still be cleaned
//! up from another thread. On that path actions run, but data the case may still be using
//! (buffers, named resources) is leaked rather than freed under the hung thread's feet.

use crate::Kunit;
use std::any::Any;

type Action = Box<dyn FnOnce() + Send>;

/// A stack entry: an action to run, or data to drop.
pub(crate) enum Item {
    Action(Action),
    Data(Box<dyn Any + Send>),
}

struct Entry {
    id: u64,
    name: Option<String>,
    item: Item,
}

/// The per-test resource stack.
#[derive(Default)]
pub(crate) struct Resources {
    next_id: u64,
    stack: Vec<Entry>,
}

/// Identifies a deferred action or resource of one test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ActionHandle(u64);

impl Resources {
    fn push(&mut self, name: Option<String>, item: Item) -> ActionHandle {
        self.next_id += 1;
        self.stack.push(Entry {
            id: self.next_id,
            name,
            item,
        });
        ActionHandle(self.next_id)
    }

    /// Takes the top entry, for the unwinding at the end of the case.
    pub(crate) fn pop(&mut self) -> Option<Item> {
        self.stack.pop().map(|e| e.item)
    }

    fn take(&mut self, h: ActionHandle) -> Option<Entry> {
        let pos = self.stack.iter().rposition(|e| e.id == h.0)?;
        Some(self.stack.remove(pos))
    }

    /// The newest data resource named `name`, if it is a `T`.
    fn named_ptr<T: Any>(&mut self, name: &str) -> Option<*mut T> {
        self.stack
            .iter_mut()
            .rev()
            .filter(|e| e.name.as_deref() == Some(name))
            .find_map(|e| match &mut e.item {
                Item::Data(d) => d.downcast_mut::<T>().map(|r| r as *mut T),
                Item::Action(_) => None,
            })
    }
}

impl Kunit {
    fn resources(&self) -> std::sync::MutexGuard<'_, Resources> {
        self.shared
            .resources
            .lock()
            .unwrap_or_else(|e| e.into_inner())
    }

    /// `kunit_add_action()`: run `action` when the case ends (LIFO with other resources).
    pub fn add_action(&mut self, action: impl FnOnce() + Send + 'static) -> ActionHandle {
        self.resources().push(None, Item::Action(Box::new(action)))
    }

    /// `kunit_add_action_or_reset()`: like `add_action`; registration cannot fail here
    /// (allocation failure aborts the process), so this always returns `Ok`.
    pub fn add_action_or_reset(
        &mut self,
        action: impl FnOnce() + Send + 'static,
    ) -> Result<ActionHandle, i32> {
        Ok(self.add_action(action))
    }

    /// `kunit_remove_action()`: cancel a deferred action (or free a resource) without running it.
    pub fn remove_action(&mut self, handle: ActionHandle) {
        let entry = self.resources().take(handle);
        drop(entry);
    }

    /// `kunit_release_action()`: run a deferred action now and forget it.
    pub fn release_action(&mut self, handle: ActionHandle) {
        let entry = self.resources().take(handle);
        if let Some(Entry {
            item: Item::Action(a),
            ..
        }) = entry
        {
            a();
        }
    }

    /// `kunit_kzalloc()`: a zeroed buffer owned by the test, freed when the case ends; like
    /// the kernel's, it hands out a raw pointer (for FFI and for code that keeps the pointer
    /// across calls). Rust code that only needs a scratch buffer can use a `Vec`: unwinding
    /// from an assertion drops it anyway.
    pub fn kzalloc(&mut self, len: usize) -> *mut u8 {
        let mut buf = Box::new(vec![0u8; len]);
        let ptr = buf.as_mut_ptr();
        self.resources().push(None, Item::Data(buf));
        ptr
    }

    /// `kunit_add_named_resource()`: stores `value` under `name`; it is dropped (LIFO with the
    /// other resources) when the case ends.
    pub fn add_named_resource<T: Any + Send>(&mut self, name: &str, value: T) -> ActionHandle {
        self.resources()
            .push(Some(name.to_owned()), Item::Data(Box::new(value)))
    }

    /// `kunit_find_named_resource()`.
    pub fn find_named_resource<T: Any + Send>(&mut self, name: &str) -> Option<&mut T> {
        let ptr = self.resources().named_ptr::<T>(name)?;
        // SAFETY: the value is boxed in the resource stack, so its address is stable. Entries
        // are freed only through `&mut self` methods, by cleanup after the case returned, or
        // never (leaked when the case timed out), so it outlives this borrow of `self`.
        Some(unsafe { &mut *ptr })
    }

    /// `kunit_destroy_resource()` by name: frees the newest resource with that name now.
    pub fn destroy_named_resource(&mut self, name: &str) -> bool {
        let mut res = self.resources();
        match res
            .stack
            .iter()
            .rposition(|e| e.name.as_deref() == Some(name))
        {
            Some(pos) => {
                let entry = res.stack.remove(pos);
                drop(res);
                drop(entry);
                true
            }
            None => false,
        }
    }
}
