//! Turns the compiler's "No such file" for an `#include` into one line that names the header
//! and says where it was looked for.

use std::path::Path;

/// A missing header, found in a compiler's error output (GCC: `F:L:C: fatal error: H: No such
/// file or directory`; Clang: `F:L:C: fatal error: 'H' file not found`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct MissingHeader {
    /// The header as written between the brackets or quotes.
    pub(crate) header: String,
    /// `file:line` of the `#include`.
    pub(crate) at: String,
    /// `#include "..."` rather than `#include <...>`.
    pub(crate) quoted: bool,
}

/// The first missing header the compiler reported, if any.
pub(crate) fn missing_header(stderr: &str) -> Option<MissingHeader> {
    for line in stderr.lines() {
        let Some((location, message)) = line.split_once(": fatal error: ") else {
            continue;
        };
        let header = if let Some(h) = message.strip_suffix(": No such file or directory") {
            h
        } else if let Some(h) = message.strip_suffix(" file not found") {
            h.trim_matches('\'')
        } else {
            continue;
        };
        // location is `file:line:column`.
        let mut parts = location.rsplitn(3, ':');
        let (_col, line_no, file) = (parts.next(), parts.next(), parts.next());
        let (file, line_no) = match (file, line_no) {
            (Some(f), Some(l)) => (f, l),
            _ => (location, ""),
        };
        let quoted = include_is_quoted(Path::new(file), line_no, header);
        return Some(MissingHeader {
            header: header.to_owned(),
            at: format!("{file}:{line_no}"),
            quoted,
        });
    }
    None
}

/// Reads the `#include` line itself: a header written in quotes is the user's own.
fn include_is_quoted(file: &Path, line_no: &str, header: &str) -> bool {
    let Ok(n) = line_no.parse::<usize>() else {
        return false;
    };
    std::fs::read_to_string(file)
        .ok()
        .and_then(|text| text.lines().nth(n.wrapping_sub(1)).map(str::to_owned))
        .is_some_and(|l| l.contains(&format!("\"{header}\"")))
}

impl MissingHeader {
    /// The one-line error: kunit-c lacks this header (and the kernel tree too, if one was
    /// given), or a quoted header is not beside the file.
    pub(crate) fn message(&self, tree: Option<&Path>) -> String {
        if self.quoted {
            return format!(
                "\"{}\" not found (included at {}): it is neither beside the including file \
                 nor in an include directory",
                self.header, self.at
            );
        }
        match tree {
            Some(t) => format!(
                "neither kunit-c nor the kernel tree {} has <{}> (included at {}); kunit-c's \
                 headers are listed in docs/src/c-suites.md",
                t.display(),
                self.header,
                self.at
            ),
            None => format!(
                "kunit-c has no <{}> (included at {}); kunit-c's headers are listed in \
                 docs/src/c-suites.md, and a kernel tree's own headers are searched after them \
                 with kunit_c::Build::kernel_tree (kunit c --kernel-tree)",
                self.header, self.at
            ),
        }
    }
}
