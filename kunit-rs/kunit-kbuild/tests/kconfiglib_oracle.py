"""The oracle of tests/differential.rs: kconfiglib's olddefconfig for each fragment.

    python3 kconfiglib_oracle.py TREE OUTDIR FRAGMENT...

Loads TREE/Kconfig once (the environment carries srctree, ARCH, SRCARCH, CC, ...), then for
each FRAGMENT writes OUTDIR/<basename>.out: the .config kconfiglib writes after loading it.
Exit 3 when kconfiglib is not importable (the test then skips).
"""
import io
import os
import re
import sys

try:
    import kconfiglib
except ImportError:
    sys.exit(3)

# kconfiglib predates the bare `modules` attribute (it knows `option modules`, the older
# spelling of the same thing): rewrite it as it is read.
_open = kconfiglib.Kconfig._open


def _open_modules(self, filename, mode):
    f = _open(self, filename, mode)
    if "r" not in mode:
        return f
    text = re.sub(r"(?m)^(\s*)modules\s*$", r"\1option modules", f.read())
    f.close()
    return io.StringIO(text)


kconfiglib.Kconfig._open = _open_modules

tree, outdir, frags = sys.argv[1], sys.argv[2], sys.argv[3:]
os.chdir(tree)
kconf = kconfiglib.Kconfig("Kconfig", warn=False)
for frag in frags:
    kconf.load_config(frag, replace=True)
    kconf.write_config(os.path.join(outdir, os.path.basename(frag) + ".out"), header="")
