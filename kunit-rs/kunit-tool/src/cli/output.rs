//! Where the commands print: stdout, coloured when asked or on a terminal.

use std::io;

use super::options::ColorWhen;
use crate::report::printer::Printer;

/// Colours on a terminal only, unless `--color` says otherwise; `NO_COLOR`
/// (any non-empty value) turns the automatic choice off.
pub fn use_color(when: ColorWhen, is_tty: bool) -> bool {
    match when {
        ColorWhen::Always => true,
        ColorWhen::Never => false,
        ColorWhen::Auto => is_tty && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
    }
}

/// A printer on stdout, coloured as `use_color` decides; on a terminal it
/// flushes every line.
pub fn stdout_printer(when: ColorWhen, tty: bool) -> Printer {
    // The printer buffers its output itself.
    Printer::new(Box::new(io::stdout()), use_color(when, tty), tty)
}
