import Domain
import Presentation
import TestSupport
import Testing

@Suite("User-facing messages")
struct UserMessagesTests {
    @Test func domainErrorsAreWordedForPeople() {
        #expect(UserMessages.text(for: DocumentError.unauthorized) == "Please log in again")
        #expect(UserMessages.text(for: DocumentError.notFound(id: 4)) == "Document 4 was not found")
        #expect(UserMessages.text(for: UserError.notFound(id: 2)) == "User 2 was not found")
    }
}
