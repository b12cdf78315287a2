#!/usr/bin/env bash
# Issue 28's measurement on a kernel tree: the same command under kunit.py (UML) and under our
# `kunit run` in tree mode, each timed cold (empty build dir), as a no-op rerun and as a rerun
# after editing one lib/ source and one lib/ test file; then the two --json results compared
# test by test (scripts/compare-kunit-py.py).
#
#   scripts/check-kernel-tree.sh DIR [--no-kunit-py] [--no-ours] [-- KUNIT_RUN_ARGS...]
#
# KUNIT_RUN_ARGS default to `--kunitconfig lib/kunit --kconfig_add CONFIG_KUNIT_ALL_TESTS=y`.
# Our side is `$KUNIT` (default: target/release/kunit of this checkout, built if absent), `kunit
# run --kernel-tree DIR` (tree mode); it is skipped, with one line saying so, when that `kunit`
# has no tree mode. kunit.py is
# skipped when the tree has none. Build dirs are the script's own (DIR/.kunit-check-py and
# DIR/.kunit-check-rs), so a developer's .kunit is never touched; outputs go to $OUT (default
# a new /tmp/check-kernel-tree.XXXXXX). A manual check: CI has no kernel tree.
# Prints `name=value` lines; the machine's load is printed beside each time, since a shared
# machine slows the builds. Exit status: 0 all ran and the comparison (when both sides ran)
# meets the issue's criteria, 1 otherwise, 2 bad usage.
set -euo pipefail
say() { printf 'check-kernel-tree: %s\n' "$*"; }
usage() {
  echo "usage: $0 DIR [--no-kunit-py] [--no-ours] [-- KUNIT_RUN_ARGS...]" >&2
  exit 2
}

tree=${1:-}
[[ -n $tree && -d $tree/lib && -f $tree/Kconfig ]] || usage
tree=$(cd "$tree" && pwd)
shift
repo=$(cd "$(dirname "$0")/.." && pwd)
do_py=1
do_ours=1
run_args=(--kunitconfig lib/kunit --kconfig_add CONFIG_KUNIT_ALL_TESTS=y)
while [[ $# -gt 0 ]]; do
  case "$1" in
    --no-kunit-py) do_py=0 ;;
    --no-ours) do_ours=0 ;;
    --) shift; run_args=("$@"); break ;;
    *) usage ;;
  esac
  shift
done
out=${OUT:-$(mktemp -d /tmp/check-kernel-tree.XXXXXX)}
mkdir -p "$out"
say "tree $tree; outputs in $out; run arguments: ${run_args[*]}"
lscpu | sed -n 's/^Model name: *//p' | sed 's/^/cpu=/'
echo "cores=$(nproc)"

# The files edited for the rerun: one lib/ source and one lib/ test file (6.12 keeps lib's
# tests in lib/, newer trees in lib/tests/).
edit_src=lib/list_sort.c
edit_test=
for t in lib/test_list_sort.c lib/tests/test_list_sort.c lib/list-test.c lib/tests/list-test.c; do
  if [[ -f $tree/$t ]]; then edit_test=$t; break; fi
done
backup=$out/edit-backup
restore() {
  # Content restored with a new mtime, so the next build recompiles the unedited files.
  if [[ -d $backup ]]; then
    for f in "$edit_src" "$edit_test"; do
      [[ -n $f && -f $backup/$(basename "$f") ]] && cp "$backup/$(basename "$f")" "$tree/$f"
    done
    rm -rf "$backup"
  fi
}
trap restore EXIT

# timed NAME CMD...: runs CMD in the tree, output to $out/NAME.out; prints NAME_s= and the load.
status=0
timed() {
  local name=$1
  shift
  echo "${name}_load_before=$(cut -d' ' -f1-3 /proc/loadavg)"
  local t0 t1 rc=0
  t0=$(date +%s.%N)
  (cd "$tree" && "$@") >"$out/$name.out" 2>&1 || rc=$?
  t1=$(date +%s.%N)
  echo "${name}_s=$(python3 -c "print(f'{$t1 - $t0:.2f}')")"
  echo "${name}_load_after=$(cut -d' ' -f1-3 /proc/loadavg)"
  if [[ $rc -ne 0 ]]; then
    say "$name: exit $rc (last lines of $out/$name.out below)"
    tail -5 "$out/$name.out" | sed 's/^/  /'
    status=1
  fi
}

# measure SIDE BUILD_DIR CMD...: cold, no-op rerun, rerun after the edit; SIDE.json is the cold
# run's result.
measure() {
  local side=$1 bdir=$2
  shift 2
  rm -rf "${tree:?}/$bdir"
  timed "${side}_cold" "$@" --build_dir="$bdir" --json="$out/$side.json"
  timed "${side}_noop_rerun" "$@" --build_dir="$bdir"
  mkdir -p "$backup"
  for f in "$edit_src" "$edit_test"; do
    [[ -n $f ]] || continue
    cp "$tree/$f" "$backup/"
    printf '\n/* edited by check-kernel-tree.sh */\n' >>"$tree/$f"
  done
  timed "${side}_rerun_after_edit" "$@" --build_dir="$bdir"
  restore
  if [[ ! -f $out/$side.json ]]; then
    say "$side: no JSON result"
    status=1
    return
  fi
  python3 - "$out/$side.json" "$side" <<'EOF'
import json, sys
doc = json.load(open(sys.argv[1]))
def cases(g):
    return len(g["test_cases"]) + sum(cases(s) for s in g["sub_groups"])
suites = len(doc["sub_groups"]) + len(doc["test_cases"])
print(f"{sys.argv[2]}_suites_run={suites}")
print(f"{sys.argv[2]}_tests={cases(doc)}")
EOF
}

if [[ $do_py -eq 1 ]]; then
  if [[ -x $tree/tools/testing/kunit/kunit.py ]]; then
    measure kunit_py .kunit-check-py ./tools/testing/kunit/kunit.py run "${run_args[@]}"
  else
    say "kunit.py: skipped: $tree has no tools/testing/kunit/kunit.py"
    do_py=0
  fi
else
  say "kunit.py: skipped (--no-kunit-py)"
fi

if [[ $do_ours -eq 1 ]]; then
  kunit=${KUNIT:-$repo/target/release/kunit}
  if [[ -z ${KUNIT:-} && ! -x $kunit ]]; then
    say "building $kunit (cargo build --release -p kunit-tool)"
    (cd "$repo" && cargo build --release -q -p kunit-tool)
  fi
  if "$kunit" run --kernel-tree "$tree" --help 2>&1 | grep -q -- '--kunitconfig'; then
    measure tree .kunit-check-rs "$kunit" run --kernel-tree "$tree" "${run_args[@]}"
    # The skip reasons are in the KTAP (the JSON has no room for them): one more, no-op run.
    (cd "$tree" && "$kunit" run --kernel-tree "$tree" "${run_args[@]}" --build_dir=.kunit-check-rs \
      --raw_output=all >"$out/tree.ktap" 2>/dev/null) || true
  else
    say "ours: skipped: '$kunit run' has no --kernel-tree (tree mode not built yet)"
    do_ours=0
  fi
else
  say "ours: skipped (--no-ours)"
fi

if [[ $do_py -eq 1 && $do_ours -eq 1 && -f $out/kunit_py.json && -f $out/tree.json ]]; then
  ktap=()
  # our raw KTAP carries the skip reasons the JSON cannot
  if [[ -s $out/tree.ktap ]]; then
    ktap=(--ours-ktap "$out/tree.ktap")
  fi
  python3 "$repo/scripts/compare-kunit-py.py" "${ktap[@]}" "$out/kunit_py.json" "$out/tree.json" |
    tee "$out/compare.txt" || status=1
else
  say "comparison: skipped (needs both sides)"
fi
exit $status
