//! The POLYVAL-specific cases of `polyval_kunit.c`.

use crate::hash_cases::HASH_SIZE;
use crate::rand::TestRng;
use crate::state::{preparekey, slot, SuiteState, TEST_BUF_LEN};
use crate::vectors::vectors_or_fail;
use kunit::prelude::*;
use kunit_arch::polyval::{polyval, polyval_final, polyval_update, PolyvalCtx, PolyvalKey};
use std::mem::{align_of, size_of};

const POLYVAL_BLOCK_SIZE: usize = 16;
const MAX_LEN_FOR_KEY_CHECK: usize = 1024;

/// The RFC 8452 example, for compatibility with AES-GCM-SIV.
pub fn test_polyval_rfc8452_testvec(test: &mut Kunit) {
    let v = vectors_or_fail(test);
    let st = slot(test).get(test);
    let mut key = PolyvalKey::ZEROED;
    preparekey(st.imp, &mut key, &v.rfc8452_key);
    let mut hash = [0u8; POLYVAL_BLOCK_SIZE];
    polyval(&key, &v.rfc8452_message, &mut hash);
    let expected_hash = v.rfc8452_digest;
    kunit_assert_memeq!(
        test,
        hash,
        expected_hash,
        size_of::<[u8; POLYVAL_BLOCK_SIZE]>()
    );
}

/// All-ones key and messages: catches overflow in clmul emulated with integer multiplies.
pub fn test_polyval_allones_key_and_message(test: &mut Kunit) {
    let polyval_allones_hashofhashes = vectors_or_fail(test).polyval_allones_hashofhashes;
    let mut st = slot(test).get(test);
    const _: () = assert!(TEST_BUF_LEN >= 4096);
    let mut key = PolyvalKey::ZEROED;
    st.test_buf.as_mut_slice()[..4096].fill(0xff);
    let test_buf = st.test_buf.as_slice();
    preparekey(
        st.imp,
        &mut key,
        test_buf[..16].try_into().expect("16 bytes"),
    );
    let mut hashofhashes_ctx = PolyvalCtx::new(&key);
    let mut hash = [0u8; POLYVAL_BLOCK_SIZE];
    for len in (0..=4096).step_by(16) {
        polyval(&key, &test_buf[..len], &mut hash);
        polyval_update(&mut hashofhashes_ctx, &hash);
    }
    polyval_final(&mut hashofhashes_ctx, &mut hash);
    kunit_assert_memeq!(
        test,
        hash,
        polyval_allones_hashofhashes,
        size_of::<[u8; 16]>()
    );
}

/// Two keys that should be identical (but may differ in alignment or in being next to a
/// guard page) give the same digests; `data` is the first 1024 bytes of `test_buf`.
fn check_key_consistency(
    test: &mut Kunit,
    rng: &mut TestRng,
    data: &mut [u8],
    key1: &PolyvalKey,
    key2: &PolyvalKey,
) {
    let data = &mut data[..MAX_LEN_FOR_KEY_CHECK];
    rng.rand_bytes(data);
    kunit_assert_memeq!(
        test,
        key1.as_bytes(),
        key2.as_bytes(),
        size_of::<PolyvalKey>()
    );
    for _ in 0..100 {
        let len = rng.rand_length(MAX_LEN_FOR_KEY_CHECK);
        let mut hash1 = [0u8; HASH_SIZE];
        let mut hash2 = [0u8; HASH_SIZE];
        polyval(key1, &data[..len], &mut hash1);
        polyval(key2, &data[..len], &mut hash2);
        kunit_assert_memeq!(test, hash1, hash2, size_of::<[u8; HASH_SIZE]>());
    }
}

/// Points a key at `mem`, which must be 8-aligned and at least `size_of::<PolyvalKey>()`.
///
/// # Safety
/// `mem` must stay exclusively borrowed for the key's use (the returned reference borrows
/// it), be aligned for `PolyvalKey` and long enough.
unsafe fn key_in(mem: &mut [u8]) -> &mut PolyvalKey {
    assert!(mem.len() >= size_of::<PolyvalKey>());
    assert_eq!(mem.as_ptr() as usize % align_of::<PolyvalKey>(), 0);
    // SAFETY: length and alignment checked above; PolyvalKey is plain u64s, so any
    // byte pattern is a valid value; the reference borrows `mem` exclusively.
    unsafe { &mut *mem.as_mut_ptr().cast::<PolyvalKey>() }
}

/// No buffer overreads on either the raw key or the prepared key.
pub fn test_polyval_with_guarded_key(test: &mut Kunit) {
    let mut st = slot(test).get(test);
    let SuiteState {
        imp, rng, test_buf, ..
    } = &mut *st;
    let imp = *imp;
    let mut raw_key = [0u8; POLYVAL_BLOCK_SIZE];
    let mut key1 = PolyvalKey::ZEROED;
    let mut key2 = PolyvalKey::ZEROED;

    // Prepare with regular buffers.
    rng.rand_bytes(&mut raw_key);
    preparekey(imp, &mut key1, &raw_key);

    // Prepare from a raw key that ends at the guard page.
    let buf = test_buf.as_mut_slice();
    let (data, guarded_raw_key) = buf.split_at_mut(TEST_BUF_LEN - POLYVAL_BLOCK_SIZE);
    guarded_raw_key.copy_from_slice(&raw_key);
    preparekey(
        imp,
        &mut key2,
        (&*guarded_raw_key).try_into().expect("16 bytes"),
    );
    check_key_consistency(test, rng, data, &key1, &key2);

    // Prepare a key that itself ends at the guard page.
    let (data, key_mem) = buf.split_at_mut(TEST_BUF_LEN - size_of::<PolyvalKey>());
    // SAFETY: `key_mem` is exactly one key long, 8-aligned (the buffer ends at a page
    // boundary and the key size is a multiple of 8), and exclusively borrowed.
    let guarded_key = unsafe { key_in(key_mem) };
    preparekey(imp, guarded_key, &raw_key);
    check_key_consistency(test, rng, data, &key1, guarded_key);
}

/// The key needs only its own alignment (8), not 16: "The assembly code may prefer
/// 16-byte or higher alignment, but it musn't require it."
pub fn test_polyval_with_minimally_aligned_key(test: &mut Kunit) {
    let mut st = slot(test).get(test);
    let SuiteState {
        imp, rng, test_buf, ..
    } = &mut *st;
    let imp = *imp;
    let buf = test_buf.as_mut_slice();
    let (data, rest) = buf.split_at_mut(MAX_LEN_FOR_KEY_CHECK);
    let key_mem = &mut rest[align_of::<PolyvalKey>()..];
    let addr = key_mem.as_ptr() as usize;
    kunit_assert_true!(test, addr.is_multiple_of(align_of::<PolyvalKey>()));
    kunit_assert_true!(test, !addr.is_multiple_of(2 * align_of::<PolyvalKey>()));

    let mut raw_key = [0u8; POLYVAL_BLOCK_SIZE];
    rng.rand_bytes(&mut raw_key);
    let mut key = PolyvalKey::ZEROED;
    preparekey(imp, &mut key, &raw_key);
    // SAFETY: 8-aligned (asserted above), far longer than a key, exclusively borrowed.
    let minaligned_key = unsafe { key_in(key_mem) };
    preparekey(imp, minaligned_key, &raw_key);
    check_key_consistency(test, rng, data, &key, minaligned_key);
}
