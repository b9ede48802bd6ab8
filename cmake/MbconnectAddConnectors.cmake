# mbconnect_add_connectors: connector types from a project's own specs.
#
#   find_package(mbconnect CONFIG REQUIRED)
#   add_library(my_connectors STATIC)
#   mbconnect_add_connectors(TARGET my_connectors
#     SPECS specs/ContactCircleCircle2D.lua ...      # one spec per type
#     SOURCES src/connector_contact_circle_circle2d.c  # the runtime hooks
#     RST_OUT ${CMAKE_CURRENT_SOURCE_DIR}/docs/items)  # Object<Type>.rst per type
#
# At build time (and again whenever a spec, the type registry or mbcgen
# changes) this runs
#
#   mbcgen SPEC... --c-out OUTPUT_DIR --registry-name NAME [--rst-out RST_OUT]
#          [--index INDEX] --types TYPES
#
# in the current source directory, then compiles into TARGET the generated
# OUTPUT_DIR/<snake>.c (parameter structs, defaults, validating setters,
# reflection tables), OUTPUT_DIR/NAME_types.c (the table NAME_types[] and
# NAME_register_types()) and SOURCES. TARGET gets OUTPUT_DIR/include as a
# PUBLIC include directory (<mbconnect/generated/<snake>.h>, <NAME_types.h>)
# and links LINK publicly. At run time the types join a registry object:
#
#   #include "NAME_types.h"
#   mbc_registry r;
#   mbc_registry_init(&r);                          // built-in types
#   if (NAME_register_types(&r, &err) != MBC_OK) ... // + these
#   mbc_object *o = mbc_registry_create(&r, "ContactCircleCircle2D", &err);
#
# Arguments:
#   TARGET         an existing library or executable target, defined in the
#                  calling directory (required)
#   SPECS          spec files, relative to the current source directory or
#                  absolute (required); each file is <TypeName>.lua
#   SOURCES        hand-written sources (the hooks the specs list)
#   RST_OUT        directory for the documentation pages (optional)
#   INDEX          an index page listing the types (optional, with RST_OUT)
#   REGISTRY_NAME  prefix of the registration code; default: TARGET made a C
#                  identifier (my-connectors -> my_connectors)
#   TYPES          the parameter-type registry; default: the installed
#                  types.lua (MBCONNECT_TYPES_FILE)
#   OUTPUT_DIR     where the C code goes; default:
#                  ${CMAKE_CURRENT_BINARY_DIR}/<TARGET>_mbcgen
#   LINK           the mbconnect library to link; default: mbconnect::mbconnect
#                  (mbconnect::mbconnect_shared for the shared one)
#   PLUGIN         also build an mbc plugin of that name: a shared module
#                  lib<PLUGIN>.so holding the same types and the entry point
#                  of <mbconnect/plugin.h>, linked to mbconnect_shared, for
#                  `mbc --plugin lib<PLUGIN>.so list|describe|eval ...` and
#                  mbc_registry_load_plugin()
#
# Output variable names are the spec's own (any identifier); C code names
# them by index with the generated MBC_<TYPE>_OUTPUT_<NAME> constants. Hooks
# follow the prototypes in the generated header.
include_guard(GLOBAL)

function(mbconnect_add_connectors)
  cmake_parse_arguments(PARSE_ARGV 0 A ""
    "TARGET;RST_OUT;INDEX;REGISTRY_NAME;TYPES;OUTPUT_DIR;LINK;PLUGIN" "SPECS;SOURCES")
  if(A_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "mbconnect_add_connectors: unknown arguments: ${A_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT A_TARGET)
    message(FATAL_ERROR "mbconnect_add_connectors: TARGET is required")
  endif()
  if(NOT TARGET ${A_TARGET})
    message(FATAL_ERROR "mbconnect_add_connectors: '${A_TARGET}' is not a target; "
      "create it first (add_library(${A_TARGET} STATIC) or add_executable)")
  endif()
  if(NOT A_SPECS)
    message(FATAL_ERROR "mbconnect_add_connectors(${A_TARGET}): SPECS is required")
  endif()
  if(A_INDEX AND NOT A_RST_OUT)
    message(FATAL_ERROR "mbconnect_add_connectors(${A_TARGET}): INDEX needs RST_OUT")
  endif()

  if(NOT A_REGISTRY_NAME)
    string(MAKE_C_IDENTIFIER "${A_TARGET}" A_REGISTRY_NAME)
  endif()
  if(NOT A_REGISTRY_NAME MATCHES "^[A-Za-z_][A-Za-z0-9_]*$")
    message(FATAL_ERROR "mbconnect_add_connectors(${A_TARGET}): REGISTRY_NAME must be a C "
      "identifier (given '${A_REGISTRY_NAME}')")
  endif()
  if(NOT A_TYPES)
    if(DEFINED MBCONNECT_TYPES_FILE)
      set(A_TYPES ${MBCONNECT_TYPES_FILE})
    else()
      get_property(A_TYPES GLOBAL PROPERTY MBCONNECT_TYPES_FILE)
    endif()
  endif()
  if(NOT A_OUTPUT_DIR)
    set(A_OUTPUT_DIR ${CMAKE_CURRENT_BINARY_DIR}/${A_TARGET}_mbcgen)
  endif()
  if(NOT A_LINK)
    set(A_LINK mbconnect::mbconnect)
  endif()
  set(mbcgen mbconnect::mbcgen)
  if(NOT TARGET ${mbcgen})
    message(FATAL_ERROR "mbconnect_add_connectors: target mbconnect::mbcgen not found "
      "(call find_package(mbconnect CONFIG REQUIRED) first)")
  endif()
  get_target_property(aliased ${mbcgen} ALIASED_TARGET)
  if(aliased)
    set(mbcgen ${aliased})
  endif()

  set(spec_args "")
  set(spec_files "")
  set(c_files "")
  set(h_files "")
  set(rst_files "")
  foreach(spec IN LISTS A_SPECS)
    get_filename_component(abs "${spec}" ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
    get_filename_component(stem "${spec}" NAME_WE)
    if(stem STREQUAL "types")
      message(FATAL_ERROR "mbconnect_add_connectors(${A_TARGET}): ${spec} is a type registry; "
        "pass it as TYPES")
    endif()
    # mbcgen names files in messages and comments as given: relative when possible
    file(RELATIVE_PATH rel ${CMAKE_CURRENT_SOURCE_DIR} "${abs}")
    if(rel MATCHES "^\\.\\./")
      set(rel "${abs}")
    endif()
    # the generator's snake-case rule: ContactCircleCircle2D -> contact_circle_circle2d
    string(REGEX REPLACE "([a-z])([A-Z])" "\\1_\\2" snake "${stem}")
    string(REGEX REPLACE "([A-Z])([A-Z][a-z])" "\\1_\\2" snake "${snake}")
    string(TOLOWER "${snake}" snake)
    list(APPEND spec_args "${rel}")
    list(APPEND spec_files "${abs}")
    list(APPEND c_files ${A_OUTPUT_DIR}/${snake}.c)
    list(APPEND h_files ${A_OUTPUT_DIR}/include/mbconnect/generated/${snake}.h)
    if(A_RST_OUT)
      get_filename_component(rst_dir "${A_RST_OUT}" ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
      list(APPEND rst_files ${rst_dir}/Object${stem}.rst)
    endif()
  endforeach()
  list(APPEND c_files ${A_OUTPUT_DIR}/${A_REGISTRY_NAME}_types.c)
  list(APPEND h_files ${A_OUTPUT_DIR}/include/${A_REGISTRY_NAME}_types.h)

  set(args --c-out ${A_OUTPUT_DIR} --registry-name ${A_REGISTRY_NAME})
  set(deps ${spec_files} ${mbcgen})
  if(A_RST_OUT)
    list(APPEND args --rst-out ${rst_dir})
  endif()
  if(A_INDEX)
    get_filename_component(index "${A_INDEX}" ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
    list(APPEND args --index ${index})
    list(APPEND rst_files ${index})
  endif()
  if(A_TYPES)
    get_filename_component(types "${A_TYPES}" ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
    list(APPEND args --types ${types})
    list(APPEND deps ${types})
  endif()

  # mbcgen rewrites a file only when its content changes; the touch keeps
  # the outputs newer than the specs so that the rule does not run again.
  add_custom_command(
    OUTPUT ${c_files} ${h_files}
    BYPRODUCTS ${rst_files}
    COMMAND ${mbcgen} ${spec_args} ${args}
    COMMAND ${CMAKE_COMMAND} -E touch ${c_files} ${h_files}
    DEPENDS ${deps}
    WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}
    COMMENT "mbcgen: ${A_TARGET}: ${spec_args} -> C (${A_REGISTRY_NAME}_register_types)"
    VERBATIM)

  # one target runs mbcgen, so that TARGET and PLUGIN never run it in parallel
  add_custom_target(${A_TARGET}_mbcgen DEPENDS ${c_files} ${h_files})
  add_dependencies(${A_TARGET} ${A_TARGET}_mbcgen)
  target_sources(${A_TARGET} PRIVATE ${c_files} ${h_files} ${A_SOURCES})
  target_include_directories(${A_TARGET} PUBLIC $<BUILD_INTERFACE:${A_OUTPUT_DIR}/include>)
  target_link_libraries(${A_TARGET} PUBLIC ${A_LINK})
  set_property(TARGET ${A_TARGET} APPEND PROPERTY MBCONNECT_REGISTRY_NAMES ${A_REGISTRY_NAME})

  if(A_PLUGIN)
    set(entry ${A_OUTPUT_DIR}/${A_REGISTRY_NAME}_plugin.c)
    file(CONFIGURE OUTPUT ${entry} CONTENT
      "/* Written by mbconnect_add_connectors: the mbc plugin entry point of @A_REGISTRY_NAME@. */\n#include \"@A_REGISTRY_NAME@_types.h\"\n#include \"mbconnect/plugin.h\"\n\nMBC_DEFINE_PLUGIN(@A_REGISTRY_NAME@)\n"
      @ONLY)
    set(plugin_link mbconnect::mbconnect_shared)
    if(NOT TARGET ${plugin_link})
      set(plugin_link mbconnect_shared)
    endif()
    add_library(${A_PLUGIN} MODULE ${c_files} ${h_files} ${A_SOURCES} ${entry})
    add_dependencies(${A_PLUGIN} ${A_TARGET}_mbcgen)
    target_include_directories(${A_PLUGIN} PRIVATE ${A_OUTPUT_DIR}/include)
    target_link_libraries(${A_PLUGIN} PRIVATE ${plugin_link})
  endif()
endfunction()
