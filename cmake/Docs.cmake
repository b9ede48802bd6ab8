# SPDX-License-Identifier: BSD-3-Clause
# The documentation site: build/docs/html, built by Sphinx with -W -n (every
# warning, nitpicky references included, is an error). Part of the default
# build when Sphinx (python3-sphinx), MathJax (libjs-mathjax) and gnuplot
# (gnuplot-nox) are installed; otherwise a message says what is missing.
#
#   build/docs/src           the staged source: docs/*.rst (not the generated
#                            index.rst), docs/site/index.rst as the landing page,
#                            conf.py, figures; mbcgen --rst-site adds items/,
#                            api/, types.rst, bibliography.rst
#   build/docs/src/_static/mathjax   the MathJax files the pages load (local, no CDN)
#   build/docs/theDoc/figures        the figures the connector pages reference
#                                    (../../theDoc/figures/X.png), drawn by
#                                    docs/figures-src/draw_figures.py
include(GNUInstallDirs)
# Without the site an install carries the pages' sources instead (.rst).
macro(_mbc_install_doc_sources)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}
    FILES_MATCHING PATTERN "*.rst" PATTERN "site" EXCLUDE PATTERN "figures*" EXCLUDE)
endmacro()
if(MBC_SANITIZE OR MBC_FUZZ)
  # The site does not depend on the build flavour; the default build makes it.
  message(STATUS "docs: not built in sanitizer/fuzz builds (the default preset builds the site)")
  _mbc_install_doc_sources()
  return()
endif()
set(MBC_DOCS_PYTHON /usr/bin/python3 CACHE FILEPATH "Python with Sphinx (Debian's python3-sphinx)")
set(MBC_MATHJAX_DIR /usr/share/javascript/mathjax CACHE PATH "MathJax 2.7 (Debian's libjs-mathjax)")
find_program(MBC_GNUPLOT gnuplot)
execute_process(COMMAND ${MBC_DOCS_PYTHON} -c "import sphinx, sphinx.ext.mathjax; print('Sphinx', sphinx.__version__)"
  RESULT_VARIABLE _sphinx_rc OUTPUT_VARIABLE _sphinx_version ERROR_QUIET OUTPUT_STRIP_TRAILING_WHITESPACE)
set(_docs_missing "")
if(NOT _sphinx_rc EQUAL 0)
  list(APPEND _docs_missing "python3-sphinx (${MBC_DOCS_PYTHON} -m sphinx)")
endif()
if(NOT EXISTS ${MBC_MATHJAX_DIR}/MathJax.js)
  list(APPEND _docs_missing "libjs-mathjax (${MBC_MATHJAX_DIR}/MathJax.js)")
endif()
if(NOT MBC_GNUPLOT)
  list(APPEND _docs_missing "gnuplot-nox")
endif()
if(_docs_missing)
  message(STATUS "docs: no 'docs' target, missing: ${_docs_missing} (apt-get install -y python3-sphinx libjs-mathjax gnuplot-nox)")
  _mbc_install_doc_sources()
  return()
endif()
message(STATUS "docs: ${_sphinx_version}, MathJax from ${MBC_MATHJAX_DIR}")

set(MBC_DOCS_DIR ${PROJECT_BINARY_DIR}/docs)
set(MBC_DOCS_SRC ${MBC_DOCS_DIR}/src)
set(MBC_DOCS_HTML ${MBC_DOCS_DIR}/html)
file(GLOB _docs_pages CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/docs/*.rst)
list(REMOVE_ITEM _docs_pages ${PROJECT_SOURCE_DIR}/docs/index.rst)
file(GLOB _docs_specs CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/specs/*.lua)
file(GLOB _docs_figures CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/docs/figures/*.png)
set(_docs_inputs ${_docs_pages} ${_docs_figures}
  ${PROJECT_SOURCE_DIR}/docs/conf.py ${PROJECT_SOURCE_DIR}/docs/site/index.rst
  ${PROJECT_SOURCE_DIR}/docs/site/site.css ${PROJECT_SOURCE_DIR}/docs/site/_templates/layout.html
  ${PROJECT_SOURCE_DIR}/docs/figures-src/draw_figures.py
  ${PROJECT_SOURCE_DIR}/cmake/DocsStage.cmake ${_docs_specs})

add_custom_command(
  OUTPUT ${MBC_DOCS_DIR}/docs.stamp
  COMMAND ${CMAKE_COMMAND} -DSRC=${PROJECT_SOURCE_DIR} -DOUT=${MBC_DOCS_SRC}
          -DMATHJAX=${MBC_MATHJAX_DIR} -P ${PROJECT_SOURCE_DIR}/cmake/DocsStage.cmake
  COMMAND $<TARGET_FILE:mbcgen> --specs specs --rst-site ${MBC_DOCS_SRC}
  COMMAND ${MBC_DOCS_PYTHON} ${PROJECT_SOURCE_DIR}/docs/figures-src/draw_figures.py
          $<TARGET_FILE:mbc> ${MBC_DOCS_DIR}/theDoc/figures
  COMMAND ${CMAKE_COMMAND} -E copy ${MBC_DOCS_DIR}/theDoc/figures/solver-discontinuous-iteration.png
          ${MBC_DOCS_SRC}/figures/solver-discontinuous-iteration.png
  COMMAND ${MBC_DOCS_PYTHON} -m sphinx -W -n --keep-going -q -b html
          -d ${MBC_DOCS_DIR}/doctrees ${MBC_DOCS_SRC} ${MBC_DOCS_HTML}
  COMMAND ${CMAKE_COMMAND} -E touch ${MBC_DOCS_DIR}/docs.stamp
  DEPENDS ${_docs_inputs} mbcgen mbc
  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR} # headers on the API pages say "from specs/X.lua"
  COMMENT "Sphinx: docs/ and specs/ -> build/docs/html"
  VERBATIM)
add_custom_target(docs ALL DEPENDS ${MBC_DOCS_DIR}/docs.stamp)

# The site is installed as share/doc/mbconnect/html (and so is in the .deb).
install(DIRECTORY ${MBC_DOCS_HTML}/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/html
  PATTERN ".buildinfo" EXCLUDE)
set(MBC_DOCS_INSTALLED ON) # tests/cli: the install test checks the site

# The site builds from scratch with zero warnings (-W -n), into its own
# output directory; build/docs/src is staged by the 'docs' target. Slow (the
# build's own Sphinx run, -W -n too, and the page checks below are the
# default preset's share of the docs).
add_test(NAME test_docs_sphinx_build COMMAND ${MBC_DOCS_PYTHON} -m sphinx -W -n -E -q -b html
  -d ${MBC_DOCS_DIR}/test-doctrees ${MBC_DOCS_SRC} ${MBC_DOCS_DIR}/test-html)
set_tests_properties(test_docs_sphinx_build PROPERTIES LABELS docs)
mbc_slow_test(test_docs_sphinx_build)

# The site copies of the seed pages differ from the committed pages (which are
# byte-identical to the seeds) only by moved indentation and citations.
add_test(NAME test_docs_site_pages COMMAND ${MBC_DOCS_PYTHON}
  ${PROJECT_SOURCE_DIR}/tests/docs/check_site_pages.py ${PROJECT_SOURCE_DIR}/docs/items ${MBC_DOCS_SRC}/items)
set_tests_properties(test_docs_site_pages PROPERTIES LABELS docs)

# Every page in headless Chromium (label browser; skipped when Chromium,
# chromedriver or selenium are absent).
add_test(NAME test_docs_browser COMMAND ${MBC_DOCS_PYTHON}
  ${PROJECT_SOURCE_DIR}/tests/docs/browser_check.py ${MBC_DOCS_HTML} ${MBC_DOCS_DIR}/screenshots)
set_tests_properties(test_docs_browser PROPERTIES LABELS "browser;docs" SKIP_RETURN_CODE 77)
mbc_slow_test(test_docs_browser TIMEOUT 600)

# The generated API reference equals the library's reflection tables
# (`mbc describe`) and names only setters the generated headers declare.
add_test(NAME test_docs_api_pages COMMAND ${MBC_DOCS_PYTHON}
  ${PROJECT_SOURCE_DIR}/tests/docs/check_api_pages.py $<TARGET_FILE:mbc> ${MBC_DOCS_SRC}
  ${PROJECT_SOURCE_DIR}/generated/include)
set_tests_properties(test_docs_api_pages PROPERTIES LABELS docs)
mbc_test_defaults()
