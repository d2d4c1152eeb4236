import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The session delegate that reads each answer's body as it arrives and stops one at its limit:
/// a task whose body grows past `limit` bytes (or says it will) is cancelled then, so a hostile
/// server's huge answer costs the app at most `limit` bytes of its own, not the whole answer.
final class BoundedBodies: NSObject, URLSessionDataDelegate, Sendable {
    /// A task's answer so far, and whom to tell when it ends.
    private struct Pending {
        var data = Foundation.Data()
        var response: URLResponse?
        var tooLarge = false
        let finish: @Sendable (Foundation.Data?, URLResponse?, (any Error)?) -> Void
    }

    /// Why a task ended early: its body would have passed the limit.
    struct TooLarge: Error {}

    let limit: Int
    private let pending = Mutex<[Int: Pending]>([:])

    init(limit: Int) {
        self.limit = limit
    }

    /// Follows `task` until it ends, then calls `finish` with its whole body (or the error).
    func track(
        _ task: URLSessionTask, finish: @escaping @Sendable (Foundation.Data?, URLResponse?, (any Error)?) -> Void
    ) {
        pending.withLock { $0[task.taskIdentifier] = Pending(finish: finish) }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let allowed = response.expectedContentLength <= Int64(limit)
        pending.withLock { tasks in
            tasks[dataTask.taskIdentifier]?.response = response
            if !allowed { tasks[dataTask.taskIdentifier]?.tooLarge = true }
        }
        completionHandler(allowed ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Foundation.Data) {
        let over = pending.withLock { tasks -> Bool in
            guard var task = tasks[dataTask.taskIdentifier], !task.tooLarge else { return false }
            if task.data.count + data.count > limit {
                task.tooLarge = true
                task.data = Foundation.Data()
            } else {
                task.data.append(data)
            }
            tasks[dataTask.taskIdentifier] = task
            return task.tooLarge
        }
        if over { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let done = pending.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if done.tooLarge {
            done.finish(nil, done.response, TooLarge())
        } else if let error {
            done.finish(nil, done.response, error)
        } else {
            done.finish(done.data, done.response, nil)
        }
    }
}
