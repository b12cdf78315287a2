//! What a kernel tree's Makefiles say about compiling one of its files.

use std::path::Path;

/// The flags the Makefile beside `file` gives it with `CFLAGS_<name>.o := / += / = ...`
/// (`lib/Makefile`: `CFLAGS_string.o := -ffreestanding`). Lines that call make functions
/// (`$(call cc-option, ...)`) or depend on a condition inside `ifdef` are taken as written
/// only when they hold plain flags; the rest are skipped.
pub(crate) fn makefile_cflags(file: &Path) -> Vec<String> {
    let (Some(dir), Some(stem)) = (file.parent(), file.file_stem()) else {
        return Vec::new();
    };
    let Ok(text) = std::fs::read_to_string(dir.join("Makefile")) else {
        return Vec::new();
    };
    cflags_for(&text, &stem.to_string_lossy())
}

/// [`makefile_cflags`] on a Makefile's text.
pub(crate) fn cflags_for(makefile: &str, stem: &str) -> Vec<String> {
    let target = format!("CFLAGS_{stem}.o");
    let mut flags = Vec::new();
    for line in makefile.lines() {
        let Some(rest) = line.trim_start().strip_prefix(&target) else {
            continue;
        };
        let rest = rest.trim_start();
        let (assign, value) = if let Some(v) = rest.strip_prefix(":=") {
            (true, v)
        } else if let Some(v) = rest.strip_prefix("+=") {
            (false, v)
        } else if let Some(v) = rest.strip_prefix('=') {
            (true, v)
        } else {
            continue;
        };
        let value = value.split('#').next().unwrap_or("");
        if value.contains("$(") || value.contains("${") {
            continue;
        }
        if assign {
            flags.clear();
        }
        flags.extend(value.split_whitespace().map(str::to_owned));
    }
    flags
}
