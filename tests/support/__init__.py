"""Helpers of the course's own tests: the lab and browser steps, accessibility audits,
the JupyterLite site, colour vision, French typography and toy games."""
