// swift-tools-version:6.2
import PackageDescription

/// eventplayer: a terminal player for camera events (ncurses TUI + libmpv).
/// The target graph is the architecture map (see docs/architecture.md):
/// eventplayer -> front ends -> AppCore -> {Player, PlaybackProxy, Playlist, EventsAPI} -> Networking;
/// the TUI front end also -> TUIState (the TUI's model) -> {AppCore, TUI}; AppCore imports neither TUI
/// nor DemoBackend (the executable hands it the demo server). PlaybackStates is the shared vocabulary
/// of Player, TUI and AppCore; SystemSupport (self-pipe, signals, crash cleanup, the one redactor,
/// terminal-safe text, standard output) sits under all.
///
/// Linux only: the code uses Glibc (`sigaction`'s Glibc field names, `gettid`, `/proc/self/exe`) and
/// Swift's Linux crash backtracer; no `platforms:` entry, since SwiftPM has none for Linux.
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "EventPlayer",
    products: [
        .executable(name: "eventplayer", targets: ["eventplayer"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        // Imported directly by DemoBackend (they also come with Hummingbird).
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        // AES-128-CBC for exporting encrypted HLS (CryptoExtras); already in Package.resolved as a
        // dependency of our dependencies (swift-certificates, swift-nio-extras).
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.0.0"),
        // TLS trust (Networking: --ca-file, pinned certificates, the certificate probe; DemoBackend's
        // HTTPS): already in Package.resolved as dependencies of async-http-client and swift-nio-ssl.
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.0"),
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.0"),
    ],
    targets: [
        // C boundaries: one folder per C library. libmpv is not linked: CMPV defines the mpv_*
        // functions eventplayer calls and maps libmpv with dlopen on first use (its headers come
        // from libmpv-dev), so commands that play nothing never load it.
        .target(
            name: "CMPV",
            linkerSettings: [.linkedLibrary("dl")]
        ),
        // SWIFT_BACKTRACE's value (eventplayer's crash settings added to the user's), shared by
        // SystemSupport's Backtracer and CEarlyStart.
        .target(name: "CBacktraceSettings"),
        // The executable's pre-initialisation: puts those settings in the environment before the Swift
        // runtime reads it, so that no re-exec is needed (the TUI's start-up). Linked into the
        // eventplayer executable only, not into the test runners.
        .target(
            name: "CEarlyStart",
            dependencies: ["CBacktraceSettings"]
        ),
        .systemLibrary(
            name: "CNcurses",
            providers: [.apt(["libncurses-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            providers: [.apt(["zlib1g-dev"])]
        ),

        // Libraries.
        // The one self-pipe, signal facility, crash cleanup, backtracer setup, redactor, terminal-safe
        // text and standard-stream writer.
        .target(
            name: "SystemSupport",
            dependencies: ["CBacktraceSettings"],
            swiftSettings: strict
        ),
        .target(
            name: "Networking",
            dependencies: [
                "SystemSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOTLS", package: "swift-nio"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "EventsAPI",
            dependencies: [
                "Networking",
                "SystemSupport",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "Playlist",
            dependencies: ["Networking", "SystemSupport"],
            swiftSettings: strict
        ),
        // The words of a playback (playing, stalled, ended…) and the video glyph choice, shared by
        // Player, TUI and AppCore.
        .target(
            name: "PlaybackStates",
            swiftSettings: strict
        ),
        .target(
            name: "Player",
            dependencies: ["CMPV", "PlaybackStates", "SystemSupport"],
            swiftSettings: strict
        ),
        .target(
            name: "TUI",
            dependencies: ["CNcurses", "CZlib", "PlaybackStates", "SystemSupport"],
            swiftSettings: strict
        ),
        .target(
            name: "DemoBackend",
            dependencies: [
                "SystemSupport",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strict
        ),
        // Loopback proxy: every request the player makes goes through the network pipeline.
        .target(
            name: "PlaybackProxy",
            dependencies: [
                "Networking", "Playlist", "SystemSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strict
        ),
        // App core: the use cases (sign-in, events, a playback's PlaybackSession state machine and
        // runner, export, reviewed marks), service wiring, config, logging. No TUI, no demo server
        // (the executable hands it one through `DemoStarting`). Front ends (below) are thin and named
        // after the commands they serve.
        .target(
            name: "AppCore",
            dependencies: [
                "Networking", "EventsAPI", "Playlist", "Player", "PlaybackStates", "PlaybackProxy",
                "SystemSupport",
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "TOMLKit", package: "TOMLKit"),
            ],
            swiftSettings: strict
        ),
        // The TUI's interactive model: AppState and its pure reducer, the prompts and filters, stills.
        .target(
            name: "TUIState",
            dependencies: ["AppCore", "TUI", "EventsAPI", "Player", "PlaybackStates", "PlaybackProxy", "Playlist", "SystemSupport",
                           .product(name: "Logging", package: "swift-log")],
            swiftSettings: strict
        ),
        // `eventplayer` (and `eventplayer tui`): the interactive terminal UI.
        .target(
            name: "TUIFrontEnd",
            dependencies: ["AppCore", "TUIState", "TUI", "Player", "PlaybackStates", "EventsAPI", "Networking", "SystemSupport"],
            path: "Sources/FrontEnds/TUIFrontEnd",
            swiftSettings: strict
        ),
        // `eventplayer play`: one playback without a TUI, printed as lines.
        .target(
            name: "PlayFrontEnd",
            dependencies: ["AppCore", "Player", "PlaybackStates", "Playlist", "EventsAPI", "SystemSupport"],
            path: "Sources/FrontEnds/PlayFrontEnd",
            swiftSettings: strict
        ),
        // `login`, `logout`, `events`, `playlist`, `rewrite`, `demo-server`.
        .target(
            name: "CLIFrontEnd",
            dependencies: ["AppCore", "EventsAPI", "Playlist", "DemoBackend", "SystemSupport", "PlaybackStates"],
            path: "Sources/FrontEnds/CLIFrontEnd",
            swiftSettings: strict
        ),
        .executableTarget(
            name: "eventplayer",
            dependencies: [
                "AppCore", "TUIFrontEnd", "PlayFrontEnd", "CLIFrontEnd", "DemoBackend", "EventsAPI", "SystemSupport",
                // The pre-initialisation that gives the crash backtracer its settings: Sources/CEarlyStart.
                "CEarlyStart",
                // Only for the choice enums flags take (Commands/ChoiceArguments.swift).
                "Player", "PlaybackStates",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict
        ),

        // Benchmarks: one executable each, run by `make bench-*` (see README).
        .executableTarget(
            name: "bench-network",
            dependencies: [
                "Networking", "DemoBackend",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Benchmarks/bench-network",
            swiftSettings: strict
        ),
        .executableTarget(
            name: "bench-proxy",
            dependencies: [
                "PlaybackProxy", "Networking", "Playlist", "Player", "DemoBackend", "SystemSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            path: "Benchmarks/bench-proxy",
            swiftSettings: strict
        ),
        .executableTarget(
            name: "bench-video",
            dependencies: ["Player", "PlaybackStates", "TUI"],
            path: "Benchmarks/bench-video",
            swiftSettings: strict
        ),
        .executableTarget(
            name: "bench-montage",
            dependencies: ["AppCore", "EventsAPI", "Player", "PlaybackStates", "Playlist", "TUI"],
            path: "Benchmarks/bench-montage",
            swiftSettings: strict
        ),
        .executableTarget(
            name: "bench-sixel",
            dependencies: ["TUI", "CSixel"],
            path: "Benchmarks/bench-sixel",
            swiftSettings: strict
        ),
        .executableTarget(
            name: "bench-rewrite",
            dependencies: ["Playlist"],
            path: "Benchmarks/bench-rewrite",
            swiftSettings: strict
        ),

        // Tests (Swift Testing). A test target is a stage of `make test`: one `swift test` process.
        // The targets named in the Makefile's ALONE each run in a process of their own, one isolation
        // class each (docs/development.md, Why the stages); every other test target runs together in
        // the first stage, one target per library (`Tests/<Module>Tests`).
        // TestSupport: what tests share (the tmux and X11 drivers, the binary, the demo harness).
        .target(
            name: "TestSupport",
            dependencies: [
                "DemoBackend", "SystemSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Tests/TestSupport",
            swiftSettings: strict
        ),
        // libsixel's decoder, which checks our sixel output (tests only; libsixel-dev).
        .systemLibrary(
            name: "CSixel",
            path: "Tests/CSixel",
            providers: [.apt(["libsixel-dev"])]
        ),
        .testTarget(
            name: "SystemSupportTests",
            dependencies: ["SystemSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "NetworkingTests",
            dependencies: ["Networking", "DemoBackend", "SystemSupport",
                           .product(name: "AsyncHTTPClient", package: "async-http-client")],
            swiftSettings: strict
        ),
        .testTarget(
            name: "EventsAPITests",
            dependencies: ["EventsAPI", "Networking", "DemoBackend", "SystemSupport", "TestSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "PlaylistTests",
            dependencies: ["Playlist", "Networking", "DemoBackend", "SystemSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "PlayerTests",
            dependencies: ["Player", "AppCore", "PlaybackStates", "Playlist", "Networking", "DemoBackend"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "PlaybackProxyTests",
            dependencies: [
                "PlaybackProxy", "Player", "PlaybackStates", "Playlist", "Networking", "DemoBackend", "SystemSupport",
                "AppCore", "EventsAPI", "TestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "DemoBackendTests",
            dependencies: [
                "DemoBackend", "TestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "TUITests",
            dependencies: ["TUI", "PlaybackStates", "SystemSupport", "TestSupport", "CSixel", "CZlib"],
            exclude: ["Golden"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "AppCoreTests",
            dependencies: ["AppCore", "Player", "PlaybackStates", "Playlist", "EventsAPI", "Networking", "TestSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "TUIStateTests",
            dependencies: ["TUIState", "AppCore", "Player", "PlaybackStates", "Playlist", "EventsAPI", "TUI", "TestSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "FrontEndTests",
            dependencies: ["AppCore", "TUIState", "TUIFrontEnd", "CLIFrontEnd", "Player", "PlaybackStates", "EventsAPI",
                           "TUI", "Networking", "DemoBackend"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["DemoBackend", "SystemSupport", "TestSupport", "PlaybackProxy", "Playlist", "Networking",
                           .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: strict
        ),

        // The stages that run alone (the Makefile's ALONE; PlayerTests, PlaybackProxyTests and
        // FrontEndTests above are three more: libmpv in the test process).
        // The NVR suites: the demo's Frigate flavour over HTTP and TLS, ffmpeg on its vod media, a
        // montage of four players (their load beside the rest slows the TUI suites' first screens).
        .testTarget(
            name: "NVRTests",
            dependencies: ["DemoBackend", "EventsAPI", "Networking", "SystemSupport", "TestSupport",
                           .product(name: "NIOHTTP1", package: "swift-nio")],
            swiftSettings: strict
        ),
        // Against a real ZoneMinder the test process starts (one per machine).
        .testTarget(
            name: "ZoneMinderTests",
            dependencies: ["EventsAPI", "Networking", "PlaybackProxy", "Playlist", "SystemSupport", "TestSupport",
                           .product(name: "Crypto", package: "swift-crypto"), .product(name: "NIOCore", package: "swift-nio")],
            swiftSettings: strict
        ),
        // The Debian package: packaging and lintian keep a core busy for a minute.
        .testTarget(
            name: "PackagingTests",
            dependencies: ["TestSupport"],
            swiftSettings: strict
        ),
        // Suites that time the in-process demo backend against a deadline (its handlers need the
        // cooperative pool to themselves).
        .testTarget(
            name: "TimingTests",
            dependencies: ["DemoBackend", "Networking"],
            swiftSettings: strict
        ),
        // Suites that read their own process's resident memory.
        .testTarget(
            name: "MemoryTests",
            dependencies: ["AppCore", "DemoBackend", "EventsAPI", "PlaybackStates", "Player", "SystemSupport", "TestSupport"],
            swiftSettings: strict
        ),
        // Real graphical terminals under Xvfb, read back from screenshots (slow to start beside others).
        .testTarget(
            name: "GraphicalTerminalTests",
            dependencies: ["DemoBackend", "TestSupport"],
            swiftSettings: strict
        ),
    ]
)
