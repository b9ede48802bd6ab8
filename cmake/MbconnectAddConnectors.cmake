# SPDX-License-Identifier: BSD-3-Clause
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
#   REGISTRY_NAME  prefix of the registration code, a C identifier; default:
#                  TARGET made a C identifier (my-connectors -> my_connectors)
#   TYPES          the parameter-type registry; default: the installed
#                  types.lua (MBCONNECT_TYPES_FILE)
#   OUTPUT_DIR     where the C code goes; default:
#                  ${CMAKE_CURRENT_BINARY_DIR}/<TARGET>_mbcgen
#   LINK           the mbconnect library to link; default: mbconnect::mbconnect
#                  (mbconnect::mbconnect_shared for the shared one)
#   TESTS          (option) also build <TARGET>_invariants, the physics-invariant
#                  harness over these types (mbconnect/invariants.h), and register
#                  one CTest test invariant.<Type>.<invariant> per invariant a
#                  spec declares in its `invariants` block (label "invariants");
#                  TARGET must be a library; the project calls enable_testing()
#   PLUGIN         also build an mbc plugin of that name: a shared module
#                  lib<PLUGIN>.so holding the same types and the entry point
#                  of <mbconnect/plugin.h>, linked to mbconnect_shared
#                  with every symbol resolved (--no-undefined: a hook the
#                  spec lists and the sources lack fails the link), for
#                  `mbc --plugin lib<PLUGIN>.so list|describe|eval ...` and
#                  mbc_registry_load_plugin(); not installed: a project
#                  installs it into MBCONNECT_PLUGIN_DIR (install(TARGETS
#                  <PLUGIN> LIBRARY DESTINATION ${MBCONNECT_PLUGIN_DIR})),
#                  where `mbc --plugin <PLUGIN>` finds it by name, or into a
#                  directory of MBC_PLUGIN_PATH (mbconnect/plugin.h)
#
# Output variable names are the spec's own (any identifier); C code names
# them by index with the generated MBC_<TYPE>_OUTPUT_<NAME> constants. Hooks
# follow the prototypes in the generated header.
#
# The names of the generated files come from mbcgen itself, asked at
# configure time (`mbcgen --print-names`): CMake derives no name. A spec file
# whose name is not a valid type name, or a REGISTRY_NAME that is not a C
# identifier, stops the configuration with mbcgen's one-line message.
include_guard(GLOBAL)

# _mbconnect_generated_files(<prefix> <who> <registry_name> <spec>...)
# Runs `mbcgen --print-names [--registry-name NAME] SPEC...` (generator/
# naming.h) and sets in the caller <prefix>_TYPES (the type names),
# <prefix>_C_SOURCES and <prefix>_C_HEADERS (relative to mbcgen's --c-out,
# the registration files last) and <prefix>_RST_PAGES (relative to
# --rst-out). An empty registry_name means the built-in registry. Errors
# stop the configuration with "<who>: " and mbcgen's message. The command is
# the installed mbcgen, or in mbconnect's own build tree, where mbcgen is not
# built yet at configure time, mbcgen-names: the same naming code compiled on
# its own (generator/CMakeLists.txt sets MBCONNECT_NAMES_COMMAND).
function(_mbconnect_generated_files prefix who registry_name)
  get_property(command GLOBAL PROPERTY MBCONNECT_NAMES_COMMAND)
  if(NOT command)
    if(NOT TARGET mbconnect::mbcgen)
      message(FATAL_ERROR "${who}: target mbconnect::mbcgen not found "
        "(call find_package(mbconnect CONFIG REQUIRED) first)")
    endif()
    get_target_property(command mbconnect::mbcgen LOCATION)
  endif()
  set(args --print-names)
  if(registry_name)
    list(APPEND args --registry-name ${registry_name})
  endif()
  execute_process(COMMAND ${command} ${args} ${ARGN}
    WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}
    OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    string(STRIP "${err}" err)
    message(FATAL_ERROR "${who}: ${err}")
  endif()
  set(types "")
  set(sources "")
  set(headers "")
  set(pages "")
  string(REPLACE "\n" ";" lines "${out}")
  foreach(line IN LISTS lines)
    string(REPLACE " " ";" field "${line}")
    list(LENGTH field n)
    if(n EQUAL 6 AND line MATCHES "^type ")
      # type TypeName snake_name C_SOURCE C_HEADER RST_PAGE
      list(GET field 1 type)
      list(GET field 3 source)
      list(GET field 4 header)
      list(GET field 5 page)
      list(APPEND types ${type})
      list(APPEND sources ${source})
      list(APPEND headers ${header})
      list(APPEND pages ${page})
    elseif(n EQUAL 4 AND line MATCHES "^registry ")
      # registry NAME C_SOURCE C_HEADER
      list(GET field 2 registry_source)
      list(GET field 3 registry_header)
    elseif(NOT line STREQUAL "")
      message(FATAL_ERROR "${who}: unexpected line from ${command} --print-names: '${line}'")
    endif()
  endforeach()
  if(NOT DEFINED registry_source)
    message(FATAL_ERROR "${who}: ${command} --print-names gave no registry line")
  endif()
  set(${prefix}_TYPES ${types} PARENT_SCOPE)
  set(${prefix}_C_SOURCES ${sources} ${registry_source} PARENT_SCOPE)
  set(${prefix}_C_HEADERS ${headers} ${registry_header} PARENT_SCOPE)
  set(${prefix}_RST_PAGES ${pages} PARENT_SCOPE)
endfunction()

function(mbconnect_add_connectors)
  cmake_parse_arguments(PARSE_ARGV 0 A "TESTS"
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
    list(APPEND spec_args "${rel}")
    list(APPEND spec_files "${abs}")
  endforeach()
  # the files mbcgen writes, as mbcgen names them
  _mbconnect_generated_files(names "mbconnect_add_connectors(${A_TARGET})"
    "${A_REGISTRY_NAME}" ${spec_args})
  list(TRANSFORM names_C_SOURCES PREPEND ${A_OUTPUT_DIR}/ OUTPUT_VARIABLE c_files)
  list(TRANSFORM names_C_HEADERS PREPEND ${A_OUTPUT_DIR}/ OUTPUT_VARIABLE h_files)
  set(rst_files "")
  if(A_RST_OUT)
    get_filename_component(rst_dir "${A_RST_OUT}" ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
    list(TRANSFORM names_RST_PAGES PREPEND ${rst_dir}/ OUTPUT_VARIABLE rst_files)
  endif()

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
    # Every symbol resolved when the plugin is linked, not when it is
    # loaded: the generated descriptor names each hook of the spec's `hooks`
    # list by symbol, so a hook the sources lack fails the build with the
    # linker's "undefined reference to `mbc_<type>_<hook>'" (ELF linkers;
    # the math library is linked for the hooks' sqrt and friends). Not in
    # sanitizer builds: clang leaves the sanitizers' runtime symbols to the
    # executable, so a plugin has them undefined by design.
    set(_mbconnect_sanitized FALSE)
    if(MBC_SANITIZE OR MBC_TSAN OR MBC_FUZZ OR CMAKE_C_FLAGS MATCHES "-fsanitize")
      set(_mbconnect_sanitized TRUE)
    endif()
    if(CMAKE_SYSTEM_NAME STREQUAL "Linux" AND NOT _mbconnect_sanitized)
      target_link_options(${A_PLUGIN} PRIVATE "LINKER:--no-undefined")
      target_link_libraries(${A_PLUGIN} PRIVATE m)
    endif()
  endif()
  if(A_TESTS)
    _mbconnect_add_invariant_tests(${A_TARGET} ${A_REGISTRY_NAME} ${A_OUTPUT_DIR})
  endif()
endfunction()

# The invariant harness over the types of one registry name: an executable
# <target>_invariants (mbc_invariants_main) that writes, after each build,
# the CTest file with one test per declared invariant.
function(_mbconnect_add_invariant_tests target registry output_dir)
  get_target_property(type ${target} TYPE)
  if(NOT type MATCHES "LIBRARY$")
    message(FATAL_ERROR "mbconnect_add_connectors(${target}): TESTS needs TARGET to be a "
      "library (given a ${type})")
  endif()
  if(NOT TARGET mbconnect::mbconnect_invariants)
    message(FATAL_ERROR "mbconnect_add_connectors(${target}): TESTS needs the target "
      "mbconnect::mbconnect_invariants (installed with mbconnect)")
  endif()
  set(main ${output_dir}/${registry}_invariants_main.c)
  file(WRITE ${main}.in
    "/* Generated by mbconnect_add_connectors(TESTS); do not edit. */\n"
    "#include \"${registry}_types.h\"\n"
    "#include \"mbconnect/invariants.h\"\n\n"
    "int main(int argc, char **argv)\n{\n"
    "    return mbc_invariants_main(argc, argv, ${registry}_types, ${registry}_type_count);\n}\n")
  configure_file(${main}.in ${main} COPYONLY)
  set(exe ${target}_invariants)
  add_executable(${exe} ${main})
  # the harness first: it is resolved against the mbconnect library TARGET links
  target_link_libraries(${exe} PRIVATE mbconnect::mbconnect_invariants ${target})
  set(tests ${CMAKE_CURRENT_BINARY_DIR}/${exe}_tests.cmake)
  add_custom_command(TARGET ${exe} POST_BUILD
    COMMAND ${exe} --ctest-file ${tests} --command $<TARGET_FILE:${exe}>
    COMMENT "${exe}: tests for the declared invariants"
    VERBATIM)
  file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/${exe}_include.cmake
    "if(EXISTS \"${tests}\")\n  include(\"${tests}\")\nendif()\n")
  set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES
    ${CMAKE_CURRENT_BINARY_DIR}/${exe}_include.cmake)
endfunction()
