# SPDX-License-Identifier: BSD-3-Clause
# Man pages of the programs, written by the build from the programs' own
# --help and --version text (GNU help2man, Debian package help2man), so the
# page and `PROGRAM --help` cannot disagree. Included by CMakeLists.txt
# before the programs' directories, which call:
#
#   mbc_add_man_page(TARGET
#     [NAME name]             # the page's name, default: the target's output name
#     SECTION 1               # the manual section
#     DESCRIPTION "one line"  # the NAME line: "name - one line"
#     [INCLUDE file.h2m])     # more sections ([SEE ALSO], [FILES], ...; help2man --include)
#
# which writes build/man/man<SECTION>/<name>.<SECTION> (part of `all`, again
# whenever the program changes) and installs it to share/man/man<SECTION>.
# The --help text should follow help2man's layout: "Usage:" lines (more
# forms as "  or:  ..."), a description paragraph, "Options:" with options
# indented by two spaces, and other paragraphs ("Exit status:",
# "Examples:") that become sections. mbc(1), mbcgen(1) and mbc-lammps(1)
# are made this way (cli/CMakeLists.txt, generator/CMakeLists.txt,
# bridges/lammps/CMakeLists.txt); so is any program added later.
#
# Without help2man the pages are not made (a configure message says so);
# the test of the install tree then skips its man page checks.
include_guard(GLOBAL)
include(GNUInstallDirs)
find_program(MBC_HELP2MAN help2man DOC "GNU help2man (Debian package help2man): the man pages")
if(MBC_HELP2MAN)
  message(STATUS "man pages: ${MBC_HELP2MAN}")
else()
  message(STATUS "man pages: not made, help2man is missing (apt-get install -y help2man)")
endif()

function(mbc_add_man_page target)
  cmake_parse_arguments(PARSE_ARGV 1 M "" "NAME;SECTION;DESCRIPTION;INCLUDE" "")
  if(M_UNPARSED_ARGUMENTS OR NOT M_SECTION OR NOT M_DESCRIPTION)
    message(FATAL_ERROR "mbc_add_man_page(${target} SECTION n DESCRIPTION text [NAME name] "
      "[INCLUDE file.h2m]): unexpected or missing arguments ${M_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT MBC_HELP2MAN)
    return()
  endif()
  if(NOT M_NAME)
    get_target_property(M_NAME ${target} OUTPUT_NAME)
    if(NOT M_NAME)
      set(M_NAME ${target})
    endif()
  endif()
  set(dir ${PROJECT_BINARY_DIR}/man/man${M_SECTION})
  set(page ${dir}/${M_NAME}.${M_SECTION})
  set(include "")
  set(depends ${target})
  if(M_INCLUDE)
    get_filename_component(M_INCLUDE "${M_INCLUDE}" ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
    set(include --include=${M_INCLUDE})
    list(APPEND depends ${M_INCLUDE})
  endif()
  add_custom_command(OUTPUT ${page}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${dir}
    COMMAND ${MBC_HELP2MAN} --no-info --section=${M_SECTION}
            --name=${M_DESCRIPTION} ${include} --output=${page} $<TARGET_FILE:${target}>
    DEPENDS ${depends}
    COMMENT "help2man: ${M_NAME}(${M_SECTION}) from ${M_NAME} --help"
    VERBATIM)
  add_custom_target(man_${M_NAME} ALL DEPENDS ${page})
  install(FILES ${page} DESTINATION ${CMAKE_INSTALL_MANDIR}/man${M_SECTION})
endfunction()
