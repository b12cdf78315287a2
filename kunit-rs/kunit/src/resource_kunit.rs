//! Self-tests of deferred actions and resources: LIFO on every way a case can end.

use crate::support::{run, suite_ktap};
use kunit::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::Mutex;
use std::time::Duration;

static ORDER: Mutex<Vec<String>> = Mutex::new(Vec::new());

fn push_actions(t: &mut Kunit, tag: &'static str) {
    for i in 1..=3 {
        t.add_action(move || ORDER.lock().unwrap().push(format!("{tag}{i}")));
    }
}
fn ends_pass(t: &mut Kunit) {
    push_actions(t, "pass");
}
fn ends_fail(t: &mut Kunit) {
    push_actions(t, "fail");
    kunit_expect_eq!(t, 1, 0);
}
fn ends_abort(t: &mut Kunit) {
    push_actions(t, "abort");
    kunit_assert_eq!(t, 1, 0);
}
fn ends_skip(t: &mut Kunit) {
    push_actions(t, "skip");
    kunit_skip!(t, "skipped");
}
fn ends_panic(t: &mut Kunit) {
    push_actions(t, "panic");
    panic!("boom");
}
static RELEASE: AtomicBool = AtomicBool::new(false);
fn ends_timeout(t: &mut Kunit) {
    push_actions(t, "timeout");
    while !RELEASE.load(Relaxed) {
        std::thread::sleep(Duration::from_millis(5));
    }
}
static ENDINGS_CASES: &[Case] = &[
    kunit_case!(ends_pass),
    kunit_case!(ends_fail),
    kunit_case!(ends_abort),
    kunit_case!(ends_skip),
    kunit_case!(ends_panic),
    Case {
        name: "ends_timeout",
        run_case: ends_timeout,
        attr: Attributes {
            timeout: Some(Duration::from_millis(200)),
            ..Attributes::DEFAULT
        },
        ..Case::DEFAULT
    },
];
static ENDINGS: Suite = Suite::new("endings", ENDINGS_CASES);

fn test_actions_lifo_on_every_ending(test: &mut Kunit) {
    ORDER.lock().unwrap().clear();
    let (_, report) = run(&[&ENDINGS]);
    RELEASE.store(true, Relaxed);
    let order = std::mem::take(&mut *ORDER.lock().unwrap());
    let want: Vec<String> = ["pass", "fail", "abort", "skip", "panic", "timeout"]
        .iter()
        .flat_map(|tag| (1..=3).rev().map(move |i| format!("{tag}{i}")))
        .collect();
    kunit_expect_eq!(test, order, want);
    let statuses: Vec<Status> = report.suites[0].cases.iter().map(|c| c.status).collect();
    use Status::*;
    kunit_expect_eq!(
        test,
        statuses,
        vec![Success, Failure, Failure, Skipped, Failure, Failure]
    );
}

static LOG: Mutex<Vec<&'static str>> = Mutex::new(Vec::new());
fn remove_and_release(t: &mut Kunit) {
    let kept = t.add_action(|| LOG.lock().unwrap().push("kept"));
    let removed = t.add_action(|| LOG.lock().unwrap().push("removed"));
    let released = t.add_action(|| LOG.lock().unwrap().push("released"));
    t.remove_action(removed);
    t.release_action(released);
    kunit_expect_eq!(t, *LOG.lock().unwrap(), vec!["released"]);
    let _ = kept;
}
fn named_and_buffers(t: &mut Kunit) {
    t.add_named_resource("counter", 41u32);
    *t.find_named_resource::<u32>("counter").unwrap() += 1;
    kunit_expect_eq!(t, *t.find_named_resource::<u32>("counter").unwrap(), 42);
    kunit_expect_true!(t, t.find_named_resource::<String>("counter").is_none());
    kunit_expect_eq!(t, t.destroy_named_resource("counter"), Ok(()));
    kunit_expect_true!(t, t.find_named_resource::<u32>("counter").is_none());
    let p = t.kzalloc(64);
    // SAFETY: kzalloc returned 64 zeroed bytes that live until the case ends.
    let buf = unsafe { std::slice::from_raw_parts_mut(p, 64) };
    kunit_expect_true!(t, buf.iter().all(|&b| b == 0));
    buf[63] = 1;
}
static MISC_CASES: &[Case] = &[
    kunit_case!(remove_and_release),
    kunit_case!(named_and_buffers),
];
static MISC: Suite = Suite::new("misc", MISC_CASES);

fn test_remove_release_named(test: &mut Kunit) {
    LOG.lock().unwrap().clear();
    let got = suite_ktap(&MISC);
    kunit_expect_true!(test, got.ends_with("    ok 1 remove_and_release\n    ok 2 named_and_buffers\n# misc: pass:2 fail:0 skip:0 total:2\n# Totals: pass:2 fail:0 skip:0 total:2\nok 1 misc\n"));
    kunit_expect_eq!(test, *LOG.lock().unwrap(), vec!["released", "kept"]);
}

/// The number of resources the test holds.
fn resource_count(test: &Kunit) -> usize {
    let mut n = 0;
    test.find_resource(|_| {
        n += 1;
        false
    });
    n
}

fn test_kmalloc_family(test: &mut Kunit) {
    kunit_expect_true!(test, test.kmalloc_array(usize::MAX, 2).is_null());
    kunit_expect_true!(test, test.kcalloc(2, usize::MAX).is_null());
    kunit_expect_eq!(test, resource_count(test), 0);

    let words = test.kcalloc(4, std::mem::size_of::<u32>()) as *mut u32;
    kunit_expect_eq!(test, words as usize % 16, 0);
    // SAFETY: kcalloc returned 4 zeroed, aligned u32s that live until kfree or the case end.
    let slice = unsafe { std::slice::from_raw_parts_mut(words, 4) };
    kunit_expect_eq!(test, &*slice, &[0u32; 4][..]);
    slice[3] = 7;

    let copy = test.kstrdup("kunit");
    // SAFETY: kstrdup returned a NUL-terminated copy that lives until kfree or the case end.
    let copied = unsafe { std::ffi::CStr::from_ptr(copy) };
    kunit_expect_eq!(test, copied.to_bytes_with_nul(), b"kunit\0");
    kunit_expect_eq!(test, resource_count(test), 2);

    // kfree releases at once; null and foreign pointers are ignored.
    test.kfree(words as *const u8);
    kunit_expect_eq!(test, resource_count(test), 1);
    test.kfree(std::ptr::null());
    let foreign = 5u8;
    test.kfree(&foreign);
    kunit_expect_eq!(test, resource_count(test), 1);
    test.kfree(copy as *const u8);
    kunit_expect_true!(test, test.resources_empty());
}

static CASES: &[Case] = &[
    kunit_case!(test_actions_lifo_on_every_ending),
    kunit_case!(test_remove_release_named),
    kunit_case!(test_kmalloc_family),
];
kunit_test_suite!(Suite::new("kunit_resource", CASES));

// lib/kunit/kunit-test.c's resource and action tests, rewritten (suite `kunit-resource-test`,
// case names kept). As there, each case works on a fake test kept in the case's private data.

use std::sync::atomic::{AtomicBool as Flag, AtomicUsize};
use std::sync::Arc;

/// `struct kunit_test_resource_context` without the fake test.
#[derive(Default)]
struct ResourceState {
    is_resource_initialized: Flag,
    allocate_order: Mutex<Vec<i32>>,
    free_order: Mutex<Vec<i32>>,
}

/// `struct kunit_test_resource_context`.
struct ResourceContext {
    test: Kunit,
    state: Arc<ResourceState>,
}

fn fake_resource_init(_: &mut Kunit, state: Arc<ResourceState>) -> Result<Arc<ResourceState>, i32> {
    state.is_resource_initialized.store(true, Relaxed);
    Ok(state)
}

fn fake_resource_free(state: &mut Arc<ResourceState>) {
    state.is_resource_initialized.store(false, Relaxed);
}

/// `kunit_alloc_and_get_resource(&ctx->test, fake_resource_init, fake_resource_free, …)`.
fn alloc_fake(ctx: &mut ResourceContext) -> Option<kunit::resource::Resource> {
    let state = ctx.state.clone();
    ctx.test
        .alloc_and_get_resource(fake_resource_init, Some(fake_resource_free), state)
}

fn initialized(ctx: &ResourceContext) -> bool {
    ctx.state.is_resource_initialized.load(Relaxed)
}

fn kunit_resource_test_init_resources(test: &mut Kunit) {
    let (ctx, t) = test.priv_and_handle::<ResourceContext>();
    ctx.test = Kunit::init_test("testing_test_init_test");
    kunit_expect_true!(t, ctx.test.resources_empty());
}

fn kunit_resource_test_alloc_resource(test: &mut Kunit) {
    let (ctx, t) = test.priv_and_handle::<ResourceContext>();
    let res = alloc_fake(ctx);
    kunit_assert_true!(t, res.is_some());
    let res = res.unwrap();
    let data_is_state = res
        .data::<Arc<ResourceState>>()
        .is_some_and(|d| Arc::ptr_eq(&d, &ctx.state));
    kunit_expect_true!(t, data_is_state);
    // list_is_last(): the newest resource of the fake test.
    kunit_expect_true!(t, ctx.test.find_resource(|_| true) == Some(res.clone()));
    kunit::resource::kunit_put_resource(res);
}

fn kunit_resource_test_destroy_resource(test: &mut Kunit) {
    let (ctx, t) = test.priv_and_handle::<ResourceContext>();
    let res = alloc_fake(ctx);
    kunit_assert_true!(t, res.is_some());
    let data = res.as_ref().map(|r| r.data_ptr());
    drop(res);
    kunit_assert_eq!(
        t,
        ctx.test.destroy_resource(|r| Some(r.data_ptr()) == data),
        Ok(())
    );
    kunit_expect_false!(t, initialized(ctx));
    kunit_expect_true!(t, ctx.test.resources_empty());
}

fn kunit_resource_test_remove_resource(test: &mut Kunit) {
    let (ctx, t) = test.priv_and_handle::<ResourceContext>();
    let res = alloc_fake(ctx);
    kunit_assert_true!(t, res.is_some());
    let res = res.unwrap();
    // The resource is in the list.
    kunit_expect_false!(t, ctx.test.resources_empty());
    // Removed, it cannot be found, but our reference keeps it alive.
    ctx.test.remove_resource(&res);
    kunit_expect_true!(t, ctx.test.resources_empty());
    kunit_expect_true!(t, initialized(ctx));
    // Removing it again is valid and frees nothing.
    ctx.test.remove_resource(&res);
    kunit_expect_true!(t, ctx.test.resources_empty());
    kunit_expect_true!(t, initialized(ctx));
    // Putting the last reference frees it.
    kunit::resource::kunit_put_resource(res);
    kunit_expect_false!(t, initialized(ctx));
}

fn kunit_resource_test_cleanup_resources(test: &mut Kunit) {
    let (ctx, t) = test.priv_and_handle::<ResourceContext>();
    for _ in 0..5 {
        let res = alloc_fake(ctx);
        kunit_expect_true!(t, res.is_some());
    }
    ctx.test.cleanup();
    kunit_expect_true!(t, ctx.test.resources_empty());
}

fn mark_order(order: &Mutex<Vec<i32>>, key: i32) {
    order.lock().unwrap().push(key);
}

fn fake_resource_2_init(
    _: &mut Kunit,
    state: Arc<ResourceState>,
) -> Result<Arc<ResourceState>, i32> {
    mark_order(&state.allocate_order, 2);
    Ok(state)
}

fn fake_resource_2_free(state: &mut Arc<ResourceState>) {
    mark_order(&state.free_order, 2);
}

/// Allocates a fake resource 2 from inside its own init.
fn fake_resource_1_init(
    fake: &mut Kunit,
    state: Arc<ResourceState>,
) -> Result<Arc<ResourceState>, i32> {
    let res2 = fake.alloc_and_get_resource(
        fake_resource_2_init,
        Some(fake_resource_2_free),
        state.clone(),
    );
    mark_order(&state.allocate_order, 1);
    drop(res2);
    Ok(state)
}

fn fake_resource_1_free(state: &mut Arc<ResourceState>) {
    mark_order(&state.free_order, 1);
}

fn kunit_resource_test_proper_free_ordering(test: &mut Kunit) {
    let (ctx, t) = test.priv_and_handle::<ResourceContext>();
    let state = ctx.state.clone();
    let res = ctx.test.alloc_and_get_resource(
        fake_resource_1_init,
        Some(fake_resource_1_free),
        state.clone(),
    );
    // Resource 2 finished its init first.
    kunit_expect_eq!(t, *state.allocate_order.lock().unwrap(), vec![2, 1]);
    drop(res);
    ctx.test.cleanup();
    // So resource 1, which may depend on it, is freed first.
    kunit_expect_eq!(t, *state.free_order.lock().unwrap(), vec![1, 2]);
}

fn kunit_resource_test_static(test: &mut Kunit) {
    let res = test.add_resource(0x5eed_u32, None);
    let data = res.data::<u32>().map(|d| *d);
    kunit_expect_eq!(test, data, Some(0x5eed));
    drop(res);
    test.cleanup();
    kunit_expect_true!(test, test.resources_empty());
}

fn kunit_resource_test_named(test: &mut Kunit) {
    let res1 = test.add_named_resource("resource_1", 1u8);
    kunit_expect_true!(test, res1.is_some());
    // -EEXIST: the name is taken.
    kunit_expect_true!(test, test.add_named_resource("resource_1", 1u8).is_none());
    kunit_expect_true!(test, test.add_named_resource("resource_2", 2u8).is_some());
    let found = test.find_resource(|r| r.name() == Some("resource_1"));
    kunit_expect_true!(test, found.is_some() && found == res1);
    drop((found, res1));
    kunit_expect_eq!(test, test.destroy_named_resource("resource_2"), Ok(()));
    test.cleanup();
    kunit_expect_true!(test, test.resources_empty());
}

fn increment(counter: &Arc<AtomicUsize>) -> impl FnOnce() + Send + 'static {
    let counter = counter.clone();
    move || {
        counter.fetch_add(1, Relaxed);
    }
}

fn kunit_resource_test_action(test: &mut Kunit) {
    let num_actions = Arc::new(AtomicUsize::new(0));
    test.add_action(increment(&num_actions));
    kunit_expect_eq!(test, num_actions.load(Relaxed), 0);
    test.cleanup();
    kunit_expect_eq!(test, num_actions.load(Relaxed), 1);
    // Once cleaned up, the queue is empty.
    test.cleanup();
    kunit_expect_eq!(test, num_actions.load(Relaxed), 1);
    // The same function can be deferred several times.
    test.add_action(increment(&num_actions));
    test.add_action(increment(&num_actions));
    test.cleanup();
    kunit_expect_eq!(test, num_actions.load(Relaxed), 3);
}

fn kunit_resource_test_remove_action(test: &mut Kunit) {
    let num_actions = Arc::new(AtomicUsize::new(0));
    let action = test.add_action(increment(&num_actions));
    kunit_expect_eq!(test, num_actions.load(Relaxed), 0);
    test.remove_action(action);
    test.cleanup();
    kunit_expect_eq!(test, num_actions.load(Relaxed), 0);
}

fn kunit_resource_test_release_action(test: &mut Kunit) {
    let num_actions = Arc::new(AtomicUsize::new(0));
    let action = test.add_action(increment(&num_actions));
    kunit_expect_eq!(test, num_actions.load(Relaxed), 0);
    // Runs at once when released...
    test.release_action(action);
    kunit_expect_eq!(test, num_actions.load(Relaxed), 1);
    // ...and not again when the test cleans up.
    test.cleanup();
    kunit_expect_eq!(test, num_actions.load(Relaxed), 1);
}

fn action_order(state: &Arc<ResourceState>, key: i32) -> impl FnOnce() + Send + 'static {
    let state = state.clone();
    move || {
        mark_order(&state.free_order, key);
        if let Some(t) = kunit::current_test() {
            kunit_info!(t, "action_order_{key}");
        }
    }
}

fn kunit_resource_test_action_ordering(test: &mut Kunit) {
    let state = test.priv_mut::<ResourceContext>().state.clone();
    let _first_1 = test.add_action(action_order(&state, 1));
    let _first_2 = test.add_action(action_order(&state, 2));
    let second_1 = test.add_action(action_order(&state, 1));
    let second_2 = test.add_action(action_order(&state, 2));
    // The kernel's remove/release by (function, context) pick the newest match.
    test.remove_action(second_1);
    test.release_action(second_2);
    test.cleanup();
    // [2 is released] [2], [(1 is cancelled)] [1]
    kunit_expect_eq!(test, *state.free_order.lock().unwrap(), vec![2, 2, 1]);
}

fn kunit_resource_test_init(test: &mut Kunit) -> Result<(), i32> {
    test.set_priv(ResourceContext {
        test: Kunit::init_test("test_test_context"),
        state: Arc::default(),
    });
    Ok(())
}

fn kunit_resource_test_exit(test: &mut Kunit) {
    test.priv_mut::<ResourceContext>().test.cleanup();
}

static KUNIT_RESOURCE_TEST_CASES: &[Case] = &[
    kunit_case!(kunit_resource_test_init_resources),
    kunit_case!(kunit_resource_test_alloc_resource),
    kunit_case!(kunit_resource_test_destroy_resource),
    kunit_case!(kunit_resource_test_remove_resource),
    kunit_case!(kunit_resource_test_cleanup_resources),
    kunit_case!(kunit_resource_test_proper_free_ordering),
    kunit_case!(kunit_resource_test_static),
    kunit_case!(kunit_resource_test_named),
    kunit_case!(kunit_resource_test_action),
    kunit_case!(kunit_resource_test_remove_action),
    kunit_case!(kunit_resource_test_release_action),
    kunit_case!(kunit_resource_test_action_ordering),
];
kunit_test_suite!(Suite {
    name: "kunit-resource-test",
    init: Some(kunit_resource_test_init),
    exit: Some(kunit_resource_test_exit),
    test_cases: KUNIT_RESOURCE_TEST_CASES,
    ..Suite::DEFAULT
});
