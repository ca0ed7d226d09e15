# LoaderLab — build, run and test.
#   make run    open the previewer (installs what is missing first)
#   make test   check formatting and warnings (make lint), then run every test (installs what is
#               missing first)
#   make test-fast   the fast suites only, for the inner loop (no Xvfb, compiler, other programs
#               or Pillow: scripts/test-speed)
#   make preview SRC=path   preview your own Core Animation/UIKit loader code (README)

SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
export PATH := $(PATH):/opt/swift/usr/bin

# Debian packages: build dependencies (Cairo, Xlib, and libwebp, giflib and libimagequant for
# recordings), then what the window tests, screenshots and decoding recordings (Pillow) need;
# `deps-test` also puts the Lottie players the export is checked with (PyPI) in .build.
BUILD_PKGS := pkg-config libx11-dev libxext-dev libxrandr-dev libcairo2-dev zlib1g-dev libwebp-dev libgif-dev \
	libimagequant-dev fonts-dejavu-core fonts-wqy-microhei
TEST_PKGS := xvfb xdotool x11-utils x11-xkb-utils imagemagick python3-pil python3-venv

RUN_ARGS ?=
BENCH_ARGS ?=
SHEET ?= loaderlab-sheet.png

.PHONY: all deps deps-build deps-test build release run preview lint test test-fast bench format clean

all: build

deps: deps-build deps-test

deps-build:
	@./scripts/apt-ensure $(BUILD_PKGS)

deps-test:
	@./scripts/apt-ensure $(TEST_PKGS)
	@./scripts/lottie-players

build: deps-build
	$(SWIFT) build

# Optimised. `loaderlab` has the Swift runtime and Foundation linked in (~5 MiB less resident
# memory and a faster start than loading them as shared libraries: BENCHMARKS.md); the preview
# process beside it, which loads users' previews, shares the runtime with them.
release: deps-build
	$(SWIFT) build -c release --product loaderlab
	$(SWIFT) build -c release --product loaderlab-preview-process

# Opens the window; with no display (DISPLAY unset, or a display that cannot be opened) it
# says so and writes a contact sheet instead.
run: release
	@bin="$$($(SWIFT) build -c release --show-bin-path)/loaderlab"; \
	sheet() { "$$bin" sheet --out $(SHEET) && echo "Wrote $(SHEET)."; }; \
	if [ -z "$$DISPLAY" ]; then \
		echo "No X display (DISPLAY is not set): writing a contact sheet to $(SHEET) instead."; \
		sheet; \
	else \
		err="$$(mktemp)"; \
		"$$bin" $(RUN_ARGS) 2>"$$err"; rc=$$?; cat "$$err" >&2; \
		if [ $$rc -eq 2 ] && grep -q "DISPLAY" "$$err"; then \
			rm -f "$$err"; echo "Writing a contact sheet to $(SHEET) instead."; sheet; \
		else \
			rm -f "$$err"; exit $$rc; \
		fi; \
	fi

# `loaderlab preview`: the user's code runs in the preview process `release` builds beside it.
SRC ?= Examples
preview: release
	"$$($(SWIFT) build -c release --show-bin-path)/loaderlab" preview $(SRC) $(RUN_ARGS)

# The build that `lint` checks and `test` runs: the tests included, every compiler warning an
# error (the project's own Swift is all there is to compile: the C targets are module maps). It
# has its own scratch path, so alternating with a plain `swift build` recompiles nothing, and a
# file with a warning stays failed until it is fixed (a warning is printed only when its file
# compiles; an error fails every build until then).
STRICT := --scratch-path .build/strict
STRICT_BUILD := $(SWIFT) build --build-tests $(STRICT) -Xswiftc -warnings-as-errors

# Fails on any formatting difference from .swift-format, on any compiler warning, and on a
# test file that starts something from a suite not tagged slow (scripts/test-speed).
lint: deps-build
	$(SWIFT) format lint --strict --recursive --configuration .swift-format Package.swift Sources Tests Resources
	./scripts/test-speed check
	$(STRICT_BUILD)

test: deps lint
	$(SWIFT) test --skip-build $(STRICT)

# The inner loop: the strict build, then every suite but the slow ones — those tagged as starting
# Xvfb, the compiler, another program or Pillow (scripts/test-speed). `make test` runs them all.
test-fast: deps-build
	./scripts/test-speed check
	$(STRICT_BUILD)
	$(SWIFT) test --skip-build $(STRICT) --skip "$$(./scripts/test-speed skip)"

# The benchmarks (BENCHMARKS.md): `loaderlab-bench`, linked as `release` links the app, measures
# the release `loaderlab` built next to it. Options: make bench BENCH_ARGS="--only frames".
bench: release deps-test
	$(SWIFT) build -c release --product loaderlab-bench
	"$$($(SWIFT) build -c release --show-bin-path)/loaderlab-bench" $(BENCH_ARGS)

format:
	$(SWIFT) format --in-place --recursive --configuration .swift-format Package.swift Sources Tests Resources

clean:
	rm -rf .build
