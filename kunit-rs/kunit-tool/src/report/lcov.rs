//! LCOV tracefiles (`lcov.info`, as `geninfo`/`llvm-cov export -format=lcov` write them): the
//! coverage of a run as data, read, filtered to the code under test, merged and written
//! back. One model for every source: Rust's `llvm-cov export`, and C's gcov data (gcov's
//! JSON intermediate format maps onto [`FileCov`] line by line).

use std::collections::BTreeMap;
use std::fmt::Write;

/// One branch outcome: `BRDA:line,block,branch,taken` (`None`: the line never ran, `-`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Branch {
    /// The source line.
    pub line: u32,
    /// The block number (per line).
    pub block: u32,
    /// The branch number (per block).
    pub branch: u32,
    /// Times taken; `None` when the condition was never evaluated.
    pub taken: Option<u64>,
}

/// The coverage of one source file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FileCov {
    /// The source file (`SF:`), as the tool wrote it.
    pub path: String,
    /// Line -> execution count (`DA:`).
    pub lines: BTreeMap<u32, u64>,
    /// Function name -> (first line, execution count) (`FN:` / `FNDA:`).
    pub functions: BTreeMap<String, (u32, u64)>,
    /// Branch outcomes (`BRDA:`).
    pub branches: Vec<Branch>,
}

impl FileCov {
    /// Instrumented lines (`LF`).
    pub fn lines_found(&self) -> usize {
        self.lines.len()
    }
    /// Lines that ran (`LH`).
    pub fn lines_hit(&self) -> usize {
        self.lines.values().filter(|&&n| n > 0).count()
    }
    /// Functions (`FNF`).
    pub fn functions_found(&self) -> usize {
        self.functions.len()
    }
    /// Functions that ran (`FNH`).
    pub fn functions_hit(&self) -> usize {
        self.functions.values().filter(|f| f.1 > 0).count()
    }
    /// Branch outcomes (`BRF`).
    pub fn branches_found(&self) -> usize {
        self.branches.len()
    }
    /// Branch outcomes taken (`BRH`).
    pub fn branches_hit(&self) -> usize {
        self.branches
            .iter()
            .filter(|b| b.taken.is_some_and(|n| n > 0))
            .count()
    }

    /// Adds `other`'s counts (the same file seen by another binary or tool).
    pub fn merge(&mut self, other: &FileCov) {
        for (&line, &n) in &other.lines {
            *self.lines.entry(line).or_insert(0) += n;
        }
        for (name, &(line, n)) in &other.functions {
            self.functions.entry(name.clone()).or_insert((line, 0)).1 += n;
        }
        for b in &other.branches {
            match self
                .branches
                .iter_mut()
                .find(|m| (m.line, m.block, m.branch) == (b.line, b.block, b.branch))
            {
                Some(m) => {
                    m.taken = match (m.taken, b.taken) {
                        (None, None) => None,
                        (x, y) => Some(x.unwrap_or(0) + y.unwrap_or(0)),
                    }
                }
                None => self.branches.push(b.clone()),
            }
        }
    }
}

/// Totals over files: (lines hit, lines found, functions hit, found, branches hit, found).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    /// `LH` summed.
    pub lines_hit: usize,
    /// `LF` summed.
    pub lines_found: usize,
    /// `FNH` summed.
    pub functions_hit: usize,
    /// `FNF` summed.
    pub functions_found: usize,
    /// `BRH` summed.
    pub branches_hit: usize,
    /// `BRF` summed.
    pub branches_found: usize,
}

/// The totals of `files`.
pub fn totals(files: &[FileCov]) -> Totals {
    let mut t = Totals::default();
    for f in files {
        t.lines_hit += f.lines_hit();
        t.lines_found += f.lines_found();
        t.functions_hit += f.functions_hit();
        t.functions_found += f.functions_found();
        t.branches_hit += f.branches_hit();
        t.branches_found += f.branches_found();
    }
    t
}

/// `hit` of `found` as a percentage with one decimal (`-` when nothing was found).
pub fn percent(hit: usize, found: usize) -> String {
    if found == 0 {
        "-".to_string()
    } else {
        format!("{:.1}%", hit as f64 * 100.0 / found as f64)
    }
}

fn num<T: std::str::FromStr>(s: Option<&str>, line: usize) -> Result<T, String> {
    s.and_then(|v| v.trim().parse().ok())
        .ok_or_else(|| format!("lcov: line {line}: a number is missing or malformed"))
}

/// Reads a tracefile; records of the same file are merged. An unknown line is an error
/// (a tracefile we cannot read whole is not summarised silently).
pub fn parse(text: &str) -> Result<Vec<FileCov>, String> {
    let mut files: Vec<FileCov> = Vec::new();
    let mut cur: Option<FileCov> = None;
    let mut fn_lines: BTreeMap<String, u32> = BTreeMap::new();
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let l = raw.trim_end();
        if l.is_empty() {
            continue;
        }
        if l == "end_of_record" {
            let f = cur
                .take()
                .ok_or_else(|| format!("lcov: line {n}: end_of_record outside a record"))?;
            match files.iter_mut().find(|g| g.path == f.path) {
                Some(g) => g.merge(&f),
                None => files.push(f),
            }
            fn_lines.clear();
            continue;
        }
        let (key, value) = l
            .split_once(':')
            .ok_or_else(|| format!("lcov: line {n}: not a tracefile line: {l}"))?;
        if key == "TN" {
            continue;
        }
        if key == "SF" {
            cur = Some(FileCov {
                path: value.to_string(),
                ..FileCov::default()
            });
            continue;
        }
        let f = cur
            .as_mut()
            .ok_or_else(|| format!("lcov: line {n}: {key} outside a record"))?;
        let mut parts = value.splitn(4, ',');
        match key {
            "DA" => {
                let line: u32 = num(parts.next(), n)?;
                let count: u64 = num(parts.next(), n)?;
                *f.lines.entry(line).or_insert(0) += count;
            }
            "FN" => {
                let line: u32 = num(parts.next(), n)?;
                let name = parts.collect::<Vec<_>>().join(",");
                fn_lines.insert(name.clone(), line);
                f.functions.entry(name).or_insert((line, 0));
            }
            "FNDA" => {
                let count: u64 = num(parts.next(), n)?;
                let name = parts.collect::<Vec<_>>().join(",");
                let line = fn_lines.get(&name).copied().unwrap_or(0);
                f.functions.entry(name).or_insert((line, 0)).1 += count;
            }
            "BRDA" => {
                let line = num(parts.next(), n)?;
                let block = num(parts.next(), n)?;
                let branch = num(parts.next(), n)?;
                let taken = match parts.next().map(str::trim) {
                    Some("-") => None,
                    other => Some(num(other, n)?),
                };
                f.branches.push(Branch {
                    line,
                    block,
                    branch,
                    taken,
                });
            }
            // Summaries: recomputed from the records when written.
            "LF" | "LH" | "FNF" | "FNH" | "BRF" | "BRH" => {}
            _ => return Err(format!("lcov: line {n}: unknown record '{key}'")),
        }
    }
    if cur.is_some() {
        return Err("lcov: the last record has no end_of_record".into());
    }
    Ok(files)
}

/// Writes `files` as a tracefile, sorted by path, with the summaries recomputed.
pub fn write(files: &[FileCov]) -> String {
    let mut sorted: Vec<&FileCov> = files.iter().collect();
    sorted.sort_by(|a, b| a.path.cmp(&b.path));
    let mut out = String::new();
    for f in sorted {
        let _ = writeln!(out, "SF:{}", f.path);
        let mut fns: Vec<(&String, &(u32, u64))> = f.functions.iter().collect();
        fns.sort_by_key(|(name, (line, _))| (*line, name.as_str()));
        for (name, (line, _)) in &fns {
            let _ = writeln!(out, "FN:{line},{name}");
        }
        for (name, (_, count)) in &fns {
            let _ = writeln!(out, "FNDA:{count},{name}");
        }
        let _ = writeln!(
            out,
            "FNF:{}\nFNH:{}",
            f.functions_found(),
            f.functions_hit()
        );
        for b in &f.branches {
            let taken = b.taken.map_or("-".to_string(), |n| n.to_string());
            let _ = writeln!(out, "BRDA:{},{},{},{taken}", b.line, b.block, b.branch);
        }
        let _ = writeln!(out, "BRF:{}\nBRH:{}", f.branches_found(), f.branches_hit());
        for (line, count) in &f.lines {
            let _ = writeln!(out, "DA:{line},{count}");
        }
        let _ = writeln!(
            out,
            "LF:{}\nLH:{}\nend_of_record",
            f.lines_found(),
            f.lines_hit()
        );
    }
    out
}

#[cfg(test)]
#[path = "lcov_kunit.rs"]
mod lcov_kunit;
