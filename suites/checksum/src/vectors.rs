//! The kernel test's data (`vectors/checksum/` at the repository root), compiled in as text and parsed at
//! test time, so a damaged file fails the cases with a clear message instead of a build error.

use std::sync::OnceLock;

/// A data file's text, from `vectors/checksum/` at the repository root.
macro_rules! vector_file {
    ($name:literal) => {
        (
            $name,
            include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../vectors/checksum/",
                $name
            )),
        )
    };
}

/// Every array of `lib/tests/checksum_kunit.c`, plus its scalar constants.
pub struct Vectors {
    pub random_init_sum: u32,
    pub random_buf: Vec<u8>,
    pub expected_results: Vec<u16>,
    pub init_sums_no_overflow: Vec<u32>,
    pub expected_csum_ipv6_magic: Vec<u16>,
    pub expected_fast_csum: Vec<u16>,
    /// `constants.json`: (name, value) for the sizes and limits the port hard-codes.
    pub constants: Vec<(&'static str, u64)>,
}

/// The parsed data; parsed once per process.
pub fn vectors() -> Result<&'static Vectors, &'static str> {
    static V: OnceLock<Result<Vectors, String>> = OnceLock::new();
    V.get_or_init(load).as_ref().map_err(|e| e.as_str())
}

fn load() -> Result<Vectors, String> {
    let constants_json = vector_file!("constants.json");
    let constant = |key: &'static str| json_uint(constants_json, key).map(|v| (key, v));
    let constants = [
        "MAX_LEN",
        "MAX_ALIGN",
        "TEST_BUFLEN",
        "IPv4_MIN_WORDS",
        "IPv4_MAX_WORDS",
        "NUM_IPv6_TESTS",
        "NUM_IP_FAST_CSUM_TESTS",
        "all_carry_fill_byte",
        "no_carry_fill_byte",
    ]
    .into_iter()
    .map(constant)
    .collect::<Result<Vec<_>, _>>()?;
    Ok(Vectors {
        random_init_sum: u32::try_from(json_uint(constants_json, "random_init_sum")?)
            .map_err(|_| "constants.json: random_init_sum does not fit in u32".to_string())?,
        random_buf: hex_lines(vector_file!("random_buf.hex.txt"))?,
        expected_results: hex_lines(vector_file!("expected_results.hex.txt"))?,
        init_sums_no_overflow: hex_lines(vector_file!("init_sums_no_overflow.hex.txt"))?,
        expected_csum_ipv6_magic: hex_lines(vector_file!("expected_csum_ipv6_magic.hex.txt"))?,
        expected_fast_csum: hex_lines(vector_file!("expected_fast_csum.hex.txt"))?,
        constants,
    })
}

/// Parses one value per line: lowercase hex, zero-padded to exactly the element width.
fn hex_lines<T: TryFrom<u64>>((name, text): (&str, &str)) -> Result<Vec<T>, String> {
    let width = 2 * std::mem::size_of::<T>();
    text.lines()
        .enumerate()
        .map(|(i, line)| {
            let bad = || {
                format!(
                    "{name}:{}: expected {width} hex digits, got {line:?}",
                    i + 1
                )
            };
            if line.len() != width {
                return Err(bad());
            }
            let v = u64::from_str_radix(line, 16).map_err(|_| bad())?;
            T::try_from(v).map_err(|_| bad())
        })
        .collect()
}

/// The unsigned integer value of `"key": <digits>` in a flat JSON object.
fn json_uint((name, text): (&str, &str), key: &str) -> Result<u64, String> {
    let quoted = format!("\"{key}\"");
    let missing = || format!("{name}: no integer field {quoted}");
    let at = text.find(&quoted).ok_or_else(missing)? + quoted.len();
    let rest = text[at..]
        .trim_start()
        .strip_prefix(':')
        .ok_or_else(missing)?
        .trim_start();
    let digits: &str = &rest[..rest
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(rest.len())];
    digits.parse().map_err(|_| missing())
}
