// swift-tools-version:6.2
import PackageDescription

/// eventplayer: a terminal player for camera events (ncurses TUI + libmpv).
/// The target graph is the architecture map (see DESIGN.md §2 and README "Layout"):
/// eventplayer -> App -> {TUI, Player, Playlist, EventsAPI} -> Networking.
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "EventPlayer",
    platforms: [.macOS(.v14)],
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
    ],
    targets: [
        // C boundaries: one system library each.
        .systemLibrary(
            name: "CMPV",
            pkgConfig: "mpv",
            providers: [.apt(["libmpv-dev"])]
        ),
        .systemLibrary(
            name: "CNcurses",
            providers: [.apt(["libncurses-dev"])]
        ),

        // Libraries.
        .target(
            name: "Networking",
            dependencies: [
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "EventsAPI",
            dependencies: [
                "Networking",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "Playlist",
            dependencies: ["Networking"],
            swiftSettings: strict
        ),
        .target(
            name: "Player",
            dependencies: ["CMPV"],
            swiftSettings: strict
        ),
        .target(
            name: "TUI",
            dependencies: ["CNcurses"],
            swiftSettings: strict
        ),
        .target(
            name: "DemoBackend",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "App",
            dependencies: [
                "Networking", "EventsAPI", "Playlist", "Player", "TUI", "DemoBackend",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "TOMLKit", package: "TOMLKit"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "eventplayer",
            dependencies: [
                "App",
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
            ],
            path: "Benchmarks/bench-network",
            swiftSettings: strict
        ),
        .executableTarget(
            name: "bench-video",
            dependencies: ["Player", "TUI"],
            path: "Benchmarks/bench-video",
            swiftSettings: strict
        ),
        .executableTarget(
            name: "bench-rewrite",
            dependencies: ["Playlist"],
            path: "Benchmarks/bench-rewrite",
            swiftSettings: strict
        ),

        // Tests (Swift Testing), one target per library.
        .testTarget(
            name: "NetworkingTests",
            dependencies: ["Networking", "DemoBackend"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "EventsAPITests",
            dependencies: ["EventsAPI", "Networking", "DemoBackend"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "PlaylistTests",
            dependencies: ["Playlist", "Networking", "DemoBackend"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "PlayerTests",
            dependencies: ["Player", "Playlist", "Networking", "DemoBackend"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "DemoBackendTests",
            dependencies: [
                "DemoBackend",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "TUITests",
            dependencies: ["TUI"],
            exclude: ["Golden"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "AppTests",
            dependencies: ["App"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["DemoBackend"],
            swiftSettings: strict
        ),
    ]
)
