# Top-level wrapper around CMake/CTest. `make` builds build/tengen; `make run` starts the web game
# (tengen web: open the address it prints); `make test` installs what the tests need, builds and
# runs every test (plain, clang, ASan+UBSan, the search tests under TSan, and each fuzzer for
# 15 s).
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
# Debian packages, in two lists. RUN_PACKAGES build the tengen binary and run the web game (`make`,
# `make run`): a C compiler, make, CMake, pkg-config, zlib, libmicrohttpd and cJSON. TEST_PACKAGES
# are what the tests add (`make test` and its parts): clang (the clang, fuzz and TSan builds),
# cmocka (the unit tests), GNU Go (the differential tests), curl (the web API test), chromium
# (the browser tests), emscripten (the WebAssembly build of tengen in the browser) and Open MPI
# (the distributed search, `tengen gtp --mpi`: `make` builds it whenever libopenmpi-dev is
# installed, and tests/mpi.sh runs it under mpirun). tests/make_deps.sh checks that no test package is in the run list.
RUN_PACKAGES = gcc libc6-dev make cmake pkg-config zlib1g-dev libmicrohttpd-dev libcjson-dev
TEST_PACKAGES = clang libcmocka-dev gnugo curl chromium emscripten libopenmpi-dev openmpi-bin
# Node.js and npm (the tests' GTP client and browser drivers) may come from Debian or from
# NodeSource, whose nodejs package already holds npm and conflicts with Debian's npm: install them
# only if the commands are missing. Test only.
NODE_PACKAGES = nodejs npm
RUN_DEPS_STAMP = build/.deps-run-ok
TEST_DEPS_STAMP = build/.deps-test-ok

.PHONY: all build run test test-release test-sanitize test-clang test-tsan test-fuzz deps deps-run \
	bench clean fuzz fuzz-build wasm web-static

all: build

# $(call install_missing,PACKAGES,NODE): apt-get install those of the Debian PACKAGES that are
# not installed, and nodejs and npm if NODE is "node" and the commands are missing (needs root,
# as on the project's machines, or sudo).
define install_missing
	@missing=""; for p in $(1); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ "$(2)" = node ] && { ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; }; then \
	  missing="$$missing $(NODE_PACKAGES)"; \
	fi; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=""; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q $$missing; \
	fi
	@mkdir -p build && touch $@
endef

# What `make` and `make run` need; `deps` is everything, for the tests.
deps-run: $(RUN_DEPS_STAMP)
deps: $(RUN_DEPS_STAMP) $(TEST_DEPS_STAMP)
$(RUN_DEPS_STAMP):
	$(call install_missing,$(RUN_PACKAGES),)
$(TEST_DEPS_STAMP):
	$(call install_missing,$(TEST_PACKAGES),node)

# Only the tengen binary (the unit tests, built when cmocka is there, are left to `make test`).
build: deps-run
	cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
	cmake --build build -j $(JOBS) --target tengen

run: build
	./build/tengen web

test: test-release test-sanitize test-clang test-tsan test-fuzz

# The test builds ask for TENGEN_TESTS=ON: a missing cmocka is then an error, not skipped tests.
test-release: deps
	cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DTENGEN_TESTS=ON -DTENGEN_MPI=ON >/dev/null
	cmake --build build -j $(JOBS)
	cd build && ctest --output-on-failure -j $(JOBS)

test-sanitize: deps
	cmake -S . -B build-sanitize -DTENGEN_SANITIZE=ON -DTENGEN_TESTS=ON >/dev/null
	cmake --build build-sanitize -j $(JOBS)
	cd build-sanitize && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 TENGEN_TEST_SCALE=4 ctest --output-on-failure -j $(JOBS)

# ThreadSanitizer on the search tests (test_mcts_threads runs 2 to 4 threads; test_mcts_share 2), and on
# tests/mpi.sh: every rank's threads (the search's, rank 0's heartbeats, the GTP reader). TSan cannot be
# combined with ASan, hence its own build; tests/tsan.supp names what it reports inside Open MPI.
test-tsan: deps
	cmake -S . -B build-tsan -DTENGEN_TSAN=ON -DTENGEN_TESTS=ON >/dev/null
	cmake --build build-tsan -j $(JOBS) --target test_mcts test_mcts_threads test_mcts_share tengen
	cd build-tsan && TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" TENGEN_TEST_SCALE=4 ctest --output-on-failure -R '^test_mcts'
	TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 suppressions=$(CURDIR)/tests/tsan.supp" bash tests/mpi.sh build-tsan/tengen

test-clang: deps
	CC=clang cmake -S . -B build-clang -DCMAKE_BUILD_TYPE=Release -DTENGEN_TESTS=ON >/dev/null
	cmake --build build-clang -j $(JOBS)
	cd build-clang && ctest --output-on-failure -j $(JOBS)

bench: build
	./build/tengen bench playouts --size 9 --seconds 5
	./build/tengen bench playouts --size 19 --seconds 5

# The libFuzzer targets of fuzz/ (clang, ASan+UBSan; fuzz/fuzz.cmake), each run FUZZ_SECONDS on
# its committed corpus with its dictionary. New inputs go to build-fuzz/corpus/NAME, crashes to
# build-fuzz/; copy an input worth keeping into fuzz/corpus/NAME (replayed by `make test`).
FUZZ_SECONDS ?= 60
FUZZ_TARGETS = sgf gtp http model
fuzz-build: deps
	CC=clang cmake -S . -B build-fuzz -DTENGEN_SANITIZE=ON -DTENGEN_FUZZ=ON -DTENGEN_TESTS=ON >/dev/null
	cmake --build build-fuzz -j $(JOBS) --target $(addprefix fuzz_,$(FUZZ_TARGETS))

fuzz: fuzz-build
	for t in $(FUZZ_TARGETS); do \
	  mkdir -p build-fuzz/corpus/$$t && \
	  build-fuzz/fuzz_$$t -max_total_time=$(FUZZ_SECONDS) -dict=fuzz/$$t.dict \
	    -artifact_prefix=build-fuzz/$$t- build-fuzz/corpus/$$t fuzz/corpus/$$t || exit 1; \
	done

# CI's short run (part of `make test`): every target at once for FUZZ_CI_SECONDS on a scratch copy
# of its corpus outside the tree (fuzz/smoke.sh); any crash, leak, timeout or OOM fails it.
FUZZ_CI_SECONDS ?= 15
test-fuzz: fuzz-build
	bash fuzz/smoke.sh build-fuzz $(FUZZ_CI_SECONDS) $(FUZZ_TARGETS)

# tengen in the browser (docs/browser.md): the rules, the search, the engine facade and the GTP
# module compiled to WebAssembly by Debian's emscripten into build-wasm/ (tengen.js, tengen.wasm,
# the Web Worker that drives them and the move model); no server, zlib or threads. One object per
# source file, so `make -j` compiles them in parallel. Debian's emcc finds its node modules only
# with NODE_PATH. Asyncify lets a search return to the browser's event loop (src/wasm/wasm_api.c);
# it instruments only the functions that can reach that return (about 130, none of the playouts).
# -flto inlines the board's functions into the playouts across files: light playouts 1.6x faster.
# Assertions stay on, as in the native Release build.
EMCC ?= emcc
WASM_DIR = build-wasm
WASM_MODULES = core rules sgf tactics features playout mcts ab engine gtp wasm
# The browser has no MPI: the engine's distributed search is the build without it.
WASM_SOURCES = $(foreach m,$(WASM_MODULES),$(wildcard src/$(m)/*.c)) src/dist/dist_none.c
WASM_OBJECTS = $(patsubst src/%.c,$(WASM_DIR)/obj/%.o,$(WASM_SOURCES))
WASM_CFLAGS = -O3 -flto -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -Wshadow \
	-Wstrict-prototypes -Iinclude -Isrc
WASM_LDFLAGS = -O3 -flto -sASYNCIFY=1 -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=2147483648 \
	-sENVIRONMENT=web,worker -sFORCE_FILESYSTEM=1 -sEXPORTED_RUNTIME_METHODS='["ccall","FS"]'
export NODE_PATH ?= /usr/share/nodejs

# `make wasm` installs Debian's emscripten when it is missing, as `make` does its packages.
WASM_DEPS_STAMP = build/.deps-wasm-ok
$(WASM_DEPS_STAMP):
	$(call install_missing,emscripten,)

wasm: $(WASM_DIR)/tengen.js $(WASM_DIR)/engine_worker.js $(WASM_DIR)/tengen.model

$(WASM_DIR)/obj/%.o: src/%.c $(wildcard include/tengen/*.h src/*/*.h) Makefile | $(WASM_DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(EMCC) $(WASM_CFLAGS) -c $< -o $@

$(WASM_DIR)/tengen.js: $(WASM_OBJECTS) Makefile
	$(EMCC) $(WASM_LDFLAGS) $(WASM_OBJECTS) -o $@

$(WASM_DIR)/engine_worker.js: web/engine_worker.js
	@mkdir -p $(WASM_DIR)
	cp $< $@

$(WASM_DIR)/tengen.model: models/tengen.model
	@mkdir -p $(WASM_DIR)
	cp $< $@

# The web game as static files (docs/browser.md): the page of web/, its engine in the browser
# (build-wasm/) and the move model in one folder that any static file server can host, with no
# tengen server. Its index.html names the in-browser back end (the tengen-backend meta tag).
WEB_STATIC_DIR = build-web-static
web-static: wasm
	rm -rf $(WEB_STATIC_DIR)
	mkdir -p $(WEB_STATIC_DIR)
	cp -R web/. $(WEB_STATIC_DIR)/
	sed -e 's/<meta name="tengen-backend" content="server">/<meta name="tengen-backend" content="local">/' \
	  -e '/data-testid="team-game"/d' web/index.html > $(WEB_STATIC_DIR)/index.html
	rm -f $(WEB_STATIC_DIR)/team.html $(WEB_STATIC_DIR)/team.js $(WEB_STATIC_DIR)/team.css # team games need the server
	grep -q 'content="local"' $(WEB_STATIC_DIR)/index.html
	cp $(WASM_DIR)/tengen.js $(WASM_DIR)/tengen.wasm $(WASM_DIR)/tengen.model $(WEB_STATIC_DIR)/

clean:
	rm -rf build build-sanitize build-clang build-tsan build-fuzz build-wasm $(WEB_STATIC_DIR)
