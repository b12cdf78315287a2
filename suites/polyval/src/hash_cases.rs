//! The unkeyed hash cases of `hash-test-template.h`, with `HASH` = POLYVAL under the
//! suite's `test_key` (`polyval_kunit.c` instantiates the template that way).

use crate::state::{slot, SuiteState, TEST_BUF_LEN};
use crate::vectors::vectors_or_fail;
use kunit::prelude::*;
use kunit_arch::polyval::{
    polyval, polyval_final, polyval_init, polyval_raw, polyval_update, PolyvalCtx, PolyvalKey,
    POLYVAL_DIGEST_SIZE,
};

pub const HASH_SIZE: usize = POLYVAL_DIGEST_SIZE;

/// `HASH(data, len, out)` returning the digest.
pub fn hash(test_key: &PolyvalKey, data: &[u8]) -> [u8; HASH_SIZE] {
    let mut out = [0u8; HASH_SIZE];
    polyval(test_key, data, &mut out);
    out
}

/// The 16 bytes at `at` as a digest buffer.
fn digest_at(buf: &mut [u8], at: usize) -> &mut [u8; HASH_SIZE] {
    (&mut buf[at..at + HASH_SIZE]).try_into().expect("16 bytes")
}

pub fn test_hash_test_vectors(test: &mut Kunit) {
    let hash_testvecs = &vectors_or_fail(test).hash_testvecs;
    let mut st = slot(test).get(test);
    let (test_key, rng, test_buf) = st.key_rng_buf();
    for (i, tv) in hash_testvecs.iter().enumerate() {
        let data_len = tv.data_len;
        kunit_assert_le!(test, data_len, TEST_BUF_LEN);
        let data = &mut test_buf[..data_len];
        rng.rand_bytes_seeded_from_len(data);
        let actual_hash = hash(test_key, data);
        kunit_assert_memeq_msg!(
            test,
            actual_hash,
            hash_testvecs[i].digest,
            HASH_SIZE,
            "Wrong result with test vector {}; data_len={}",
            i,
            data_len
        );
    }
}

pub fn test_hash_all_lens_up_to_4096(test: &mut Kunit) {
    let hash_testvec_consolidated = vectors_or_fail(test).hash_testvec_consolidated;
    let mut st = slot(test).get(test);
    let (test_key, rng, test_buf) = st.key_rng_buf();
    rng.rand_bytes_seeded_from_len(&mut test_buf[..4096]);
    let mut ctx = PolyvalCtx::ZEROED;
    polyval_init(&mut ctx, test_key);
    let mut hash_ = [0u8; HASH_SIZE];
    for len in 0..=4096 {
        polyval(test_key, &test_buf[..len], &mut hash_);
        polyval_update(&mut ctx, &hash_);
    }
    polyval_final(&mut ctx, &mut hash_);
    let hash = hash_;
    kunit_assert_memeq!(test, hash, hash_testvec_consolidated, HASH_SIZE);
}

pub fn test_hash_incremental_updates(test: &mut Kunit) {
    let mut st = slot(test).get(test);
    let (test_key, rng, test_buf) = st.key_rng_buf();
    for _ in 0..1000 {
        let total_len = rng.rand_length(TEST_BUF_LEN);
        let offset = rng.rand_offset(TEST_BUF_LEN - total_len);
        rng.rand_bytes(&mut test_buf[offset..offset + total_len]);

        // One shot.
        let hash1 = hash(test_key, &test_buf[offset..offset + total_len]);

        // Incrementally, with random update lengths summing to total_len.
        let mut ctx = PolyvalCtx::new(test_key);
        let mut num_parts = 0;
        let mut remaining_len = total_len;
        let mut cur_offset = offset;
        while rng.rand_bool() {
            let part_len = rng.rand_length(remaining_len);
            polyval_update(&mut ctx, &test_buf[cur_offset..cur_offset + part_len]);
            num_parts += 1;
            cur_offset += part_len;
            remaining_len -= part_len;
        }
        if remaining_len != 0 || rng.rand_bool() {
            polyval_update(&mut ctx, &test_buf[cur_offset..cur_offset + remaining_len]);
            num_parts += 1;
        }
        let mut hash2 = [0u8; HASH_SIZE];
        polyval_final(&mut ctx, &mut hash2);

        kunit_assert_memeq_msg!(
            test,
            hash1,
            hash2,
            HASH_SIZE,
            "Incremental test failed with total_len={} num_parts={} offset={}",
            total_len,
            num_parts,
            offset
        );
    }
}

/// Only a fault (the guard page) can fail this case.
pub fn test_hash_buffer_overruns(test: &mut Kunit) {
    const CTX_SIZE: usize = std::mem::size_of::<PolyvalCtx<'static>>();
    let max_tested_len = TEST_BUF_LEN - CTX_SIZE;
    let mut st = slot(test).get(test);
    let (test_key, rng, buf) = st.key_rng_buf();
    rng.rand_bytes(buf);

    for _ in 0..100 {
        let len = rng.rand_length(max_tested_len);
        let mut ctx = PolyvalCtx::ZEROED;
        let mut hash_ = [0u8; HASH_SIZE];

        // Overruns of the data buffer: the data ends at the guard page.
        polyval(test_key, &buf[TEST_BUF_LEN - len..], &mut hash_);
        polyval_init(&mut ctx, test_key);
        polyval_update(&mut ctx, &buf[TEST_BUF_LEN - len..]);
        polyval_final(&mut ctx, &mut hash_);

        // Overruns of the digest buffer, which ends at the guard page.
        let (data, digest) = buf.split_at_mut(TEST_BUF_LEN - HASH_SIZE);
        let digest: &mut [u8; HASH_SIZE] = digest.try_into().expect("16 bytes");
        polyval(test_key, &data[..len], digest);
        polyval_init(&mut ctx, test_key);
        polyval_update(&mut ctx, &data[..len]);
        polyval_final(&mut ctx, digest);

        // Overruns of the context, which ends at the guard page.
        let (data, ctx_mem) = buf.split_at_mut(max_tested_len);
        let guarded_ctx = ctx_mem.as_mut_ptr().cast::<PolyvalCtx<'_>>();
        kunit_assert_eq!(
            test,
            guarded_ctx as usize % std::mem::align_of::<PolyvalCtx<'static>>(),
            0
        );
        // SAFETY: `guarded_ctx` is aligned (asserted) and CTX_SIZE bytes of `ctx_mem`,
        // which nothing else borrows; it is written (HASH_INIT) before any reference to
        // it is made, and PolyvalCtx has no drop glue.
        let guarded_ctx = unsafe {
            guarded_ctx.write(PolyvalCtx::new(test_key));
            &mut *guarded_ctx
        };
        polyval_update(guarded_ctx, &data[..len]);
        polyval_final(guarded_ctx, &mut hash_);
    }
}

pub fn test_hash_overlaps(test: &mut Kunit) {
    let max_tested_len = TEST_BUF_LEN - HASH_SIZE;
    let mut st = slot(test).get(test);
    let SuiteState {
        test_key,
        rng,
        test_buf,
        ..
    } = &mut *st;
    rng.rand_bytes(test_buf.as_mut_slice());
    let base = test_buf.as_mut_ptr();

    for _ in 0..100 {
        let len = rng.rand_length(max_tested_len);
        let offset = HASH_SIZE + rng.rand_offset(max_tested_len - len);
        let left_end = rng.rand_bool();
        let ovl = if left_end {
            offset
        } else {
            offset + len - HASH_SIZE
        };
        let buf = test_buf.as_mut_slice();
        let ovl_hash = |buf: &[u8]| -> [u8; HASH_SIZE] {
            buf[ovl..ovl + HASH_SIZE].try_into().expect("16 bytes")
        };

        // One-shot, digest written over its own input.
        let hash_ = hash(test_key, &buf[offset..offset + len]);
        // SAFETY: both ranges lie inside the buffer (offset >= 16, ovl + 16 <= end), and
        // no reference to the buffer is alive during the call.
        unsafe { polyval_raw(test_key, base.add(offset), len, base.add(ovl)) };
        let buf = test_buf.as_mut_slice();
        kunit_assert_memeq_msg!(
            test,
            hash_,
            ovl_hash(buf),
            HASH_SIZE,
            "Overlap test 1 failed with len={} offset={} left_end={}",
            len,
            offset,
            left_end as i32
        );

        // The same with init + update + final.
        let hash_ = hash(test_key, &buf[offset..offset + len]);
        let mut ctx = PolyvalCtx::new(test_key);
        polyval_update(&mut ctx, &buf[offset..offset + len]);
        polyval_final(&mut ctx, digest_at(buf, ovl));
        kunit_assert_memeq_msg!(
            test,
            hash_,
            ovl_hash(buf),
            HASH_SIZE,
            "Overlap test 2 failed with len={} offset={} left_end={}",
            len,
            offset,
            left_end as i32
        );

        // Modifying the source data after it was used.
        let hash_ = hash(test_key, &buf[offset..offset + len]);
        let mut ctx = PolyvalCtx::new(test_key);
        polyval_update(&mut ctx, &buf[offset..offset + len]);
        rng.rand_bytes(&mut buf[offset..offset + len]);
        polyval_final(&mut ctx, digest_at(buf, ovl));
        kunit_assert_memeq_msg!(
            test,
            hash_,
            ovl_hash(buf),
            HASH_SIZE,
            "Overlap test 3 failed with len={} offset={} left_end={}",
            len,
            offset,
            left_end as i32
        );
    }
}

pub fn test_hash_alignment_consistency(test: &mut Kunit) {
    let mut st = slot(test).get(test);
    let (test_key, rng, test_buf) = st.key_rng_buf();
    let mut hash1 = [0u8; 128 + HASH_SIZE];
    let mut hash2 = [0u8; 128 + HASH_SIZE];
    for _ in 0..100 {
        let len = rng.rand_length(TEST_BUF_LEN);
        let data_offs1 = rng.rand_offset(TEST_BUF_LEN - len);
        let data_offs2 = rng.rand_offset(TEST_BUF_LEN - len);
        let hash_offs1 = rng.rand_offset(128);
        let hash_offs2 = rng.rand_offset(128);

        rng.rand_bytes(&mut test_buf[data_offs1..data_offs1 + len]);
        polyval(
            test_key,
            &test_buf[data_offs1..data_offs1 + len],
            digest_at(&mut hash1, hash_offs1),
        );
        test_buf.copy_within(data_offs1..data_offs1 + len, data_offs2);
        polyval(
            test_key,
            &test_buf[data_offs2..data_offs2 + len],
            digest_at(&mut hash2, hash_offs2),
        );
        kunit_assert_memeq_msg!(
            test,
            hash1[hash_offs1..],
            hash2[hash_offs2..],
            HASH_SIZE,
            "Alignment consistency test failed with len={} data_offs=({},{}) hash_offs=({},{})",
            len,
            data_offs1,
            data_offs2,
            hash_offs1,
            hash_offs2
        );
    }
}

pub fn test_hash_ctx_zeroization(test: &mut Kunit) {
    const CTX_SIZE: usize = std::mem::size_of::<PolyvalCtx<'static>>();
    static ZEROES: [u8; CTX_SIZE] = [0; CTX_SIZE];
    let mut st = slot(test).get(test);
    let (test_key, rng, test_buf) = st.key_rng_buf();
    rng.rand_bytes(&mut test_buf[..128]);
    let mut ctx = PolyvalCtx::ZEROED;
    polyval_init(&mut ctx, test_key);
    polyval_update(&mut ctx, &test_buf[..128]);
    polyval_final(&mut ctx, digest_at(test_buf, 0));
    kunit_assert_memeq_msg!(
        test,
        ctx.as_bytes(),
        ZEROES,
        CTX_SIZE,
        "Hash context was not zeroized by finalization"
    );
}
