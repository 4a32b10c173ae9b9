"""The build: pure Python, or with mypyc the hot modules compiled into the same import names.

A wheel, or an install from the sdist, compiles where mypy (a build requirement), a C compiler
and the Python headers are at hand. `KLEOS_PURE=1` or an editable install builds pure Python,
so that an edit in a checkout is never shadowed by a stale extension module."""

from __future__ import annotations

import os
import runpy
import shutil
import sys
import sysconfig
from pathlib import Path

from setuptools import setup

COMPILED: tuple[str, ...] = runpy.run_path("src/kleos/core/build.py")["COMPILED"]
"""The hot modules (`kleos.core.build`, which also tells a running engine its build)."""


BUILDS = {"bdist_wheel", "build", "build_ext", "install"}
"""The commands that build the package's modules (an sdist or its metadata compile nothing)."""


def why_pure() -> str | None:
    """Why this build is pure Python, or None: it compiles."""
    if os.environ.get("KLEOS_PURE"):
        return "KLEOS_PURE is set"
    if any("editable" in arg or arg == "develop" for arg in sys.argv):
        return "an editable install stays pure Python"
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler})"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        return "no Python headers"
    try:
        import mypyc.build  # noqa: F401, PLC0415
    except ImportError:
        return "mypy is not installed"
    return None


def extensions() -> list[object]:
    """The compiled modules, or none (with the reason on stderr when modules are built)."""
    if not BUILDS & set(sys.argv[1:]):
        return []
    reason = why_pure()
    if reason is not None:
        print(f"kleos: building pure Python ({reason})", file=sys.stderr)
        return []
    from mypyc.build import mypycify  # noqa: PLC0415

    sources = ["src/" + name.replace(".", "/") + ".py" for name in COMPILED]
    return list(mypycify(sources, opt_level="3", group_name="kleos"))


setup(ext_modules=extensions())
