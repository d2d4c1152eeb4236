import Foundation
import HTTPTypes
import Platform
import StrataData
import Synchronization
import Testing

@testable import repl

/// The app's connections while the device has no network: every way out fails before it reaches
/// the transport beneath, and goes through again once the network is back.
@Suite("Connections gated by the device's network")
struct PathGatedTransportTests {
    /// A transport that counts what reached it and answers each with nothing useful.
    final class Counting: HTTPClientProtocol, LiveTransport {
        let reached = Mutex(0)

        func send(_ request: HTTPRequest, body: Data?) async throws(TransportError) -> (HTTPResponse, Data) {
            reached.withLock { $0 += 1 }
            return (HTTPResponse(status: .noContent), Data())
        }

        func upload(_ request: HTTPRequest, fromFile file: URL) async throws(TransportError) -> (HTTPResponse, Data) {
            reached.withLock { $0 += 1 }
            return (HTTPResponse(status: .noContent), Data())
        }

        func download(_ request: HTTPRequest) async throws(TransportError) -> (HTTPResponse, URL) {
            reached.withLock { $0 += 1 }
            return (HTTPResponse(status: .noContent), URL(fileURLWithPath: "/dev/null"))
        }

        func open(_ url: URL) async throws(LiveError) -> AsyncThrowingStream<String, any Error> {
            reached.withLock { $0 += 1 }
            return AsyncThrowingStream { $0.finish() }
        }
    }

    @Test func nothingLeavesWithoutANetworkAndEverythingDoesWithOne() async throws {
        let base = Counting()
        let path = NetworkPath(.none)
        let http = PathGatedHTTPClient(base: base, path: path)
        let live = PathGatedLiveTransport(base: base, path: path)
        let request = HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1:9", path: "/documents")
        let file = URL(fileURLWithPath: "/dev/null")
        await #expect(throws: TransportError.cannotConnect) { try await http.send(request, body: nil) }
        await #expect(throws: TransportError.cannotConnect) { try await http.upload(request, fromFile: file) }
        await #expect(throws: TransportError.cannotConnect) { try await http.download(request) }
        await #expect(throws: LiveError.cannotConnect("the device has no network")) {
            try await live.open(try #require(URL(string: "ws://127.0.0.1:9/live")))
        }
        #expect(base.reached.withLock { $0 } == 0)
        path.update(.cellular)
        _ = try await http.send(request, body: nil)
        _ = try await http.upload(request, fromFile: file)
        _ = try await http.download(request)
        _ = try await live.open(try #require(URL(string: "ws://127.0.0.1:9/live")))
        #expect(base.reached.withLock { $0 } == 4)
    }
}
