//! The opt-in line diff after a failed multi-line `STREQ` (`Config::diff`, the harness's
//! `--diff`): a Rust extension the kernel never prints, so it is off by default.

use super::format::SUBTEST_INDENT;

/// Inputs longer than this many lines get no diff (the table is quadratic).
const MAX_LINES: usize = 500;

/// Appends `Diff (- left, + right):` and a longest-common-subsequence line diff of two
/// strings (bytes, split at `\n`), when either has more than one line.
pub(crate) fn line_diff(
    out: &mut Vec<u8>,
    left_text: &str,
    right_text: &str,
    left: &[u8],
    right: &[u8],
) {
    if !left.contains(&b'\n') && !right.contains(&b'\n') {
        return;
    }
    let a: Vec<&[u8]> = left.split(|&b| b == b'\n').collect();
    let b: Vec<&[u8]> = right.split(|&b| b == b'\n').collect();
    if a.len() > MAX_LINES || b.len() > MAX_LINES {
        return;
    }
    // lcs[i][j]: length of the LCS of a[i..] and b[j..].
    let mut lcs = vec![vec![0u16; b.len() + 1]; a.len() + 1];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            lcs[i][j] = if a[i] == b[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    out.extend_from_slice(
        format!("\n{SUBTEST_INDENT}Diff (- {left_text}, + {right_text}):").as_bytes(),
    );
    let mut line = |mark: &str, text: &[u8]| {
        out.extend_from_slice(format!("\n{SUBTEST_INDENT}{mark} ").as_bytes());
        out.extend_from_slice(text);
    };
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        if i < a.len() && j < b.len() && a[i] == b[j] {
            line(" ", a[i]);
            i += 1;
            j += 1;
        } else if j < b.len() && (i == a.len() || lcs[i][j + 1] >= lcs[i + 1][j]) {
            line("+", b[j]);
            j += 1;
        } else {
            line("-", a[i]);
            i += 1;
        }
    }
}
