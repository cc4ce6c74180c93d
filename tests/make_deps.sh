#!/usr/bin/env bash
# make_deps.sh - the split of the Makefile's Debian packages: `make run` (and `make`) install only
# what building tengen and running the web game need (RUN_PACKAGES), `make test` the rest
# (TEST_PACKAGES, NODE_PACKAGES), and the CMake build of tengen works without the test packages.
#
# usage: bash tests/make_deps.sh path/to/tengen   (from the source root; CTest does this)
#
# Checks, without installing anything: no package the tests alone need is in the run list; the run
# list holds what CMakeLists.txt looks for (a compiler, make, CMake, pkg-config and the -dev
# packages of zlib, libmicrohttpd and cJSON); a dry run of `make run` installs exactly the run list
# and never Node.js; a dry run of `make test` installs both lists; and CMake configures the
# project with the unit tests off (as on a machine without cmocka), defining tengen and no
# test_* target.
set -u
source "$(dirname "$0")/common.bash"
test_start make_deps Makefile "$@"
failures=0
passes=0

fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}
pass() { passes=$((passes + 1)); }

# make_list NAME: the words of the Makefile variable NAME (a one-line "NAME = words" assignment).
make_list() {
    sed -n "s/^$1 *= *//p" "$ROOT/Makefile" | head -n 1
}

run_list=$(make_list RUN_PACKAGES)
test_list="$(make_list TEST_PACKAGES) $(make_list NODE_PACKAGES)"
if [ -z "$run_list" ] || [ -z "$(make_list TEST_PACKAGES)" ] || [ -z "$(make_list NODE_PACKAGES)" ]; then
    fail "the Makefile has no RUN_PACKAGES, TEST_PACKAGES or NODE_PACKAGES line"
fi

# No test package in the run list: neither one of the Makefile's test lists nor one of those the
# tests are known to need (so that moving one from the test list to the run list is caught too).
for p in $(printf '%s\n' $test_list clang libcmocka-dev gnugo curl chromium nodejs npm | sort -u); do
    for r in $run_list; do
        [ "$p" = "$r" ] && fail "'$p' is a test package, but RUN_PACKAGES has it"
    done
done
pass

# What the build of tengen looks for is in the run list.
for p in cmake make pkg-config zlib1g-dev libmicrohttpd-dev libcjson-dev; do
    case " $run_list " in
    *" $p "*) pass ;;
    *) fail "RUN_PACKAGES lacks '$p', which building tengen needs" ;;
    esac
done
case " $run_list " in
*" gcc "* | *" clang "* | *" build-essential "*) pass ;;
*) fail "RUN_PACKAGES has no C compiler" ;;
esac
# CMakeLists.txt finds these modules with pkg-config: each needs its -dev package.
for module in $(sed -n 's/^pkg_check_modules([A-Z_]* REQUIRED IMPORTED_TARGET \([a-z0-9]*\)).*/\1/p' \
    "$ROOT/CMakeLists.txt"); do
    case " $run_list " in
    *" $module-dev "*) pass ;;
    *) fail "CMakeLists.txt needs $module, RUN_PACKAGES lacks $module-dev" ;;
    esac
done
# cmocka must not be required by the configure step of every build.
if grep -Eq 'find_(library|path)\([^)]*cmocka[^)]*REQUIRED' "$ROOT/CMakeLists.txt"; then
    fail "CMakeLists.txt requires cmocka in every build"
else
    pass
fi

# install_line TARGET: the package loop of the dry run of `make TARGET`, one line per stamp.
install_line() {
    make -C "$ROOT" -n -B "$1" 2>/dev/null | grep 'dpkg-query'
}
run_install=$(install_line run)
if [ "$(printf '%s\n' "$run_install" | grep -c .)" -ne 1 ]; then
    fail "make -n run: expected one package check, got: $run_install"
else
    words=$(printf '%s\n' "$run_install" | sed 's/.*for p in \([^;]*\);.*/\1/')
    if [ "$words" != "$run_list" ]; then
        fail "make -n run checks '$words', not RUN_PACKAGES '$run_list'"
    elif ! printf '%s\n' "$run_install" | grep -q 'if \[ "" = node \]'; then
        fail "make -n run would install Node.js"
    else
        pass
    fi
fi
test_install=$(install_line test)
for p in $run_list $(make_list TEST_PACKAGES); do
    if ! printf '%s\n' "$test_install" | grep -q "for p in [^;]*\b$p\b"; then
        fail "make -n test does not check '$p'"
    fi
done
if ! printf '%s\n' "$test_install" | grep -q 'if \[ "node" = node \]'; then
    fail "make -n test would not install Node.js"
fi
pass

# CMake without the unit tests: configures, defines tengen, defines no test_* target.
if ! cmake -S "$ROOT" -B "$SCRATCH/build" -DCMAKE_BUILD_TYPE=Release -DTENGEN_TESTS=OFF \
    >"$SCRATCH/cmake.log" 2>&1; then
    fail "cmake with TENGEN_TESTS=OFF does not configure"
    tail -n 20 "$SCRATCH/cmake.log"
else
    cmake --build "$SCRATCH/build" --target help >"$SCRATCH/targets" 2>&1
    if ! grep -q '\btengen$' "$SCRATCH/targets"; then
        fail "cmake with TENGEN_TESTS=OFF defines no tengen target"
    elif grep -q '\btest_[a-z_0-9]*$' "$SCRATCH/targets"; then
        fail "cmake with TENGEN_TESTS=OFF still defines unit tests"
    else
        pass
    fi
fi

echo "make deps: $passes passed, $failures failed"
[ $failures -eq 0 ]
