//! A thread serving another CPU's interrupts: inside `serve_softirq()` the thread is in
//! softirq context (serving, irqs on), inside `serve_hardirq()` in hardirq context with
//! irqs off; `might_sleep()` there is recorded with that context; the thread is back in
//! task context afterwards.

use kunit::prelude::*;
use run_in_irq::{
    in_hardirq, in_interrupt, in_serving_softirq, in_softirq, in_task, irqs_disabled, might_sleep,
    serve_hardirq, serve_softirq, take_violations, Context, Violation,
};

fn test_serve_softirq_is_softirq_context(test: &mut Kunit) {
    let _ = take_violations();
    let seen = std::thread::spawn(|| {
        let inside = serve_softirq(|| {
            might_sleep();
            (
                in_softirq(),
                in_serving_softirq(),
                in_hardirq(),
                irqs_disabled(),
                in_task(),
            )
        });
        (inside, in_task(), in_interrupt(), take_violations())
    })
    .join()
    .expect("the thread ran");
    let ((softirq, serving, hardirq, masked, task), after_task, after_irq, v) = seen;
    kunit_expect_true!(test, softirq);
    kunit_expect_true!(test, serving);
    kunit_expect_false!(test, hardirq);
    kunit_expect_false!(test, masked);
    kunit_expect_false!(test, task);
    kunit_expect_true!(test, after_task);
    kunit_expect_false!(test, after_irq);
    kunit_assert_eq!(test, v.len(), 1);
    kunit_expect_eq!(test, v[0].kind, Violation::SleepInAtomic);
    kunit_expect_eq!(test, v[0].context, Context::Softirq);
}

fn test_serve_hardirq_is_hardirq_context_with_irqs_off(test: &mut Kunit) {
    let seen = std::thread::spawn(|| {
        let inside = serve_hardirq(|| {
            might_sleep();
            (
                in_hardirq(),
                irqs_disabled(),
                in_serving_softirq(),
                in_task(),
            )
        });
        (inside, in_task(), irqs_disabled(), take_violations())
    })
    .join()
    .expect("the thread ran");
    let ((hardirq, masked, serving, task), after_task, after_masked, v) = seen;
    kunit_expect_true!(test, hardirq);
    kunit_expect_true!(test, masked);
    kunit_expect_false!(test, serving);
    kunit_expect_false!(test, task);
    kunit_expect_true!(test, after_task);
    kunit_expect_false!(test, after_masked);
    kunit_assert_eq!(test, v.len(), 1);
    kunit_expect_eq!(test, v[0].context, Context::Hardirq);
    kunit_expect_true!(test, v[0].irqs_disabled);
}

static CASES: &[Case] = &[
    kunit_case!(test_serve_softirq_is_softirq_context),
    kunit_case!(test_serve_hardirq_is_hardirq_context_with_irqs_off),
];

kunit_test_suite!(Suite::new("run_in_irq_irq_thread", CASES));
