# SPDX-License-Identifier: BSD-3-Clause
# Stages the site source (cmake -P; see cmake/Docs.cmake): SRC = repository,
# OUT = build/docs/src, MATHJAX = MathJax 2.7 directory.
file(MAKE_DIRECTORY ${OUT}/_static ${OUT}/figures)
file(GLOB pages ${SRC}/docs/*.rst)
foreach(page ${pages})
  get_filename_component(name ${page} NAME)
  if(NOT name STREQUAL "index.rst") # the generated list; the site's index is docs/site/index.rst
    configure_file(${page} ${OUT}/${name} COPYONLY)
  endif()
endforeach()
configure_file(${SRC}/docs/site/index.rst ${OUT}/index.rst COPYONLY)
configure_file(${SRC}/docs/conf.py ${OUT}/conf.py COPYONLY)
configure_file(${SRC}/docs/site/site.css ${OUT}/_static/site.css COPYONLY)
configure_file(${SRC}/docs/site/_templates/layout.html ${OUT}/_templates/layout.html COPYONLY)
file(GLOB figures ${SRC}/docs/figures/*.png)
file(COPY ${figures} DESTINATION ${OUT}/figures)
# The parts of MathJax the pages use: TeX input, CommonHTML output, TeX fonts.
if(NOT EXISTS ${OUT}/_static/mathjax/MathJax.js)
  set(mj ${OUT}/_static/mathjax)
  file(COPY ${MATHJAX}/MathJax.js DESTINATION ${mj})
  file(COPY ${MATHJAX}/config/TeX-AMS_CHTML.js DESTINATION ${mj}/config)
  file(COPY ${MATHJAX}/extensions DESTINATION ${mj})
  file(COPY ${MATHJAX}/jax/input/TeX DESTINATION ${mj}/jax/input)
  file(COPY ${MATHJAX}/jax/output/CommonHTML DESTINATION ${mj}/jax/output)
  file(COPY ${MATHJAX}/jax/element DESTINATION ${mj}/jax)
  file(COPY ${MATHJAX}/fonts/HTML-CSS/TeX/woff DESTINATION ${mj}/fonts/HTML-CSS/TeX)
endif()
