"""End-to-end tests in headless Chromium: each worksheet's widget in a real JupyterLab, the JupyterLite site,
Python without threads."""
