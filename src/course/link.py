"""`course link`: the links that open the course for a class.

``course link --hub URL --repo URL`` prints an nbgitpuller link: a student who clicks it
logs in to the hub, gets the bundle's repository cloned (or merged, keeping their
answers) into their home folder, and lands on a notebook in JupyterLab. The link is the
one nbgitpuller's own link generator builds (``docs/link.html``): the hub's
``hub/user-redirect/git-pull`` with ``repo``, ``urlpath`` (``lab/tree/<clone folder>/
<notebook>``) and ``branch`` as query parameters, encoded as a browser encodes a form. One difference:
nbgitpuller clones into the repository URL's last part as it is (``class.git`` for
``.../class.git``) while its generator opens ``lab/tree/class/...``; for such a URL the
link adds ``targetpath=class``, so the folder is the one the link opens.

``course link --binder --repo URL`` prints a Binder launch link that opens the same
notebook in JupyterLab.
"""

from __future__ import annotations

import re
from urllib.parse import quote, urlsplit

DEFAULT_NOTEBOOK = "notebooks/00_start_here.ipynb"
BINDERHUB = "https://mybinder.org"


def _form(value: str) -> str:
    """Encode like a browser's URLSearchParams: only letters, digits and ``*-._`` stay."""
    return quote(value, safe="*", encoding="utf-8").replace("%20", "+").replace("~", "%7E")


def clone_folder(repo: str) -> str:
    """The folder nbgitpuller clones ``repo`` into: its last path part, without ``.git``."""
    path = urlsplit(repo).path if "://" in repo else repo.rpartition(":")[2]
    name = path.rstrip("/").rpartition("/")[2]
    name = re.sub(r"\.git$", "", name)
    if not name:
        raise ValueError(f"cannot tell the repository's name from {repo!r}")
    return name


def notebook_path(notebook: str) -> str:
    """A notebook named by its path in the bundle, its file name or its stem."""
    if "/" not in notebook:
        notebook = f"notebooks/{notebook}"
    if not notebook.endswith(".ipynb"):
        notebook += ".ipynb"
    return notebook.lstrip("/")


def check_notebook(notebook: str, names: list[str]) -> None:
    """Refuse a notebook that is not in the bundle (``names``: its notebooks, by stem)."""
    known = {f"notebooks/{folder}{name}.ipynb" for name in names for folder in ("", "fr/")}
    if names and notebook_path(notebook) not in known:
        raise ValueError(f"the bundle has no notebook {notebook!r}: name one of {', '.join(names)} "
                         "(or notebooks/fr/NAME for its French version)")


def nbgitpuller_link(hub: str, repo: str, branch: str | None = "main", notebook: str = DEFAULT_NOTEBOOK) -> str:
    """The nbgitpuller link that pulls ``repo`` on ``hub`` and opens ``notebook`` in JupyterLab."""
    if not re.match(r"^https?://[^/]+", hub):
        raise ValueError(f"the hub's address must start with http:// or https:// (got {hub!r})")
    base = hub.split("?")[0].split("#")[0]
    if not base.endswith("/"):
        base += "/"
    folder = clone_folder(repo)
    query = [("repo", repo), ("urlpath", f"lab/tree/{folder}/{notebook_path(notebook)}")]
    if branch:
        query.append(("branch", branch))
    if repo.rstrip("/").split("/")[-1] != folder:  # nbgitpuller's own default folder
        query.append(("targetpath", folder))
    return f"{base}hub/user-redirect/git-pull?" + "&".join(f"{key}={_form(value)}" for key, value in query)


def binder_link(repo: str, branch: str = "main", notebook: str = DEFAULT_NOTEBOOK, binderhub: str = BINDERHUB) -> str:
    """A Binder launch link for ``repo`` that opens ``notebook`` in JupyterLab."""
    base = binderhub.rstrip("/")
    github = re.match(r"^https://github\.com/([^/]+)/([^/]+?)(?:\.git)?/?$", repo)
    if github:
        spec = f"gh/{github.group(1)}/{github.group(2)}/{quote(branch, safe='')}"
    else:
        spec = f"git/{quote(repo, safe='')}/{quote(branch, safe='')}"
    return f"{base}/v2/{spec}?urlpath={_form('lab/tree/' + notebook_path(notebook))}"


