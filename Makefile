# The two commands (README): `make run` and `make test`. Everything else is a helper.
SWIFT ?= swift
RELEASE_BIN := .build/release/eventplayer

.PHONY: run test deps build release bench-network bench-rewrite bench-play bench-tui bench-proxy bench-video bench-slow-link

## make run: install what is missing, build in release, start eventplayer against the embedded demo backend.
run: deps release
	$(RELEASE_BIN) $(ARGS)

## make test: install what is missing, build, a short fuzz run of the playlist rewriter, then the whole test suite.
## The suites that run libmpv inside the test process run in processes of their own: ffmpeg's log
## is process-global (one FFmpegLogAnchor hands it to every player of the process), so one suite's
## player would see another's "HTTP error 403" and "Failed to open segment" lines. A real
## eventplayer process has one player.
IN_PROCESS_MPV := PlayerTests|PlaybackProxyTests|FrontEndTests
test: deps
	$(SWIFT) build --build-tests
	Fuzz/run --seconds 20
	$(SWIFT) test --skip-build --skip '$(IN_PROCESS_MPV)'
	$(SWIFT) test --skip-build --filter PlayerTests
	$(SWIFT) test --skip-build --filter PlaybackProxyTests
	$(SWIFT) test --skip-build --filter FrontEndTests

deps:
	@scripts/install-deps

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product eventplayer

bench-network: deps
	$(SWIFT) run -c release bench-network

bench-video: deps
	scripts/bench-video

bench-slow-link: deps
	scripts/bench-slow-link

bench-proxy: deps
	$(SWIFT) run -c release bench-proxy

bench-rewrite: deps
	$(SWIFT) run -c release bench-rewrite

bench-play: deps release
	scripts/bench-first-frame

bench-tui: deps release
	scripts/bench-tui
