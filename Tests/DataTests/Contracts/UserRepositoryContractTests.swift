import Domain
import StrataData
import TestSupport
import Testing

/// What every ``UserRepositoryProtocol`` promises, against the production repository and the fake.
@Suite("UserRepository contract")
struct UserRepositoryContractTests {
    enum Implementation: String, CaseIterable, CustomTestStringConvertible {
        case production, fake

        var testDescription: String { rawValue }

        func make() async throws -> (repository: any UserRepositoryProtocol, keepAlive: Any?) {
            switch self {
            case .production:
                let stack = try await DocumentRepositoryIntegrationTests.Stack.make()
                return (stack.users, stack)
            case .fake:
                let users = [
                    User(id: 1, name: "Ada Lovelace", email: "ada@example.com", bio: "Writes the first programs."),
                    User(id: 2, name: "Grace Hopper", email: "grace@example.com", bio: "Finds the bugs."),
                ]
                return (FakeUserRepository(users: users), nil)
            }
        }
    }

    @Test(arguments: Implementation.allCases)
    func readsAProfileAndSaysWhichIsMissing(_ implementation: Implementation) async throws {
        let (repository, keepAlive) = try await implementation.make()
        defer { withExtendedLifetime(keepAlive) {} }
        let grace = try await repository.user(id: 2, policy: .cacheFirst).value
        #expect(grace.name == "Grace Hopper" && grace.email == "grace@example.com")
        await #expect(throws: UserError.notFound(id: 99)) { try await repository.user(id: 99, policy: .cacheFirst) }
    }
}
