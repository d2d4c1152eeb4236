import Domain
import Foundation

/// An attachment on the wire (`POST` answers one, `GET …/attachments` lists them in `items`).
struct AttachmentDTO: Codable, Sendable, Equatable {
    let document: Int
    let name: String
    let size: Int
    let addedAt: Date

    /// The list answer.
    struct List: Codable, Sendable {
        let items: [AttachmentDTO]
    }

    /// The attachment, when the server's answer is one the app can hold.
    func attachment() throws(AttachmentError) -> DocumentAttachment {
        guard let id = Document.ID(rawValue: document), AttachmentRules.check(name: name) == nil, size >= 0 else {
            throw .refused("the server answered with an attachment the app cannot use ('\(name)')")
        }
        return DocumentAttachment(documentID: id, name: name, size: size, addedAt: addedAt)
    }
}
