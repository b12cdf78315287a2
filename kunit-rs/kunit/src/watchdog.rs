//! Per-case timeouts without a thread per case.
//!
//! One watchdog thread serves the whole process. Arming a case stores its deadline and an
//! expiry callback in a small table; the watchdog sleeps until the earliest deadline (at most
//! a second at a time), so arming and disarming cost two uncontended lock operations and no
//! wake-up. On expiry the callback runs on the watchdog thread; the executor's callback hands
//! the rest of the suite to a fresh driver thread and abandons the hung one (a thread cannot
//! be killed; KUnit leaks its kthread the same way).

use std::sync::{Condvar, Mutex, OnceLock};
use std::time::{Duration, Instant};

type OnExpire = Box<dyn FnOnce() + Send>;

struct Armed {
    token: u64,
    deadline: Instant,
    on_expire: OnExpire,
}

struct Table {
    next_token: u64,
    armed: Vec<Armed>,
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
                next_token: 0,
                armed: Vec::new(),
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
    fn run(&self) {
        let mut table = self.table.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            let now = Instant::now();
            if let Some(pos) = table.armed.iter().position(|a| a.deadline <= now) {
                let expired = table.armed.swap_remove(pos);
                drop(table);
                (expired.on_expire)();
                table = self.table.lock().unwrap_or_else(|e| e.into_inner());
                continue;
            }
            let earliest = table
                .armed
                .iter()
                .map(|a| a.deadline)
                .min()
                .unwrap_or(now + MAX_SLEEP);
            let wake = earliest.min(now + MAX_SLEEP);
            table.next_wake = wake;
            table = self
                .wake
                .wait_timeout(table, wake - now)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
    }
}

/// An armed deadline; disarm it when the guarded work finishes.
#[must_use]
pub(crate) struct Deadline(u64);

/// Calls `on_expire` on the watchdog thread if `timeout` passes before `disarm`.
pub(crate) fn arm(timeout: Duration, on_expire: OnExpire) -> Deadline {
    let wd = watchdog();
    let now = Instant::now();
    let deadline = now
        .checked_add(timeout)
        .unwrap_or(now + Duration::from_secs(1 << 32));
    let mut table = wd.table.lock().unwrap_or_else(|e| e.into_inner());
    table.next_token += 1;
    let token = table.next_token;
    table.armed.push(Armed {
        token,
        deadline,
        on_expire,
    });
    if deadline < table.next_wake {
        wd.wake.notify_one();
    }
    Deadline(token)
}

impl Deadline {
    /// Cancels the deadline; returns false if it already expired.
    pub(crate) fn disarm(self) -> bool {
        let wd = watchdog();
        let mut table = wd.table.lock().unwrap_or_else(|e| e.into_inner());
        match table.armed.iter().position(|a| a.token == self.0) {
            Some(pos) => {
                let armed = table.armed.swap_remove(pos);
                drop(table);
                drop(armed);
                true
            }
            None => false,
        }
    }
}
