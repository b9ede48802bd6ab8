# SPDX-License-Identifier: BSD-3-Clause
# Finds Debian's LIGGGHTS 3.8 (libliggghts-dev) and makes the imported
# target LIGGGHTS::LIGGGHTS: the library, its class headers and the style
# headers they need. Sets LIGGGHTS_FOUND, LIGGGHTS_INCLUDE_DIR,
# LIGGGHTS_LIBRARY. libliggghts-dev ships neither a CMake package nor a
# pkg-config file.
#
# The style headers: the contact-model headers include
# style_{surface,normal,tangential,cohesion,rolling}_model.h, which
# LIGGGHTS's build writes (src/Make.sh, style()) and the package does not
# ship: one `#include "<kind>_model_*.h"` line for every such header whose
# text names <KIND>_MODEL. They are written here the same way, from the
# installed headers, into the build tree, so that they list the models the
# library was built with. style_contact_model.h (the list of native
# combinations) is not written: only granular_styles.h reads it, which
# registers LIGGGHTS's own styles and which no host may include.
#
# Defines: none. The library was built without LAMMPS_SMALLBIG and the like
# (lmptype.h then takes SMALLBIG, as the library did) and without
# SUPERQUADRIC_ACTIVE_FLAG, NONSPHERICAL_ACTIVE_FLAG and CONVEX_ACTIVE_FLAG,
# which change the layout of its classes (contact_interface.h,
# fix_wall_gran.h): a user of this target must define none of them.
find_path(LIGGGHTS_INCLUDE_DIR contact_models.h PATH_SUFFIXES liggghts)
find_library(LIGGGHTS_LIBRARY NAMES liggghts)
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(LIGGGHTS REQUIRED_VARS LIGGGHTS_INCLUDE_DIR LIGGGHTS_LIBRARY)
if(NOT LIGGGHTS_FOUND OR TARGET LIGGGHTS::LIGGGHTS)
  return()
endif()

set(_liggghts_styles ${CMAKE_BINARY_DIR}/liggghts_styles)
foreach(kind surface normal tangential cohesion rolling)
  string(TOUPPER ${kind} KIND)
  file(GLOB _headers RELATIVE ${LIGGGHTS_INCLUDE_DIR} ${LIGGGHTS_INCLUDE_DIR}/${kind}_model_*.h)
  list(SORT _headers)
  set(_content "/* Written by cmake/FindLIGGGHTS.cmake from ${LIGGGHTS_INCLUDE_DIR}, as LIGGGHTS's Make.sh does. */\n")
  foreach(header IN LISTS _headers)
    file(STRINGS ${LIGGGHTS_INCLUDE_DIR}/${header} _names REGEX "${KIND}_MODEL" LIMIT_COUNT 1)
    if(_names)
      string(APPEND _content "#include \"${header}\"\n")
    endif()
  endforeach()
  file(CONFIGURE OUTPUT ${_liggghts_styles}/style_${kind}_model.h CONTENT "${_content}" @ONLY)
endforeach()

add_library(LIGGGHTS::LIGGGHTS UNKNOWN IMPORTED)
set_target_properties(LIGGGHTS::LIGGGHTS PROPERTIES IMPORTED_LOCATION ${LIGGGHTS_LIBRARY})
# <liggghts/X.h> for a host's own includes; the headers' includes of each
# other and of the style headers by name
get_filename_component(_liggghts_parent ${LIGGGHTS_INCLUDE_DIR} DIRECTORY)
target_include_directories(LIGGGHTS::LIGGGHTS SYSTEM INTERFACE ${_liggghts_parent}
  ${LIGGGHTS_INCLUDE_DIR} ${_liggghts_styles})
