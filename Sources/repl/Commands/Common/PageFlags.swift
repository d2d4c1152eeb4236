import Domain
import ShellKit

/// `--limit N` and `--after CURSOR`, shared by every list that pages (`docs list`, a feature's
/// `<name> list`).
enum PageFlags {
    /// The flags' specs.
    static let specs = [
        FlagSpec(name: "--limit", valueName: "N", help: "One page of at most N (1 to 500), with the next cursor"),
        FlagSpec(name: "--after", valueName: "CURSOR", help: "The page after a cursor a page printed"),
    ]

    /// The page the flags ask for (50 items when only `--after` is given); nil without either.
    ///
    /// The size's range is the Domain's rule, checked by the list's use case; here only its
    /// form, and the cursor's, are read.
    static func request(_ arguments: ParsedArguments, invalidCursor: String) throws(CommandFailure) -> PageRequest? {
        guard arguments.flag("--limit") != nil || arguments.flag("--after") != nil else { return nil }
        let limitText = arguments.flag("--limit") ?? "50"
        guard let limit = Int(limitText) else {
            throw CommandFailure("--limit takes a whole number from 1 to \(PageRequest.maxLimit), not '\(limitText)'")
        }
        var after: PageCursor?
        if let text = arguments.flag("--after") {
            guard let cursor = PageCursor(rawValue: text) else { throw CommandFailure(invalidCursor) }
            after = cursor
        }
        return PageRequest(limit: limit, after: after)
    }
}
