import FlyingFox
import Foundation
import Logging

/// Turns FlyingFox requests into ``APIRequest``s, applies injected faults, and dispatches to
/// the resource, batch and admin routes.
struct BackendRouter: Sendable {
    let core: BackendCore
    let admin: AdminRoutes
    let logger: Logger

    private enum Constants {
        /// The largest request body the server reads (a batch of big documents fits).
        static let maxBodyBytes = 64 << 20
        /// How long a trickled body waits between bytes.
        static let trickleInterval = Duration.milliseconds(250)
    }

    func respond(to request: HTTPRequest) async -> HTTPResponse {
        let parts = request.path.split(separator: "/").map(String.init)
        if parts == ["live"], request.method == .GET {
            core.controls.count("GET /live")
            do {
                return try await LiveSocket(feed: core.live).handler.handleRequest(request)
            } catch {
                return response(.error("cannot open the live socket: \(error)", status: 400))
            }
        }
        if AttachmentRoutes.handles(parts) { return await attachments(request, parts) }
        if let length = request.headers[.contentLength].flatMap(Int.init), length > Constants.maxBodyBytes {
            return response(.error("the body is larger than \(Constants.maxBodyBytes) bytes", status: 413))
        }
        // A client that goes away before its body is complete changes nothing.
        guard let body = try? await request.bodyData else {
            return response(.error("the request body was cut off", status: 400))
        }
        let api = apiRequest(request, parts, body: body)
        if parts.first == "_admin" { return response(logged(admin.answer(api), api)) }
        let fault = await takeFault(api)
        if let refusal = fault.refusal { return response(refusal) }
        return response(logged(route(api), api), spoiled: fault.body)
    }

    /// The request as the routes see it.
    private func apiRequest(_ request: HTTPRequest, _ parts: [String], body: Data) -> APIRequest {
        APIRequest(
            method: request.method.rawValue, parts: parts,
            query: Dictionary(request.query.map { ($0.name, $0.value) }) { first, _ in first },
            headers: Dictionary(request.headers.map { ($0.key.rawValue.lowercased(), $0.value) }) { first, _ in first },
            body: body)
    }

    /// Counts the request and applies the next injected fault: its latency now, and the status
    /// that answers instead of the route, if any.
    private func takeFault(_ api: APIRequest) async -> (refusal: Answer?, body: DemoBackend.BodyFault?) {
        core.controls.count(api.route)
        let fault = core.controls.takeFault()
        if fault.latencyMilliseconds > 0 { try? await Task.sleep(for: .milliseconds(fault.latencyMilliseconds)) }
        guard let status = fault.status else { return (nil, fault.body) }
        var headers: [String: String] = [:]
        headers["Retry-After"] = status.retryAfter
        return (logged(.error("injected fault \(status.status)", status: status.status, headers: headers), api), nil)
    }

    /// An attachments request: its body is read as it arrives (an upload may be far larger than
    /// any other body), and a download is sent from its file.
    private func attachments(_ request: HTTPRequest, _ parts: [String]) async -> HTTPResponse {
        let api = apiRequest(request, parts, body: Data())
        let fault = await takeFault(api)
        if let refusal = fault.refusal { return response(refusal) }
        do {
            switch try await core.attachments.answer(api, body: request.bodySequence) {
            case .answer(let answer): return response(logged(answer, api), spoiled: fault.body)
            case .file(let file, let stored):
                _ = logged(Answer(status: 200, headers: [:], body: Data()), api)
                let body = try HTTPBodySequence(file: file, suggestedBufferSize: 1 << 16)
                return HTTPResponse(
                    statusCode: .ok,
                    headers: [.contentType: "application/octet-stream", .contentLength: String(stored.size)],
                    body: body)
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

    private func response(_ answer: Answer, spoiled fault: DemoBackend.BodyFault? = nil) -> HTTPResponse {
        var headers: HTTPHeaders = [:]
        for (name, value) in answer.headers { headers[HTTPHeader(name)] = value }
        let status = HTTPStatusCode(answer.status, phrase: Answer.phrase(answer.status))
        let bytes = [UInt8](answer.body)
        switch fault {
        case .none:
            return HTTPResponse(statusCode: status, headers: headers, body: answer.body)
        case .malformed:
            return HTTPResponse(statusCode: status, headers: headers, body: Data(#"{"items": [{"id": "#.utf8))
        case .dropped:
            let body = TruncatedBody(bytes: bytes + Array(" ".utf8))
            return HTTPResponse(
                statusCode: status, headers: headers, body: HTTPBodySequence(from: body, count: bytes.count + 1))
        case .trickled:
            let body = TrickledBody(bytes: bytes, interval: Constants.trickleInterval)
            return HTTPResponse(
                statusCode: status, headers: headers, body: HTTPBodySequence(from: body, count: bytes.count))
        }
    }
}
