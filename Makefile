# The two commands (README): `make run` and `make test`; `make check` is the edit loop. Everything else is a helper.
SWIFT ?= swift
RELEASE_BIN := .build/release/eventplayer
## What `make run` runs: the release binary without its DWARF, so that a crash's backtrace takes a fraction of a second (scripts/release-flags --runnable).
RUN_DIR := .build/run
RUN_BIN := $(RUN_DIR)/bin/eventplayer
## SwiftPM builds in one fixed environment: only PATH, HOME and the proxy settings pass (why: docs/development.md, Release builds).
PASSED_ENV := PATH HOME http_proxy https_proxy no_proxy HTTP_PROXY HTTPS_PROXY NO_PROXY
SWIFTPM := env -i $(foreach v,$(PASSED_ENV),$(if $(value $(v)),$(v)='$(value $(v))')) $(SWIFT)
## Every release build's flags (the Swift runtime and Foundation linked statically, lld, the ICU data it uses; docs/development.md, Release builds), worked out when a recipe uses them (after the packages are installed).
RELEASE_FLAGS = $(shell scripts/release-flags)
## The static runtime's crash helper, placed where the binary finds it: <bin>/../libexec/eventplayer/swift-backtrace.
BACKTRACE_HELPER := $(shell scripts/release-flags --backtrace-helper $(SWIFT))

.PHONY: run test check test-zoneminder deps package-deps test-deps bench-deps build release docs install install-files uninstall deb deb-files manual-tool bench-network bench-sixel bench-rewrite bench-play bench-tui bench-timeline bench-proxy bench-video bench-slow-link bench-startup bench-montage bench-size bench-idle-follow bench-crash bench-first-build

## make run: install what is missing, build in release, start eventplayer against the embedded demo backend (a new event every 30 s: EVENTPLAYER_DEMO_NEW_EVENTS).
run: deps release
	EVENTPLAYER_DEMO_NEW_EVENTS=$${EVENTPLAYER_DEMO_NEW_EVENTS:-30} $(RUN_BIN) $(ARGS)

## make test: install what is missing, build (and the man page tool the install test uses), a short fuzz run of the playlist rewriter, then every test target: the stages.
## The test targets that run alone, each in a `swift test` process of its own, in this order (docs/development.md, Why the stages); every other test target runs together in the first stage.
ALONE := NVRTests TimingTests ZoneMinderTests PackagingTests PlayerTests PlaybackProxyTests MemoryTests FrontEndTests GraphicalTerminalTests
## The stage of ALONE that mostly waits (a real ZoneMinder records in real time): it runs in the background beside the stages after it, until BESIDE_UNTIL's turn.
BESIDE := ZoneMinderTests
BESIDE_UNTIL := FrontEndTests
## The fast unit targets `make check` runs (the edit loop: docs/development.md).
UNIT := SystemSupportTests NetworkingTests EventsAPITests PlaylistTests DemoBackendTests AppCoreTests TUIStateTests
## `$(call targets,A B)`: the regular expression that selects the tests of targets A and B (a test's name starts with its target's).
empty :=
space := $(empty) $(empty)
targets = ^($(subst $(space),|,$(strip $(1))))\.
## Build, make the demo's media once, fuzz, run the stages in order, then check that a rebuild in another environment compiles nothing.
test: test-deps
	$(SWIFTPM) build --build-tests
	$(MAKE) manual-tool
	.build/debug/eventplayer demo-server --make-media
	.build/debug/eventplayer demo-server --make-media --flavor frigate
	Fuzz/run --seconds 20
	$(SWIFT) test --skip-build --skip '$(call targets,$(ALONE))'
	SWIFT='$(SWIFT)' scripts/test-stages --beside $(BESIDE) --until $(BESIDE_UNTIL) $(ALONE)
	scripts/check-stable-build

## make check: the edit loop: build, then the fast unit targets (UNIT) in one process.
check: test-deps
	$(SWIFTPM) build --build-tests
	$(SWIFT) test --skip-build --filter '$(call targets,$(UNIT))'

## make test-zoneminder: only the stage against a real ZoneMinder (its test target).
test-zoneminder: test-deps
	$(SWIFTPM) build --build-tests
	$(SWIFT) test --skip-build --filter '$(call targets,ZoneMinderTests)'

## The system packages by purpose (scripts/install-deps): running, packaging, the tests, the benchmarks.
deps:
	@scripts/install-deps run

package-deps:
	@scripts/install-deps package

test-deps:
	@scripts/install-deps test

bench-deps:
	@scripts/install-deps bench

build: test-deps
	$(SWIFTPM) build

release: deps
	$(SWIFTPM) build $(RELEASE_FLAGS) --product eventplayer
	scripts/release-flags --place-helper $(RELEASE_BIN) "$(BACKTRACE_HELPER)"
	scripts/release-flags --runnable $(RELEASE_BIN) $(RUN_DIR)
	scripts/release-flags --place-helper $(RUN_BIN) "$(BACKTRACE_HELPER)"

bench-network: bench-deps
	$(SWIFTPM) build $(RELEASE_FLAGS) --product bench-network
	.build/release/bench-network

bench-video: bench-deps
	scripts/bench-video

## make bench-montage: a montage (M) of four 1080p tiles, and of one, beside four mpv --vo=tct: fps per tile, CPU, drift.
bench-montage: bench-deps
	scripts/bench-montage

bench-slow-link: bench-deps release
	scripts/bench-slow-link

bench-proxy: bench-deps
	$(SWIFTPM) build $(RELEASE_FLAGS) --product bench-proxy
	.build/release/bench-proxy

## make bench-sixel: eventplayer's sixel encoder beside libsixel's on the same frames (ms, bytes, PSNR).
bench-sixel: bench-deps
	$(SWIFTPM) build $(RELEASE_FLAGS) --product bench-sixel
	.build/release/bench-sixel

bench-rewrite: bench-deps release
	$(SWIFTPM) build $(RELEASE_FLAGS) --product bench-rewrite
	.build/release/bench-rewrite

bench-play: bench-deps release
	scripts/bench-first-frame

bench-tui: bench-deps release
	scripts/bench-tui

## make bench-idle-follow: an idle TUI following the server (requests a minute, CPU) beside curl every 10 s.
bench-idle-follow: bench-deps release
	scripts/bench-idle-follow

## make bench-timeline: the timeline (T) with 100,000 events in its range: load, key-to-redraw, beside less.
bench-timeline: bench-deps release
	scripts/bench-timeline

## make bench-size: the release binary as built and as installed, what takes the room in it, beside mpv and libmpv.
bench-size: bench-deps release manual-tool
	scripts/bench-size $(RELEASE_BIN)

## make bench-first-build: a clean clone's first make release (what make run builds before its first screen), timed.
bench-first-build: deps
	scripts/bench-first-build

## make bench-startup: --version and --help beside mpv --version, events --json of one page beside curl | jq.
bench-startup: bench-deps release
	scripts/bench-startup

## make bench-crash: SIGSEGV while the TUI plays (make run's build, make install's): terminal given back, process gone, backtrace; beside mpv --vo=tct killed the same way.
bench-crash: bench-deps release manual-tool
	scripts/bench-crash

## make install PREFIX=~/.local (default /usr/local; DESTDIR honoured): builds in release and installs the program and its files (listed in README, Install); make uninstall removes them.
PREFIX ?= /usr/local
DESTDIR ?=
BIN ?= $(RELEASE_BIN)
# swift-argument-parser's generate-manual tool (the man page), built from the checkout SwiftPM already resolved.
ARGUMENT_PARSER := .build/checkouts/swift-argument-parser
GENERATE_MANUAL := .build/manual-tool/debug/generate-manual

install: release manual-tool
	scripts/install-files install $(abspath $(RELEASE_BIN)) $(PREFIX) "$(DESTDIR)" $(abspath $(GENERATE_MANUAL)) "$(BACKTRACE_HELPER)"

## make install-files BIN=.build/debug/eventplayer PREFIX=/tmp/x: the install step alone, for a binary already built.
install-files: manual-tool
	scripts/install-files install $(abspath $(BIN)) $(PREFIX) "$(DESTDIR)" $(abspath $(GENERATE_MANUAL)) "$(BACKTRACE_HELPER)"

uninstall:
	scripts/install-files uninstall $(PREFIX) "$(DESTDIR)"

## make deb: builds in release, then eventplayer_<version>_amd64.deb and its -dbgsym in .build/deb (DEB_DIR=… elsewhere).
DEB_DIR ?= .build/deb
deb: package-deps release manual-tool
	scripts/make-deb $(abspath $(RELEASE_BIN)) $(abspath $(DEB_DIR)) $(abspath $(GENERATE_MANUAL)) "$(BACKTRACE_HELPER)"

## make deb-files BIN=… DEB_DIR=…: the packaging step alone, for a statically linked binary already built.
deb-files: package-deps manual-tool
	scripts/make-deb $(abspath $(BIN)) $(abspath $(DEB_DIR)) $(abspath $(GENERATE_MANUAL)) "$(BACKTRACE_HELPER)"

manual-tool: $(GENERATE_MANUAL)

$(GENERATE_MANUAL): | $(ARGUMENT_PARSER)
	$(SWIFTPM) build --package-path $(ARGUMENT_PARSER) --scratch-path .build/manual-tool --product generate-manual

$(ARGUMENT_PARSER):
	$(SWIFTPM) package resolve

## make docs: writes the generated reference pages anew (docs/keys.md from the action table).
docs: deps
	$(SWIFTPM) build --build-tests
	EVENTPLAYER_WRITE_DOCS=1 $(SWIFT) test --skip-build --filter KeysReferenceTests
