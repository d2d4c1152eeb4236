import DemoBackend
import Foundation
import TestSupport
import Testing

/// `GET /documents?limit=N&after=CURSOR`: keyset pages of the list, with an opaque `next`.
@Suite("The demo server's list pages")
struct ListPageTests {
    let backend: DemoBackend
    let client: ServerClient

    init() async throws {
        backend = try DemoBackend(signIn: .open)
        client = ServerClient(baseURL: try await backend.start())
    }

    func page(_ query: String) async throws -> (ids: [Int], next: String?, reply: ServerClient.Reply) {
        let reply = try await client.send("GET", "/documents?\(query)")
        let items = reply.object["items"] as? [[String: Any]] ?? []
        return (items.compactMap { $0["id"] as? Int }, reply.object["next"] as? String, reply)
    }

    static func escaped(_ cursor: String) -> String {
        cursor.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? cursor
    }

    @Test func pagesWalkTheListInItsOrderAndTheLastSaysSo() async throws {
        let whole = try await page("")
        #expect(whole.ids == [3, 2, 1] && whole.reply.object.keys.contains("next") == false)
        let first = try await page("limit=2")
        #expect(first.ids == [3, 2])
        let cursor = try #require(first.next)
        let second = try await page("limit=2&after=\(Self.escaped(cursor))")
        #expect(second.ids == [1] && second.reply.object["next"] is NSNull)
        #expect(second.reply.headers["etag"] != first.reply.headers["etag"])
    }

    @Test func aChangeListPageNamesTheNextInALinkHeaderThatAnswersAsSinceDoes() async throws {
        // Given the sample documents' changes, two by two
        let first = try await client.send("GET", "/documents?since=0&full=1&limit=2")
        #expect(first.object["more"] as? Bool == true)
        let reached = try #require(first.object["serverVersion"] as? Int)
        // Then the answer names the page after it, which is the page after its serverVersion
        let link = try #require(first.headers["link"])
        let reference = try #require(link.split(separator: ">").first.map { String($0.dropFirst()) })
        #expect(link.hasPrefix("</documents?") && link.hasSuffix(#">; rel="next""#))
        let followed = try await client.send("GET", reference)
        let asked = try await client.send("GET", "/documents?since=\(reached)&full=1&limit=2")
        #expect(followed.status == 200 && followed.body == asked.body)
        // And the last page names none
        var last = followed
        while last.object["more"] as? Bool == true {
            let next = try #require(last.headers["link"]?.split(separator: ">").first.map { String($0.dropFirst()) })
            last = try await client.send("GET", next)
        }
        #expect(last.status == 200 && last.headers["link"] == nil)
    }

    @Test func aCursorWhoseItemWasDeletedStillSaysWhereToGoOn() async throws {
        let first = try await page("limit=1")
        #expect(first.ids == [3])
        #expect(try await client.send("DELETE", "/documents/3").status == 204)
        let rest = try await page("limit=5&after=\(Self.escaped(try #require(first.next)))")
        #expect(rest.ids == [2, 1])
    }

    @Test func afterAloneGivesAPageOfFifty() async throws {
        let first = try await page("limit=1")
        let rest = try await page("after=\(Self.escaped(try #require(first.next)))")
        #expect(rest.ids == [2, 1] && rest.reply.object["next"] is NSNull)
    }

    @Test(
        "A bad limit or cursor is one clear 400",
        arguments: [
            "limit=0", "limit=-1", "limit=1000000000", "limit=x", "after=xyz", "after=p1.!!!", "after=p1.",
            "limit=1&after=p1.MTox", "full=1&after=p1.MTox",
        ])
    func badPages(query: String) async throws {
        let reply = try await client.send("GET", "/documents?\(query)")
        #expect(reply.status == 400 && reply.object["error"] is String, "\(reply.text)")
    }

    @Test(arguments: ["since=-1", "since=x", "since=9007199254740992&full=1"])
    func aChangeNumberOutOfRangeNamesTheRange(query: String) async throws {
        let reply = try await client.send("GET", "/documents?\(query)")
        #expect(reply.status == 400, "\(reply.text)")
        #expect(reply.object["error"] as? String == "since must be a whole number from 0 to 9007199254740991")
    }

    @Test func aCursorFromAnotherQueryIsRefused() async throws {
        let searched = try await page("q=a&limit=1")
        let cursor = Self.escaped(try #require(searched.next))
        let other = try await client.send("GET", "/documents?limit=1&after=\(cursor)")
        #expect(other.status == 400)
        #expect(
            other.object["error"] as? String
                == "the cursor belongs to another list: ask the collection, q and since it came with")
        #expect(try await page("q=a&limit=1&after=\(cursor)").reply.status == 200)
    }

    /// A documents' cursor was taken by another collection's list, which answered an empty page.
    @Test func aCursorFromAnotherCollectionIsRefused() async throws {
        let cursor = Self.escaped(try #require(try await page("limit=1").next))
        let other = try await client.send("GET", "/users?limit=1&after=\(cursor)")
        #expect(other.status == 400, "\(other.text)")
    }

    @Test(arguments: ["%00", "a%00b", "zzz%00"])
    func aSearchForTextWithUPlus0000IsRefusedNotCutShort(query: String) async throws {
        // SQLite would search up to the NUL only: '%00' alone matched every document
        let reply = try await client.send("GET", "/documents?q=\(query)")
        #expect(reply.status == 400 && reply.object["error"] as? String == "q must not contain U+0000", "\(reply.text)")
    }
}
