"""``course lite``: the student release as a JupyterLite site, the course in the browser.

The site is static files (any web host serves it): JupyterLab in the browser, a Python
kernel in WebAssembly (Pyodide), the student notebooks, the package ``exercises`` and
ipywidgets. It opens on ``00_start_here``. Everything it needs comes from the site itself,
except numpy and matplotlib (and their own dependencies), which only Pyodide's CDN
serves: they load from there when a picture needs them.

What the build takes, all pinned:

* Pyodide's core (interpreter, standard library, ``pyodide-lock.json``): the npm package
  ``pyodide`` at the version the Makefile pins, the one jupyterlite-pyodide-kernel was
  built for (checked here), installed by ``make lite-deps`` into ``.venv/lite``;
* the pure Python wheels the kernel loads at start (micropip, IPython, jedi and their
  dependencies), ipywidgets with comm, and anywidget (the widgets' grids and live regions)
  with psygnal, downloaded by ``make lite-deps`` from PyPI at the
  versions of ``constraints.txt`` (``download_wheels``);
* the course's own wheel, ``exercises`` alone (never ``course``), written here.

Pyodide's lock names its own builds of the kernel's packages (other files than PyPI's):
the site's lock names the wheels it serves instead (file, version, checksum and
dependencies), names the course and ipywidgets too, so that the kernel loads them at start,
and points every package it does not serve at Pyodide's CDN.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from email.parser import Parser
from pathlib import Path
from typing import Any, TypedDict

#: Where Pyodide's CDN serves the packages the site does not carry (numpy, matplotlib, ...).
PYODIDE_CDN = "https://cdn.jsdelivr.net/pyodide/v{version}/full/"
#: The Python of Pyodide's interpreter (its wheels' markers are evaluated for it).
PYODIDE_PYTHON = "3.14"
#: What the kernel installs at start (micropip, then these) and what the widgets need.
KERNEL_ROOTS = ("micropip", "ipython", "jedi", "comm", "ipywidgets", "anywidget")
#: Loaded while Pyodide starts: the course (``exercises``) and what it imports.
PRELOAD = ("tabletop-python", "ipywidgets", "anywidget")
#: Dependencies the site never installs in the browser: their front end (or the whole
#: program) is JupyterLab's, which the site itself is.
NOT_IN_BROWSER = {"widgetsnbextension", "jupyterlab-widgets", "jupyterlab", "matplotlib"}
#: The folder ``make lite-deps`` fills (relative to the course folder).
DEFAULT_CACHE = Path(".venv") / "lite"
WHEEL_NAME = "tabletop_python"
MARKER_ENVIRONMENT = {
    "python_version": PYODIDE_PYTHON,
    "python_full_version": PYODIDE_PYTHON + ".2",
    "sys_platform": "emscripten",
    "platform_system": "Emscripten",
    "platform_machine": "wasm32",
    "os_name": "posix",
    "implementation_name": "cpython",
    "platform_python_implementation": "CPython",
    "extra": "",
}


class LiteError(Exception):
    """The site cannot be built (a clear sentence says why); nothing was written."""


class WheelMetadata(TypedDict):
    """What :func:`wheel_metadata` reads of a wheel."""

    name: str
    version: str
    depends: list[str]  #: normalized names, those Pyodide's Python needs
    imports: list[str]  #: the top-level folders of the wheel


def normalize(name: str) -> str:
    """A distribution's name as indexes compare it (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def wheel_metadata(wheel: Path) -> WheelMetadata:
    """Name, version and the dependencies (in Pyodide's Python) of a wheel file."""
    from packaging.requirements import Requirement

    with zipfile.ZipFile(wheel) as archive:
        metadata_name = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        message = Parser().parsestr(archive.read(metadata_name).decode("utf-8"))
        tops = sorted({n.split("/")[0] for n in archive.namelist()
                       if not n.split("/")[0].endswith((".dist-info", ".data")) and "/" in n})
    depends = []
    for line in message.get_all("Requires-Dist") or []:
        requirement = Requirement(line)
        if requirement.marker is None or requirement.marker.evaluate(MARKER_ENVIRONMENT):
            depends.append(normalize(requirement.name))
    return {"name": normalize(message["Name"]), "version": message["Version"],
            "depends": depends, "imports": tops}


def download_wheels(dest: Path, constraints: Path, roots: tuple[str, ...] = KERNEL_ROOTS) -> list[Path]:
    """Download the pure Python wheels of ``roots`` and their dependencies into ``dest``,
    each at the version ``constraints`` pins (an unpinned one is an error)."""
    pins: dict[str, str] = {}
    for line in constraints.read_text(encoding="utf-8").splitlines():
        match = re.match(r"^([A-Za-z0-9_.\-]+)==([^\s;]+)", line)
        if match:
            pins.setdefault(normalize(match.group(1)), match.group(2))
    dest.mkdir(parents=True, exist_ok=True)
    wanted, done, wheels = [normalize(r) for r in roots], set(), []
    while wanted:
        name = wanted.pop()
        if name in done or name in NOT_IN_BROWSER:
            continue
        done.add(name)
        if name not in pins:
            raise LiteError(f"{name} is not pinned in {constraints}: add it to the extra lite, run make lock")
        found = [w for w in dest.glob("*.whl") if normalize(w.name.split("-")[0]) == name
                 and w.name.split("-")[1] == pins[name]]
        if not found:
            subprocess.run(
                [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--dest", str(dest),
                 "--only-binary=:all:", "--python-version", PYODIDE_PYTHON, "--implementation", "py",
                 "--abi", "none", "--platform", "any", f"{name}=={pins[name]}"],
                check=True,
            )
            found = [w for w in dest.glob("*.whl") if normalize(w.name.split("-")[0]) == name
                     and w.name.split("-")[1] == pins[name]]
        wheel = found[0]
        wheels.append(wheel)
        wanted.extend(wheel_metadata(wheel)["depends"])
    return wheels


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"sha256={digest}"


def build_course_wheel(root: Path, dest: Path) -> Path:
    """A wheel of the package ``exercises`` alone (never ``course``), its data and catalogs."""
    import tomllib

    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    version = project["version"]
    package = root / "src" / "exercises"
    dist_info = f"{WHEEL_NAME}-{version}.dist-info"
    files: dict[str, bytes] = {}
    for path in sorted(package.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix not in (".pyc", ".po", ".pot"):
            files[path.relative_to(root / "src").as_posix()] = path.read_bytes()
    files[f"{dist_info}/METADATA"] = (
        f"Metadata-Version: 2.1\nName: tabletop-python\nVersion: {version}\n"
        f"Summary: {project['description']}\nRequires-Python: {project['requires-python']}\n"
        "Requires-Dist: ipywidgets\nRequires-Dist: anywidget\n"
    ).encode()
    files[f"{dist_info}/WHEEL"] = (b"Wheel-Version: 1.0\nGenerator: course lite\nRoot-Is-Purelib: true\n"
                                   b"Tag: py3-none-any\n")
    files[f"{dist_info}/top_level.txt"] = b"exercises\n"
    record = "".join(f"{name},{_record_hash(data)},{len(data)}\n" for name, data in files.items())
    files[f"{dist_info}/RECORD"] = (record + f"{dist_info}/RECORD,,\n").encode()
    wheel = dest / f"{WHEEL_NAME}-{version}-py3-none-any.whl"
    dest.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))  # the same bytes every build
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
    return wheel


def site_lock(pyodide_lock: dict[str, Any], wheels: list[Path], version: str) -> dict[str, Any]:
    """Pyodide's lock (of Pyodide ``version``), naming the ``wheels`` the site serves; every
    other package at Pyodide's CDN."""
    lock: dict[str, Any] = json.loads(json.dumps(pyodide_lock))
    packages = lock["packages"]
    for entry in packages.values():
        entry["file_name"] = PYODIDE_CDN.format(version=version) + entry["file_name"]
    for wheel in wheels:
        meta = wheel_metadata(wheel)
        name = str(meta["name"])
        old = packages.get(name, {})
        packages[name] = {
            "name": name,
            "version": meta["version"],
            "file_name": wheel.name,
            "install_dir": "site",
            "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
            "package_type": "package",
            "imports": old.get("imports") or meta["imports"],
            "depends": [d for d in meta["depends"] if d not in NOT_IN_BROWSER],
            "unvendored_tests": False,
        }
    return lock


def _release_notebooks(root: Path, lang: str) -> list[Path]:
    folder = root / "notebooks" if lang == "en" else root / "notebooks" / lang
    notebooks = sorted(folder.glob("*.ipynb"))
    if not notebooks:
        raise LiteError(f"{folder} holds no notebook: run `course release --lang {lang}` first")
    return notebooks


def build_site(root: Path, to: Path, lang: str = "en", cache: Path | None = None,
               also: dict[str, Path] | None = None) -> Path:
    """Build the site of the student release (``notebooks/`` or ``notebooks/<lang>/``) into
    ``to``; offline, from ``cache`` (``make lite-deps``). ``also``: more files the site
    serves, by their path in it (the tests add the solutions). Returns ``to``."""
    root, to = root.resolve(), to.resolve()
    if to.exists() and not (to.is_dir() and (not any(to.iterdir()) or (to / "jupyter-lite.json").is_file())):
        raise LiteError(f"{to} is not empty and is not a site built before: choose another folder")
    try:
        from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION
    except ImportError:
        raise LiteError("JupyterLite is not installed: pip install the course's extra lite (make lite does)") from None
    cache = (cache or root / DEFAULT_CACHE).resolve()
    pyodide = cache / "node_modules" / "pyodide"
    if not (pyodide / "pyodide-lock.json").is_file():
        raise LiteError(f"Pyodide's core is missing from {cache}: run `make lite-deps` (it needs npm)")
    version = json.loads((pyodide / "package.json").read_text(encoding="utf-8"))["version"]
    if version != PYODIDE_VERSION:
        raise LiteError(f"{cache} holds Pyodide {version}, the kernel needs {PYODIDE_VERSION}: "
                        f"pin pyodide@{PYODIDE_VERSION} in the Makefile, run make lite-deps")
    notebooks = _release_notebooks(root, lang)
    wheels = _wheels(cache / "wheels", root / "constraints.txt")
    with tempfile.TemporaryDirectory(prefix="course-lite-") as scratch:
        lite_dir = Path(scratch) / "lite"
        files, static = lite_dir / "files", lite_dir / "static" / "pyodide"
        files.mkdir(parents=True)
        static.mkdir(parents=True)
        for notebook in notebooks:
            shutil.copy2(notebook, files / notebook.name)
        for name, source in (also or {}).items():
            (files / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, files / name)
        for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "package.json"):
            shutil.copy2(pyodide / name, static / name)
        served = [*wheels, build_course_wheel(root, Path(scratch) / "course-wheel")]
        for wheel in served:
            shutil.copy2(wheel, static / wheel.name)
        lock = site_lock(json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8")), served, version)
        (static / "pyodide-lock.json").write_text(json.dumps(lock, indent=1), encoding="utf-8")
        (lite_dir / "jupyter-lite.json").write_text(json.dumps(_lite_config(), indent=2), encoding="utf-8")
        (lite_dir / "overrides.json").write_text(json.dumps(_lab_overrides(lang), indent=2), encoding="utf-8")
        output = Path(scratch) / "site"
        command = [sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(lite_dir),
                   "--output-dir", str(output), "--contents", str(files), "--no-sourcemaps"]
        result = subprocess.run(command, cwd=lite_dir, capture_output=True, text=True,
                                env={**os.environ, "JUPYTERLITE_NO_LIBARCHIVE": "1"})
        if result.returncode != 0:
            raise LiteError(f"jupyter lite build failed:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}")
        _open_on(output / "index.html", notebooks[0].name)
        if to.exists():
            shutil.rmtree(to)
        shutil.copytree(output, to)
    return to


def _wheels(folder: Path, constraints: Path) -> list[Path]:
    """The cached wheels (downloaded first if some are missing: that needs the network)."""
    try:
        return download_wheels(folder, constraints)
    except subprocess.CalledProcessError as error:
        raise LiteError(f"the wheels for the browser are missing from {folder}: run `make lite-deps`") from error


def _lite_config() -> dict[str, Any]:
    kernel = {
        "disablePyPIFallback": True,
        "loadPyodideOptions": {"packages": list(PRELOAD)},
    }
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "Tabletop Python",
            "disabledExtensions": ["@jupyterlite/application-extension:announcements"],
            "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": kernel},
        },
    }


def _lab_overrides(lang: str) -> dict[str, Any]:
    overrides: dict[str, Any] = {
        "@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"},
        "@jupyterlab/apputils-extension:notification": {"checkForUpdates": False, "fetchNews": "false"},
    }
    if lang != "en":
        overrides["@jupyterlab/translation-extension:plugin"] = {"locale": f"{lang}_{lang.upper()}"}
    return overrides


def _open_on(index: Path, notebook: str) -> None:
    """The site's address opens JupyterLab on ``notebook`` (the page keeps the site's
    configuration, which the other pages read from it; only its redirect changes)."""
    text = index.read_text(encoding="utf-8")
    redirect = re.compile(r'<script type="module">\s*await import\([^)]*config-utils\.js[^)]*\);?\s*</script>')
    if not redirect.search(text):
        raise LiteError(f"{index} has no redirect to JupyterLab: another jupyterlite-core release?")
    target = f"./lab/index.html?path={notebook}"
    index.write_text(redirect.sub(f'<script>window.location.replace("{target}");</script>', text), encoding="utf-8")


def site_size(site: Path) -> int:
    """The bytes of every file of the site."""
    return sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
