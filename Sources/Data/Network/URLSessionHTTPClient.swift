public import Foundation
public import HTTPTypes
import HTTPTypesFoundation
import Logging
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends requests with `URLSession` (FoundationNetworking on Linux), the same code iOS teams use.
///
/// URLSession's own HTTP cache is switched off: revalidation with ETags is the data source's job.
public final class URLSessionHTTPClient: HTTPClientProtocol {
    private let session: URLSession
    /// Reads every answer's body as it arrives, up to `maxBodyBytes`.
    private let bodies: BoundedBodies
    /// Uploads and downloads: the same idle timeout, but as long as a large file needs in all;
    /// made at the first transfer (most clients never make one).
    private let transferSession = Mutex<URLSession?>(nil)
    private let configuration: URLSessionConfiguration
    private let maxBodyBytes: Int
    private let logger = Logger(label: "strata.data.http")

    /// Creates a client; `timeout` bounds each request, `maxBodyBytes` each response body.
    public init(timeout: TimeInterval, maxBodyBytes: Int = 10 * 1_048_576) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout * 2
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpShouldSetCookies = false
        let bodies = BoundedBodies(limit: maxBodyBytes)
        session = URLSession(configuration: configuration, delegate: bodies, delegateQueue: nil)
        self.bodies = bodies
        self.configuration = configuration
        self.maxBodyBytes = maxBodyBytes
    }

    deinit {
        session.invalidateAndCancel()
        transferSession.withLock { $0?.invalidateAndCancel() }
        logger.debug("deinit URLSessionHTTPClient")
    }

    /// Sends the request and returns whatever status came back.
    public func send(_ request: HTTPRequest, body: Foundation.Data?) async throws(TransportError) -> (
        HTTPResponse, Foundation.Data
    ) {
        guard var urlRequest = URLRequest(httpRequest: request) else { throw .other("not a valid request") }
        urlRequest.httpBody = body
        return try await exchange(urlRequest, through: session)
    }
}

extension URLSessionHTTPClient {
    /// The session for uploads and downloads.
    private var transfers: URLSession {
        transferSession.withLock { session in
            if let session { return session }
            let configuration = configuration.copy() as? URLSessionConfiguration ?? .ephemeral
            configuration.timeoutIntervalForResource = Constants.transferLimit
            let made = URLSession(configuration: configuration, delegate: bodies, delegateQueue: nil)
            session = made
            return made
        }
    }

    /// Sends the file as the body, read from disk as the upload goes.
    public func upload(_ request: HTTPRequest, fromFile file: URL) async throws(TransportError) -> (
        HTTPResponse, Foundation.Data
    ) {
        guard var urlRequest = URLRequest(httpRequest: request), let stream = InputStream(url: file) else {
            throw .other("not a valid request")
        }
        // A body stream (sent chunked), not `upload(for:fromFile:)`: FoundationNetworking's file
        // upload raises the peak memory of a large upload (figures in ADR 0033).
        urlRequest.httpBodyStream = stream
        return try await exchange(urlRequest, through: transfers)
    }

    /// Writes the response body to a temporary file as it arrives.
    public func download(_ request: HTTPRequest) async throws(TransportError) -> (HTTPResponse, URL) {
        guard let urlRequest = URLRequest(httpRequest: request) else { throw .other("not a valid request") }
        let file: URL
        let response: URLResponse
        let transfers = transfers
        do {
            (file, response) = try await Self.exchange { finish in
                transfers.downloadTask(with: urlRequest) { location, response, error in
                    // The session removes its file once this returns: keep it under a name of our own.
                    let kept = location.flatMap { location -> URL? in
                        let kept = FileManager.default.temporaryDirectory.appendingPathComponent(
                            "strata-download-\(UUID().uuidString)")
                        return (try? FileManager.default.moveItem(at: location, to: kept)) == nil ? nil : kept
                    }
                    finish(
                        kept, response, error ?? (location != nil && kept == nil ? URLError(.cannotWriteToFile) : nil))
                }
            }
        } catch {
            throw Self.transportError(error)
        }
        guard let http = (response as? HTTPURLResponse)?.httpResponse else {
            try? FileManager.default.removeItem(at: file)
            throw .other("not an HTTP response")
        }
        return (http, file)
    }
}

// MARK: - Private

extension URLSessionHTTPClient {
    /// Sends `request` through `session` and reads the answer's body up to `maxBodyBytes`.
    private func exchange(_ request: URLRequest, through session: URLSession) async throws(TransportError) -> (
        HTTPResponse, Foundation.Data
    ) {
        let data: Foundation.Data
        let response: URLResponse
        let bodies = bodies
        do {
            (data, response) = try await Self.exchange { finish in
                let task = session.dataTask(with: request)
                bodies.track(task, finish: finish)
                return task
            }
        } catch is BoundedBodies.TooLarge {
            throw .bodyTooLarge(limit: maxBodyBytes)
        } catch {
            throw Self.transportError(error)
        }
        guard let http = (response as? HTTPURLResponse)?.httpResponse else { throw .other("not an HTTP response") }
        return (http, data)
    }

    /// Runs one session task to its end; cancelling the Swift task cancels it.
    ///
    /// Not FoundationNetworking's `async` methods: their cancellation handler calls
    /// `URLSessionTask.cancel()`, which waits for the session's queue while holding the Swift
    /// task's status lock, and the session's queue, finishing that same task, waits for the status
    /// lock to resume it. The process then hangs for good (caught with gdb in a test REPL whose
    /// read was cancelled as its answer arrived). Here the handler only hands the cancel to
    /// another thread.
    private static func exchange<Value: Sendable>(
        _ start: (@escaping @Sendable (Value?, URLResponse?, (any Error)?) -> Void) -> URLSessionTask
    ) async throws -> (Value, URLResponse) {
        let running = RunningTask()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = start { value, response, error in
                    if let value, let response {
                        continuation.resume(returning: (value, response))
                    } else {
                        continuation.resume(throwing: error ?? URLError(.badServerResponse))
                    }
                }
                running.start(task)
            }
        } onCancel: {
            running.cancel()
        }
    }

    private enum Constants {
        /// The longest an upload or a download may take in all (an hour, as a background
        /// session's default allows a day).
        static let transferLimit: TimeInterval = 3_600
    }

    private static func transportError(_ error: any Error) -> TransportError {
        if error is CancellationError { return .cancelled }
        guard let urlError = error as? URLError else { return .other("\(error)") }
        switch urlError.code {
        case .cancelled: return .cancelled
        case .timedOut: return .timedOut
        case .cannotConnectToHost, .cannotFindHost, .notConnectedToInternet, .dnsLookupFailed: return .cannotConnect
        case .networkConnectionLost, .badServerResponse, .cannotParseResponse: return .connectionLost
        default: return .other("\(urlError.localizedDescription) (URLError \(urlError.code.rawValue))")
        }
    }
}

/// A session task and whether the Swift task that started it was cancelled, in either order.
private final class RunningTask: Sendable {
    private let state = Mutex<(task: URLSessionTask?, cancelled: Bool)>((nil, false))

    /// Starts `task`, and cancels it at once if the Swift task already was.
    func start(_ task: URLSessionTask) {
        let cancelled = state.withLock { state in
            state.task = task
            return state.cancelled
        }
        task.resume()
        if cancelled { Self.cancelElsewhere(task) }
    }

    /// Cancels the task if it has started; marks it to be cancelled when it starts otherwise.
    func cancel() {
        let task = state.withLock { state in
            state.cancelled = true
            return state.task
        }
        if let task { Self.cancelElsewhere(task) }
    }

    /// `URLSessionTask.cancel()` waits for the session's queue: never from a cancellation handler.
    private static func cancelElsewhere(_ task: URLSessionTask) {
        DispatchQueue.global().async { task.cancel() }
    }
}
