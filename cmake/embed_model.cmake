# Writes OUT, a C++ file holding the weights file IN as a byte array (the
# ownership model built into the library), from TEMPLATE.
file(READ "${IN}" hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," GOCOUNT_MODEL_BYTES "${hex}")
get_filename_component(GOCOUNT_MODEL_NAME "${IN}" NAME)
configure_file("${TEMPLATE}" "${OUT}.tmp" @ONLY)
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
