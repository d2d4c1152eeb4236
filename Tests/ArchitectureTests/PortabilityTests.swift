import Foundation
import Testing

/// The layers an app links (Domain, StrataData, Presentation: Docs/iOS.md) build for Apple
/// platforms: nothing in them may need Linux unless a compile-time guard says so.
@Suite("The layers an app links build on Apple platforms")
struct PortabilityTests {
    static let linkedLayers = ["Sources/Domain", "Sources/Data", "Sources/Presentation"]

    @Test("No Linux-only module or API outside a guard", arguments: linkedLayers)
    func noLinuxOnlyAPIOutsideAGuard(folder: String) throws {
        let directory = LayerDependencyTests.packageRoot.appendingPathComponent(folder)
        let files = try FileManager.default.subpathsOfDirectory(atPath: directory.path).filter {
            $0.hasSuffix(".swift")
        }
        #expect(!files.isEmpty)
        var found: [String] = []
        for file in files.sorted() {
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            found += LinuxOnlyScanner.uses(in: text).map { "\(folder)/\(file):\($0.line): \($0.what)" }
        }
        #expect(found.isEmpty, "Linux-only outside #if canImport/#if os(Linux):\n\(found.joined(separator: "\n"))")
    }

    @Test func theScannerFindsAnUnguardedUseAndLetsAGuardedOneBe() {
        let unguarded = "import Foundation\nimport Glibc\nlet fd = epoll_create1(0)\nlet s = \"/proc/self/status\"\n"
        #expect(
            LinuxOnlyScanner.uses(in: unguarded).map(\.line) == [2, 3, 4],
            "the module, the call and the path are each reported")
        let guarded = """
            #if canImport(Glibc)
            import Glibc
            #elseif os(Linux)
            import Musl
            #else
            import Darwin
            #endif
            #if os(Linux)
            let networking = "FoundationNetworking"
            #endif
            import FoundationNetworking
            """
        #expect(LinuxOnlyScanner.uses(in: guarded).map(\.line) == [11])
    }

    @Test func everyDomainErrorIsALocalizedErrorWithARemedy() throws {
        // A screen words every failure through `errorDescription` (UserMessages) and offers what
        // `remedy` says: an error without them would show "Something went wrong" and no way on.
        let domain = LayerDependencyTests.packageRoot.appendingPathComponent("Sources/Domain")
        var text = ""
        for file in try FileManager.default.subpathsOfDirectory(atPath: domain.path) where file.hasSuffix(".swift") {
            text += try String(contentsOf: domain.appendingPathComponent(file), encoding: .utf8) + "\n"
        }
        let errors = text.split(separator: "\n").filter { $0.contains("enum ") && $0.contains(": Error") }
        #expect(errors.count >= 6, "found \(errors.count) error types")
        for line in errors {
            #expect(line.contains("LocalizedError"), "\(line) is not a LocalizedError")
            let name = line.split(separator: " ").first { $0.hasSuffix("Error:") }.map { String($0.dropLast()) } ?? "?"
            #expect(text.contains("extension \(name): UserFacingError"), "\(name) says no remedy")
        }
    }
}

/// Finds what only Linux has in Swift source: its C library modules, FoundationNetworking, and
/// kernel interfaces (epoll, inotify, eventfd, /proc), outside `#if canImport(…)`/`#if os(Linux)`.
enum LinuxOnlyScanner {
    struct Use: Equatable {
        let line: Int
        let what: String
    }

    static let markers = [
        "import Glibc", "import Musl", "import Bionic", "import FoundationNetworking", "import SwiftGlibc",
        "Glibc.", "epoll_", "inotify_", "eventfd(", "\"/proc/", "sched_getaffinity",
    ]

    static func uses(in text: String) -> [Use] {
        var guards: [Bool] = []  // one per open #if: whether it is a platform guard
        var found: [Use] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#if ") {
                guards.append(line.contains("canImport(") || line.contains("os("))
                continue
            }
            if line.hasPrefix("#endif") {
                _ = guards.popLast()
                continue
            }
            if line.hasPrefix("#else") || line.hasPrefix("#elseif") || line.hasPrefix("//") { continue }
            guard !guards.contains(true) else { continue }
            if let marker = markers.first(where: { line.contains($0) }) {
                found.append(Use(line: index + 1, what: marker))
            }
        }
        return found
    }
}
