# SPDX-License-Identifier: MIT
# Runs clinfo with only the oclhls ICD visible and checks that it lists our device and that
# the platform and device sections hold no error. Variables: CLINFO.
execute_process(COMMAND ${CLINFO} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "clinfo exited with ${rc}: ${err}")
endif()
if(NOT out MATCHES "Platform Name +oclhls")
  message(FATAL_ERROR "clinfo does not list the oclhls platform")
endif()
if(NOT out MATCHES "Device Name +oclhls ")
  message(FATAL_ERROR "clinfo does not list an oclhls device")
endif()
# clinfo prints <...error...> or CL_INVALID_* next to a query that failed. The one query that
# builds a kernel (the preferred work-group size multiple) needs float support from the
# compiler, so it is reported but not counted here.
string(REGEX MATCHALL "[^\n]*(<[^>\n]*error[^>\n]*>|CL_INVALID_[A-Z_]+|Invalid value)[^\n]*" bad "${out}")
set(failures "")
foreach(line IN LISTS bad)
  if(line MATCHES "create kernel|build program|Preferred work group size multiple \\(kernel\\)")
    message(WARNING "clinfo: ${line}")
  else()
    list(APPEND failures "${line}")
  endif()
endforeach()
if(failures)
  message(FATAL_ERROR "clinfo reports errors:\n${failures}")
endif()
message(STATUS "clinfo lists the oclhls device without errors")
