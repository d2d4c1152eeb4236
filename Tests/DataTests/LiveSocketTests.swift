import DemoBackend
import Foundation
import LoopbackSockets
import StrataData
import TestSupport
import Testing

/// The demo server's live socket over real web sockets (swift-websocket's client, Hummingbird's server).
@Suite("The live socket over loopback", .timeLimit(.minutes(1)))
struct LiveSocketTests {
    func socket(_ backend: DemoBackend) async throws -> AsyncThrowingStream<String, any Error> {
        let base = try await backend.start()
        // Generous: the connection is not what is tested, and a loaded machine is slow to answer
        return try await WebSocketLiveTransport(connectTimeout: .seconds(30)).open(
            try #require(LiveUpdates.socketURL(for: base)))
    }

    @Test func aHelloThenEveryChangeOfThisServerAndOfAnotherOnTheSameFolder() async throws {
        let folder = try ScratchFolder()
        let here = try DemoBackend(data: folder.url, sharing: .shared, signIn: .open)
        let there = try DemoBackend(data: folder.url, sharing: .shared, signIn: .open)
        var messages = try await socket(here).makeAsyncIterator()
        let hello = try await messages.next() ?? ""
        #expect(hello.hasPrefix(#"{"type":"hello","versions":{"#) && hello.contains(#""documents":3"#), "\(hello)")
        // A change on this server
        try await here.editElsewhere("documents", id: 2, fields: #"{"body":"Changed here"}"#)
        #expect(
            try await messages.next()
                == #"{"type":"change","collection":"documents","id":2,"version":2,"deleted":false,"serverVersion":4}"#)
        // A change on another server of the account, in another process as far as it knows
        try await there.editElsewhere("documents", id: 3, fields: #"{"body":"Changed there"}"#)
        #expect(try await messages.next()?.contains(#""id":3,"version":2"#) == true)
        await here.stop()
        await there.stop()
    }

    @Test func faultsDropTheSocketOrSendSomethingThatIsNotAnEvent() async throws {
        let backend = try DemoBackend(signIn: .open)
        var messages = try await socket(backend).makeAsyncIterator()
        _ = try await messages.next()  // the hello
        await backend.injectLiveFault(.malformed)
        #expect(try await messages.next() == #"{"type":"change","collection":"documents","id":"#)
        #expect(await backend.status().liveConnections == 1)
        await backend.injectLiveFault(.drop)
        #expect(try await messages.next() == nil)
        await backend.stop()
    }

    @Test func aServerWithoutTheRouteRefusesTheUpgradeInOneError() async throws {
        let backend = try DemoBackend(signIn: .open)
        let base = try await backend.start()
        var components = try #require(URLComponents(url: base, resolvingAgainstBaseURL: false))
        components.scheme = "ws"
        components.path = "/documents"
        await #expect(throws: LiveError.self) {
            try await WebSocketLiveTransport(connectTimeout: .seconds(2)).open(try #require(components.url))
        }
        await #expect(throws: LiveError.badURL("http://x/live")) {
            try await WebSocketLiveTransport(connectTimeout: .seconds(2)).open(
                try #require(URL(string: "http://x/live")))
        }
        await backend.stop()
    }

    /// `live status` showed SwiftNIO's description of its attempts while reconnecting
    /// (`Connection errors: SingleConnectionFailure(target: [IPv4]127.0.0.1/…`).
    @Test func aPortNothingListensOnIsOneLineInWords() async throws {
        // A bound socket that does not listen: every connection to it is refused.
        let (socket, port) = try LoopbackSocket.bound(port: 0, sharingAddress: false, listening: nil)
        defer { close(socket) }
        let url = try #require(URL(string: "ws://127.0.0.1:\(port)/live"))
        await #expect(throws: LiveError.cannotConnect("the server at 127.0.0.1 cannot be reached (connection refused)"))
        {
            try await WebSocketLiveTransport(connectTimeout: .seconds(10)).open(url)
        }
    }

    @Test func aServerThatNeverAnswersTheUpgradeIsGivenUpOnInTime() async throws {
        // A listener that takes connections and never answers: only the transport's timeout ends the wait
        let (listener, port) = try LoopbackSocket.bound(port: 0, sharingAddress: false, listening: 4)
        defer { close(listener) }
        let url = try #require(URL(string: "ws://127.0.0.1:\(port)/live"))
        let error = await #expect(throws: LiveError.self) {
            try await WebSocketLiveTransport(connectTimeout: .milliseconds(200)).open(url)
        }
        #expect(
            error?.localizedDescription.contains("no answer from 127.0.0.1") == true, "\(String(describing: error))")
    }
}
