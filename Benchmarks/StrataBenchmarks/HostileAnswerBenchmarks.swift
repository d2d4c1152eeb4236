import Foundation
import Glibc
import LoopbackSockets

extension BenchmarkApp {
    /// How much the hostile server sends to each connection.
    static let floodMegabytes = 300

    /// Peak RSS of a REPL whose server answers every request with 300 MB of a chunked body (no
    /// length said up front): the client's body limit, with backpressure on the socket, is what
    /// keeps it near the REPL's own baseline (ADR 0047).
    static func hostileAnswerRSS() throws -> ReportRow {
        let name = "Peak RSS of a REPL answered with 300 MB of a chunked body (docs show, target < 60 MB)"
        guard sibling("repl") != nil else {
            return ReportRow(name: "\(name) (repl not built)", value: 0, unit: .megabytes)
        }
        let port = try ChunkedFlood.start(megabytes: floodMegabytes)
        let output = try runSelf(["--flood-rss", "\(port)"])
        let bytes = Double(output.split(separator: " ").first.flatMap { Int($0) } ?? 0)
        return ReportRow(name: name, value: bytes / 1_048_576, unit: .megabytes, target: .atMost(60))
    }

    /// In a child of its own (so the peak is the REPL's alone): runs `docs show 1` against the
    /// flood on `port` and prints the REPL's peak RSS in bytes.
    static func floodInChild(_ arguments: [String]) throws {
        guard let port = arguments.first, let repl = sibling("repl") else {
            throw BenchmarkError.unexpected("arguments")
        }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("strata-flood-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let output = try run(
            repl, ["--home", home.path, "--remote", "http://127.0.0.1:\(port)", "--format", "plain"],
            input: "docs show 1\nquit\n")
        guard !output.contains("Welcome") else { throw BenchmarkError.unexpected("the REPL showed a document") }
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        print("\(usage.ru_maxrss * 1024) bytes peak")
    }
}

/// A server that answers whatever it is asked with a chunked body of a given size, sent as fast as
/// the client's socket takes it, from one buffer (so it costs this process nothing per byte).
private enum ChunkedFlood {
    /// Starts listening on a loopback port of its own and returns it; serves until the process ends.
    static func start(megabytes: Int) throws -> Int {
        let (listener, port) = try LoopbackSocket.bound(port: 0, sharingAddress: false, listening: 8)
        Thread.detachNewThread {
            while true {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { return }
                Thread.detachNewThread { flood(connection, megabytes: megabytes) }
            }
        }
        return port
    }

    private static func flood(_ connection: Int32, megabytes: Int) {
        defer { close(connection) }
        var request = [UInt8](repeating: 0, count: 16_384)
        guard read(connection, &request, request.count) > 0 else { return }
        let chunk = Array(
            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
        let body = Array("100000\r\n".utf8) + [UInt8](repeating: 0x20, count: 1 << 20) + Array("\r\n".utf8)
        guard sendAll(connection, chunk) else { return }
        for _ in 0..<megabytes where !sendAll(connection, body) { return }
        _ = sendAll(connection, Array("0\r\n\r\n".utf8))
    }

    /// Whether every byte went out before the client hung up.
    private static func sendAll(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                raw.baseAddress.map { send(connection, $0 + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) } ?? -1
            }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }
}
