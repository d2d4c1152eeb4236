public import Foundation

/// An item that says when it was made and last changed, as every collection's items do: lists
/// show the newest change first and page by it.
///
/// The server sets both; an item made or changed on this device carries this device's time until
/// the server's answer replaces it.
public protocol Timestamped {
    /// When the item was made.
    var createdAt: Date { get }
    /// When the item last changed.
    var updatedAt: Date { get set }
}

extension Document: Timestamped {}
