import Foundation
import Testing

@Suite("The dependency rule")
struct LayerDependencyTests {
    /// Each layer's folder and the only modules its files may import (Docs/Conventions.md §1).
    static let layers: [(folder: String, allowed: Set<String>)] = [
        ("Sources/Domain", ["Foundation"]),
        (
            "Sources/Data",
            [
                "Domain", "Foundation", "Logging", "GRDB", "GRDBSQLite", "HTTPTypes",
                "AsyncHTTPClient", "MultipartKit", "NIOCore", "NIOHTTP1", "NIOPosix",
                "WSClient", "NIOWebSocket",
                "Synchronization",
            ]
        ),
        (
            "Sources/DemoBackend",
            [
                "AsyncHTTPClient", "Crypto", "Dispatch", "Foundation", "GRDB", "HTTPTypes", "Hummingbird",
                "HummingbirdCore", "HummingbirdWebSocket", "Logging", "LoopbackSockets", "MultipartKit", "NIOCore",
                "NIOHTTP1", "Signals", "Synchronization",
            ]
        ),
        // The standalone server is the demo server and a command line, nothing of the app.
        ("Sources/strata-server", ["ArgumentParser", "DemoBackend", "Dispatch", "Foundation", "Logging"]),
        ("Sources/Platform", ["Foundation", "Logging", "Synchronization"]),
        // Processes sharing a home, their signals and their start: the kernel and nothing else.
        ("Sources/Signals", ["Dispatch", "Foundation", "Glibc", "Synchronization"]),
        ("Sources/LoopbackSockets", ["Foundation", "Glibc"]),
        // The shell toolkit imports no app layer: a team can lift it out whole.
        ("Sources/ShellKit", ["CEditLine", "Foundation", "Logging", "Synchronization"]),
        // Presentation links into an app without the iOS stand-in (Docs/iOS.md).
        ("Sources/Presentation", ["Domain", "Foundation", "Logging", "Observation", "Synchronization"]),
        // The scene delegates over the stand-in: an app writes its own over UIKit (ADR 0053).
        ("Sources/Scenes", ["Domain", "Platform", "Presentation", "Foundation", "Logging"]),
        // The benchmarks measure the app's memory in children of their own binary: it links no
        // more than the app does (FoundationNetworking would load libcurl and its libraries).
        (
            "Benchmarks/StrataBenchmarks",
            [
                "DemoBackend", "Domain", "Foundation", "GRDB", "GRDBSQLite", "Glibc", "HTTPTypes", "Histogram",
                "Logging", "LoopbackSockets", "Signals", "StrataData", "Synchronization",
            ]
        ),
        (
            "Sources/TestSupport",
            [
                "Domain", "Platform", "Presentation", "Scenes", "Signals", "Foundation", "Testing", "Clocks",
                "CustomDump", "Synchronization",
            ]
        ),
    ]

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    @Test("No layer imports what it may not", arguments: layers.map(\.folder))
    func layerImportsOnlyWhatItMay(folder: String) throws {
        let allowed = try #require(Self.layers.first { $0.folder == folder }).allowed
        let directory = Self.packageRoot.appendingPathComponent(folder)
        let violations = try ImportScanner(allowed: allowed).violations(under: directory)
        #expect(violations.isEmpty, "\(violations.map(\.description).joined(separator: "\n"))")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: directory.path).contains { $0.hasSuffix(".swift") })
    }

    @Test func theScannerReportsFileAndLineOfAForbiddenImport() {
        let source = "import Foundation\n\n@testable import Data\nlet x = 1\n"
        let violations = ImportScanner(allowed: ["Foundation"]).violations(in: source, file: "Sources/Domain/X.swift")
        #expect(violations == [.init(file: "Sources/Domain/X.swift", line: 3, module: "Data")])
        #expect(
            violations.first?.description == "Sources/Domain/X.swift:3: imports Data, which this layer may not import")
    }

    @Test(
        "The scanner understands every form of import",
        arguments: [
            ("import GRDB", "GRDB"), ("public import StrataData", "StrataData"), ("import struct GRDB.Row", "GRDB"),
            ("@_exported import Logging", "Logging"), ("  import Foundation.NSData", "Foundation"),
            ("// import GRDB", nil), ("let important = 1", nil),
        ])
    func scannerParsesImports(line: String, module: String?) {
        #expect(ImportScanner.importedModule(line) == module)
    }
}
