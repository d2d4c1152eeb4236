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

    @Test func validationErrorsAreKeyedByTheirField() {
        #expect(UserMessages.fieldMessages(for: .emptyTitle) == [.title: "A title is required"])
        #expect(UserMessages.fieldMessages(for: .tooManyTags(max: 20)) == [.tags: "Too many tags (at most 20)"])
        #expect(UserMessages.fieldMessages(for: .unavailable).isEmpty)
    }
}
