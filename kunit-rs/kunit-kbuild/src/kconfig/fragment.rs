//! kunitconfig fragments as kunit.py reads them (tools/testing/kunit/kunit_config.py):
//! `CONFIG_X=value` and `# CONFIG_X is not set` lines, other `#` lines ignored, anything else
//! an error; merging keeps each name's first place and takes the later value.

/// One fragment's or a merged set's entries, in kunit.py's dict order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Fragment {
    /// `(name without CONFIG_, value)`; `n` for "is not set".
    pub entries: Vec<(String, String)>,
}

impl Fragment {
    /// Parses a fragment's text; `Err` quotes the first line that is not an entry.
    pub fn parse(text: &str) -> Result<Fragment, String> {
        let mut f = Fragment::default();
        for line in text.split('\n') {
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            if let Some((name, value)) = config_line(line) {
                f.set(name, value);
                continue;
            }
            if let Some(name) = line
                .strip_prefix("# CONFIG_")
                .and_then(|r| r.strip_suffix(" is not set"))
                .filter(|n| is_word(n))
            {
                f.set(name, "n");
                continue;
            }
            if line.starts_with('#') {
                continue;
            }
            return Err(format!("Failed to parse: {line}"));
        }
        Ok(f)
    }

    /// Sets `name` to `value` (keeping its place if already present).
    pub fn set(&mut self, name: &str, value: &str) {
        match self.entries.iter_mut().find(|(n, _)| n == name) {
            Some(e) => e.1 = value.to_string(),
            None => self.entries.push((name.to_string(), value.to_string())),
        }
    }

    /// The value of `name`, if present.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.entries
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Merges `other` in: its values win.
    pub fn merge(&mut self, other: &Fragment) {
        for (n, v) in &other.entries {
            self.set(n, v);
        }
    }

    /// kunit.py's conflicting_options: names both set, to different values (an `n` on
    /// this side is falsy there too, but `n` is a non-empty string, so it counts).
    pub fn conflicts(&self, other: &Fragment) -> Vec<(String, String, String)> {
        self.entries
            .iter()
            .filter_map(|(n, a)| {
                let b = other.get(n)?;
                (a != b).then(|| (n.clone(), a.clone(), b.to_string()))
            })
            .collect()
    }
}

/// How kunit.py prints an entry.
pub fn entry_text(name: &str, value: &str) -> String {
    if value == "n" {
        format!("# CONFIG_{name} is not set")
    } else {
        format!("CONFIG_{name}={value}")
    }
}

/// `CONFIG_(\w+)=(\S+|".*")` matched against the whole line.
fn config_line(line: &str) -> Option<(&str, &str)> {
    let rest = line.strip_prefix("CONFIG_")?;
    let eq = rest.find('=')?;
    let (name, value) = (&rest[..eq], &rest[eq + 1..]);
    if !is_word(name) || value.is_empty() {
        return None;
    }
    let quoted = value.len() >= 2 && value.starts_with('"') && value.ends_with('"');
    if quoted || !value.contains(char::is_whitespace) {
        Some((name, value))
    } else {
        None
    }
}

fn is_word(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// A `.config` value as Kconfig stores it: a quoted string unescaped, anything else as is.
pub fn unquote(v: &str) -> String {
    match v.strip_prefix('"').and_then(|r| r.strip_suffix('"')) {
        Some(inner) => {
            let mut out = String::new();
            let mut chars = inner.chars();
            while let Some(c) = chars.next() {
                if c == '\\' {
                    if let Some(n) = chars.next() {
                        out.push(n);
                    }
                } else {
                    out.push(c);
                }
            }
            out
        }
        None => v.to_string(),
    }
}

/// A string value written as `.config` writes it.
pub fn quote(v: &str) -> String {
    let mut out = String::from("\"");
    for c in v.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}

#[cfg(test)]
#[path = "fragment_kunit.rs"]
mod fragment_kunit;
