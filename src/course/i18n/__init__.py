"""Translation: gettext catalogs read, merged and written with Babel, the notebooks' units, the
grader's sentences, the package's own catalog and JupyterLab's language for a bundle."""
