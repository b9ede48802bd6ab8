# Embeds the scaffold templates (generator/templates/*.in) in mbcgen:
#   cmake -DOUT=scaffold_templates.c -DTEMPLATES="a.in;b.in" -P embed_templates.cmake
# writes one NUL-terminated char array per template, named
# scaffold_tpl_<file name with '.' replaced by '_'> (spec_lua_in, ...).
set(content "/* Written by generator/embed_templates.cmake from generator/templates/; do not edit. */\n")
foreach(t IN LISTS TEMPLATES)
  get_filename_component(name "${t}" NAME)
  string(MAKE_C_IDENTIFIER "${name}" id)
  file(READ "${t}" hex HEX)
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
  string(APPEND content "const char scaffold_tpl_${id}[] = {${bytes}0x00};\n")
endforeach()
file(WRITE "${OUT}.tmp" "${content}")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
