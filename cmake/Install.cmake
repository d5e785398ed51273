# SPDX-License-Identifier: Apache-2.0
#
# `cmake --install` and `cpack -G DEB`: libirscope and its public headers,
# the three tools (opt-reduce as launcher bin/opt-reduce plus reducer
# libexec/irscope/opt-reduce, see tools/CMakeLists.txt), the XML schemas and
# the manuals, a CMake package (find_package(irscope CONFIG) gives
# irscope::irscope) and irscope.pc. Both package descriptions are
# relocatable: the CMake one through configure_package_config_file, the .pc
# through ${pcfiledir}, so an extracted .deb works wherever it lands.
include(CMakePackageConfigHelpers)

set(IRS_INSTALL_CMAKE_DIR lib/cmake/irscope)

install(TARGETS irscope EXPORT irscopeTargets
  LIBRARY DESTINATION lib
  INCLUDES DESTINATION include)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/irscope DESTINATION include)
install(TARGETS irscope-forkserver LIBRARY DESTINATION lib) # beside libirscope
set_target_properties(irscope-opt irscope-report PROPERTIES
  INSTALL_RPATH "$ORIGIN/../lib;${LLVM_LIBRARY_DIR}")
install(TARGETS irscope-opt irscope-report RUNTIME DESTINATION bin)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/schema/ DESTINATION share/irscope/schema)
file(GLOB IRS_DOCS ${PROJECT_SOURCE_DIR}/docs/*.md)
install(FILES ${IRS_DOCS} ${PROJECT_SOURCE_DIR}/README.md DESTINATION share/doc/irscope)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/examples/ DESTINATION share/doc/irscope/examples)

install(EXPORT irscopeTargets NAMESPACE irscope:: DESTINATION ${IRS_INSTALL_CMAKE_DIR})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/irscopeConfig.cmake.in
  ${CMAKE_BINARY_DIR}/irscopeConfig.cmake
  INSTALL_DESTINATION ${IRS_INSTALL_CMAKE_DIR}
  PATH_VARS IRS_INSTALL_CMAKE_DIR)
write_basic_package_version_file(${CMAKE_BINARY_DIR}/irscopeConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/irscopeConfig.cmake
  ${CMAKE_BINARY_DIR}/irscopeConfigVersion.cmake DESTINATION ${IRS_INSTALL_CMAKE_DIR})

list(GET MLIR_INCLUDE_DIRS 0 IRS_MLIR_INCLUDE_DIR)
configure_file(${PROJECT_SOURCE_DIR}/cmake/irscope.pc.in
  ${CMAKE_BINARY_DIR}/irscope.pc @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/irscope.pc DESTINATION lib/pkgconfig)

# cpack -G DEB (run from the build directory).
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME irscope)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "irscope developers <irscope@invalid>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "instrumented MLIR pass manager, crash-safe opt driver and reducer")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
# libirscope links libMLIR.so and libLLVM.so of Debian's LLVM 22; the public
# headers include mlir-c/, and plugins are built against MLIR's headers.
set(CPACK_DEBIAN_PACKAGE_DEPENDS
  "libmlir-22 (>= 1:22.1), libllvm22 (>= 1:22.1), libmlir-22-dev (>= 1:22.1), libxml2, libgit2-1.5, libc6")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "mlir-22-tools, llvm-22-tools")
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
include(CPack)
