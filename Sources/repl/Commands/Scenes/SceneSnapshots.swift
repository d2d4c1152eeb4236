import Foundation
import Platform
import ShellKit

/// The app switcher's pictures of the scenes, as UIKit keeps them in `Library/Caches/Snapshots/`:
/// taken when the app enters the background, after the privacy cover is up, so a sensitive
/// scene's snapshot shows the cover; rebuilt at the next background when the system purges them.
enum SceneSnapshots {
    /// Where the snapshot of session `identifier` is kept, under `Library/Caches/`.
    static func path(_ identifier: String) -> String { "Snapshots/\(identifier).txt" }

    /// Takes a snapshot of each session's scene as it shows now; returns how many were saved.
    static func take(_ sessions: [SceneSession], sandbox: any SandboxFileAccess) -> Int {
        var saved = 0
        for session in sessions {
            guard let output = try? SceneContent.render(session),
                let text = OutputRenderer(format: .table).render(output),
                (try? sandbox.writeCache(Data((text + "\n").utf8), at: path(session.persistentIdentifier))) != nil
            else { continue }
            saved += 1
        }
        return saved
    }
}

extension SceneCommands {
    /// `scene snapshot SID`: what the app switcher shows for a scene.
    static let snapshot = Command(
        name: "scene snapshot", group: .scenes, summary: "Show the app switcher's snapshot of a scene",
        arguments: [ArgumentSpec(name: "SID", completion: .source(.sceneID))], examples: ["scene snapshot s1"]
    ) { context, arguments throws(CommandFailure) in
        let identifier = try arguments.required("SID")
        let data: Data?
        do {
            data = try context.sandbox.cache(at: SceneSnapshots.path(identifier))
        } catch {
            throw CommandFailure(error.localizedDescription)
        }
        guard let data else {
            throw CommandFailure(
                "no snapshot of \(identifier): one is taken when the app enters the background "
                    + "(and 'app purge-caches' removes them)")
        }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
        return .text(text, json: JSONOutput.encode(["session": identifier, "snapshot": text]))
    }
}
