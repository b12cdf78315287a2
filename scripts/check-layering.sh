#!/usr/bin/env bash
# Every crate of the workspace is a one-way stack: no import cycle between its files, and,
# where the crate root's module map declares layers, no file importing a higher layer.
#
#   scripts/check-layering.sh                 every library and binary target of the workspace
#   scripts/check-layering.sh run-in-irq ...  the packages in those folders only
#
# What counts as an import: every path a file's code names that leads into another file of the
# same crate: `use` trees (`crate::`, `super::`, `self::`, a child module's name), paths in
# expressions and types (`crate::a::f()`, `super::X`), and `crate::some_macro!` calls (resolved
# to the file that defines the `#[macro_export]` macro). Comments, strings and `$crate::` paths
# (a macro's expansion site pays for those) are not imports; neither is `mod x;` nor a
# re-export (`pub use a::X`): a path through a re-export is followed to the file that defines
# the item, so a facade (lib.rs, a folder's mod.rs) never closes a cycle by re-exporting.
# Inline `mod x { .. }` blocks belong to their file. Test files pulled in by `#[path]` from
# tests/ are not modules of the library and are not checked.
#
# Declaring layers: a crate root (lib.rs/main.rs) lists them in its module map, lowest first,
# one doc line each, module paths relative to the crate root in backticks:
#
#   //! Layers, lowest first (a file imports only its own layer and those below):
#   //! 1. `output`, `internal` — text sinks and helpers
#   //! 2. `executor::state` — ...
#   //! 3. `executor` — everything else under executor/
#
# A module takes the layer of the longest listed path that is it or contains it. With layers
# declared, every file must be in one; the root itself is above all layers.
#
# Exit 0: clean (the order, lowest first, is printed per crate); 1: cycles or layer breaches
# (each printed with the lines that make the edges); 2: bad usage. Needs python3; without it,
# says so and exits 2.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v python3 >/dev/null; then
  echo "check-layering: python3 not found; install it to run this check" >&2
  exit 2
fi
meta=$(cargo metadata --no-deps --format-version 1 --offline 2>/dev/null || cargo metadata --no-deps --format-version 1)
exec python3 - "$meta" "$@" <<'PY'
import json, os, re, sys

meta = json.loads(sys.argv[1])
wanted = [os.path.realpath(p) for p in sys.argv[2:]]
for w in wanted:
    if not os.path.isfile(os.path.join(w, "Cargo.toml")):
        print(f"check-layering: {w}: not a package folder", file=sys.stderr)
        sys.exit(2)

# ---- tokens -------------------------------------------------------------------------------
TOKEN = re.compile(r"""
    (?P<ws>\s+)
  | (?P<line_comment>//[^\n]*)
  | (?P<block_comment>/\*)
  | (?P<raw_str>b?r(?P<hashes>\#*)")
  | (?P<str>b?"(?:\\.|[^"\\])*")
  | (?P<char>b?'(?:\\(?:x[0-9a-fA-F]{2}|u\{[0-9a-fA-F]+\}|.)|[^'\\\n])')
  | (?P<lifetime>'[A-Za-z_][A-Za-z0-9_]*)
  | (?P<ident>r\#[A-Za-z_][A-Za-z0-9_]*|[A-Za-z_][A-Za-z0-9_]*)
  | (?P<path_sep>::)
  | (?P<punct>.)
""", re.X | re.S)

def tokens(text):
    """(kind, value, line) for identifiers, `::` and punctuation; comments and literals dropped."""
    out, pos, line = [], 0, 1
    while pos < len(text):
        m = TOKEN.match(text, pos)
        kind = m.lastgroup if m.lastgroup != "hashes" else "raw_str"
        if m.group("block_comment"):
            depth, i = 1, m.end()
            while depth and i < len(text):
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    i += 1
            end = i
        elif m.group("raw_str") is not None:
            close = '"' + m.group("hashes")
            end = text.find(close, m.end())
            end = len(text) if end < 0 else end + len(close)
        else:
            end = m.end()
        value = text[pos:end]
        if kind == "ident":
            out.append(("ident", value[2:] if value.startswith("r#") else value, line))
        elif kind == "path_sep":
            out.append(("::", "::", line))
        elif kind == "punct":
            out.append(("punct", value, line))
        line += value.count("\n")
        pos = end
    return out

# ---- the module tree of one crate ---------------------------------------------------------
class Module:
    def __init__(self, path, file, parent):
        self.path = path          # tuple of names from the crate root
        self.file = file          # the file that holds it (inline modules: their file)
        self.parent = parent
        self.children = {}        # name -> Module
        self.reexports = {}       # name -> absolute path it re-exports
        self.globs = []           # absolute module paths of `pub use x::*`

def child_file(dir_of_children, name):
    for cand in (os.path.join(dir_of_children, name + ".rs"),
                 os.path.join(dir_of_children, name, "mod.rs")):
        if os.path.isfile(cand):
            return cand
    return None

def load_crate(root_file):
    modules = {}              # path -> Module
    uses = []                 # (module, line, kind, segments, is_reexport)
    macros = {}               # macro name -> file defining it (#[macro_export])
    files = {}                # file -> file-level Module

    def parse_file(file, mod_path, parent, children_dir):
        toks = tokens(open(file, encoding="utf-8").read())
        top = Module(mod_path, file, parent)
        modules[mod_path] = top
        files[file] = top
        stack = [(top, 0)]    # (module, brace depth at which it closes)
        depth = 0
        pending_export = False
        i = 0
        prev = None
        while i < len(toks):
            kind, val, line = toks[i]
            cur = stack[-1][0]
            if val == "#" and i + 2 < len(toks) and toks[i + 1][1] == "[":
                # An attribute: note `macro_export`, skip the rest (`path = ".."`: path_attr).
                j, d, body = i + 1, 0, []
                while j < len(toks):
                    if toks[j][1] == "[":
                        d += 1
                    elif toks[j][1] == "]":
                        d -= 1
                        if d == 0:
                            break
                    body.append(toks[j][1])
                    j += 1
                if "macro_export" in body:
                    pending_export = True
                i = j + 1
                continue
            if val == "{":
                depth += 1
            elif val == "}":
                depth -= 1
                if len(stack) > 1 and depth == stack[-1][1]:
                    stack.pop()
            elif kind == "ident" and val == "macro_rules" and i + 2 < len(toks) and toks[i + 1][1] == "!":
                if pending_export:
                    macros[toks[i + 2][1]] = file
                pending_export = False
            elif kind == "ident" and val == "mod" and i + 2 < len(toks) and toks[i + 1][0] == "ident" \
                    and depth == (stack[-1][1] + 1 if len(stack) > 1 else 0):
                # (Only at the module's own level: `mod x;` inside a macro's input is no module.)
                name = toks[i + 1][1]
                nxt = toks[i + 2][1]
                if nxt == ";":
                    if cur is top:
                        custom = path_attr(file, line)
                        if custom:
                            f = os.path.normpath(os.path.join(os.path.dirname(file), custom))
                        else:
                            f = child_file(children_dir, name)
                        if f is None:
                            sys.exit(f"check-layering: {file}:{line}: no file for `mod {name};`")
                        sub_dir = os.path.join(os.path.dirname(f), name) \
                            if not f.endswith("mod.rs") else os.path.dirname(f)
                        if custom:
                            sub_dir = os.path.join(os.path.dirname(f), os.path.splitext(os.path.basename(f))[0])
                        cur.children[name] = parse_file(f, cur.path + (name,), cur, sub_dir)
                    i += 3
                    continue
                if nxt == "{":
                    inline = Module(cur.path + (name,), file, cur)
                    modules[inline.path] = inline
                    cur.children[name] = inline
                    stack.append((inline, depth))
                    depth += 1
                    i += 3
                    continue
            elif kind == "ident" and val == "use" and (prev is None or prev[1] not in ("::",)):
                # `pub use` / `pub(crate) use` re-export (only a bare `pub` counts as facade).
                is_pub = i >= 1 and toks[i - 1][1] == "pub"
                j = i + 1
                while j < len(toks) and toks[j][1] != ";":
                    j += 1
                for segs, alias in use_tree(toks[i + 1:j]):
                    uses.append((cur, line, "use", segs, alias if is_pub else None))
                i = j + 1
                prev = None
                continue
            elif kind == "ident" and val in ("crate", "super", "self") and \
                    i + 1 < len(toks) and toks[i + 1][0] == "::" and \
                    not (prev and (prev[1] == "$" or prev[0] == "::")):
                segs, j = [], i
                while j < len(toks) and toks[j][0] == "ident":
                    segs.append(toks[j][1])
                    if j + 1 < len(toks) and toks[j + 1][0] == "::" and j + 2 < len(toks) and toks[j + 2][0] == "ident":
                        j += 2
                    else:
                        break
                is_macro = j + 1 < len(toks) and toks[j + 1][1] == "!"
                uses.append((cur, line, "macro" if is_macro else "path", segs, None))
                i = j + 1
                prev = toks[j]
                continue
            elif kind == "ident" and i + 2 < len(toks) and toks[i + 1][0] == "::" and \
                    toks[i + 2][0] == "ident" and not (prev and (prev[1] == "$" or prev[0] == "::")):
                # `child::item` with no prefix: a child module, if there is one by that name.
                uses.append((cur, line, "bare", [val, toks[i + 2][1]], None))
            prev = toks[i]
            i += 1
        return top

    root = parse_file(root_file, (), None, os.path.dirname(root_file))
    return modules, uses, macros, files, root

_path_attr_cache = {}
def path_attr(file, line):
    """The `#[path = ".."]` on the line before `mod x;` at `line`, if any."""
    lines = _path_attr_cache.setdefault(file, open(file, encoding="utf-8").read().split("\n"))
    for k in range(line - 2, max(line - 4, -1), -1):
        m = re.search(r'#\[\s*path\s*=\s*"([^"]+)"\s*\]', lines[k])
        if m:
            return m.group(1)
        if lines[k].strip() and not lines[k].strip().startswith("#["):
            break
    m = re.search(r'#\[\s*path\s*=\s*"([^"]+)"\s*\]', lines[line - 1])
    return m.group(1) if m else None

def use_tree(toks):
    """Flattens a use tree into (segments, alias-or-name) leaves."""
    out = []
    def walk(k, prefix):
        segs = list(prefix)
        while k < len(toks):
            kind, val, _ = toks[k]
            if val == "{":
                k += 1
                while True:
                    k = walk(k, segs)
                    if k >= len(toks) or toks[k][1] == "}":
                        return k + 1
                    if toks[k][1] == ",":
                        k += 1
                        if k < len(toks) and toks[k][1] == "}":
                            return k + 1
            elif val == "*":
                out.append((segs + ["*"], "*"))
                return k + 1
            elif kind == "ident" and val == "as":
                out.append((segs, toks[k + 1][1]))
                return k + 2
            elif kind == "ident":
                segs.append(val)
                k += 1
            elif kind == "::":
                k += 1
            else:  # `,` or `}`: the leaf ends
                if segs != list(prefix) or segs:
                    out.append((segs, segs[-1] if segs else None))
                return k
        out.append((segs, segs[-1] if segs else None))
        return k
    walk(0, [])
    return [(s, a) for s, a in out if s]

def absolute(module, segs, modules):
    """Segments of a path named in `module`, made absolute from the crate root, or None."""
    segs = list(segs)
    if not segs:
        return None
    base = module.path
    if segs[0] == "crate":
        base, segs = (), segs[1:]
    elif segs[0] in ("self", "super"):
        while segs and segs[0] in ("self", "super"):
            if segs[0] == "super":
                base = base[:-1]
            segs = segs[1:]
    elif segs[0] in module.children:
        pass  # a child module by name
    else:
        return None  # an external crate, a prelude name or a local item
    return tuple(base) + tuple(segs)

def target_file(abs_path, modules, seen=None):
    """The file holding what `abs_path` names, following re-exports."""
    seen = seen or set()
    mod, k = modules[()], 0
    while k < len(abs_path) and abs_path[k] in mod.children:
        mod, k = mod.children[abs_path[k]], k + 1
    if k < len(abs_path) and abs_path[k] in mod.reexports and (mod.path, abs_path[k]) not in seen:
        seen.add((mod.path, abs_path[k]))
        return target_file(mod.reexports[abs_path[k]] + tuple(abs_path[k + 1:]), modules, seen)
    return mod.file

# ---- per crate ----------------------------------------------------------------------------
def check(root_file, label):
    modules, uses, macros, files, root = load_crate(root_file)
    # Pass 1: record re-exports (a bare `pub use` in any module).
    for mod, line, kind, segs, alias in uses:
        if kind == "use" and alias and alias != "*":
            a = absolute(mod, segs, modules)
            if a is not None:
                mod.reexports[alias] = a
    # Pass 2: edges between files.
    edges = {}  # (from_file, to_file) -> [line, path text]
    for mod, line, kind, segs, alias in uses:
        if kind == "use" and alias:
            continue  # a re-export is followed, not an import of its own
        if kind == "macro":
            name = segs[-1]
            to = macros.get(name) if segs[0] == "crate" and len(segs) == 2 else None
            if to is None:
                a = absolute(mod, segs[:-1], modules)
                to = target_file(a, modules) if a is not None else None
        else:
            if kind == "bare" and segs[0] not in mod.children:
                continue
            if segs[-1:] == ["*"]:
                segs = segs[:-1]
            a = absolute(mod, segs, modules)
            if a is None:
                continue
            to = target_file(a, modules)
        if to and to != mod.file:
            edges.setdefault((mod.file, to), (line, "::".join(segs)))
    rel = lambda f: os.path.relpath(f)
    nodes = sorted(f for f in files if f != root_file)
    graph = {f: sorted({t for (s, t) in edges if s == f and t != root_file}) for f in nodes}
    problems = 0

    # Layers, if the root declares them.
    layers = {}
    text = open(root_file, encoding="utf-8").read().split("\n")
    in_layers = False
    for ln in text:
        if re.match(r"^//!\s*Layers\b", ln):
            in_layers = True
            continue
        if in_layers:
            m = re.match(r"^//!\s*(\d+)\.\s*(.*)$", ln)
            if not m:
                if re.match(r"^//!\s{2,}\S", ln):
                    continue  # a continuation line of the previous layer's description
                break
            head = m.group(2).split("—")[0]
            for name in re.findall(r"`([a-z_][a-z0-9_:]*)`", head):
                layers[tuple(name.split("::"))] = int(m.group(1))
    file_layer = {}
    if layers:
        for f in nodes:
            p = files[f].path
            best = None
            for k in range(len(p), 0, -1):
                if p[:k] in layers:
                    best = layers[p[:k]]
                    break
            if best is None:
                print(f"check-layering: {label}: {rel(f)} (`{'::'.join(p)}`) is in no layer of "
                      f"{rel(root_file)}'s module map", file=sys.stderr)
                problems += 1
            file_layer[f] = best
        for layer_path in layers:
            if layer_path not in modules:
                print(f"check-layering: {label}: layer names `{'::'.join(layer_path)}`, not a module",
                      file=sys.stderr)
                problems += 1
        for (s, t), (line, path) in sorted(edges.items()):
            if s in file_layer and t in file_layer and None not in (file_layer[s], file_layer[t]) \
                    and file_layer[t] > file_layer[s]:
                print(f"check-layering: {label}: {rel(s)}:{line} (layer {file_layer[s]}) imports "
                      f"{path} from {rel(t)} (layer {file_layer[t]}), a higher layer", file=sys.stderr)
                problems += 1

    # Cycles: strongly connected components (Tarjan), each shown as one cycle with its lines.
    index, low, on, st, sccs, counter = {}, {}, set(), [], [], [0]
    def strong(v):
        index[v] = low[v] = counter[0]; counter[0] += 1
        st.append(v); on.add(v)
        for w in graph[v]:
            if w not in index:
                strong(w); low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = st.pop(); on.discard(w); comp.append(w)
                if w == v:
                    break
            sccs.append(comp)
    sys.setrecursionlimit(10000)
    for v in nodes:
        if v not in index:
            strong(v)
    cycles = [sorted(c) for c in sccs if len(c) > 1]
    for comp in cycles:
        problems += 1
        members = set(comp)
        # A shortest cycle through the component's first file (breadth-first search back to it).
        start = comp[0]
        prev_of, frontier, found = {start: None}, [start], None
        while frontier and not found:
            nxt = []
            for v in frontier:
                for w in graph[v]:
                    if w == start:
                        found = v; break
                    if w in members and w not in prev_of:
                        prev_of[w] = v; nxt.append(w)
                if found:
                    break
            frontier = nxt
        chain, v = [], found
        while v is not None:
            chain.append(v); v = prev_of[v]
        chain.reverse()
        chain.append(start)
        print(f"check-layering: {label}: import cycle among {len(comp)} files: "
              + ", ".join(rel(f) for f in comp), file=sys.stderr)
        for a, b in zip(chain, chain[1:]):
            line, path = edges[(a, b)]
            print(f"    {rel(a)}:{line} uses {path} ({rel(b)})", file=sys.stderr)
    if problems:
        return problems
    # The order, lowest first: a topological sort (sccs come out in reverse topological order).
    if not nodes:
        print(f"{label}: the root alone, no module files")
        return 0
    order = [c[0] for c in sccs]
    names = ["::".join(files[f].path) for f in order]
    print(f"{label}: {len(nodes)} files, no cycle" + (", layers respected" if layers else "")
          + "; lowest first: " + " ".join(names))
    return 0

failed = 0
for pkg in meta["packages"]:
    pkg_dir = os.path.dirname(os.path.realpath(pkg["manifest_path"]))
    if wanted and pkg_dir not in wanted:
        continue
    seen_roots = set()
    for target in pkg["targets"]:
        if not set(target["kind"]) & {"lib", "bin", "proc-macro", "rlib", "cdylib", "staticlib"}:
            continue
        src = os.path.realpath(target["src_path"])
        if src in seen_roots:
            continue
        seen_roots.add(src)
        failed += check(src, f"{pkg['name']} ({target['name']})")
if failed:
    print(f"check-layering: {failed} problem(s)", file=sys.stderr)
    sys.exit(1)
PY
