//! FNV-1a (64 bits): the stable names of kunit-c's cached files (objects, flag probes) and of
//! `kunit c`'s object cache. A cache key, never a security boundary; the same on every Rust
//! release, so a cache stays valid across toolchains.

const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const PRIME: u64 = 0x0100_0000_01b3;

fn fold(h: u64, bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .fold(h, |h, &b| (h ^ u64::from(b)).wrapping_mul(PRIME))
}

/// FNV-1a of `bytes`: a stable name for a path or a command line.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    fold(OFFSET, bytes)
}

/// FNV-1a of several parts, each preceded by its length, so that `["ab", "c"]` and
/// `["a", "bc"]` differ.
pub fn digest(parts: &[&[u8]]) -> u64 {
    parts.iter().fold(OFFSET, |h, p| {
        fold(fold(h, &(p.len() as u64).to_le_bytes()), p)
    })
}
