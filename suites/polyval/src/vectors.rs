//! The kernel test's data (`vectors/polyval/` at the repository root), compiled in as text and parsed at
//! test time, so a damaged file fails the cases with a clear message, not a build error.

use kunit::prelude::*;
use serde_json::Value;
use std::sync::OnceLock;

/// The kernel test's vectors as shipped (parsed by [`load`]).
pub const KUNIT_TESTVECS: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../vectors/polyval/kernel_kunit_polyval_testvecs.json"
));

/// One entry of `hash_testvecs[]`.
pub struct HashTestvec {
    pub data_len: usize,
    pub digest: [u8; 16],
}

/// `polyval-testvecs.h` plus the constants of `polyval_kunit.c`.
pub struct Vectors {
    /// `hash_testvecs`; data = `rand_bytes_seeded_from_len(data_len)`.
    pub hash_testvecs: Vec<HashTestvec>,
    pub hash_testvec_consolidated: [u8; 16],
    pub polyval_allones_hashofhashes: [u8; 16],
    /// The raw test key the suite derives with `rand_bytes_seeded_from_len(16)`.
    pub test_raw_key: [u8; 16],
    pub rfc8452_key: [u8; 16],
    pub rfc8452_message: Vec<u8>,
    pub rfc8452_digest: [u8; 16],
}

/// The parsed data (parsed once per process), or a failed, aborted case.
pub fn vectors_or_fail(test: &mut Kunit) -> &'static Vectors {
    match vectors() {
        Ok(v) => v,
        Err(e) => kunit_fail_and_abort!(test, "{}", e),
    }
}

/// The parsed data, parsed once per process.
pub fn vectors() -> Result<&'static Vectors, &'static str> {
    static V: OnceLock<Result<Vectors, String>> = OnceLock::new();
    V.get_or_init(|| {
        load(KUNIT_TESTVECS).map_err(|e| format!("kernel_kunit_polyval_testvecs.json: {e}"))
    })
    .as_ref()
    .map_err(|e| e.as_str())
}

/// The value at JSON pointer `path` (e.g. `/test_key/raw_key`).
fn at<'a>(j: &'a Value, path: &str) -> Result<&'a Value, String> {
    j.pointer(path).ok_or_else(|| format!("missing key {path}"))
}

/// The hex string at `path`, as bytes.
fn hex(j: &Value, path: &str) -> Result<Vec<u8>, String> {
    let v = at(j, path)?;
    let s = v
        .as_str()
        .ok_or_else(|| format!("{path}: expected a string, found {v}"))?;
    if s.len() % 2 != 0 || !s.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(format!("{path}: not a hex string: {s:?}"));
    }
    Ok((0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap_or(0))
        .collect())
}

/// The 16-byte hex string at `path`.
fn hex16(j: &Value, path: &str) -> Result<[u8; 16], String> {
    let v = hex(j, path)?;
    v.as_slice()
        .try_into()
        .map_err(|_| format!("{path}: expected 16 bytes, found {}", v.len()))
}

/// Parses the vectors' JSON; a damaged file is an error naming what is wrong.
pub fn load(text: &str) -> Result<Vectors, String> {
    let j: Value = serde_json::from_str(text).map_err(|e| format!("invalid JSON: {e}"))?;
    let hash_testvecs = at(&j, "/hash_testvecs/vectors")?
        .as_array()
        .ok_or("/hash_testvecs/vectors: expected an array")?
        .iter()
        .map(|v| {
            let data_len = at(v, "/data_len")?;
            Ok(HashTestvec {
                data_len: data_len
                    .as_u64()
                    .and_then(|n| usize::try_from(n).ok())
                    .ok_or_else(|| {
                        format!("data_len: expected a non-negative integer, found {data_len}")
                    })?,
                digest: hex16(v, "/digest")?,
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    Ok(Vectors {
        hash_testvecs,
        hash_testvec_consolidated: hex16(&j, "/hash_testvec_consolidated/value")?,
        polyval_allones_hashofhashes: hex16(&j, "/polyval_allones_hashofhashes/value")?,
        test_raw_key: hex16(&j, "/test_key/raw_key")?,
        rfc8452_key: hex16(&j, "/rfc8452_testvec_in_kunit/key")?,
        rfc8452_message: hex(&j, "/rfc8452_testvec_in_kunit/message")?,
        rfc8452_digest: hex16(&j, "/rfc8452_testvec_in_kunit/digest")?,
    })
}
