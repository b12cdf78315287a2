//! The kernel test's data (`shared/vectors/polyval/`), compiled in as text and parsed at
//! test time, so a damaged file fails the cases with a clear message, not a build error.

use crate::json::Json;
use kunit::prelude::*;
use std::sync::OnceLock;

const KUNIT_TESTVECS: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/vectors/polyval/kernel_kunit_polyval_testvecs.json"
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
    V.get_or_init(|| load().map_err(|e| format!("kernel_kunit_polyval_testvecs.json: {e}")))
        .as_ref()
        .map_err(|e| e.as_str())
}

fn load() -> Result<Vectors, String> {
    let j = Json::parse(KUNIT_TESTVECS)?;
    let hash_testvecs = j
        .get("hash_testvecs")?
        .get("vectors")?
        .as_array()?
        .iter()
        .map(|v| {
            Ok(HashTestvec {
                data_len: v.get("data_len")?.as_usize()?,
                digest: v.get("digest")?.as_hex16()?,
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    let rfc = j.get("rfc8452_testvec_in_kunit")?;
    Ok(Vectors {
        hash_testvecs,
        hash_testvec_consolidated: j
            .get("hash_testvec_consolidated")?
            .get("value")?
            .as_hex16()?,
        polyval_allones_hashofhashes: j
            .get("polyval_allones_hashofhashes")?
            .get("value")?
            .as_hex16()?,
        test_raw_key: j.get("test_key")?.get("raw_key")?.as_hex16()?,
        rfc8452_key: rfc.get("key")?.as_hex16()?,
        rfc8452_message: rfc.get("message")?.as_hex()?,
        rfc8452_digest: rfc.get("digest")?.as_hex16()?,
    })
}
