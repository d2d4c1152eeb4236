import Foundation

/// File-name completion for file arguments (`source FILE`).
public enum FilePaths {
    /// Entries whose path starts with `prefix`, sorted; folders end with `/`, and hidden entries
    /// show only once the prefix's last part starts with a dot.
    public static func completions(of prefix: String) -> [String] {
        let (folder, namePrefix) = split(prefix)
        let listed = folder.isEmpty ? "." : NSString(string: folder).expandingTildeInPath
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: listed) else { return [] }
        return names.filter { $0.hasPrefix(namePrefix) && (namePrefix.hasPrefix(".") || !$0.hasPrefix(".")) }
            .sorted()
            .map { name in
                var isDirectory: ObjCBool = false
                let path = (listed as NSString).appendingPathComponent(name)
                let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
                return folder + name + (exists && isDirectory.boolValue ? "/" : "")
            }
    }

    /// `Docs/Sc` → (`Docs/`, `Sc`).
    private static func split(_ prefix: String) -> (folder: String, name: String) {
        guard let slash = prefix.lastIndex(of: "/") else { return ("", prefix) }
        return (String(prefix[...slash]), String(prefix[prefix.index(after: slash)...]))
    }
}
