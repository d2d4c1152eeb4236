import Foundation
import StrataData
import TestSupport
import Testing

@Suite("Transport security (App Transport Security on Linux)")
struct TransportSecurityTests {
    @Test("HTTPS is always allowed", arguments: ["https://example.com/a", "https://127.0.0.1:8443"])
    func httpsIsAllowed(url: String) throws {
        #expect(TransportSecurity.production.violation(for: try #require(URL(string: url))) == nil)
    }

    @Test(
        "Loopback is an exception in development",
        arguments: [
            "http://127.0.0.1:8080/x", "http://127.9.0.3/", "http://localhost:1/", "http://[::1]:9/",
        ])
    func loopbackAllowedInDevelopment(url: String) throws {
        let url = try #require(URL(string: url))
        #expect(TransportSecurity.development.violation(for: url) == nil)
        #expect(TransportSecurity.production.violation(for: url) != nil)
    }

    @Test func otherHostsNeedAnExplicitExceptionAndTheErrorSaysHow() throws {
        let url = try #require(URL(string: "http://api.example.com/documents"))
        let violation = TransportSecurity.development.violation(for: url)
        #expect(violation == .insecureURL(host: "api.example.com"))
        #expect(violation?.localizedDescription.contains("plain HTTP to 'api.example.com'") == true)
        #expect(TransportSecurity.development.allowingHTTP(to: "API.example.com").violation(for: url) == nil)
    }

    @Test(
        "Look-alikes of loopback are not loopback",
        arguments: ["128.0.0.1", "127.0.0", "127.0.0.256", "127.0.0.1.evil.com", "localhost.evil.com"])
    func lookAlikes(host: String) {
        #expect(!TransportSecurity.isLoopback(host))
    }
}
