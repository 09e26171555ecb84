"""JupyterLab in a release's language: the language pack a bundle installs and the setting
that selects it.

The French bundle (``course release --lang fr --to DIR``) depends on
``jupyterlab-language-pack-fr-FR`` (its pyproject.toml: ``pip install -e .``,
environment.yml and Binder install it), and carries the JupyterLab setting that selects
it, ``etc/jupyterlab-overrides.json``, which Binder's postBuild copies where JupyterLab
reads it; its README says how to choose the pack once in a local install (JupyterLab's
menu Settings → Language: an editable install puts no file in JupyterLab's settings).
``make lab-fr`` runs the course's own JupyterLab with the same setting.
"""

from __future__ import annotations

import json
from pathlib import Path

#: per language: the JupyterLab language pack (a PyPI package) and its locale
PACKS = {"fr": ("jupyterlab-language-pack-fr-FR", "fr_FR")}
#: the JupyterLab plugin whose ``locale`` setting chooses the interface's language
PLUGIN = "@jupyterlab/translation-extension:plugin"
OVERRIDES = Path("etc") / "jupyterlab-overrides.json"
_SETTINGS = "$(python -c 'import sys; print(sys.prefix)')/share/jupyter/lab/settings"
POSTBUILD = f"""
# JupyterLab in the bundle's language: its setting, where JupyterLab reads the overrides
mkdir -p "{_SETTINGS}"
cp etc/jupyterlab-overrides.json "{_SETTINGS}/overrides.json"
"""


#: per language: the README's words on JupyterLab's own language, where Binder's setting
#: does not reach (a local install: JupyterLab keeps the language a student chose)
README_NOTE = {"fr": """
## JupyterLab en français

Le paquet de langue français de JupyterLab s'installe avec le cours, et Binder le choisit
tout seul. Dans une installation sur votre ordinateur, choisissez-le une fois : menu
**Settings → Language → French (France) - Français (France)**. JupyterLab recharge la
page et garde ce choix.
"""}


def settings(lang: str) -> dict[str, dict[str, str]]:
    """The JupyterLab settings (overrides.json form) that select ``lang``'s language pack."""
    return {PLUGIN: {"locale": PACKS[lang][1]}}


def write_user_settings(folder: Path, lang: str) -> Path:
    """The same setting as a user-settings file under ``folder`` (JUPYTERLAB_SETTINGS_DIR)."""
    package, _, plugin = PLUGIN.rpartition(":")
    path = Path(folder) / package / f"{plugin}.jupyterlab-settings"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(settings(lang)[PLUGIN]), encoding="utf-8")
    return path


def lab_packages(lang: str) -> tuple[str, ...]:
    """What a bundle in ``lang`` installs beside the package: its JupyterLab language pack."""
    return (PACKS[lang][0],) if lang in PACKS else ()


def localize_bundle(root: Path, bundle: Path, lang: str) -> None:
    """Make the bundle's JupyterLab speak ``lang``: its setting an override (its pack, a
    dependency of the bundle's pyproject.toml, is :func:`lab_packages`)."""
    if lang not in PACKS:
        return
    overrides = {}
    if (root / OVERRIDES).exists():
        overrides = json.loads((root / OVERRIDES).read_text(encoding="utf-8"))
    overrides.update(settings(lang))
    (bundle / OVERRIDES).parent.mkdir(parents=True, exist_ok=True)
    (bundle / OVERRIDES).write_text(json.dumps(overrides, indent=2) + "\n", encoding="utf-8")
    postbuild = bundle / "binder" / "postBuild"
    if postbuild.exists():
        postbuild.write_text(postbuild.read_text(encoding="utf-8") + POSTBUILD, encoding="utf-8")
    readme = bundle / "README.md"
    if readme.exists() and lang in README_NOTE:
        readme.write_text(readme.read_text(encoding="utf-8").rstrip("\n") + "\n" + README_NOTE[lang],
                          encoding="utf-8")
