import Foundation
import Synchronization

/// Limits failed sign-ins per account and per address.
///
/// After `attempts` failures of an account (or `addressAttempts` from an address, which many
/// people may share) within `window`, it is refused, even with the right password, until the
/// oldest failure leaves the window. Guessing a password takes years, not seconds.
final class SignInLimiter: Sendable {
    private let attempts: Int
    private let addressAttempts: Int
    private let window: TimeInterval
    private let now: @Sendable () -> Date
    /// Failure times by key (`account:NAME`, `address:IP`).
    private let failures = Mutex<[String: [TimeInterval]]>([:])

    private enum Constants {
        /// The most keys remembered: a flood of made-up names cannot grow the map without bound.
        static let maxKeys = 10_000
    }

    init(attempts: Int, addressAttempts: Int, window: TimeInterval, now: @escaping @Sendable () -> Date) {
        self.attempts = attempts
        self.addressAttempts = addressAttempts
        self.window = window
        self.now = now
    }

    /// The seconds to wait before `account` may try from `address` again; nil when it may now.
    func wait(account: String, address: String?) -> Int? {
        let time = now().timeIntervalSince1970
        return failures.withLock { failures in
            keys(account, address).compactMap { key -> Int? in
                let recent = (failures[key] ?? []).filter { $0 > time - window }
                failures[key] = recent.isEmpty ? nil : recent
                let limit = key.hasPrefix("address:") ? addressAttempts : attempts
                guard recent.count >= limit, let oldest = recent.first else { return nil }
                return max(1, Int((oldest + window - time).rounded(.up)))
            }.max()
        }
    }

    /// Counts a failed sign-in of `account` from `address`.
    func failed(account: String, address: String?) {
        let time = now().timeIntervalSince1970
        failures.withLock { failures in
            if failures.count >= Constants.maxKeys {
                failures = failures.filter { $0.value.contains { $0 > time - window } }
                if failures.count >= Constants.maxKeys { failures.removeAll() }
            }
            for key in keys(account, address) { failures[key, default: []].append(time) }
        }
    }

    /// Forgets the failures of `account` (it signed in).
    func succeeded(account: String) {
        _ = failures.withLock { $0.removeValue(forKey: "account:\(account)") }
    }

    private func keys(_ account: String, _ address: String?) -> [String] {
        ["account:\(account)"] + (address.map { ["address:\($0)"] } ?? [])
    }
}
