import DemoBackend
import Domain
import Foundation
import HTTPTypes
import StrataData
import Testing

/// Cancelling a request as its answer arrives must never hang the process.
///
/// FoundationNetworking's own `async` methods cancel under the Swift task's status lock and then
/// wait for the session's queue, which can be resuming that same task: a deadlock caught with gdb
/// in a test REPL. Whatever the transport, a cancellation at any moment of an exchange ends it.
@Suite("Cancelled requests")
struct CancelledRequestTests {
    @Test(.timeLimit(.minutes(1))) func requestsCancelledAtEveryMomentAllEnd() async throws {
        let live = try await LiveBackend.start()
        defer { Task { await live.backend.stop() } }
        let http = NIOHTTPClient(timeout: 10)
        let request = HTTPRequest(
            method: .get, scheme: "http",
            authority: live.client.baseURL.host.map { "\($0):\(live.client.baseURL.port ?? 80)" },
            path: "/documents/1")
        // Cancellations spread over twice what one whole exchange takes here and now, so that some
        // come before the request goes out, some while it is answered and some after the answer.
        // (The first exchange opens the connection the others reuse: it is not measured.)
        _ = try await http.send(request, body: nil)
        let whole = try await ContinuousClock().measure { _ = try await http.send(request, body: nil) }
        let span = min(max(Int(whole / .microseconds(1)) * 2, 100), 20_000)
        var generator = SystemRandomNumberGenerator()
        var answered = 0
        for _ in 0..<400 {
            let delay = Duration.microseconds(Int.random(in: 0...span, using: &generator))
            let exchange = Task { try await http.send(request, body: nil) }
            try await Task.sleep(for: delay)
            exchange.cancel()
            // Every exchange ends: with its answer, or as cancelled.
            switch await exchange.result {
            case .success((let response, _)):
                #expect(response.status == .ok)
                answered += 1
            case .failure(let error):
                #expect(error as? TransportError == .cancelled, "\(error)")
            }
        }
        #expect(answered > 0, "some answers arrived before their cancellation")
    }
}
