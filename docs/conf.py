# SPDX-License-Identifier: BSD-3-Clause
# Sphinx configuration of the mbconnect site. The `docs` CMake target stages
# this file with the pages into build/docs/src (mbcgen --rst-site writes the
# connector pages there) and builds build/docs/html with `sphinx-build -W -n`.
#
# MathJax: Debian's libjs-mathjax (2.7), copied into the built site
# (_static/mathjax), so pages render offline; no CDN. MathJax 2.7 has no
# \prescript (mathtools); the macros of the reference documentation are
# defined below with the equivalent {}^{#1}{#2} (a left superscript).
project = "mbconnect"
author = "the mbconnect authors"
copyright = "mbconnect authors"
root_doc = "index"
extensions = ["sphinx.ext.mathjax"]
numfig = True  # :numref: to figures
math_numfig = True
exclude_patterns = []
templates_path = ["_templates"]
html_theme = "alabaster"
html_theme_options = {
    "page_width": "1180px",
    "sidebar_width": "250px",
    "fixed_sidebar": False,
}
html_static_path = ["_static"]
html_css_files = ["site.css"]
html_title = "mbconnect"
html_show_sourcelink = False

# Served from the built site: _static/mathjax (see cmake/Docs.cmake).
mathjax_path = "mathjax/MathJax.js?config=TeX-AMS_CHTML"
mathjax2_config = {
    "TeX": {
        # Errors must show as errors (the browser test looks for them), not
        # be hidden by the noErrors / noUndefined extensions of the config.
        "noErrors": {"disabled": True},
        "noUndefined": {"disabled": True},
        "Macros": {
            "LU": ["{}^{#1}{#2}", 2],  # left upper index: 0-frame vector
            "LUR": ["{}^{#1}{#2}_{#3}", 3],  # left upper, right lower index
            "LURU": ["{}^{#1}{#2}_{#3}^{#4}", 4],  # left upper, right lower and upper
            "Rcal": "\\mathbb{R}",  # real numbers
            "Rot": "\\mathbf{A}",  # rotation matrix (local to global)
            "tomega": "\\boldsymbol{\\omega}",  # angular velocity vector
            "ttau": "\\boldsymbol{\\tau}",  # torque vector
            "tp": "^{\\mathrm{T}}",  # transpose (a superscript T)
            "ra": "\\rightarrow",
            "pluseq": "\\mathrel{+}=",
        },
    },
    "CommonHTML": {"linebreaks": {"automatic": False}},
    "showMathMenu": False,
    "messageStyle": "none",
}


def _number_per_page(app, env):
    """Figures, tables, code blocks and equations are numbered per page (the
    first figure of every page is Fig. 1), not on across the pages of the
    toctree as Sphinx does without section numbers. Runs after Sphinx's own
    numbering (priority 900 > 500) on every build."""
    for kinds in env.toc_fignumbers.values():
        for numbers in kinds.values():
            for n, key in enumerate(sorted(numbers, key=numbers.get), 1):
                numbers[key] = (n,)
    return []


def setup(app):
    app.connect("env-get-updated", _number_per_page, priority=900)
