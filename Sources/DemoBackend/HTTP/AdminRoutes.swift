import Foundation
import Synchronization

/// `/_admin/…`: the controls of ``DemoBackend`` over HTTP, so a second process (the shell's
/// `server …` commands) can drive a standalone server.
///
/// Loopback only, never counted, never spoiled by a fault. The shapes are the ones
/// ``DemoBackendAdmin`` sends and reads.
struct AdminRoutes: Sendable {
    let core: BackendCore

    struct StatusFaultBody: Codable {
        let status: Int
        let count: Int?
        let retryAfter: String?
        let path: String?
    }

    struct BodyFaultBody: Codable {
        let fault: String
        let count: Int?
        let path: String?
    }

    struct LatencyBody: Codable {
        let milliseconds: Int
    }

    struct BurstBody: Codable {
        let count: Int
    }

    struct BurstAnswer: Codable {
        let serverVersion: Int
    }

    struct LiveFaultBody: Codable {
        let fault: String
    }

    func answer(_ request: APIRequest) -> Answer {
        let parts = Array(request.parts.dropFirst())
        do {
            switch (request.method, parts.first, parts.count) {
            case ("GET", "status", 1):
                return .json(core.status(running: true, baseURL: core.address.withLock { $0 }))
            case ("POST", "reset", 1):
                try core.reset()
                return .noContent
            case ("POST", "end-sessions", 1):
                try core.endSessions()
                return .noContent
            case ("POST", "faults", 1):
                let fault = try decode(StatusFaultBody.self, request)
                guard (400...599).contains(fault.status) else {
                    return .error("status must be 400 to 599", status: 422)
                }
                core.controls.add(
                    BackendControls.StatusFault(status: fault.status, retryAfter: fault.retryAfter),
                    count: fault.count ?? 1, path: try fault.path.map(RequestPath.init))
                return .noContent
            case ("POST", "body-faults", 1):
                let fault = try decode(BodyFaultBody.self, request)
                guard let kind = DemoBackend.BodyFault(rawValue: fault.fault) else {
                    return .error("fault must be malformed, dropped or trickled", status: 422)
                }
                core.controls.add(kind, count: fault.count ?? 1, path: try fault.path.map(RequestPath.init))
                return .noContent
            case ("POST", "burst", 1):
                let burst = try decode(BurstBody.self, request)
                guard (1...100_000).contains(burst.count) else {
                    return .error("count must be 1 to 100000", status: 422)
                }
                return .json(BurstAnswer(serverVersion: try core.burst(burst.count)))
            case ("POST", "live-faults", 1):
                let fault = try decode(LiveFaultBody.self, request)
                guard let kind = DemoBackend.LiveFault(rawValue: fault.fault) else {
                    return .error("fault must be drop or malformed", status: 422)
                }
                core.injectLiveFault(kind)
                return .noContent
            case ("PUT", "latency", 1):
                let latency = try decode(LatencyBody.self, request)
                core.controls.setLatency(milliseconds: latency.milliseconds)
                return .noContent
            case ("POST", "edit", 3):
                guard let id = Int(parts[2]) else { return .error("no resource \(parts[2])", status: 404) }
                let changes = try decode([String: JSONValue].self, request)
                if let refusal = try core.edit(parts[1], id: id, changes: changes) {
                    return .error(refusal.message, status: refusal.status)
                }
                return .noContent
            default:
                return .error("no admin route for \(request.method) \(request.path)", status: 404)
            }
        } catch let refusal as AdminRefusal {
            return .error(refusal.message, status: 400)
        } catch DemoBackendError.rejected(let status, let message) {
            return .error(message, status: status)
        } catch {
            return .error("the server failed: \(error)", status: 500)
        }
    }

    private struct AdminRefusal: Error {
        let message: String
    }

    private func decode<Value: Decodable>(_ type: Value.Type, _ request: APIRequest) throws -> Value {
        do {
            return try ServerJSON.decoder.decode(type, from: request.body)
        } catch {
            throw AdminRefusal(message: "the body of \(request.method) \(request.path) does not fit")
        }
    }
}
