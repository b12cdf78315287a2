//! The differential test of the Kconfig semantics: many random kunitconfigs over a Kconfig
//! tree, each resolved by kunit-kbuild and by kconfiglib (PyPI; a Python implementation of
//! the kernel's Kconfig), the enabled options and values compared. Skipped with one line when
//! python3 or kconfiglib is missing (scripts/check-kconfig-differential.sh installs it).
//!
//! The tree is tests/fixture, or KUNIT_KBUILD_DIFF_TREE (a kernel tree; then the options
//! drawn are those its KUNIT_KBUILD_DIFF_DIR Kconfig files define, `lib` by default).
//! KUNIT_KBUILD_DIFF_N sets the number of configurations (300 by default).
//!
//! Where kconfiglib (2020) and the 6.12 kernel differ by design, the kernel wins and the
//! generator stays out of the difference: an int or hex drawn inside all its ranges (the
//! kernel clamps an out-of-range user value, kconfiglib falls back to the default); a choice
//! member only ever set to `y` (see `draw`); and
//! `n` lines are not compared (6.12 writes a promptless default only when it is above n).

use kunit_kbuild::kconfig::fragment::{quote, Fragment};
use kunit_kbuild::kconfig::model::{Kconfig, Type};
use kunit_kbuild::kconfig::resolve::{arch_env, evaluate, load};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

#[kunit::kunit_tests(kbuild_differential)]
mod tests {
    use super::*;

    #[test]
    fn random_kunitconfigs_match_kconfiglib() {
        run();
    }
}

kunit::main!();

/// xorshift64*: the same draws on every machine.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// The values inside every range of the symbol (the intersection of its constant ranges).
fn range_of(kc: &Kconfig, s: usize) -> Option<(i64, i64)> {
    let mut out: Option<(i64, i64)> = None;
    for r in &kc.syms[s].ranges {
        let Some((lo, hi)) = one_range(kc, s, r) else {
            continue;
        };
        out = Some(match out {
            Some((a, b)) => (a.max(lo), b.min(hi)),
            None => (lo, hi),
        });
    }
    out.filter(|(a, b)| a <= b)
}

fn one_range(
    kc: &Kconfig,
    s: usize,
    r: &kunit_kbuild::kconfig::model::Range,
) -> Option<(i64, i64)> {
    let num = |a: &kunit_kbuild::kconfig::expr::Atom| match a {
        kunit_kbuild::kconfig::expr::Atom::Const(c) => {
            let t = c.trim_start_matches("0x");
            let base = if kc.syms[s].ty == Type::Hex { 16 } else { 10 };
            i64::from_str_radix(t, base).ok()
        }
        _ => None,
    };
    Some((num(&r.lo)?, num(&r.hi)?))
}

fn draw(kc: &Kconfig, pool: &[usize], rng: &mut Rng) -> Fragment {
    let mut f = Fragment::default();
    let n = 1 + rng.below(pool.len().min(12) as u64);
    for _ in 0..n {
        let s = pool[rng.below(pool.len() as u64) as usize];
        let sym = &kc.syms[s];
        let v = match sym.ty {
            // Only `y` for a choice member: 6.12 treats a user `n` on the choice's default
            // differently from kconfiglib (sym_calc_choice then takes the first member
            // without a user value), and the kernel is the reference.
            // And one member per choice: with several `y`s 6.12 takes the visible one read
            // last, kconfiglib the last one read even if it is invisible.
            Type::Bool if sym.choice.is_some() => {
                let c = sym.choice;
                if f.entries
                    .iter()
                    .any(|(n, _)| kc.sym(n).is_some_and(|o| kc.syms[o].choice == c))
                {
                    continue;
                }
                "y".to_string()
            }
            Type::Bool => ["y", "n"][rng.below(2) as usize].to_string(),
            Type::Tristate => ["y", "m", "n"][rng.below(3) as usize].to_string(),
            Type::Int | Type::Hex => {
                let (lo, hi) = range_of(kc, s).unwrap_or((0, 300));
                let x = lo + rng.below((hi - lo + 1) as u64) as i64;
                if sym.ty == Type::Hex {
                    format!("0x{x:x}")
                } else {
                    x.to_string()
                }
            }
            Type::String => quote(["", "abc", "x y"][rng.below(3) as usize]),
            Type::Unknown => continue,
        };
        f.set(&sym.name, &v);
    }
    f
}

/// The non-n assignments of a .config text.
fn enabled(text: &str) -> BTreeMap<String, String> {
    text.lines()
        .filter_map(|l| l.strip_prefix("CONFIG_")?.split_once('='))
        .filter(|(_, v)| *v != "n")
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

fn run() {
    let fixture = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixture");
    let tree = std::env::var_os("KUNIT_KBUILD_DIFF_TREE").map_or(fixture, PathBuf::from);
    let dir_prefix = std::env::var("KUNIT_KBUILD_DIFF_DIR").unwrap_or_else(|_| "lib".into());
    let count: usize = std::env::var("KUNIT_KBUILD_DIFF_N")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(300);
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".into());
    let oracle = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/kconfiglib_oracle.py");
    let probe = Command::new(&python)
        .args(["-c", "import kconfiglib"])
        .output();
    if !probe.is_ok_and(|o| o.status.success()) {
        eprintln!(
            "SKIP kbuild_differential: {python} with kconfiglib not found (pip install kconfiglib)"
        );
        return;
    }
    let env = arch_env(&tree, "um", &Default::default()).unwrap();
    let kc = load(&tree, env.clone(), None).unwrap_or_else(|e| panic!("{e:?}"));
    let pool: Vec<usize> = kc
        .order
        .iter()
        .copied()
        .filter(|&s| {
            let sym = &kc.syms[s];
            sym.ty != Type::Unknown
                && sym
                    .loc
                    .as_ref()
                    .is_some_and(|l| l.file.starts_with(&dir_prefix))
        })
        .collect();
    assert!(
        pool.len() > 10,
        "only {} options under {dir_prefix}",
        pool.len()
    );
    let work = std::env::temp_dir().join(format!("kunit-kbuild-diff-{}", std::process::id()));
    std::fs::create_dir_all(&work).unwrap();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut frags = Vec::new();
    let mut paths = Vec::new();
    for i in 0..count {
        let f = draw(&kc, &pool, &mut rng);
        let p = work.join(format!("c{i:04}"));
        let text: String = f
            .entries
            .iter()
            .map(|(n, v)| kunit_kbuild::kconfig::fragment::entry_text(n, v) + "\n")
            .collect();
        std::fs::write(&p, text).unwrap();
        frags.push(f);
        paths.push(p);
    }
    let st = Command::new(&python)
        .arg(&oracle)
        .arg(&tree)
        .arg(&work)
        .args(&paths)
        .envs(&env)
        .status()
        .unwrap();
    assert!(st.success(), "kconfiglib failed: {st}");
    let mut mismatches = Vec::new();
    let mut values = 0;
    for (f, p) in frags.iter().zip(&paths) {
        let theirs = enabled(&std::fs::read_to_string(p.with_extension("out")).unwrap());
        let (config, _) = evaluate(&kc, f);
        let ours = enabled(&config.dot_config());
        values += theirs.len();
        if ours != theirs {
            let only_ours: Vec<_> = ours
                .iter()
                .filter(|(k, v)| theirs.get(*k) != Some(v))
                .collect();
            let only_theirs: Vec<_> = theirs
                .iter()
                .filter(|(k, v)| ours.get(*k) != Some(v))
                .collect();
            mismatches.push(format!(
                "{}: {:?}\n  ours only: {only_ours:?}\n  kconfiglib only: {only_theirs:?}",
                p.display(),
                f.entries
            ));
        }
    }
    eprintln!(
        "kbuild_differential: {count} random kunitconfigs over {} ({} options drawn from, {values} enabled values compared): {} mismatches",
        tree.display(),
        pool.len(),
        mismatches.len()
    );
    if mismatches.is_empty() {
        let _ = std::fs::remove_dir_all(&work);
    }
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}
