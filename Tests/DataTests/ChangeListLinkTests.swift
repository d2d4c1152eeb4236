import Domain
import Foundation
import HTTPTypes
import Synchronization
import TestSupport
import Testing

@testable import StrataData

/// A change list's answer names the page after it in a `Link` header (ADR 0043): the client
/// follows that address as given, and only on the API's own origin.
@Suite("Change list pages named by Link headers")
struct ChangeListLinkTests {
    static let request =
        URL(string: "http://127.0.0.1:8080/v1/documents?since=2&full=1&limit=2") ?? URL(fileURLWithPath: "/")

    @Test(
        arguments: [
            (
                #"</v1/documents?since=4&full=1&limit=2>; rel="next""#,
                "http://127.0.0.1:8080/v1/documents?since=4&full=1&limit=2"
            ),
            (#"<https://other.test/a>; rel="prev", <page-3>; rel=next"#, "http://127.0.0.1:8080/v1/page-3"),
            (#"<?cursor=x%2Fy>; REL="first NEXT""#, "http://127.0.0.1:8080/v1/documents?cursor=x%2Fy"),
        ])
    func theNextLinkIsResolvedAgainstTheRequest(header: String, expected: String) {
        #expect(APIClient.nextLink(header, relativeTo: Self.request)?.absoluteString == expected)
    }

    @Test(arguments: [nil, "", "garbage", #"<a>; rel="prev""#, #"<a>; title="next""#, #"<a"#])
    func aHeaderWithoutANextLinkNamesNone(header: String?) {
        #expect(APIClient.nextLink(header, relativeTo: Self.request) == nil)
    }

    @Test(
        arguments: [
            ("/v1/documents?since=4", true), ("http://127.0.0.1:8080/v1", true), ("/v1x/documents", false),
            ("/other/documents", false), ("http://127.0.0.1:9090/v1/documents", false),
            ("https://127.0.0.1:8080/v1/documents", false), ("http://localhost:8080/v1/documents", false),
        ])
    func onlyALinkUnderTheAPIsBaseURLIsHeard(link: String, heard: Bool) async throws {
        // Given an answer that names the page after it
        let http = ScriptedHTTPClient([
            ScriptedHTTPClient.json(
                200, #"{"documents":[],"deleted":[],"serverVersion":2,"more":true}"#,
                headers: ["Link": "<\(link)>; rel=\"next\""])
        ])
        let client = APIClient(
            baseURL: try #require(URL(string: "http://127.0.0.1:8080/v1")), http: http, security: .development,
            retry: .never, clock: ContinuousClock(), now: { Date() })
        // When the page is read
        let named = Mutex<[URL]>([])
        _ = try await client.getPage(
            .path("documents", query: []), as: FeatureChangesDTO<DocumentResource>.self
        ) { url in named.withLock { $0.append(url) } }
        // Then the link is heard only when it stays on the API's origin, under its path
        #expect(named.withLock { $0.count } == (heard ? 1 : 0))
    }

    @Test func thePullFollowsTheAddressTheServerNamedAsItCame() async throws {
        // Given a server whose first page names the second by an address of its own making
        let first = #"""
            {"documents":[{"etag":"\"d1-v1\"","id":1,"title":"One","body":"","tags":[],
             "createdAt":"2026-01-02T09:00:00Z","updatedAt":"2026-01-02T09:00:00Z","version":1}],
             "deleted":[],"serverVersion":1,"more":true}
            """#
        let second = #"{"documents":[],"deleted":[2],"serverVersion":2,"more":false}"#
        let http = ScriptedHTTPClient([
            ScriptedHTTPClient.json(200, first, headers: ["Link": #"</documents?cursor=opaque-2>; rel="next""#]),
            ScriptedHTTPClient.json(200, second),
        ])
        let folder = try ScratchFolder()
        let api = APIClient(
            baseURL: try #require(URL(string: "http://127.0.0.1:8080")), http: http, security: .development,
            retry: .never,
            clock: ContinuousClock(), now: { Date() })
        let stack = DataStack(
            database: try AppDatabase.open(at: folder.url.appendingPathComponent("link.sqlite")), api: api,
            monitor: NetworkMonitor(), now: { Date() }, configuration: .init(pullPageSize: 1))
        // When the device pulls
        let report = try await stack.sync.pull()
        // Then the second request went to that address, not to one the client made up
        #expect(http.requests.map(\.path) == ["/documents?since=0&full=1&limit=1", "/documents?cursor=opaque-2"])
        #expect(report.pulled == 1 && report.deleted == 1 && report.serverVersion == 2)
        let one = try #require(Document.ID.server(1))
        #expect(try await stack.documentRepository.document(id: one, policy: .localOnly).value.title == "One")
    }
}
