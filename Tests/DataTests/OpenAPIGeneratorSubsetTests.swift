import Foundation
import Testing

/// Docs/openapi.yaml uses only what apple/swift-openapi-generator 1.14 reads: it skips a `not`
/// schema and a `null` schema with a warning, and the generated client then silently lacks the
/// body that used them (`make client-check` builds that client; this catches the constructs early).
@Suite("The contract Apple's generator reads whole")
struct OpenAPIGeneratorSubsetTests {
    @Test func noSchemaIsANotOrANull() throws {
        let found = GeneratorSubset.unsupported(in: try OpenAPIExampleTests.spec())
        #expect(found.isEmpty, "swift-openapi-generator skips these schemas:\n\(found.joined(separator: "\n"))")
    }

    @Test func theCheckFindsEachConstructWhereverItIs() {
        let spec: [String: Any] = [
            "components": [
                "schemas": [
                    "List": ["type": "object", "not": ["required": ["more"]]],
                    "Result": ["properties": ["body": ["oneOf": [["type": "null"], ["type": "object"]]]]],
                    "Fine": ["type": ["string", "null"]],
                ]
            ]
        ]
        #expect(
            GeneratorSubset.unsupported(in: spec).sorted() == [
                "components/schemas/List: not", "components/schemas/Result/properties/body/oneOf/0: type null",
            ])
    }
}

/// Walks a spec for the schema constructs the generator skips.
enum GeneratorSubset {
    static func unsupported(in value: Any, at path: String = "") -> [String] {
        if let list = value as? [Any] {
            return list.enumerated().flatMap { unsupported(in: $1, at: "\(path)/\($0)") }
        }
        guard let object = value as? [String: Any] else { return [] }
        var found: [String] = []
        let here = path.hasPrefix("/") ? String(path.dropFirst()) : path
        if object["not"] != nil { found.append("\(here): not") }
        if object["type"] as? String == "null" { found.append("\(here): type null") }
        for (key, child) in object where key != "examples" && key != "example" {
            found += unsupported(in: child, at: "\(path)/\(key)")
        }
        return found
    }
}
