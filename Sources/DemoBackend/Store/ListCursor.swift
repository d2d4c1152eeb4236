import Foundation

/// Where a page of a list ends, handed to the client as `next` and taken back as `after`.
///
/// Opaque to clients (`p1.` and base64url): the position in the list's order (the last item's
/// update time, exactly, and id) and a fingerprint of the list it belongs to (its collection and
/// query), so a cursor is refused for another list and a cursor whose item was deleted meanwhile
/// still says where to go on.
struct ListCursor: Equatable {
    let updatedAt: Double
    let id: Int
    /// FNV-1a of the collection and the query's `q` and `since`.
    let query: UInt64

    private static let prefix = "p1."

    /// The fingerprint of a list query of `collection`.
    static func fingerprint(collection: String, query: String?, since: Int?) -> UInt64 {
        FNV1a.hash(Array("\(collection)\u{0}\(query ?? "")\u{0}\(since.map(String.init) ?? "")".utf8))
    }

    /// The cursor as the client sees it.
    var token: String {
        let text = "\(String(updatedAt.bitPattern, radix: 16)):\(id):\(String(query, radix: 16))"
        return Self.prefix
            + Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// The cursor a token stands for; nil for anything this server did not hand out.
    init?(token: String) {
        guard token.hasPrefix(Self.prefix), token.count <= 200 else { return nil }
        var base64 = String(token.dropFirst(Self.prefix.count)).replacingOccurrences(of: "-", with: "+")
            .replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let text = String(data: data, encoding: .utf8) else { return nil }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, let bits = UInt64(parts[0], radix: 16), let id = Int(parts[1]), id > 0,
            let query = UInt64(parts[2], radix: 16), Double(bitPattern: bits).isFinite
        else { return nil }
        self.init(updatedAt: Double(bitPattern: bits), id: id, query: query)
    }

    init(updatedAt: Double, id: Int, query: UInt64) {
        self.updatedAt = updatedAt
        self.id = id
        self.query = query
    }
}
