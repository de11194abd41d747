# The two commands (README): `make run` and `make test`. Everything else is a helper.
SWIFT ?= swift
RELEASE_BIN := .build/release/eventplayer
## SwiftPM builds in one fixed environment: the dependencies' manifests read variables
## (Hummingbird's ENABLE_HB_BENCHMARKS, swift-configuration's ENABLE_ALL_TRAITS, SWIFTCI_USE_LOCAL_DEPS,
## …) and SwiftPM plans the build again for any change of the environment, so an unchanged tree
## rebuilt for minutes from another shell (a tmux pane). Only PATH, HOME and the proxy settings
## (fetching the dependencies) pass. The tests themselves (`swift test --skip-build`) keep the caller's.
PASSED_ENV := PATH HOME http_proxy https_proxy no_proxy HTTP_PROXY HTTPS_PROXY NO_PROXY
SWIFTPM := env -i $(foreach v,$(PASSED_ENV),$(if $(value $(v)),$(v)='$(value $(v))')) $(SWIFT)
## Release builds link the Swift runtime and Foundation statically: the dynamic loader's symbol
## lookups in the toolchain's libraries were half of every start-up (docs/benchmarks.md), and the
## installed binary no longer needs the toolchain's libraries. Every release build uses the same
## flags (scripts/release-flags), or SwiftPM would rebuild everything at each switch; `swift run`
## does not take them, so the bench tools are built, then run.
RELEASE_FLAGS := $(shell scripts/release-flags)
## The static runtime's crash helper (the toolchain's self-contained swift-backtrace), placed where
## the binary finds it: <bin>/../libexec/eventplayer/swift-backtrace (Sources/CEarlyStart).
BACKTRACE_HELPER := $(shell scripts/release-flags --backtrace-helper $(SWIFT))

.PHONY: run test test-zoneminder deps package-deps test-deps bench-deps build release docs install install-files uninstall deb deb-files manual-tool bench-network bench-sixel bench-rewrite bench-play bench-tui bench-timeline bench-proxy bench-video bench-slow-link bench-startup bench-montage bench-size

## make run: install what is missing, build in release, start eventplayer against the embedded demo backend (a new event every 30 s: EVENTPLAYER_DEMO_NEW_EVENTS).
run: deps release
	EVENTPLAYER_DEMO_NEW_EVENTS=$${EVENTPLAYER_DEMO_NEW_EVENTS:-30} $(RELEASE_BIN) $(ARGS)

## make test: install what is missing, build (and the man page tool the install test uses), a short fuzz run of the playlist rewriter, then the whole test suite.
## The suites that run libmpv inside the test process run in processes of their own: ffmpeg's log
## is process-global (one FFmpegLogAnchor hands it to every player of the process), so one suite's
## player would see another's "HTTP error 403" and "Failed to open segment" lines. A real
## eventplayer process has one player.
## HostileBodyTests time a server's pace (a body dripping under a deadline) against the in-process
## demo backend, whose handlers run on Swift's two-thread cooperative pool: beside the other
## 140 suites the pool is busy for seconds, so they run in a process of their own too.
## The tests in real graphical terminals (xterm drawing sixel, kitty rendering with Mesa's
## software OpenGL, both under Xvfb) take screenshots of moving video: beside 140 suites on two
## cores a terminal can take tens of seconds to start, so they run after the others, on their own.
IN_PROCESS_MPV := PlayerTests|PlaybackProxyTests|FrontEndTests
GRAPHICAL_TERMINALS := TUISixelXtermTests|TUIKittyGraphicsTests
## The NVR suites (the demo's Frigate flavour over HTTP and TLS, its vod media through ffmpeg and
## ffprobe, the binary and the TUI against it, a montage of four players) run in a stage of their
## own after the main one: beside its 180 suites they added the load under which a TUI test's first
## screen took over its 20 s (a clean-clone run).
NVR := FrigateDemoTests|FrigateClientTests|FrigateCommandTests|TUIFrigateTests|TLSTrustTests
## The suites against a real ZoneMinder (every suite whose name contains ZoneMinder) run in a stage
## of their own: the test process starts MariaDB, Apache and the zm daemons once
## (scripts/zoneminder/start; as root, installing Debian's packages the first time) and stops them
## when it exits. There is one ZoneMinder per machine, so no other process may start one meanwhile.
ZONEMINDER := ZoneMinder
## Last, scripts/check-stable-build builds twice, the second time in another environment: nothing
## may compile (the SWIFTPM line above).
## The Debian package test builds the package (scripts/make-deb) from the debug build linked
## statically (scripts/static-debug-binary: a release build would add ten minutes), checks it with
## lintian, installs it with apt into a throwaway root (scripts/scratch-root: this machine's files
## through an overlay, the toolchain hidden), runs it there and removes it. Alone: packaging (strip,
## the compressed debug file, gzip) keeps a core busy for a minute and lintian for 20 s more.
PACKAGE := DebianPackageTests
## The montage's memory test reads this process's resident memory: any other suite playing in the
## process meanwhile counts in it (a clean-clone run read 27 MB less after a minute of play than
## before, CI 18 MB more), so it runs in a process of its own.
MEMORY := MontageMemoryTests
ALONE := $(IN_PROCESS_MPV)|HostileBodyTests|$(GRAPHICAL_TERMINALS)|$(NVR)|$(ZONEMINDER)|$(PACKAGE)
## The demo's generated media (ffmpeg, about 5 s) is made once before the suites that play it start
## together; otherwise the first of them makes it while the others wait for it.
test: test-deps
	$(SWIFTPM) build --build-tests
	$(MAKE) manual-tool
	.build/debug/eventplayer demo-server --make-media
	.build/debug/eventplayer demo-server --make-media --flavor frigate
	Fuzz/run --seconds 20
	$(SWIFT) test --skip-build --skip '$(ALONE)'
	$(SWIFT) test --skip-build --filter '$(NVR)'
	$(SWIFT) test --skip-build --filter '$(ZONEMINDER)'
	$(SWIFT) test --skip-build --filter '$(PACKAGE)'
	$(SWIFT) test --skip-build --filter HostileBodyTests
	$(SWIFT) test --skip-build --filter PlayerTests
	$(SWIFT) test --skip-build --filter PlaybackProxyTests --skip '$(MEMORY)'
	$(SWIFT) test --skip-build --filter '$(MEMORY)'
	$(SWIFT) test --skip-build --filter FrontEndTests
	$(SWIFT) test --skip-build --filter '$(GRAPHICAL_TERMINALS)'
	scripts/check-stable-build

## make test-zoneminder: only the stage of the suites against a real ZoneMinder (see ZONEMINDER above).
test-zoneminder: test-deps
	$(SWIFTPM) build --build-tests
	$(SWIFT) test --skip-build --filter '$(ZONEMINDER)'

## The system packages by purpose (scripts/install-deps: each list once): running needs the fewest;
## the tests add tmux, mpv and graphical terminals; the benchmarks add what they measure beside.
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

bench-network: bench-deps
	$(SWIFTPM) build $(RELEASE_FLAGS) --product bench-network
	.build/release/bench-network

bench-video: bench-deps
	scripts/bench-video

## make bench-montage: the montage (M) of four tiles of 1080p H.264 in a 160x50 terminal, and of one,
## beside four mpv --vo=tct in a quarter of the terminal each: fps per tile, CPU, drift; the issue's targets.
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

## make bench-timeline: the timeline (T) with 100,000 events in its range: load, key-to-redraw, beside less.
bench-timeline: bench-deps release
	scripts/bench-timeline

## make bench-size: the release binary as built and as installed (stripped, its debug file apart),
## what takes the room in it, beside mpv and libmpv.
bench-size: bench-deps release manual-tool
	scripts/bench-size $(RELEASE_BIN)

## make bench-startup: eventplayer --version and --help beside mpv --version, and events --json of
## one page beside curl | jq, whole process each.
bench-startup: bench-deps release
	scripts/bench-startup

## make install PREFIX=~/.local (default /usr/local; DESTDIR honoured): builds in release, then
## installs bin/eventplayer (stripped; its debug information in lib/debug/.build-id/, linked from
## bin/.debug/), the man page (share/man/man1/eventplayer.1, generated from the commands), the
## bash/zsh/fish completions, the example config and keymap (share/doc/eventplayer) and the demo
## backend's media (share/eventplayer). make uninstall removes exactly those files.
PREFIX ?= /usr/local
DESTDIR ?=
BIN ?= $(RELEASE_BIN)
# swift-argument-parser's generate-manual tool, built from the checkout SwiftPM already resolved
# (no download): it turns `eventplayer --experimental-dump-help` into the man page.
ARGUMENT_PARSER := .build/checkouts/swift-argument-parser
GENERATE_MANUAL := .build/manual-tool/debug/generate-manual

install: release manual-tool
	scripts/install-files install $(abspath $(RELEASE_BIN)) $(PREFIX) "$(DESTDIR)" $(abspath $(GENERATE_MANUAL)) "$(BACKTRACE_HELPER)"

## make install-files BIN=.build/debug/eventplayer PREFIX=/tmp/x: the install step alone, for a binary
## that is already built (the install test uses the debug one `make test` builds).
install-files: manual-tool
	scripts/install-files install $(abspath $(BIN)) $(PREFIX) "$(DESTDIR)" $(abspath $(GENERATE_MANUAL)) "$(BACKTRACE_HELPER)"

uninstall:
	scripts/install-files uninstall $(PREFIX) "$(DESTDIR)"

## make deb: builds in release, then .build/deb/eventplayer_<version>_amd64.deb and
## eventplayer-dbgsym_<version>_amd64.deb (scripts/make-deb: Debian's layout, Depends from
## dpkg-shlibdeps, the debug file in -dbgsym). DEB_DIR=… puts them elsewhere.
DEB_DIR ?= .build/deb
deb: package-deps release manual-tool
	scripts/make-deb $(abspath $(RELEASE_BIN)) $(abspath $(DEB_DIR)) $(abspath $(GENERATE_MANUAL)) "$(BACKTRACE_HELPER)"

## make deb-files BIN=… DEB_DIR=…: the packaging step alone, for a statically linked binary that is
## already built (the package test packages the debug build linked statically).
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
