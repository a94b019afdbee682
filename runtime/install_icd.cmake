# SPDX-License-Identifier: MIT
# Run by `cmake --install` (runtime/CMakeLists.txt): writes oclhls.icd, the line the ICD
# loader reads, naming the installed library by its absolute path under the prefix of this
# install (CMAKE_INSTALL_PREFIX here is the one given to --install, not the configured one).
# In: OCLHLS_ICD_FILE_NAME (liboclhls-icd.so), OCLHLS_ICD_LIBDIR (lib, or an absolute
# directory), OCLHLS_INSTALL_ICD_DIR (empty: icd_vendors_dir.cmake chooses).
set(_prefix "${CMAKE_INSTALL_PREFIX}")
if(IS_ABSOLUTE "${OCLHLS_ICD_LIBDIR}")
  set(_lib "${OCLHLS_ICD_LIBDIR}/${OCLHLS_ICD_FILE_NAME}")
else()
  set(_lib "${_prefix}/${OCLHLS_ICD_LIBDIR}/${OCLHLS_ICD_FILE_NAME}")
endif()
include("${CMAKE_CURRENT_LIST_DIR}/icd_vendors_dir.cmake")
set(_vendors "${OCLHLS_ICD_VENDORS}")
message(STATUS "Installing: $ENV{DESTDIR}${_vendors}/oclhls.icd (${_lib})")
file(WRITE "$ENV{DESTDIR}${_vendors}/oclhls.icd" "${_lib}\n")
