import Domain
import Foundation

extension BatchChangeDTO where Body == DocumentInputDTO {
    /// A document's write in a batch.
    init(_ write: DocumentWrite) {
        switch write.operation {
        case .create(let draft):
            self.init(
                method: "POST", path: "/documents", idempotencyKey: write.idempotencyKey, ifMatch: nil,
                body: DocumentInputDTO(draft))
        case .update(let id, let changes):
            self.init(
                method: "PUT", path: "/documents/\(id.rawValue)", idempotencyKey: write.idempotencyKey,
                ifMatch: write.ifMatch, body: DocumentInputDTO(changes))
        case .delete(let id):
            self.init(
                method: "DELETE", path: "/documents/\(id.rawValue)", idempotencyKey: write.idempotencyKey,
                ifMatch: write.ifMatch, body: nil)
        }
    }
}
