# SPDX-License-Identifier: MIT
# Run by `cmake --install` (runtime/CMakeLists.txt): writes oclhls.icd, the line the ICD
# loader reads, naming the installed library by its absolute path under the prefix of this
# install (CMAKE_INSTALL_PREFIX here is the one given to --install, not the configured one).
# In: OCLHLS_ICD_FILE_NAME (liboclhls-icd.so), OCLHLS_ICD_LIBDIR (lib, or an absolute
# directory), OCLHLS_INSTALL_ICD_DIR (empty: chosen below).
set(_prefix "${CMAKE_INSTALL_PREFIX}")
if(IS_ABSOLUTE "${OCLHLS_ICD_LIBDIR}")
  set(_lib "${OCLHLS_ICD_LIBDIR}/${OCLHLS_ICD_FILE_NAME}")
else()
  set(_lib "${_prefix}/${OCLHLS_ICD_LIBDIR}/${OCLHLS_ICD_FILE_NAME}")
endif()
set(_vendors "${OCLHLS_INSTALL_ICD_DIR}")
if(NOT _vendors)
  # the system loader reads /etc/OpenCL/vendors; any other prefix keeps its own, for
  # OCL_ICD_VENDORS, so that a user install needs no root
  if(_prefix STREQUAL "/usr" OR _prefix STREQUAL "/usr/local")
    set(_vendors /etc/OpenCL/vendors)
  else()
    set(_vendors "${_prefix}/etc/OpenCL/vendors")
  endif()
endif()
message(STATUS "Installing: $ENV{DESTDIR}${_vendors}/oclhls.icd (${_lib})")
file(WRITE "$ENV{DESTDIR}${_vendors}/oclhls.icd" "${_lib}\n")
