import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory scaffold-feature Recipe --field title:String`:
/// writes a feature across the layers and registers it; `--remove Recipe` takes it out again.
@main
struct ScaffoldFeature: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let root = context.package.directoryURL
        do {
            if arguments.first == "--remove" {
                guard arguments.count == 2 else { throw ScaffoldError("usage: scaffold-feature --remove NAME") }
                try FeatureSpec.validateName(arguments[1])
                let removed = try Writer(root: root).remove(
                    FeatureSpec(
                        name: arguments[1], fields: [], conflicts: "manual",
                        // Every file a feature may have, the search's too, whatever it was made with.
                        searchable: [FeatureSpec.Field(name: "any", type: .string, values: [])]))
                print("Removed \(arguments[1]): \(removed) files and its registrations.")
            } else {
                let spec = try FeatureSpec.parse(arguments)
                let writer = Writer(root: root)
                let written = try writer.write(spec)
                try writer.format(spec, with: try? context.tool(named: "swift-format").url)
                print(
                    "Added \(spec.name) (\(written) files). Next: make test, then try `\(spec.lower) new` in make repl."
                )
            }
        } catch let error as ScaffoldError {
            // One line: SwiftPM fails the command on an error diagnostic, so nothing is rethrown.
            Diagnostics.error(error.description)
        }
    }
}

/// Writes and removes a feature's files and registration lines.
struct Writer {
    let root: URL

    /// The places a feature is registered, and the line it adds to each.
    static func registrations(_ spec: FeatureSpec) -> [(path: String, line: String)] {
        [
            ("Sources/Data/Features/FeatureRegistry.swift", spec.migrationLine),
            ("Sources/DemoBackend/Store/FeatureCollections.swift", spec.collectionLine),
            ("Sources/repl/App/FeatureModule.swift", spec.moduleLine),
        ]
    }

    static func files(_ spec: FeatureSpec) -> [(path: String, text: String)] {
        spec.domainFiles() + spec.dataFiles() + spec.presentationFiles() + spec.replFiles() + spec.serverFiles()
            + spec.testFiles() + spec.docsFiles()
    }

    func write(_ spec: FeatureSpec) throws(ScaffoldError) -> Int {
        let files = Self.files(spec)
        if let existing = files.first(where: { FileManager.default.fileExists(atPath: url($0.path).path) }) {
            throw ScaffoldError(
                "\(spec.name) already exists (\(existing.path)); remove it first with --remove \(spec.name)")
        }
        let generated = Set(files.map { ($0.path as NSString).lastPathComponent.split(separator: ".")[0] })
        if let clash = declaredTypes().first(where: { generated.contains(Substring($0.type)) }) {
            throw ScaffoldError(
                "'\(spec.name)' would declare \(clash.type) again, a type of the template (\(clash.path)); pick another name"
            )
        }
        if let taken = commandWords().first(where: { $0.word == spec.lower }) {
            throw ScaffoldError(
                "'\(spec.name)' would name its commands '\(spec.lower)', a command of the shell (\(taken.path)); pick another name"
            )
        }
        var registered: [(path: String, text: String, original: String)] = []
        for (path, line) in Self.registrations(spec) {
            let original = (try? String(contentsOf: url(path), encoding: .utf8)) ?? ""
            registered.append((path, try inserting(line, into: path), original))
        }
        let contract = (try? String(contentsOf: url(FeatureSpec.contractPath), encoding: .utf8)) ?? ""
        registered.append((FeatureSpec.contractPath, try Self.addingToContract(spec, contract), contract))
        var created: [URL] = []
        do {
            for file in files {
                let folder = url(file.path).deletingLastPathComponent()
                if !FileManager.default.fileExists(atPath: folder.path) {
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                    created.append(folder)
                }
                try file.text.write(to: url(file.path), atomically: true, encoding: .utf8)
                created.append(url(file.path))
            }
            for file in registered { try file.text.write(to: url(file.path), atomically: true, encoding: .utf8) }
        } catch {
            // Nothing half-written stays: the files go and the registries get their text back.
            for item in created.reversed() { try? FileManager.default.removeItem(at: item) }
            for file in registered { try? file.original.write(to: url(file.path), atomically: true, encoding: .utf8) }
            throw ScaffoldError("cannot write the feature's files (nothing was kept): \(error)")
        }
        return files.count
    }

    /// The types declared at the top level of the package's sources and tests, with their files: a
    /// feature whose files would declare one of them again (one main type per file, named as its
    /// file) would not build.
    func declaredTypes() -> [(type: String, path: String)] {
        let declaration = #/^(?:@\w+(?:\([^)]*\))? )*(?:(?:public|package|internal|final|open|nonisolated) )*(?:struct|class|enum|protocol|actor|typealias) ([A-Z]\w*)/#
            .anchorsMatchLineEndings()
        return swiftFiles(in: ["Sources", "Tests"]).flatMap { file in
            file.text.matches(of: declaration).map { (String($0.1), file.path) }
        }
    }

    /// The first words of the shell's commands (`inbox` of `inbox add`) and their aliases, with
    /// their files: a feature's commands under one of them would share a name with the shell's,
    /// and one of the two could not be reached.
    func commandWords() -> [(word: String, path: String)] {
        // A command's name is a string followed by its aliases, its group or its summary.
        let command = #/"([a-z][A-Za-z-]*)(?: [a-z][A-Za-z-]*)*",\s*(?:aliases: \[([^\]]*)\],\s*)?(?:group|summary):/#
        return swiftFiles(in: ["Sources/repl", "Sources/ShellKit"]).flatMap { file in
            file.text.matches(of: command).flatMap { match in
                let aliases = (match.2 ?? "").split(separator: ",").map {
                    $0.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
                }
                return ([String(match.1)] + aliases).map { ($0, file.path) }
            }
        }
    }

    /// The Swift files below `folders`, with their paths in the package and their text.
    private func swiftFiles(in folders: [String]) -> [(path: String, text: String)] {
        var found: [(path: String, text: String)] = []
        for folder in folders {
            let files = FileManager.default.enumerator(at: url(folder), includingPropertiesForKeys: nil)
            while let file = files?.nextObject() as? URL {
                guard file.pathExtension == "swift", let text = try? String(contentsOf: file, encoding: .utf8) else {
                    continue
                }
                found.append((file.path.replacingOccurrences(of: root.path + "/", with: ""), text))
            }
        }
        return found
    }

    func remove(_ spec: FeatureSpec) throws(ScaffoldError) -> Int {
        let files = Self.files(spec).filter { FileManager.default.fileExists(atPath: url($0.path).path) }
        guard !files.isEmpty else { throw ScaffoldError("there is no feature \(spec.name) to remove") }
        do {
            for (path, line) in Self.registrations(spec) {
                let text = try String(contentsOf: url(path), encoding: .utf8)
                try Self.removing(line, from: text).write(to: url(path), atomically: true, encoding: .utf8)
            }
            let contract = try String(contentsOf: url(FeatureSpec.contractPath), encoding: .utf8)
            try Self.removingFromContract(spec, contract).write(
                to: url(FeatureSpec.contractPath), atomically: true, encoding: .utf8)
            for file in files { try FileManager.default.removeItem(at: url(file.path)) }
            for folder in Set(files.map { url($0.path).deletingLastPathComponent() })
            where (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.isEmpty == true {
                try FileManager.default.removeItem(at: folder)
            }
        } catch {
            throw ScaffoldError("cannot remove the feature's files: \(error)")
        }
        return files.count
    }

    /// Formats the written files with the repository's `.swift-format`, as `make format` does.
    func format(_ spec: FeatureSpec, with tool: URL?) throws(ScaffoldError) {
        let process = Process()
        process.executableURL = tool ?? URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            (tool == nil ? ["swift-format"] : []) + [
                "format", "--in-place", "--configuration", url(".swift-format").path,
            ]
            + Self.files(spec).map { url($0.path).path }.filter { $0.hasSuffix(".swift") }
        do {
            try process.run()
            process.waitUntilExit()
        } catch {
            throw ScaffoldError("the files are written but swift-format did not run: \(error)")
        }
        guard process.terminationStatus == 0 else {
            throw ScaffoldError("the files are written but swift-format failed; run make format")
        }
    }

    /// The registry file's text with `line` added before the list is returned.
    private func inserting(_ line: String, into path: String) throws(ScaffoldError) -> String {
        guard let text = try? String(contentsOf: url(path), encoding: .utf8) else {
            throw ScaffoldError("cannot read \(path), where features are registered")
        }
        var lines = text.components(separatedBy: "\n")
        guard let end = lines.firstIndex(of: "        return all") else {
            throw ScaffoldError("\(path) no longer has the list features are added to")
        }
        lines.insert(line, at: end)
        return lines.joined(separator: "\n")
    }

    /// The contract with the feature's paths and schemas, each before its marker line.
    static func addingToContract(_ spec: FeatureSpec, _ text: String) throws(ScaffoldError) -> String {
        var lines = text.components(separatedBy: "\n")
        for (marker, block) in [
            (FeatureSpec.pathsMarker, spec.contractPaths), (FeatureSpec.schemasMarker, spec.contractSchemas),
        ] {
            guard let index = lines.firstIndex(of: marker) else {
                throw ScaffoldError("\(FeatureSpec.contractPath) no longer has the line '\(marker)'")
            }
            lines.insert(contentsOf: block.components(separatedBy: "\n"), at: index)
        }
        return lines.joined(separator: "\n")
    }

    /// The contract without the feature's paths and schemas (from each begin line to its end line).
    static func removingFromContract(_ spec: FeatureSpec, _ text: String) -> String {
        var lines = text.components(separatedBy: "\n")
        for indent in [2, 4] {
            let (begin, end) = spec.contractBounds(indent: indent)
            if let first = lines.firstIndex(of: begin), let last = lines[first...].firstIndex(of: end) {
                lines.removeSubrange(first...last)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The registry file's text without `line`.
    static func removing(_ line: String, from text: String) -> String {
        text.components(separatedBy: "\n").filter { $0 != line }.joined(separator: "\n")
    }

    private func url(_ path: String) -> URL { root.appendingPathComponent(path) }
}
