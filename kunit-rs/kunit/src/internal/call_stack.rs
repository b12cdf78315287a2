//! The current call stack as (function, file, line) frames, from the standard library's
//! `std::backtrace` — not the `backtrace` crate, whose code and debug info (with `gimli`,
//! `object`, `addr2line`, `rustc-demangle`, `miniz_oxide`) every test binary would carry,
//! while std already links its own copy of that machinery.
//!
//! Stable std offers a captured backtrace only as text, so this parses the full (`{:#}`)
//! form: one line per symbol (inlined ones included), innermost first,
//!
//! ```text
//!    4:     0x55e7aa2c4994 - my_crate::inner::hfb8ae7541cf6f5e1
//!                                at /src/my_crate/src/lib.rs:2:32
//! ```
//!
//! The full form, not the short one, because the short one rewrites paths relative to the
//! current directory and hides frames; names are then normalized to what the short form
//! shows (no `::h<hash>` suffix, no `[disambiguator]` of the v0 mangling std uses).

/// One symbol of the stack: its function and source position, as the debug info has them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    /// The demangled function, without hash or crate disambiguators; `<unknown>` if the
    /// address had no symbol.
    pub function: String,
    /// The source file (empty when the debug info names none).
    pub file: String,
    /// The 1-based line (0 when unknown).
    pub line: u32,
}

/// The calling thread's stack, innermost first (this function's own frames and std's
/// capture machinery included: callers trim by file).
pub fn capture() -> Vec<Frame> {
    parse(&format!("{:#}", std::backtrace::Backtrace::force_capture()))
}

/// Parses the full `Display` form of a `std::backtrace::Backtrace`. Lines that are neither
/// a symbol line nor its `at file:line[:column]` line are ignored (e.g. `disabled backtrace`).
pub fn parse(text: &str) -> Vec<Frame> {
    let mut frames: Vec<Frame> = Vec::new();
    for line in text.lines() {
        let line = line.trim_start();
        if let Some(location) = line.strip_prefix("at ") {
            // Belongs to the symbol line just before it; a stray one is dropped.
            if let Some(last) = frames.last_mut().filter(|f| f.file.is_empty()) {
                let (file, line) = split_location(location);
                last.file = file.to_owned();
                last.line = line;
            }
        } else if let Some(symbol) = symbol_of(line) {
            frames.push(Frame {
                function: normalize(symbol),
                file: String::new(),
                line: 0,
            });
        }
    }
    frames
}

/// The symbol of a `N: 0xADDR - symbol` line (the address part is optional).
fn symbol_of(line: &str) -> Option<&str> {
    let (index, rest) = line.split_once(':')?;
    if index.is_empty() || !index.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let rest = rest.trim_start();
    let symbol = match rest.split_once(" - ") {
        Some((addr, symbol)) if addr.starts_with("0x") => symbol,
        _ => rest,
    };
    (!symbol.is_empty()).then_some(symbol)
}

/// `path:line` or `path:line:column` into (path, line). A path that itself ends in
/// `:digits` with no column after it would lose that part — debug info does not name such
/// files.
fn split_location(location: &str) -> (&str, u32) {
    let Some((head, last)) = split_number(location) else {
        return (location, 0);
    };
    match split_number(head) {
        Some((path, line)) => (path, line),
        None => (head, last),
    }
}

/// `text` = `head:N` with a decimal `N`.
fn split_number(text: &str) -> Option<(&str, u32)> {
    let (head, tail) = text.rsplit_once(':')?;
    let n = tail
        .parse()
        .ok()
        .filter(|_| tail.bytes().all(|b| b.is_ascii_digit()))?;
    Some((head, n))
}

/// Drops the legacy mangling's `::h<16 hex>` suffix and the v0 mangling's crate
/// disambiguators (`std[e28293b1aa0f68bd]::`), as the alternate demangled form does.
fn normalize(symbol: &str) -> String {
    let symbol = match symbol.rsplit_once("::h") {
        Some((head, hash)) if hash.len() == 16 && is_hex(hash) => head,
        _ => symbol,
    };
    let mut out = String::with_capacity(symbol.len());
    let mut rest = symbol;
    while let Some(open) = rest.find('[') {
        let (before, from_bracket) = rest.split_at(open);
        out.push_str(before);
        // A disambiguator follows an identifier directly; a slice type `[T]` never does.
        let after_ident = before
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '_');
        match from_bracket[1..].split_once(']') {
            Some((inner, after)) if after_ident && !inner.is_empty() && is_hex(inner) => {
                rest = after;
            }
            _ => {
                out.push('[');
                rest = &from_bracket[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

fn is_hex(text: &str) -> bool {
    text.bytes().all(|b| b.is_ascii_hexdigit())
}
