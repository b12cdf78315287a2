//! The resource stack a test holds (`test->resources`) and its entries
//! (`struct kunit_resource`), below the test handle; the API is in [`crate::resource`].

use std::any::{Any, TypeId};
use std::fmt;
use std::ops::{Deref, DerefMut};
use std::ptr::NonNull;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

/// `-EEXIST`.
pub const EEXIST: i32 = -17;
/// `-ENOENT`.
pub const ENOENT: i32 = -2;

pub(crate) type Action = Box<dyn FnOnce() + Send>;
type Free = Box<dyn FnOnce(&mut (dyn Any + Send)) + Send>;

/// What happens when the resource goes away.
pub(crate) enum Release {
    None,
    /// A deferred action (`kunit_add_action`).
    Action(Action),
    /// `kunit_resource_free_t`, called with the data.
    Free(Free),
}

struct Inner {
    id: u64,
    name: Option<String>,
    /// The data's type, so matching never touches data someone may be borrowing.
    type_id: Option<TypeId>,
    /// The data, owned through the pointer `Box::leak` gave (freed in `Drop`).
    data: Option<NonNull<dyn Any + Send>>,
    /// Exclusive access to `data` (see [`ResourceData`]).
    borrowed: AtomicBool,
    /// The address the resource stands for (`res->data`): its data, or a buffer it owns.
    addr: usize,
    release: Mutex<Release>,
}

// SAFETY: `data` is owned by this struct and its pointee is `Send`; it is dereferenced only
// by the holder of the `borrowed` flag (a `ResourceData`) or by `Drop`, which has exclusive
// access. `release` is behind a mutex.
unsafe impl Send for Inner {}
// SAFETY: as above: shared access never touches `data` without the `borrowed` flag.
unsafe impl Sync for Inner {}

impl Drop for Inner {
    fn drop(&mut self) {
        let release = std::mem::replace(
            self.release.get_mut().unwrap_or_else(|e| e.into_inner()),
            Release::None,
        );
        // SAFETY: the pointer came from `Box::leak` in `Resource::new`; with `&mut self` no
        // `ResourceData` exists (each holds a reference), so this is the only access.
        let data = self.data.map(|d| unsafe { Box::from_raw(d.as_ptr()) });
        match (release, data) {
            (Release::Action(action), _) => action(),
            (Release::Free(free), Some(mut d)) => free(&mut *d),
            _ => {}
        }
    }
}

/// `struct kunit_resource *` with a reference held: data owned by a test (or a deferred
/// action), freed when the test ends or its last reference goes. Cloning takes a reference
/// (`kunit_get_resource`), dropping puts one (`kunit_put_resource`).
#[derive(Clone)]
pub struct Resource(Arc<Inner>);

impl fmt::Debug for Resource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Resource")
            .field("name", &self.0.name)
            .field("data", &self.data_ptr())
            .finish()
    }
}

impl PartialEq for Resource {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for Resource {}

static NEXT_ID: AtomicU64 = AtomicU64::new(1);

impl Resource {
    pub(crate) fn new<T: Any + Send>(
        name: Option<String>,
        data: Option<T>,
        addr: Option<usize>,
        release: Release,
    ) -> Self {
        let type_id = data.as_ref().map(|_| TypeId::of::<T>());
        let data = data.map(|d| {
            let boxed: Box<dyn Any + Send> = Box::new(d);
            NonNull::from(Box::leak(boxed))
        });
        let data_addr = data.map_or(0, |d| d.as_ptr() as *const () as usize);
        Resource(Arc::new(Inner {
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            name,
            type_id,
            data,
            borrowed: AtomicBool::new(false),
            addr: addr.unwrap_or(data_addr),
            release: Mutex::new(release),
        }))
    }

    /// Identifies the resource within the process.
    pub(crate) fn id(&self) -> u64 {
        self.0.id
    }

    /// The resource's name (`res->name`), if it was added with one.
    pub fn name(&self) -> Option<&str> {
        self.0.name.as_deref()
    }

    /// The address the resource stands for (`res->data`): its data, the buffer of a
    /// `k*alloc` allocation, null for an action.
    pub fn data_ptr(&self) -> *mut () {
        self.0.addr as *mut ()
    }

    /// Whether the data is a `T`.
    pub fn is<T: Any>(&self) -> bool {
        self.0.type_id == Some(TypeId::of::<T>())
    }

    /// Whether this is a deferred action (`kunit_add_action`) not yet run or cancelled.
    pub fn is_action(&self) -> bool {
        matches!(*self.release(), Release::Action(_))
    }

    fn release(&self) -> MutexGuard<'_, Release> {
        self.0.release.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Exclusive access to the data, if it is a `T`. Panics if it is already borrowed (the
    /// kernel has no such check; two live borrows would alias).
    pub fn data<T: Any>(&self) -> Option<ResourceData<T>> {
        let data = self.0.data.filter(|_| self.is::<T>())?;
        if self.0.borrowed.swap(true, Ordering::Acquire) {
            panic!("kunit: the data of a resource is already borrowed");
        }
        Some(ResourceData {
            res: self.0.clone(),
            ptr: data.as_ptr() as *mut T,
        })
    }

    /// `kunit_put_resource()`: drops this reference.
    pub fn put(self) {}

    /// This reference as a raw pointer, for foreign code that holds references to the
    /// resource (`kunit-c`'s `struct kunit_resource`); [`Resource::from_raw`] takes it back.
    pub fn into_raw(self) -> *const () {
        Arc::into_raw(self.0).cast()
    }

    /// The reference [`Resource::into_raw`] gave out.
    ///
    /// # Safety
    /// `ptr` came from [`Resource::into_raw`], and that reference is taken back only once.
    pub unsafe fn from_raw(ptr: *const ()) -> Resource {
        // SAFETY: the caller's contract: an `Arc<Inner>` pointer with a count it owns.
        Resource(unsafe { Arc::from_raw(ptr.cast::<Inner>()) })
    }

    /// Takes the action out (it will not run when the resource goes).
    pub(crate) fn take_action(&self) -> Option<Action> {
        let mut release = self.release();
        match std::mem::replace(&mut *release, Release::None) {
            Release::Action(a) => Some(a),
            other => {
                *release = other;
                None
            }
        }
    }
}

/// `kunit_put_resource(res)`: drops a reference to a resource; the last one frees it.
pub fn kunit_put_resource(res: Resource) {
    drop(res);
}

/// Exclusive access to a resource's data (holds a reference to the resource).
pub struct ResourceData<T> {
    res: Arc<Inner>,
    ptr: *mut T,
}

impl<T> Deref for ResourceData<T> {
    type Target = T;
    fn deref(&self) -> &T {
        // SAFETY: `ptr` is the boxed data of `res`, kept alive by the reference we hold, and
        // the `borrowed` flag makes this the only access.
        unsafe { &*self.ptr }
    }
}

impl<T> DerefMut for ResourceData<T> {
    fn deref_mut(&mut self) -> &mut T {
        // SAFETY: as in `deref`.
        unsafe { &mut *self.ptr }
    }
}

impl<T> Drop for ResourceData<T> {
    fn drop(&mut self) {
        self.res.borrowed.store(false, Ordering::Release);
    }
}

/// Identifies a deferred action of one test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ActionHandle(pub(crate) u64);

/// The per-test resource stack (`test->resources`).
#[derive(Default)]
pub(crate) struct Resources {
    pub(crate) stack: Vec<Resource>,
}

impl Resources {
    /// Takes the top entry, for the unwinding at the end of the case.
    pub(crate) fn pop(&mut self) -> Option<Resource> {
        self.stack.pop()
    }

    pub(crate) fn take(&mut self, id: u64) -> Option<Resource> {
        let pos = self.stack.iter().rposition(|r| r.0.id == id)?;
        Some(self.stack.remove(pos))
    }
}

/// How the cleanup treats an entry taken off the stack: `leak_data` runs an action but
/// leaks data (the case's thread may still use it).
pub(crate) fn release(res: Resource, leak_data: bool) {
    if !leak_data {
        return drop(res);
    }
    match res.take_action() {
        Some(action) => action(),
        None => std::mem::forget(res),
    }
}

/// Memory from the `k*alloc` family (the resource's address is the buffer's).
pub(crate) struct Allocation(#[allow(dead_code)] pub(crate) Vec<u128>);

pub(crate) fn new_data<T: Any + Send>(
    name: Option<String>,
    data: T,
    free: Option<fn(&mut T)>,
) -> Resource {
    let release = match free {
        Some(free) => Release::Free(Box::new(move |d: &mut (dyn Any + Send)| {
            if let Some(d) = d.downcast_mut::<T>() {
                free(d);
            }
        })),
        None => Release::None,
    };
    Resource::new(name, Some(data), None, release)
}
