// The scenario `make client-check` runs against a demo server: the client Apple's generator makes
// from Docs/openapi.yaml lists, signs in, creates, updates with If-Match, is refused a stale
// If-Match and deletes. Each step prints one line; the first that fails ends the run with status 1.
import Foundation
import OpenAPIRuntime
import OpenAPIURLSession

struct StepFailure: Error, CustomStringConvertible {
    let description: String
}

func step(_ name: String, _ body: () async throws -> String) async {
    do {
        print("ok    \(name): \(try await body())")
    } catch {
        print("FAIL  \(name): \(error)")
        exit(1)
    }
}

func unexpected(_ output: some Any) -> StepFailure { StepFailure(description: "unexpected answer \(output)") }

guard CommandLine.arguments.count == 2, let serverURL = URL(string: CommandLine.arguments[1]) else {
    print("usage: client-check SERVER_URL")
    exit(2)
}

let bearer = BearerTokenMiddleware()
let client = Client(
    serverURL: serverURL, transport: URLSessionTransport(), middlewares: [ValidatorHeadersMiddleware(), bearer])
let bare = Client(serverURL: serverURL, transport: URLSessionTransport(), middlewares: [bearer])
nonisolated(unsafe) var created: (id: Int, eTag: String) = (0, "")
nonisolated(unsafe) var edited = ""

await step("list") {
    guard case .ok(let ok) = try await client.listDocuments(), case .json(.DocumentList(let list)) = ok.body else {
        throw StepFailure(description: "no document list")
    }
    return "\(list.items.count) documents, server version \(list.serverVersion)"
}

await step("sign in") {
    let output = try await client.signIn(body: .json(.init(name: "ada", password: "analytical-engine")))
    guard case .created(let session) = output else { throw unexpected(output) }
    bearer.signedIn(try session.body.json.token)
    return "as \(try session.body.json.name)"
}

await step("create") {
    let output = try await client.createDocument(
        headers: .init(idempotencyKey: UUID().uuidString),
        body: .json(.init(title: "From the generated client", body: "made by client-check", tags: ["generated"])))
    guard case .created(let answer) = output else { throw unexpected(output) }
    created = (try answer.body.json.id, answer.headers.eTag)
    return "document \(created.id), ETag \(created.eTag)"
}

await step("update without the validator middleware") {
    // What a team meets first: the runtime sends %22…%22, which no version of the document has.
    let output = try await bare.updateDocument(
        path: .init(id: created.id), headers: .init(ifMatch: created.eTag), body: .json(.init(title: "Refused")))
    guard case .preconditionFailed = output else {
        throw StepFailure(
            description: "the runtime no longer percent-encodes If-Match (\(output)): ValidatorHeadersMiddleware may go")
    }
    return "412, as the runtime percent-encoded the entity tag"
}

await step("update with If-Match") {
    let output = try await client.updateDocument(
        path: .init(id: created.id), headers: .init(ifMatch: created.eTag), body: .json(.init(title: "Edited")))
    guard case .ok(let answer) = output else { throw unexpected(output) }
    edited = answer.headers.eTag
    guard try answer.body.json.title == "Edited", try answer.body.json.version == 2 else {
        throw StepFailure(description: "the answer is not version 2 titled Edited")
    }
    return "version 2, ETag \(edited)"
}

await step("update with a stale If-Match") {
    let output = try await client.updateDocument(
        path: .init(id: created.id), headers: .init(ifMatch: created.eTag), body: .json(.init(title: "Stale")))
    guard case .preconditionFailed = output else { throw unexpected(output) }
    return "412 Precondition Failed"
}

await step("delete") {
    let output = try await client.deleteDocument(path: .init(id: created.id), headers: .init(ifMatch: edited))
    guard case .noContent = output else { throw unexpected(output) }
    guard case .notFound = try await client.getDocument(path: .init(id: created.id)) else {
        throw StepFailure(description: "the document is still there")
    }
    return "204, then 404"
}
