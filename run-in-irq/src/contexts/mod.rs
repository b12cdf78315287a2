//! Layer 1, the context model: which kernel context a thread is in (`preempt_count`), the
//! rules code there must keep (`might_sleep`) and the lock-free record of the violations,
//! with where they happened (`stackscan` in the handler, `symbolize` afterwards). Nothing
//! here knows about signals or timers.

pub(crate) mod might_sleep;
pub(crate) mod preempt_count;
pub(crate) mod stackscan;
pub(crate) mod symbolize;
pub(crate) mod violations;
