#!/usr/bin/env python3
"""A strict check of libtest's JSON event stream, the shape a rustc 1.95 libtest binary prints
with `-Z unstable-options --format json` (library/test/src/formatters/json.rs): every line one
object whose keys are exactly libtest's, in libtest's order; one run, each test started before
its result, the closing counts equal to the results.

  libtest-json-check.py run FILE EXPECTED_TESTS   events of a run (FILE - is stdin)
  libtest-json-check.py list FILE EXPECTED_TESTS  events of --list
  libtest-json-check.py --self-test               the checker rejects broken streams

Prints the counts (`passed failed ignored`) of a run; exits 1 with the reason on a violation.
"""
import json
import sys

# Key order of each event, as libtest writes them; optional keys in brackets.
SUITE_STARTED = ["type", "event", "test_count", "[shuffle_seed]"]
TEST_STARTED = ["type", "event", "name"]
TEST_RESULT = ["type", "name", "event", "[exec_time]", "[stdout]", "[message]"]
SUITE_FINISHED = [
    "type", "event", "passed", "failed", "ignored", "measured", "filtered_out", "exec_time",
]
DISCOVERY = ["type", "event"]
# libtest adds the source location; kunit cases have none.
DISCOVERED = [
    "type", "event", "name", "ignore", "ignore_message",
    "[source_path]", "[start_line]", "[start_col]", "[end_line]", "[end_col]",
]
COMPLETED = ["type", "event", "tests", "benchmarks", "total", "ignored"]


class Bad(Exception):
    pass


def keys_match(obj, shape, n):
    keys = list(obj)
    want = [k for k in shape if not k.startswith("[")]
    optional = [k.strip("[]") for k in shape]
    # The keys must be a subsequence of the full order that holds every mandatory key.
    it = iter(optional)
    if not all(k in it for k in keys) or not set(want) <= set(keys):
        raise Bad(f"line {n}: keys {keys}, expected (in order) {shape}")


def typed(obj, n, **types):
    for k, t in types.items():
        if k in obj and not (isinstance(obj[k], t) and not (t is int and isinstance(obj[k], bool))):
            raise Bad(f"line {n}: '{k}' is {obj[k]!r}, expected {t.__name__}")


def parse(lines):
    events = []
    for n, line in enumerate(lines, 1):
        if not line.endswith("\n"):
            raise Bad(f"line {n}: not newline-terminated")
        try:
            obj = json.loads(line, object_pairs_hook=dict_no_dupes)
        except ValueError as e:
            raise Bad(f"line {n}: not JSON ({e}): {line[:120]!r}")
        if not isinstance(obj, dict):
            raise Bad(f"line {n}: not an object")
        events.append((n, obj))
    if not events:
        raise Bad("no events at all")
    return events


def dict_no_dupes(pairs):
    d = {}
    for k, v in pairs:
        if k in d:
            raise ValueError(f"duplicate key {k!r}")
        d[k] = v
    return d


def check_run(lines, expected):
    events = parse(lines)
    n, first = events[0]
    if first.get("type") != "suite" or first.get("event") != "started":
        raise Bad("line 1: not the suite's started event")
    keys_match(first, SUITE_STARTED, n)
    typed(first, n, test_count=int, shuffle_seed=int)
    n, last = events[-1]
    if last.get("type") != "suite" or last.get("event") not in ("ok", "failed"):
        raise Bad(f"line {n}: the last event is not the suite's ok/failed")
    keys_match(last, SUITE_FINISHED, n)
    typed(last, n, passed=int, failed=int, ignored=int, measured=int, filtered_out=int,
          exec_time=float)
    running = {}
    counts = {"ok": 0, "failed": 0, "ignored": 0}
    for n, ev in events[1:-1]:
        if ev.get("type") != "test":
            raise Bad(f"line {n}: a {ev.get('type')!r} event inside the run")
        kind = ev.get("event")
        name = ev.get("name")
        if not isinstance(name, str) or not name:
            raise Bad(f"line {n}: no test name")
        if kind == "started":
            keys_match(ev, TEST_STARTED, n)
            running[name] = running.get(name, 0) + 1
        elif kind in counts:
            keys_match(ev, TEST_RESULT, n)
            typed(ev, n, exec_time=float, stdout=str, message=str)
            if running.get(name, 0) == 0:
                raise Bad(f"line {n}: result of '{name}', which had not started")
            running[name] -= 1
            counts[kind] += 1
        else:
            raise Bad(f"line {n}: unknown test event {kind!r}")
    unfinished = [k for k, v in running.items() if v]
    if unfinished:
        raise Bad(f"tests started but never finished: {unfinished[:5]}")
    results = sum(counts.values())
    if first["test_count"] != results:
        raise Bad(f"test_count {first['test_count']} but {results} results")
    if results != expected:
        raise Bad(f"{results} results but --list lists {expected}")
    for key, kind in (("passed", "ok"), ("failed", "failed"), ("ignored", "ignored")):
        if last[key] != counts[kind]:
            raise Bad(f"closing '{key}': {last[key]}, but {counts[kind]} '{kind}' events")
    if last["measured"] != 0:
        raise Bad("measured is not 0")
    if (last["event"] == "ok") != (counts["failed"] == 0):
        raise Bad(f"closing event '{last['event']}' with {counts['failed']} failures")
    return counts["ok"], counts["failed"], counts["ignored"]


def check_list(lines, expected):
    events = parse(lines)
    n, first = events[0]
    if first != {"type": "suite", "event": "discovery"}:
        raise Bad("line 1: not the discovery event")
    keys_match(first, DISCOVERY, n)
    n, last = events[-1]
    if last.get("type") != "suite" or last.get("event") != "completed":
        raise Bad(f"line {n}: the last event is not the suite's completed")
    keys_match(last, COMPLETED, n)
    typed(last, n, tests=int, benchmarks=int, total=int, ignored=int)
    tests = ignored = 0
    for n, ev in events[1:-1]:
        if ev.get("type") != "test" or ev.get("event") != "discovered":
            raise Bad(f"line {n}: not a discovered test")
        keys_match(ev, DISCOVERED, n)
        typed(ev, n, name=str, ignore=bool, ignore_message=str)
        tests += 1
        ignored += ev["ignore"]
    if (last["tests"], last["total"], last["benchmarks"], last["ignored"]) != (
        tests, tests, 0, ignored):
        raise Bad(f"completed event {last} disagrees with {tests} tests, {ignored} ignored")
    if tests != expected:
        raise Bad(f"{tests} discovered but --list lists {expected}")
    return tests, ignored


GOOD_RUN = [
    '{ "type": "suite", "event": "started", "test_count": 2 }\n',
    '{ "type": "test", "event": "started", "name": "s.a" }\n',
    '{ "type": "test", "name": "s.a", "event": "ok" }\n',
    '{ "type": "test", "event": "started", "name": "s.b" }\n',
    '{ "type": "test", "name": "s.b", "event": "failed", "stdout": "x\\n" }\n',
    '{ "type": "suite", "event": "failed", "passed": 1, "failed": 1, "ignored": 0, '
    '"measured": 0, "filtered_out": 0, "exec_time": 0.5 }\n',
]
GOOD_LIST = [
    '{ "type": "suite", "event": "discovery" }\n',
    '{ "type": "test", "event": "discovered", "name": "s.a", "ignore": true, '
    '"ignore_message": "slow" }\n',
    # What rustc 1.95's libtest prints for a #[test] in src/lib.rs.
    '{ "type": "test", "event": "discovered", "name": "tests::a", "ignore": false, '
    '"ignore_message": "", "source_path": "src/lib.rs", "start_line": 3, "start_col": 16, '
    '"end_line": 3, "end_col": 17 }\n',
    '{ "type": "suite", "event": "completed", "tests": 2, "benchmarks": 0, "total": 2, '
    '"ignored": 1 }\n',
]


def self_test():
    assert check_run(GOOD_RUN, 2) == (1, 1, 0)
    assert check_list(GOOD_LIST, 2) == (2, 1)
    broken_runs = {
        "key order": [GOOD_RUN[0], GOOD_RUN[1],
                      '{ "type": "test", "event": "ok", "name": "s.a" }\n'] + GOOD_RUN[3:],
        "missing close": GOOD_RUN[:-1],
        "count off": GOOD_RUN[:-1] + [GOOD_RUN[-1].replace('"passed": 1', '"passed": 2')],
        "not started": [GOOD_RUN[0], GOOD_RUN[2]] + GOOD_RUN[3:],
        "stray text": GOOD_RUN[:2] + ["KTAP version 1\n"] + GOOD_RUN[2:],
        "extra key": [GOOD_RUN[0].replace(" }", ', "x": 1 }')] + GOOD_RUN[1:],
        "string time": GOOD_RUN[:-1] + [GOOD_RUN[-1].replace("0.5", '"0.5"')],
        "ok with failure": GOOD_RUN[:-1] + [GOOD_RUN[-1].replace('"failed", "p', '"ok", "p')],
        "no newline": GOOD_RUN[:-1] + [GOOD_RUN[-1].rstrip("\n")],
    }
    for what, lines in broken_runs.items():
        try:
            check_run(lines, 2)
        except Bad:
            continue
        raise AssertionError(f"the checker accepted a run with {what}")
    try:
        check_run(GOOD_RUN, 3)
        raise AssertionError("the checker accepted a count unlike --list's")
    except Bad:
        pass
    try:
        check_list(GOOD_LIST[:1] + [GOOD_LIST[1].replace("true", '"yes"')] + GOOD_LIST[2:], 2)
        raise AssertionError("the checker accepted a string 'ignore'")
    except Bad:
        pass
    print("libtest-json-check: self-test ok (%d broken streams rejected)" % (len(broken_runs) + 2))


def main(argv):
    if argv[1:] == ["--self-test"]:
        self_test()
        return 0
    if len(argv) != 4 or argv[1] not in ("run", "list"):
        print(__doc__, file=sys.stderr)
        return 2
    f = sys.stdin if argv[2] == "-" else open(argv[2], encoding="utf-8")
    lines = list(f)
    try:
        result = (check_run if argv[1] == "run" else check_list)(lines, int(argv[3]))
    except Bad as e:
        print(f"libtest-json-check: {argv[2]}: {e}", file=sys.stderr)
        return 1
    print(*result)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
