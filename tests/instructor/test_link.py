"""`course link`: nbgitpuller and Binder links, as their own generators build them."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import pytest

from course.link import binder_link, clone_folder, nbgitpuller_link

COURSE = Path(sys.executable).with_name("course")

# nbgitpuller's link generator (docs/_static/link_gen/link.js), the part that builds a
# JupyterLab link: the browser's URL and URLSearchParams do the encoding.
LINK_JS = """
const [hub, repo, branch, path] = JSON.parse(process.argv[1]);
const url = new URL(hub);
const repoName = new URL(repo).pathname.split('/').pop().replace(/\\.git$/, '');
url.searchParams.set('repo', repo);
url.searchParams.set('urlpath', 'lab/tree/' + repoName + '/' + path);
if (branch) url.searchParams.set('branch', branch);
url.pathname += 'hub/user-redirect/git-pull';
console.log(url.toString());
"""

CASES = [
    ("https://hub.example.edu/", "https://github.com/our-class/tabletop-python", "main",
     "notebooks/00_start_here.ipynb"),
    ("https://hub.example.edu/", "https://gitlab.example.edu/teach/2026 spring/tabletop~class", "release-2",
     "notebooks/03_abapa.ipynb"),
    ("http://127.0.0.1:8000/", "file:///tmp/remote/bundle", "main", "notebooks/01_jass_melds.ipynb"),
]


def test_the_link_pulls_the_repository_and_opens_the_notebook_in_jupyterlab():
    link = nbgitpuller_link("https://hub.example.edu", "https://github.com/our-class/tabletop-python")
    parts = urlsplit(link)
    assert (parts.scheme, parts.netloc, parts.path) == ("https", "hub.example.edu", "/hub/user-redirect/git-pull")
    assert parse_qsl(parts.query) == [
        ("repo", "https://github.com/our-class/tabletop-python"),
        ("urlpath", "lab/tree/tabletop-python/notebooks/00_start_here.ipynb"),
        ("branch", "main"),
    ]
    assert link == (
        "https://hub.example.edu/hub/user-redirect/git-pull?"
        "repo=https%3A%2F%2Fgithub.com%2Four-class%2Ftabletop-python"
        "&urlpath=lab%2Ftree%2Ftabletop-python%2Fnotebooks%2F00_start_here.ipynb&branch=main"
    )


def test_a_dot_git_address_clones_into_the_folder_the_link_opens():
    # nbgitpuller would clone .../tabletop-python.git into "tabletop-python.git"
    link = nbgitpuller_link("https://hub.example.edu", "https://github.com/our-class/tabletop-python.git")
    query = dict(parse_qsl(urlsplit(link).query))
    assert query["urlpath"] == "lab/tree/tabletop-python/notebooks/00_start_here.ipynb"
    assert query["targetpath"] == "tabletop-python"


@pytest.mark.parametrize(("hub", "repo", "branch", "path"), CASES, ids=["github", "spaces-and-tilde", "local-file"])
def test_the_link_is_the_one_nbgitpullers_generator_builds(hub, repo, branch, path):
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed: cannot run nbgitpuller's generator")
    expected = subprocess.run(
        [node, "-e", LINK_JS, json.dumps([hub, repo, branch, path])], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert nbgitpuller_link(hub, repo, branch, path) == expected


@pytest.mark.parametrize(
    ("repo", "folder"),
    [
        ("https://github.com/our-class/tabletop-python.git", "tabletop-python"),
        ("https://github.com/our-class/tabletop-python/", "tabletop-python"),
        ("git@github.com:our-class/bundle.git", "bundle"),
        ("file:///srv/git/class-2026.git", "class-2026"),
    ],
)
def test_the_clone_folder_is_the_repositorys_name(repo, folder):
    assert clone_folder(repo) == folder


def test_a_notebook_can_be_named_by_its_stem():
    link = nbgitpuller_link("https://hub.example.edu/jhub/", "https://github.com/c/b", "main", "05_dominations")
    assert dict(parse_qsl(urlsplit(link).query))["urlpath"] == "lab/tree/b/notebooks/05_dominations.ipynb"
    assert urlsplit(link).path == "/jhub/hub/user-redirect/git-pull"


def test_a_hub_address_without_a_scheme_is_refused():
    completed = subprocess.run(
        [str(COURSE), "link", "--hub", "hub.example.edu", "--repo", "https://github.com/c/b"],
        capture_output=True, text=True,
    )
    assert completed.returncode == 2
    assert "http://" in completed.stderr and completed.stdout == ""


def test_course_link_prints_the_link():
    completed = subprocess.run(
        [str(COURSE), "link", "--hub", "https://hub.example.edu", "--repo", "https://github.com/our-class/tabletop-python.git",
         "--notebook", "02_dice_421"],
        capture_output=True, text=True,
    )
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout == nbgitpuller_link(
        "https://hub.example.edu", "https://github.com/our-class/tabletop-python.git", "main",
        "notebooks/02_dice_421.ipynb",
    ) + "\n"


def test_binder_links_open_notebook_00_in_jupyterlab():
    assert binder_link("https://github.com/our-class/tabletop-python") == (
        "https://mybinder.org/v2/gh/our-class/tabletop-python/main"
        "?urlpath=lab%2Ftree%2Fnotebooks%2F00_start_here.ipynb"
    )
    assert binder_link("https://gitlab.example.edu/t/b.git", "v2", binderhub="https://binder.example.edu/") == (
        "https://binder.example.edu/v2/git/https%3A%2F%2Fgitlab.example.edu%2Ft%2Fb.git/v2"
        "?urlpath=lab%2Ftree%2Fnotebooks%2F00_start_here.ipynb"
    )


def test_a_notebook_the_bundle_does_not_hold_is_refused_naming_the_known_ones(tmp_path):
    completed = subprocess.run(
        [str(COURSE), "link", "--hub", "https://hub.example.edu", "--repo", "https://github.com/c/b",
         "--notebook", "07_nothing"],
        capture_output=True, text=True,
    )
    assert completed.returncode == 2 and completed.stdout == ""
    message = completed.stderr.strip()
    assert "'07_nothing'" in message and "00_start_here" in message and "05_dominations" in message
    assert message.count("\n") == 0  # one sentence
    french = subprocess.run(
        [str(COURSE), "link", "--binder", "--repo", "https://github.com/c/b", "--notebook",
         "notebooks/fr/03_abapa.ipynb"],
        capture_output=True, text=True,
    )
    assert french.returncode == 0 and "notebooks%2Ffr%2F03_abapa.ipynb" in french.stdout
