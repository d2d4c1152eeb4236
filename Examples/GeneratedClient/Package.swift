// swift-tools-version: 6.2
import PackageDescription

/// A client generated from Strata's contract (Docs/openapi.yaml) by Apple's swift-openapi-generator,
/// as a team that generates its client would: `make client-check` builds it and runs a scenario
/// against the demo server. It is a package of its own so that the template's build never pays for
/// the generator.
let package = Package(
    name: "GeneratedClient",
    platforms: [.iOS(.v18), .macOS(.v15)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3"),
        // Pinned: the validator middleware exists for how this runtime encodes header values.
        .package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", exact: "1.4.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ],
    targets: [
        // Types and Client, generated at build time from the symbolic link to Docs/openapi.yaml;
        // the middleware a team needs for validators; the scenario that runs them against the
        // demo server: list, sign in, create, update with If-Match, a stale If-Match, delete.
        .executableTarget(
            name: "client-check",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        )
    ],
    swiftLanguageModes: [.v6]
)
