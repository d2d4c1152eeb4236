import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// Turns Hummingbird requests into ``APIRequest``s, applies the gates and injected faults, and
/// dispatches to the resource, batch, attachment and admin routes.
///
/// The gates come before any body is read: a request for another host or from another origin,
/// an admin request without the admin token, a body larger than the limit, and a write without
/// a session are answered at once, so a body nobody may send costs the server no memory.
struct BackendRouter: HTTPResponder {
    typealias Context = BackendContext

    let core: BackendCore
    let admin: AdminRoutes
    let gate: RequestGate
    let logger: Logger

    private enum Constants {
        /// The largest request body the server reads (a batch of big documents fits).
        static let maxBodyBytes = 64 << 20
        /// How long a trickled body waits between bytes.
        static let trickleInterval = Duration.milliseconds(250)
        /// How much of a stored file one write sends.
        static let fileChunk = 1 << 16
    }

    func respond(to request: Request, context: Context) async throws -> Response {
        guard let components = URLComponents(string: request.head.path ?? "/") else {
            return response(.error("the request target is not a path", status: 400))
        }
        var request = request
        let parts = components.path.split(separator: "/").map(String.init)
        var api = APIRequest(
            method: request.method.rawValue, parts: parts,
            query: Dictionary((components.queryItems ?? []).map { ($0.name, $0.value ?? "") }) { first, _ in first },
            headers: Dictionary(request.headers.map { ($0.name.canonicalName, $0.value) }) { first, _ in first },
            body: Data())
        api.peer = context.remoteAddress
        // HTTP types carry `Host` as the request's authority, not among its fields.
        if let authority = request.head.authority { api.headers["host"] = authority }
        if let refusal = gate.refusal(api) { return response(refusal, closing: true) }
        if parts == ["live"] {
            core.controls.count("GET /live")
            return response(.error("GET /live is a web socket: ask for an upgrade", status: 400))
        }
        if AttachmentRoutes.handles(parts) { return await attachments(request, api) }
        if let length = request.headers[.contentLength].flatMap(Int.init), length > Constants.maxBodyBytes {
            return response(tooLarge(), closing: true)
        }
        let isAdmin = parts.first == "_admin"
        if !isAdmin, let refusal = refusalBeforeBody(api) { return response(refusal, closing: true) }
        do {
            api.body = Data(try await request.collectBody(upTo: Constants.maxBodyBytes).readableBytesView)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            return response(tooLarge(), closing: true)
        } catch {
            // A client that goes away before its body is complete changes nothing.
            return response(.error("the request body was cut off", status: 400), closing: true)
        }
        if let refusal = Self.notJSON(api) { return response(refusal) }
        if isAdmin { return response(logged(admin.answer(api), api)) }
        let fault = await takeFault(api)
        if let refusal = fault.refusal { return response(refusal) }
        return response(logged(route(api), api), spoiled: fault.body)
    }
}

// MARK: - Private

extension BackendRouter {
    private func tooLarge() -> Answer {
        .error("the body is larger than \(Constants.maxBodyBytes) bytes", status: 413)
    }

    /// The refusal of a body that does not say it is JSON (`application/json`, or a type ending
    /// in `+json`), which every route but the attachments' reads: a body is not read as JSON on a
    /// guess, and a browser may send `text/plain` to another origin without asking first.
    private static func notJSON(_ api: APIRequest) -> Answer? {
        guard !api.body.isEmpty else { return nil }
        let declared = api.header("Content-Type")
        let type = declared?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        if type == "application/json" || type.hasSuffix("+json") { return nil }
        return .error(
            "expected a JSON body (Content-Type: application/json), got \(declared.map { "'\($0)'" } ?? "none")",
            status: 415)
    }

    /// The answer a data route gives from the headers alone (a method it does not take, a write
    /// without a session), so such a body is never read.
    private func refusalBeforeBody(_ api: APIRequest) -> Answer? {
        do {
            if api.parts == ["batch"] { return api.method == "POST" ? try core.sessions.refusal(api) : nil }
            return try core.resources.refusalBeforeBody(api)
        } catch {
            return .error("the server could not answer: \(error)", status: 503, headers: ["Retry-After": "1"])
        }
    }

    /// Counts the request and applies the next injected fault: its latency now, and the status
    /// that answers instead of the route, if any.
    private func takeFault(_ api: APIRequest) async -> (refusal: Answer?, body: DemoBackend.BodyFault?) {
        core.controls.count(api.route)
        let fault = core.controls.takeFault(for: api.path)
        if fault.latencyMilliseconds > 0 { try? await Task.sleep(for: .milliseconds(fault.latencyMilliseconds)) }
        guard let status = fault.status else { return (nil, fault.body) }
        var headers: [String: String] = [:]
        headers["Retry-After"] = status.retryAfter
        return (logged(.error("injected fault \(status.status)", status: status.status, headers: headers), api), nil)
    }

    /// An attachments request: its body is read as it arrives (an upload may be far larger than
    /// any other body), and a download is sent from its file.
    private func attachments(_ request: Request, _ api: APIRequest) async -> Response {
        let fault = await takeFault(api)
        if let refusal = fault.refusal { return response(refusal, closing: true) }
        do {
            switch try await core.attachments.answer(api, body: request.body) {
            case .answer(let answer): return response(logged(answer, api), spoiled: fault.body)
            case .file(let file, let stored):
                _ = logged(Answer(status: 200, headers: [:], body: Data()), api)
                let handle = try FileHandle(forReadingFrom: file)
                let body = ResponseBody(contentLength: stored.size) { writer in
                    defer { try? handle.close() }
                    while let chunk = try handle.read(upToCount: Constants.fileChunk), !chunk.isEmpty {
                        try await writer.write(ByteBuffer(bytes: chunk))
                    }
                    try await writer.finish(nil)
                }
                return Response(status: .ok, headers: [.contentType: "application/octet-stream"], body: body)
            }
        } catch {
            logger.error("\(api.method) \(api.path) failed: \(error)")
            return response(.error("the server could not answer: \(error)", status: 503, headers: ["Retry-After": "1"]))
        }
    }

    private func logged(_ answer: Answer, _ request: APIRequest) -> Answer {
        logger.info("\(request.method) \(request.path) \(answer.status)")
        return answer
    }

    private func route(_ request: APIRequest) -> Answer {
        do {
            if let answer = try core.sessions.answer(request) { return answer }
            if let answer = try core.devices.answer(request) { return answer }
            if request.parts == ["batch"] { return try core.batch.answer(request) }
            if let answer = try core.resources.answer(request) { return answer }
            return .error("no route for \(request.method) \(request.path)", status: 404)
        } catch {
            logger.error("\(request.method) \(request.path) failed: \(error)")
            return .error("the server could not answer: \(error)", status: 503, headers: ["Retry-After": "1"])
        }
    }

    /// The response for `answer`; `closing` ends the connection after it (a body the request may
    /// still be sending is not read).
    private func response(
        _ answer: Answer, spoiled fault: DemoBackend.BodyFault? = nil, closing: Bool = false
    ) -> Response {
        var headers = HTTPFields()
        for (name, value) in answer.headers {
            if let name = HTTPField.Name(name) { headers[name] = value }
        }
        if closing { headers[.connection] = "close" }
        let status = HTTPResponse.Status(code: answer.status, reasonPhrase: Answer.phrase(answer.status))
        let bytes = answer.body
        switch fault {
        case .none:
            return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
        case .malformed:
            return Response(
                status: status, headers: headers,
                body: ResponseBody(byteBuffer: ByteBuffer(string: #"{"items": [{"id": "#)))
        case .dropped:
            // The length promises one byte more than the whole body; half of it goes, then the
            // connection closes.
            let body = ResponseBody(contentLength: bytes.count + 1) { writer in
                try await writer.write(ByteBuffer(bytes: bytes.prefix(bytes.count / 2)))
                throw DroppedConnection()
            }
            return Response(status: status, headers: headers, body: body)
        case .trickled:
            let body = ResponseBody(contentLength: bytes.count) { writer in
                for byte in bytes {
                    try await Task.sleep(for: Constants.trickleInterval)
                    try await writer.write(ByteBuffer(bytes: [byte]))
                }
                try await writer.finish(nil)
            }
            return Response(status: status, headers: headers, body: body)
        }
    }

    /// Ends a response halfway (the "dropped connection" fault).
    private struct DroppedConnection: Error {}
}

/// What a request's handler knows of its connection.
struct BackendContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The peer's IP address (sign-in attempts are limited per address).
    let remoteAddress: String

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress?.ipAddress ?? "unknown"
    }
}
