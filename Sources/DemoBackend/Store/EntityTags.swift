/// How the server names versions in `ETag`: readable (`"d1-v2"`) or opaque tokens.
struct EntityTags: Sendable {
    let style: DemoBackend.ValidatorStyle
    let prefixes: [String: String]
    let salt: UInt64

    init(style: DemoBackend.ValidatorStyle, collections: [CollectionSpec], salt: UInt64 = .random(in: 1...UInt64.max)) {
        self.style = style
        prefixes = Dictionary(collections.map { ($0.name, $0.tagPrefix) }, uniquingKeysWith: { first, _ in first })
        self.salt = salt
    }

    /// The tag of version `version` of resource `id`.
    func tag(collection: String, id: Int, version: Int) -> String {
        tag(for: "\(prefixes[collection] ?? collection)\(id)-v\(version)")
    }

    /// The tag for what `name` names.
    func tag(for name: String) -> String {
        switch style {
        case .readable: return "\"\(name)\""
        case .opaque:
            return String(FNV1a.hash(name.utf8, seed: salt), radix: 36)
        }
    }
}

/// The 64-bit FNV-1a hash: quick, stable across runs, not for secrets.
enum FNV1a {
    static func hash(_ bytes: some Sequence<UInt8>, seed: UInt64 = 0) -> UInt64 {
        hash(bytes, continuing: 0xcbf2_9ce4_8422_2325 ^ seed)
    }

    /// The hash of what `hash` summed up followed by `bytes` (for data that arrives in pieces).
    static func hash(_ bytes: some Sequence<UInt8>, continuing hash: UInt64) -> UInt64 {
        var hash = hash
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}
