//! Per-case timeouts without a thread per case.
//!
//! One watchdog thread serves the whole process. Each driver thread owns a slot; arming it
//! stores a deadline and a token, disarming clears it — one uncontended lock each, no
//! allocation and no wake-up. The watchdog sleeps until the earliest deadline (at most a
//! second at a time) and, when one passes, calls the slot's expiry callback on the watchdog
//! thread. The executor's callback hands the rest of the suite to a fresh driver thread and
//! abandons the hung one (a thread cannot be killed; KUnit leaks its kthread the same way).

use std::cell::Cell;
use std::sync::{Arc, Condvar, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// Called with (suite index, token) when an armed deadline passes.
pub(crate) type OnExpire = Arc<dyn Fn(usize, u64) + Send + Sync>;

struct Entry {
    armed: Option<(Instant, usize, u64)>,
    on_expire: OnExpire,
}

struct Table {
    /// One entry per live driver; `None` marks a free place.
    entries: Vec<Option<Entry>>,
    /// When the watchdog will next look at the table.
    next_wake: Instant,
}

struct Watchdog {
    table: Mutex<Table>,
    wake: Condvar,
}

/// The longest the watchdog sleeps before looking again.
const MAX_SLEEP: Duration = Duration::from_secs(1);

fn watchdog() -> &'static Watchdog {
    static WD: OnceLock<&'static Watchdog> = OnceLock::new();
    WD.get_or_init(|| {
        let wd: &'static Watchdog = Box::leak(Box::new(Watchdog {
            table: Mutex::new(Table {
                entries: Vec::new(),
                next_wake: Instant::now(),
            }),
            wake: Condvar::new(),
        }));
        std::thread::Builder::new()
            .name("kunit-watchdog".into())
            .spawn(move || wd.run())
            .expect("kunit: cannot start the watchdog thread");
        wd
    })
}

impl Watchdog {
    fn lock(&self) -> std::sync::MutexGuard<'_, Table> {
        self.table.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn run(&self) {
        let mut table = self.lock();
        loop {
            let now = Instant::now();
            let expired = table
                .entries
                .iter_mut()
                .flatten()
                .find_map(|e| match e.armed {
                    Some((deadline, suite, token)) if deadline <= now => {
                        e.armed = None;
                        Some((e.on_expire.clone(), suite, token))
                    }
                    _ => None,
                });
            if let Some((on_expire, suite, token)) = expired {
                drop(table);
                on_expire(suite, token);
                table = self.lock();
                continue;
            }
            let earliest = table
                .entries
                .iter()
                .flatten()
                .filter_map(|e| e.armed.map(|a| a.0))
                .min();
            let wake = earliest.unwrap_or(now + MAX_SLEEP).min(now + MAX_SLEEP);
            table.next_wake = wake;
            table = self
                .wake
                .wait_timeout(table, wake - now)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
    }
}

/// A driver's place in the watchdog's table (thread-local to the driver).
pub(crate) struct Slot(Cell<Option<usize>>);

impl Slot {
    pub(crate) const fn unset() -> Self {
        Slot(Cell::new(None))
    }

    /// Registers this thread's slot with its expiry callback.
    pub(crate) fn register(&self, on_expire: OnExpire) {
        let mut table = watchdog().lock();
        let entry = Some(Entry {
            armed: None,
            on_expire,
        });
        let index = match table.entries.iter().position(Option::is_none) {
            Some(free) => {
                table.entries[free] = entry;
                free
            }
            None => {
                table.entries.push(entry);
                table.entries.len() - 1
            }
        };
        self.0.set(Some(index));
    }

    /// Frees this thread's slot (the driver is done).
    pub(crate) fn unregister(&self) {
        if let Some(index) = self.0.take() {
            watchdog().lock().entries[index] = None;
        }
    }

    /// Calls the expiry callback with (`suite`, `token`) if `timeout` passes before `disarm`.
    pub(crate) fn arm(&self, timeout: Duration, suite: usize, token: u64) {
        let Some(index) = self.0.get() else { return };
        let wd = watchdog();
        let now = Instant::now();
        let deadline = now
            .checked_add(timeout)
            .unwrap_or(now + Duration::from_secs(1 << 32));
        let mut table = wd.lock();
        if let Some(e) = table.entries[index].as_mut() {
            e.armed = Some((deadline, suite, token));
        }
        if deadline < table.next_wake {
            wd.wake.notify_one();
        }
    }

    /// Cancels the deadline; false if it already expired.
    pub(crate) fn disarm(&self) -> bool {
        let Some(index) = self.0.get() else {
            return true;
        };
        watchdog().lock().entries[index]
            .as_mut()
            .is_some_and(|e| e.armed.take().is_some())
    }
}
