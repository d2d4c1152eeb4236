public import Foundation

/// Keeps the scene sessions' saved state between launches as one opaque archive.
///
/// The archive's format belongs to the layer that writes it; a store only promises that a save
/// is atomic: whatever happens to the process, a later load sees the old archive or the new
/// one, never a mix.
nonisolated public protocol SceneStateStoreProtocol: Sendable {
    /// The archive saved last, or `nil` when nothing was ever saved.
    func load() throws(SceneStateError) -> Data?
    /// Replaces the archive.
    func save(_ archive: Data) throws(SceneStateError)
    /// Moves an archive that could not be read out of the way, keeping it for inspection;
    /// answers the warning that says where it went.
    func quarantine() -> String
}
