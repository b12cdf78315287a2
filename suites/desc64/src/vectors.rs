//! `shared/vectors/desc64/get_desc64_base.json`, compiled in as text and parsed at test time.

use std::sync::OnceLock;

use kunit_arch::desc64::Desc64;

use crate::json::Json;

const FILE: &str = "get_desc64_base.json";
const TEXT: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/vectors/desc64/get_desc64_base.json"
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

fn field<T: TryFrom<u64>>(obj: &Json, key: &str) -> Result<T, String> {
    let v = obj.get(key)?.as_u64().map_err(|e| format!("{key}: {e}"))?;
    T::try_from(v).map_err(|_| format!("{key}: {v:#x} does not fit the field"))
}

/// The base fields of an object; everything else zero.
fn base_desc(obj: &Json) -> Result<Desc64, String> {
    Ok(Desc64 {
        base0: field(obj, "base0")?,
        base1: field(obj, "base1")?,
        base2: field(obj, "base2")?,
        base3: field(obj, "base3")?,
        ..Desc64::default()
    })
}

fn load() -> Result<Vectors, String> {
    let root = Json::parse(TEXT)?;
    let example = root.get("byte_layout_example")?;
    let f = example.get("fields")?;
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
    let hex = example.get("bytes_hex")?.as_str()?;
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
    let cases = root
        .get("cases")?
        .as_array()?
        .iter()
        .map(|c| {
            Ok(BaseCase {
                name: c.get("case")?.as_str()?.to_string(),
                desc: base_desc(c)?,
                expected_fixed: field(c, "expected_fixed")?,
                buggy_result: field(c, "buggy_result")?,
                bug_visible: c.get("bug_visible")?.as_bool()?,
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    Ok(Vectors {
        layout_fields,
        layout_bytes,
        cases,
    })
}
