#!/usr/bin/env bash
# run-in-irq must be a one-way stack of modules (context model -> irq entry/exit ->
# interrupt sources -> line -> irq test). Lists every `crate::<module>` a module's
# code names (comments and lib.rs's re-exports aside) and lets tsort find cycles.
# Exit 0: no cycle (the order is printed, lowest layer first); 1: a cycle.
set -euo pipefail
src="$(dirname "$0")/../run-in-irq/src"
modules=$(cd "$src" && ls ./*.rs | sed 's|^\./||; s|\.rs$||' | grep -vx lib)
edges=$(
  for m in $modules; do
    echo "$m $m" # every module is a node, even without dependencies
    # Code lines only; `use crate::{a::x, b::y}` names several modules.
    grep -v '^\s*//' "$src/$m.rs" |
      grep -oE 'crate::(\{[^}]*\}|[a-z_]+)' |
      sed -E 's/^crate:://; s/[{}]//g' | tr ',' '\n' | sed -E 's/^\s*//; s/::.*//' |
      grep -E '^[a-z_]+$' | sort -u |
      while read -r dep; do
        if ! grep -qx "$dep" <<<"$modules"; then
          echo "NOT-A-MODULE $m.rs crate::$dep"
          continue
        fi
        [ "$dep" = "$m" ] || echo "$dep $m"
      done
  done
)
if grep -q '^NOT-A-MODULE' <<<"$edges"; then
  grep '^NOT-A-MODULE' <<<"$edges" | while read -r _ file path; do
    echo "check-irq-layering: $file names $path, not a module: use the module path" >&2
  done
  exit 1
fi
if ! order=$(tsort <<<"$edges" 2>&1); then
  echo "check-irq-layering: import cycle in run-in-irq/src:" >&2
  echo "$order" >&2
  exit 1
fi
echo "run-in-irq layering, lowest first (each module uses only modules before it):"
echo "$order" | tr '\n' ' '
echo
