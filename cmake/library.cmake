# The public library: include/gocount/ declares it, src/api/ implements it
# over the internals (gocount_objects), which stay PRIVATE: a public header
# that includes one of src/ does not build for a user (tests/test_api_headers).
# Built static (libgocount.a) and shared (libgocount.so with a soname), and
# installed with a CMake package (find_package(gocount) -> gocount::gocount)
# and gocount.pc, after the pattern of fmt's support/cmake.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

configure_file(${CMAKE_SOURCE_DIR}/cmake/version.h.in ${CMAKE_BINARY_DIR}/include/gocount/version.h @ONLY)
set(GOCOUNT_API_SOURCES src/api/position.cpp src/api/rules.cpp src/api/score.cpp src/api/gogui.cpp src/api/png.cpp src/report/png.cpp)
file(GLOB GOCOUNT_PUBLIC_HEADERS ${CMAKE_SOURCE_DIR}/include/gocount/*.h)
list(APPEND GOCOUNT_PUBLIC_HEADERS ${CMAKE_BINARY_DIR}/include/gocount/version.h)

function(gocount_public_library target kind)
  add_library(${target} ${kind} ${GOCOUNT_API_SOURCES} $<TARGET_OBJECTS:gocount_objects>)
  target_include_directories(${target}
    PUBLIC $<BUILD_INTERFACE:${CMAKE_SOURCE_DIR}/include> $<BUILD_INTERFACE:${CMAKE_BINARY_DIR}/include>
           $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>
    PRIVATE ${CMAKE_SOURCE_DIR}/src)
  # fmt is linked (a static user links it too); librsvg is loaded by
  # gocount::png when first called (src/report/png.cpp). nlohmann_json is
  # headers only: its directories and definitions alone, not a link, which
  # libgocount.a's export wrote as an empty $<LINK_ONLY:>.
  target_link_libraries(${target} PRIVATE fmt::fmt ${CMAKE_DL_LIBS})
  target_include_directories(${target} PRIVATE $<TARGET_PROPERTY:nlohmann_json::nlohmann_json,INTERFACE_INCLUDE_DIRECTORIES>)
  target_compile_definitions(${target} PRIVATE $<TARGET_PROPERTY:nlohmann_json::nlohmann_json,INTERFACE_COMPILE_DEFINITIONS>)
  target_compile_features(${target} PUBLIC cxx_std_20)
  set_target_properties(${target} PROPERTIES OUTPUT_NAME gocount POSITION_INDEPENDENT_CODE ON
                        CXX_VISIBILITY_PRESET hidden VISIBILITY_INLINES_HIDDEN ON)
endfunction()

gocount_public_library(gocount_static STATIC)
set_target_properties(gocount_static PROPERTIES EXPORT_NAME gocount_static)
gocount_public_library(gocount_shared SHARED)
# 0.x: every minor version may change the ABI (the inline namespace too).
set_target_properties(gocount_shared PROPERTIES EXPORT_NAME gocount VERSION ${PROJECT_VERSION}
                      SOVERSION ${PROJECT_VERSION_MAJOR})
add_library(gocount::gocount ALIAS gocount_shared)
add_library(gocount::gocount_static ALIAS gocount_static)

set(GOCOUNT_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/gocount)
# Two export sets: the shared library's needs nothing more, libgocount.a's
# needs fmt (gocount-config.cmake loads it only where fmt is found).
install(TARGETS gocount_shared EXPORT gocount-targets
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} NAMELINK_COMPONENT Development
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS gocount_static EXPORT gocount-static-targets ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(FILES ${GOCOUNT_PUBLIC_HEADERS} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/gocount)
install(EXPORT gocount-targets NAMESPACE gocount:: DESTINATION ${GOCOUNT_CMAKE_DIR})
install(EXPORT gocount-static-targets NAMESPACE gocount:: DESTINATION ${GOCOUNT_CMAKE_DIR})
configure_package_config_file(${CMAKE_SOURCE_DIR}/cmake/gocount-config.cmake.in
                              ${CMAKE_BINARY_DIR}/gocount-config.cmake INSTALL_DESTINATION ${GOCOUNT_CMAKE_DIR})
write_basic_package_version_file(${CMAKE_BINARY_DIR}/gocount-config-version.cmake
                                 VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/gocount-config.cmake ${CMAKE_BINARY_DIR}/gocount-config-version.cmake
        DESTINATION ${GOCOUNT_CMAKE_DIR})

# pkg-config: absolute paths when the install dirs are (GNUInstallDirs may
# give either); `prefix` is found from where the .pc file is.
foreach(dir LIBDIR INCLUDEDIR)
  if(IS_ABSOLUTE "${CMAKE_INSTALL_${dir}}")
    set(GOCOUNT_PC_${dir} "${CMAKE_INSTALL_${dir}}")
  else()
    set(GOCOUNT_PC_${dir} "\${prefix}/${CMAKE_INSTALL_${dir}}")
  endif()
endforeach()
file(RELATIVE_PATH GOCOUNT_PC_UP /p/${CMAKE_INSTALL_LIBDIR}/pkgconfig /p)
# What libgocount.a links (pkg-config --static): -lfmt as Libs.private, not
# fmt in Requires.private, which pkg-config resolves for --cflags too (a
# shared user without fmt.pc was refused).
list(TRANSFORM CMAKE_DL_LIBS PREPEND -l OUTPUT_VARIABLE GOCOUNT_PC_DL)
string(JOIN " " GOCOUNT_PC_LIBS_PRIVATE -lfmt ${GOCOUNT_PC_DL})
configure_file(${CMAKE_SOURCE_DIR}/cmake/gocount.pc.in ${CMAKE_BINARY_DIR}/gocount.pc @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/gocount.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

# The Python module (python/), when pybind11 is installed.
option(GOCOUNT_PYTHON "Build the Python module (needs pybind11)" ON)
if(GOCOUNT_PYTHON)
  add_subdirectory(python)
endif()
