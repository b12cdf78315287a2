//! `vectors/desc64/get_desc64_base.json` (repository root), compiled in as text and parsed at test time.

use std::sync::OnceLock;

use kunit_arch::desc64::Desc64;
use serde_json::Value;

const FILE: &str = "get_desc64_base.json";
const TEXT: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../vectors/desc64/get_desc64_base.json"
));

/// One `cases[]` entry.
pub struct BaseCase {
    pub name: String,
    pub desc: Desc64,
    pub expected_fixed: u64,
    pub buggy_result: u64,
    pub bug_visible: bool,
}

pub struct Vectors {
    /// `byte_layout_example`: the fields and the 16-byte image GCC produced for them.
    pub layout_fields: Desc64,
    pub layout_bytes: [u8; 16],
    pub cases: Vec<BaseCase>,
}

/// The parsed file; parsed once per process.
pub fn vectors() -> Result<&'static Vectors, &'static str> {
    static V: OnceLock<Result<Vectors, String>> = OnceLock::new();
    V.get_or_init(|| load().map_err(|e| format!("{FILE}: {e}")))
        .as_ref()
        .map_err(|e| e.as_str())
}

/// Member `key` of an object.
fn get<'a>(obj: &'a Value, key: &str) -> Result<&'a Value, String> {
    obj.get(key).ok_or_else(|| format!("missing key {key:?}"))
}

/// String member `key` of an object.
fn as_str<'a>(obj: &'a Value, key: &str) -> Result<&'a str, String> {
    let v = get(obj, key)?;
    v.as_str()
        .ok_or_else(|| format!("{key}: expected a string, got {v}"))
}

/// An integer field, given either as a JSON number or as a `"0x…"` hex string.
fn field<T: TryFrom<u64>>(obj: &Value, key: &str) -> Result<T, String> {
    let json = get(obj, key)?;
    let v = match json {
        Value::Number(n) => n.as_u64(),
        Value::String(s) => s
            .strip_prefix("0x")
            .and_then(|h| u64::from_str_radix(h, 16).ok()),
        _ => None,
    }
    .ok_or_else(|| format!("{key}: expected an integer or a 0x-hex string, got {json}"))?;
    T::try_from(v).map_err(|_| format!("{key}: {v:#x} does not fit the field"))
}

/// The base fields of an object; everything else zero.
fn base_desc(obj: &Value) -> Result<Desc64, String> {
    Ok(Desc64 {
        base0: field(obj, "base0")?,
        base1: field(obj, "base1")?,
        base2: field(obj, "base2")?,
        base3: field(obj, "base3")?,
        ..Desc64::default()
    })
}

fn load() -> Result<Vectors, String> {
    let root: Value = serde_json::from_str(TEXT).map_err(|e| format!("invalid JSON: {e}"))?;
    let example = get(&root, "byte_layout_example")?;
    let f = get(example, "fields")?;
    let layout_fields = Desc64 {
        limit0: field(f, "limit0")?,
        type_: field(f, "type")?,
        s: field(f, "s")?,
        dpl: field(f, "dpl")?,
        p: field(f, "p")?,
        limit1: field(f, "limit1")?,
        avl: field(f, "avl")?,
        l: field(f, "l")?,
        db: field(f, "db")?,
        g: field(f, "g")?,
        zero1: field(f, "zero1")?,
        ..base_desc(f)?
    };
    let hex = as_str(example, "bytes_hex")?;
    let bytes: Vec<u8> = (0..hex.len())
        .step_by(2)
        .map(|i| {
            hex.get(i..i + 2)
                .and_then(|h| u8::from_str_radix(h, 16).ok())
        })
        .collect::<Option<_>>()
        .ok_or_else(|| format!("bytes_hex is not hex: {hex:?}"))?;
    let layout_bytes = bytes
        .try_into()
        .map_err(|b: Vec<u8>| format!("bytes_hex has {} bytes, not 16", b.len()))?;
    let cases = get(&root, "cases")?
        .as_array()
        .ok_or("cases: expected an array")?
        .iter()
        .map(|c| {
            Ok(BaseCase {
                name: as_str(c, "case")?.to_string(),
                desc: base_desc(c)?,
                expected_fixed: field(c, "expected_fixed")?,
                buggy_result: field(c, "buggy_result")?,
                bug_visible: get(c, "bug_visible")?
                    .as_bool()
                    .ok_or("bug_visible: expected a boolean")?,
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    Ok(Vectors {
        layout_fields,
        layout_bytes,
        cases,
    })
}
