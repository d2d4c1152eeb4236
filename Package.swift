// swift-tools-version: 6.2
import PackageDescription

/// Settings every target of this package shares (house rules §2).
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    // Async functions without an actor run on their caller's actor (ADR 0004).
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .enableUpcomingFeature("InferIsolatedConformances"),
    // A dependency's types reach another module only through an explicit `public import`.
    .enableUpcomingFeature("InternalImportsByDefault"),
    .treatAllWarnings(as: .error),
]

/// The UI-side modules (Platform, Presentation, ShellKit, repl) run on the main actor unless a
/// declaration says otherwise, as UIKit code does.
let mainActorByDefault: [SwiftSetting] = strict + [.defaultIsolation(MainActor.self)]

let logging = Target.Dependency.product(name: "Logging", package: "swift-log")
let clocks = Target.Dependency.product(name: "Clocks", package: "swift-clocks")
let customDump = Target.Dependency.product(name: "CustomDump", package: "swift-custom-dump")
let grdb = Target.Dependency.product(name: "GRDB", package: "GRDB.swift")
let hummingbird = Target.Dependency.product(name: "Hummingbird", package: "hummingbird")
let hummingbirdWebSocket = Target.Dependency.product(name: "HummingbirdWebSocket", package: "hummingbird-websocket")
let crypto = Target.Dependency.product(name: "Crypto", package: "swift-crypto")
let multipart = Target.Dependency.product(name: "MultipartKit", package: "multipart-kit")

let package = Package(
    name: "Strata",
    // What the layers an app links need (Docs/iOS.md): Synchronization's Mutex and Atomic (iOS 18,
    // macOS 15), Observation (iOS 17), Clock and Duration (iOS 16). Linux needs no entry.
    platforms: [.iOS(.v18), .macOS(.v15), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        // The layers an app links (Docs/iOS.md); the rest of the package is the shell stand-in.
        .library(name: "Domain", targets: ["Domain"]),
        .library(name: "StrataData", targets: ["StrataData"]),
        .library(name: "Presentation", targets: ["Presentation"]),
        .executable(name: "repl", targets: ["repl"]),
        .executable(name: "strata-server", targets: ["strata-server"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
        .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // The demo server (ADR 0045): bounded request parsing, streaming bodies, idle timeouts, and
        // its web socket support for /live.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        // The demo server keeps only a SHA-256 digest of each session token.
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        // The client's live socket (ADR 0059): the web socket client of the package the server's
        // socket is built on, so it adds no package to the build.
        .package(url: "https://github.com/hummingbird-project/swift-websocket", from: "1.6.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // The client's HTTP on Linux (ADR 0047): reads an answer's body with backpressure, so a
        // hostile answer costs at most the body limit; TLS for production hosts; a connection pool.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // Attachments: multipart/form-data framing on the client, streaming parsing on the server.
        .package(url: "https://github.com/vapor/multipart-kit", from: "4.7.1"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-configuration", from: "1.4.0"),
        // FilePath, for swift-configuration's file provider (already one of its dependencies).
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        // make docs: builds the DocC catalogs of Domain and Presentation (a command plugin; nothing links it).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // Test-only: reads Docs/openapi.yaml so the client's wire types are checked against its examples.
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        // MARK: Layers
        .target(name: "Domain", path: "Sources/Domain", swiftSettings: strict),
        .target(
            name: "StrataData",
            dependencies: [
                "Domain", logging, grdb, .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"), .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "WSClient", package: "swift-websocket"),
                multipart, .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            path: "Sources/Data",
            swiftSettings: strict
        ),
        .target(
            name: "Platform",
            dependencies: [logging],
            path: "Sources/Platform",
            swiftSettings: mainActorByDefault
        ),
        .target(
            name: "Presentation",
            dependencies: ["Domain", logging],
            path: "Sources/Presentation",
            swiftSettings: mainActorByDefault
        ),
        // The scene delegates over the iOS stand-in (ADR 0053): an app writes its own over UIKit.
        .target(
            name: "Scenes",
            dependencies: ["Domain", "Platform", "Presentation", logging],
            path: "Sources/Scenes",
            swiftSettings: mainActorByDefault
        ),
        // Processes that share a home: signals between them (the stand-in for Darwin
        // notifications) and starting one (an app extension, a test's child).
        .target(name: "Signals", path: "Sources/Signals", swiftSettings: strict),
        // Raw loopback sockets: the port a stopped demo server keeps, and the hand-made
        // misbehaving servers of tests and benchmarks.
        .target(name: "LoopbackSockets", path: "Sources/LoopbackSockets", swiftSettings: strict),
        .target(
            name: "DemoBackend",
            dependencies: [
                "Signals", "LoopbackSockets", logging, hummingbird, hummingbirdWebSocket, crypto, grdb, multipart,
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            path: "Sources/DemoBackend",
            swiftSettings: strict
        ),
        .systemLibrary(
            name: "CEditLine",
            path: "Sources/CEditLine",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]
        ),
        .target(
            name: "ShellKit",
            dependencies: ["CEditLine", logging],
            path: "Sources/ShellKit",
            swiftSettings: mainActorByDefault
        ),
        .executableTarget(
            name: "repl",
            dependencies: [
                "Domain", "StrataData", "Platform", "Presentation", "Scenes", "ShellKit", "DemoBackend", "Signals",
                logging, .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            path: "Sources/repl",
            // The named configurations (dev, staging, release): Docs/Configurations.md.
            resources: [.copy("Configurations")],
            swiftSettings: mainActorByDefault
        ),

        // The demo server on its own (make server).
        .executableTarget(
            name: "strata-server",
            dependencies: ["DemoBackend", logging, .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Sources/strata-server",
            swiftSettings: strict
        ),

        // MARK: The feature generator (swift package scaffold-feature, Docs/Extending.md)
        .plugin(
            name: "ScaffoldFeature",
            capability: .command(
                intent: .custom(verb: "scaffold-feature", description: "Add a feature across every layer"),
                permissions: [.writeToPackageDirectory(reason: "It writes the feature's files and registers them.")]
            ),
            path: "Plugins/ScaffoldFeature"
        ),

        // MARK: Benchmarks (make bench: release build, prints a table, writes Docs/Performance.md)
        .executableTarget(
            name: "Benchmarks",
            dependencies: [
                "Domain", "StrataData", "DemoBackend", "LoopbackSockets", "Signals", grdb, logging,
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ],
            path: "Benchmarks/StrataBenchmarks",
            swiftSettings: strict
        ),

        // MARK: Test-only support
        .target(
            name: "TestSupport",
            dependencies: ["Domain", "Platform", "Presentation", "Scenes", "Signals", clocks, customDump],
            path: "Sources/TestSupport",
            swiftSettings: strict
        ),

        // MARK: Tests, one target per layer plus the whole-package checks
        .testTarget(name: "DomainTests", dependencies: ["Domain", "TestSupport"], swiftSettings: strict),
        .testTarget(
            name: "DataTests",
            dependencies: [
                "Domain", "StrataData", "DemoBackend", "TestSupport", "LoopbackSockets", clocks, grdb, hummingbird,
                hummingbirdWebSocket,
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"), .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "DemoBackendTests", dependencies: ["DemoBackend", "LoopbackSockets", "Signals", "TestSupport", grdb],
            swiftSettings: strict),
        .testTarget(
            name: "PlatformTests", dependencies: ["Platform", "TestSupport", clocks], swiftSettings: strict),
        .testTarget(
            name: "PresentationTests",
            dependencies: ["Domain", "Platform", "Presentation", "Scenes", "TestSupport", clocks],
            swiftSettings: mainActorByDefault
        ),
        .testTarget(name: "SignalsTests", dependencies: ["Signals", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "ShellKitTests", dependencies: ["ShellKit"], swiftSettings: mainActorByDefault),
        .testTarget(
            name: "ReplTests",
            dependencies: [
                "repl", "ShellKit", "Signals", "TestSupport", "DemoBackend", "StrataData", "LoopbackSockets", logging,
            ],
            swiftSettings: mainActorByDefault),
        .testTarget(
            name: "TranscriptTests", dependencies: ["repl", "ShellKit", "TestSupport", "DemoBackend"],
            swiftSettings: strict),
        .testTarget(name: "ArchitectureTests", dependencies: ["TestSupport"], swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
