#!/usr/bin/env python3
"""Compare two kunit.py `--json` results test by test: kunit.py's own (under UML) and ours
(`kunit run --json` in tree mode), for issue 28's "same tests, same answers as kunit.py".

  compare-kunit-py.py [--ours-ktap LOG] [--min-same PCT] UML_JSON OURS_JSON
  compare-kunit-py.py --self-test     the fixtures in scripts/compare-kunit-py/

The JSON is kunit_json.py's KernelCI document: groups with `sub_groups` and `test_cases`
(`{"name", "status"}`, status PASS, FAIL, SKIP or ERROR). A test is the path of group names
below the root plus its case name; its suite is the path's first name. Parameterised cases are
groups of their own, so their parameters are tests here, as in kunit.py's counts.

Each of kunit.py's tests is, in our result:
  same      the same status;
  skipped   SKIP with us (the case itself, or a whole suite that we report as one skipped
            leaf), where UML ran it;
  pass/fail PASS with us where UML says FAIL or ERROR;
  differs   any other status;
  missing   absent.
Tests only we report are `extra`. The JSON has no room for a skip's reason, so it comes from
our KTAP (`--ours-ktap`, the raw output of the same run): with it, a skip without a reason
fails; without it, the reasons are not checked and the output says so.

Prints a per-suite table, the totals, each flagged test and our skips grouped by reason, then
the acceptance criteria. Exit 0 when all hold (same >= PCT % of kunit.py's tests, default 90;
no pass/fail; none missing; every other test skipped by us, with a reason when the KTAP is
given), 1 when one fails, 2 on bad input.
"""
import json
import os
import re
import subprocess
import sys

STATUSES = ("PASS", "FAIL", "SKIP", "ERROR")


class BadInput(Exception):
    pass


def load_json(path):
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
    except OSError as e:
        raise BadInput(f"{path}: cannot read: {e.strerror}")
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise BadInput(f"{path}: not JSON: {e}")
    return leaves(doc, path)


def leaves(doc, path):
    """{test path (tuple): status} of every test case, in document order."""
    out = {}

    def walk(group, prefix):
        if not isinstance(group, dict) or not isinstance(group.get("name"), str):
            raise BadInput(f"{path}: a group without a name under {'.'.join(prefix) or 'the root'}")
        for key in ("sub_groups", "test_cases"):
            if not isinstance(group.get(key), list):
                raise BadInput(f"{path}: group {group['name']!r} has no {key} list")
        for case in group["test_cases"]:
            name, status = (case.get("name"), case.get("status")) if isinstance(case, dict) else (None, None)
            if not isinstance(name, str) or status not in STATUSES:
                raise BadInput(f"{path}: bad test case {case!r} in {group['name']!r}")
            key = prefix + (name,)
            n = 2
            while key in out:  # a repeated name stays a test of its own
                key = prefix + (f"{name}#{n}",)
                n += 1
            out[key] = status
        for sub in group["sub_groups"]:
            walk(sub, prefix + (sub.get("name", "?") if isinstance(sub, dict) else "?",))

    walk(doc, ())
    return out


RESULT = re.compile(r"^(\s*)(?:not )?ok \d+ (.*?)(?: # (SKIP|skip)\b ?(.*))?$")
SUBTEST = re.compile(r"^(\s*)# Subtest: (.*)$")


def ktap_skip_reasons(path):
    """{test path: reason} of every `# SKIP reason` result in a KTAP log."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = f.read().splitlines()
    except OSError as e:
        raise BadInput(f"{path}: cannot read: {e.strerror}")
    reasons = {}
    open_tests = []  # (indent, name) of each "# Subtest:" not yet closed
    for line in lines:
        m = SUBTEST.match(line)
        if m:
            open_tests.append((len(m.group(1)), m.group(2).strip()))
            continue
        m = RESULT.match(line)
        if not m:
            continue
        indent = len(m.group(1))
        while open_tests and open_tests[-1][0] > indent:
            open_tests.pop()  # this result closes the subtests nested deeper
        parents = tuple(name for i, name in open_tests if i <= indent)
        if m.group(3):
            reasons[parents + (m.group(2).strip(),)] = m.group(4).strip()
    return reasons


def classify(uml, ours):
    """{uml test: (class, our status or None, our key)}, and the extra tests of ours."""
    out = {}
    used = set()
    for test, u in uml.items():
        key = test if test in ours else next(
            (test[:i] for i in range(len(test) - 1, 0, -1) if test[:i] in ours), None
        )
        o = ours.get(key)
        if key is not None:
            used.add(key)
        if o is None or (key != test and o != "SKIP"):
            cls = "missing"
        elif o == u:
            cls = "same"
        elif o == "SKIP":
            cls = "skipped"
        elif o == "PASS" and u in ("FAIL", "ERROR"):
            cls = "pass/fail"
        else:
            cls = "differs"
        out[test] = (cls, o, key)
    extra = [t for t in ours if t not in used]
    return out, extra


COLUMNS = ("same", "skipped", "differs", "pass/fail", "missing", "extra")


def report(uml, ours, reasons, min_same, out):
    classes, extra = classify(uml, ours)
    suites = {}
    for test, (cls, _, _) in classes.items():
        row = suites.setdefault(test[0], dict.fromkeys(("uml",) + COLUMNS, 0))
        row["uml"] += 1
        row[cls] += 1
    for test in extra:
        suites.setdefault(test[0], dict.fromkeys(("uml",) + COLUMNS, 0))["extra"] += 1

    width = max([len("suite"), len("total")] + [len(s) for s in suites])
    head = ("uml",) + COLUMNS
    out.append(f"{'suite':<{width}}  " + "  ".join(f"{h:>9}" for h in head))
    total = dict.fromkeys(head, 0)
    for name, row in suites.items():
        out.append(f"{name:<{width}}  " + "  ".join(f"{row[h]:>9}" for h in head))
        for h in head:
            total[h] += row[h]
    out.append(f"{'total':<{width}}  " + "  ".join(f"{total[h]:>9}" for h in head))

    def dotted(test):
        return ".".join(test)

    flagged = [(t, c) for t, c in classes.items() if c[0] in ("differs", "pass/fail", "missing")]
    no_reason = []
    by_reason = {}
    for test, (cls, _, key) in classes.items():
        if cls == "skipped" or (cls == "same" and uml[test] == "SKIP"):
            reason = reasons.get(key) if reasons is not None else None
            if cls == "skipped" and reasons is not None and not reason:
                no_reason.append(test)
            unread = "(reasons not read)" if reasons is None else "(no reason)"
            by_reason.setdefault(reason or unread, set()).add(key)
    if flagged or no_reason:
        out.append("")
    for test, (cls, o, key) in flagged:
        if cls == "missing" and key is not None:
            out.append(f"missing: {dotted(test)} (UML {uml[test]}; ours has {dotted(key)} {ours[key]} with no tests)")
        elif cls == "missing":
            out.append(f"missing: {dotted(test)} (UML {uml[test]})")
        else:
            out.append(f"{cls}: {dotted(test)} (UML {uml[test]}, ours {o})")
    for test in no_reason:
        out.append(f"skipped without a reason: {dotted(test)} (UML {uml[test]})")
    if by_reason:
        out.append("")
        out.append("our skips by reason (tests, or whole suites, that we report skipped):")
        for reason, keys in by_reason.items():
            names = ", ".join(sorted(dotted(k) for k in keys))
            out.append(f"  {reason}: {len(keys)}: {names}")
    if extra:
        out.append("")
        out.append("extra (only ours): " + ", ".join(dotted(t) for t in extra))

    n = total["uml"]
    pct = 100.0 * total["same"] / n if n else 0.0
    checks = [
        (f"same status: {total['same']}/{n} ({pct:.1f} %), at least {min_same:g} %",
         n > 0 and pct >= min_same),
        (f"passes with us where UML fails: {total['pass/fail']}", total["pass/fail"] == 0),
        (f"missing from ours: {total['missing']}", total["missing"] == 0),
        (f"differing and not skipped by us: {total['differs']}", total["differs"] == 0),
    ]
    if reasons is None:
        out.append("")
        out.append("skip reasons not checked: no --ours-ktap given")
    else:
        checks.append((f"skipped by us without a reason: {len(no_reason)}", not no_reason))
    out.append("")
    for text, good in checks:
        out.append(f"{'ok' if good else 'FAILED'}: {text}")
    return all(good for _, good in checks)


def run(args):
    """The command line; returns (exit code, output lines)."""
    min_same = 90.0
    ktap = None
    files = []
    it = iter(args)
    for a in it:
        if a in ("--ours-ktap", "--min-same"):
            v = next(it, None)
            if v is None:
                raise BadInput(f"{a} needs a value")
            if a == "--ours-ktap":
                ktap = v
            else:
                try:
                    min_same = float(v)
                except ValueError:
                    raise BadInput(f"--min-same {v!r}: not a number")
        elif a.startswith("-") and a != "-":
            raise BadInput(f"unknown option {a}")
        else:
            files.append(a)
    if len(files) != 2:
        raise BadInput("usage: compare-kunit-py.py [--ours-ktap LOG] [--min-same PCT] UML_JSON OURS_JSON")
    uml, ours = load_json(files[0]), load_json(files[1])
    reasons = ktap_skip_reasons(ktap) if ktap else None
    out = []
    good = report(uml, ours, reasons, min_same, out)
    return (0 if good else 1), out


def main(args):
    if args == ["--self-test"]:
        return self_test()
    try:
        code, out = run(args)
    except BadInput as e:
        print(f"compare-kunit-py: {e}", file=sys.stderr)
        return 2
    print("\n".join(out))
    return code


def self_test():
    """Each case in scripts/compare-kunit-py/cases: its arguments (fixture names), its exit
    code and its whole output (`NAME.out`, stdout then stderr)."""
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "compare-kunit-py")
    failures = 0
    with open(os.path.join(here, "cases"), encoding="utf-8") as f:
        cases = [l.split() for l in f if l.strip() and not l.startswith("#")]
    for name, code, *argv in cases:
        argv = [a if a.startswith("--") or not a.endswith((".json", ".ktap")) else os.path.join(here, a) for a in argv]
        p = subprocess.run([sys.executable, os.path.abspath(__file__)] + argv,
                           capture_output=True, text=True, cwd=here)
        got = (p.stdout + p.stderr).replace(here + os.sep, "")
        with open(os.path.join(here, name + ".out"), encoding="utf-8") as f:
            want = f.read()
        if p.returncode != int(code) or got != want:
            failures += 1
            print(f"self-test {name}: exit {p.returncode} (want {code}); output:\n{got}")
    print(f"compare-kunit-py self-test: {len(cases) - failures}/{len(cases)} cases as expected")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
