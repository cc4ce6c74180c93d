# fuzz.cmake - the fuzz targets of fuzz/: fuzz_NAME.c defines LLVMFuzzerTestOneInput for NAME in
# sgf (bytes to tree to game to text), gtp (a whole session), http (the JSON API without
# sockets), model (a move-model file); fuzz/corpus/NAME holds its seed inputs and the inputs found
# worth keeping, fuzz/NAME.dict its dictionary.
#
# Every build: fuzz_replay_NAME runs the target over every file of its corpus (replay_main.c), as
# the CTest test fuzz_replay_NAME, so that each input stays a regression test under gcc, clang
# and ASan+UBSan.
# TENGEN_FUZZ=ON (clang; with TENGEN_SANITIZE=ON for ASan+UBSan): fuzz_NAME is the libFuzzer
# binary, and every library is compiled with coverage (-fsanitize=fuzzer-no-link). `make fuzz`
# builds them in build-fuzz and runs each for FUZZ_SECONDS; `make test-fuzz` (the end of `make
# test`) runs them all at once for 15 s each (fuzz/smoke.sh).
option(TENGEN_FUZZ "Build the libFuzzer targets of fuzz/ (clang)" OFF)
set(TENGEN_FUZZ_TARGETS sgf gtp http model)

if(TENGEN_FUZZ)
  if(NOT CMAKE_C_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "TENGEN_FUZZ needs clang (CC=clang)")
  endif()
  get_property(tengen_targets DIRECTORY PROPERTY BUILDSYSTEM_TARGETS)
  foreach(target ${tengen_targets})
    get_target_property(target_type ${target} TYPE)
    if(target_type STREQUAL "STATIC_LIBRARY")
      target_compile_options(${target} PRIVATE -fsanitize=fuzzer-no-link)
    endif()
  endforeach()
endif()

foreach(name ${TENGEN_FUZZ_TARGETS})
  add_executable(fuzz_replay_${name} fuzz/fuzz_${name}.c fuzz/replay_main.c)
  target_include_directories(fuzz_replay_${name} PRIVATE include src)
  target_link_libraries(fuzz_replay_${name} PRIVATE tengen_front)
  add_test(NAME fuzz_replay_${name}
           COMMAND fuzz_replay_${name} ${CMAKE_SOURCE_DIR}/fuzz/corpus/${name}
           WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
  if(TENGEN_FUZZ)
    add_executable(fuzz_${name} fuzz/fuzz_${name}.c)
    target_include_directories(fuzz_${name} PRIVATE include src)
    target_compile_options(fuzz_${name} PRIVATE -fsanitize=fuzzer)
    target_link_options(fuzz_${name} PRIVATE -fsanitize=fuzzer)
    target_link_libraries(fuzz_${name} PRIVATE tengen_front)
  endif()
endforeach()
