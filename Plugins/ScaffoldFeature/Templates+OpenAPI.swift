/// The feature's part of the API contract (Docs/openapi.yaml): its paths and schemas, so the
/// contract run (schemathesis) checks its collection as it checks documents'.
extension FeatureSpec {
    /// The contract's file, and the lines before which a feature's paths and schemas go.
    static let contractPath = "Docs/openapi.yaml"
    static let pathsMarker = "  # Generated features' paths go above this line (scaffold-feature)."
    static let schemasMarker = "    # Generated features' schemas go above this line (scaffold-feature)."

    /// The first and last lines of the feature's block at `indent` spaces: a removal deletes them
    /// and everything between.
    func contractBounds(indent: Int) -> (begin: String, end: String) {
        let space = String(repeating: " ", count: indent)
        return ("\(space)# feature \(name) (scaffold-feature)", "\(space)# end of feature \(name)")
    }

    /// The feature's paths: its list and change list, create, read, change and delete.
    var contractPaths: String {
        let (begin, end) = contractBounds(indent: 2)
        return """
            \(begin)
              /\(collection):
                get:
                  tags: [features]
                  operationId: list\(plural)
                  summary: List \(lowerPlural), or the change list the sync engine pulls (`full=1`)
                  parameters:
                    - $ref: "#/components/parameters/Query"
                    - $ref: "#/components/parameters/Since"
                    - $ref: "#/components/parameters/Full"
                    - $ref: "#/components/parameters/Limit"
                    - $ref: "#/components/parameters/After"
                    - $ref: "#/components/parameters/IfNoneMatch"
                  responses:
                    "200":
                      description: Without `full`, \(lowerPlural) newest change first; with `full=1`, the change list.
                      headers:
                        ETag: { $ref: "#/components/headers/ETagOptional" }
                        Cache-Control: { $ref: "#/components/headers/CacheControlOptional" }
                        Link: { $ref: "#/components/headers/LinkNext" }
                      content:
                        application/json:
                          schema:
                            oneOf:
                              - $ref: "#/components/schemas/\(name)List"
                              - $ref: "#/components/schemas/\(name)ChangeList"
                    "304": { $ref: "#/components/responses/NotModified" }
                    "400": { $ref: "#/components/responses/BadRequest" }
                    "503": { $ref: "#/components/responses/Unavailable" }
                post:
                  tags: [features]
                  operationId: create\(name)
                  security: [{ bearerAuth: [] }]
                  summary: Create \(article) \(lower)
                  parameters:
                    - $ref: "#/components/parameters/IdempotencyKey"
                  requestBody:
                    required: true
                    content:
                      application/json:
                        schema: { $ref: "#/components/schemas/New\(name)" }
                  responses:
                    "201":
                      description: Created; `Location` names it.
                      headers:
                        ETag: { $ref: "#/components/headers/ETag" }
                        Cache-Control: { $ref: "#/components/headers/CacheControl" }
                        Location: { description: The new \(lower)'s path., schema: { type: string } }
                      content:
                        application/json:
                          schema: { $ref: "#/components/schemas/\(name)" }
                    "401": { $ref: "#/components/responses/Unauthorized" }
                    "400": { $ref: "#/components/responses/BadRequest" }
                    "413": { $ref: "#/components/responses/TooLarge" }
                    "415": { $ref: "#/components/responses/UnsupportedMediaType" }
                    "422": { $ref: "#/components/responses/Unprocessable" }
                    "503": { $ref: "#/components/responses/Unavailable" }
              /\(collection)/{id}:
                parameters:
                  - $ref: "#/components/parameters/ID"
                get:
                  tags: [features]
                  operationId: get\(name)
                  summary: One \(lower)
                  parameters:
                    - $ref: "#/components/parameters/IfNoneMatch"
                  responses:
                    "200":
                      description: The \(lower)'s current version.
                      headers:
                        ETag: { $ref: "#/components/headers/ETag" }
                        Cache-Control: { $ref: "#/components/headers/CacheControl" }
                      content:
                        application/json:
                          schema: { $ref: "#/components/schemas/\(name)" }
                    "304": { $ref: "#/components/responses/NotModified" }
                    "404": { $ref: "#/components/responses/NotFound" }
                    "503": { $ref: "#/components/responses/Unavailable" }
                put:
                  tags: [features]
                  operationId: update\(name)
                  security: [{ bearerAuth: [] }]
                  summary: Change some of \(article) \(lower)'s fields
                  parameters:
                    - $ref: "#/components/parameters/IfMatch"
                    - $ref: "#/components/parameters/IdempotencyKey"
                  requestBody:
                    required: true
                    content:
                      application/json:
                        schema: { $ref: "#/components/schemas/\(name)Update" }
                  responses:
                    "200":
                      description: The new version.
                      headers:
                        ETag: { $ref: "#/components/headers/ETag" }
                        Cache-Control: { $ref: "#/components/headers/CacheControl" }
                      content:
                        application/json:
                          schema: { $ref: "#/components/schemas/\(name)" }
                    "401": { $ref: "#/components/responses/Unauthorized" }
                    "400": { $ref: "#/components/responses/BadRequest" }
                    "404": { $ref: "#/components/responses/NotFound" }
                    "412": { $ref: "#/components/responses/PreconditionFailed" }
                    "413": { $ref: "#/components/responses/TooLarge" }
                    "415": { $ref: "#/components/responses/UnsupportedMediaType" }
                    "422": { $ref: "#/components/responses/Unprocessable" }
                    "503": { $ref: "#/components/responses/Unavailable" }
                delete:
                  tags: [features]
                  operationId: delete\(name)
                  security: [{ bearerAuth: [] }]
                  summary: Delete \(article) \(lower) (the change list reports it)
                  parameters:
                    - $ref: "#/components/parameters/IfMatch"
                    - $ref: "#/components/parameters/IdempotencyKey"
                  responses:
                    "204": { description: Deleted. }
                    "401": { $ref: "#/components/responses/Unauthorized" }
                    "400": { $ref: "#/components/responses/BadRequest" }
                    "404": { $ref: "#/components/responses/NotFound" }
                    "412": { $ref: "#/components/responses/PreconditionFailed" }
                    "422": { $ref: "#/components/responses/Unprocessable" }
                    "503": { $ref: "#/components/responses/Unavailable" }
            \(end)
            """
    }

    /// The feature's schemas: the item, as created and changed, listed and in a change list.
    var contractSchemas: String {
        let (begin, end) = contractBounds(indent: 4)
        // Names and values quoted: a YAML 1.1 parser (PyYAML's default) reads `on`, `no` or `null` as
        // a boolean or nothing.
        let fieldSchemas = fields.map { "        \"\($0.name)\": \($0.contractSchema)" }.joined(separator: "\n")
        let required = fields.filter(\.isRequiredOnCreate).map { "\"\($0.name)\"" }
        return """
            \(begin)
                \(name):
                  type: object
                  required: [\((["id", "version", "createdAt", "updatedAt"] + required).joined(separator: ", "))]
                  properties:
                    id: { type: integer, minimum: 1 }
                    version: { type: integer, minimum: 1 }
                    createdAt: { type: string, format: date-time }
                    updatedAt: { type: string, format: date-time }
            \(fieldSchemas)
                Changed\(name):
                  description: \(capitalArticle) \(lower) in a change list, with the `etag` `GET /\(collection)/{id}` would send for it.
                  allOf:
                    - $ref: "#/components/schemas/\(name)"
                    - type: object
                      required: [etag]
                      properties:
                        etag: { type: string }
                New\(name):
                  type: object
                  additionalProperties: false
                  required: [\(required.joined(separator: ", "))]
                  properties:
            \(fieldSchemas)
                \(name)Update:
                  description: The fields to change; absent fields stay as they are.
                  type: object
                  additionalProperties: false
                  properties:
            \(fieldSchemas)
                \(name)List:
                  description: A list, or one page of it; never a change list (no other member).
                  type: object
                  additionalProperties: false
                  required: [items, deleted, serverVersion]
                  properties:
                    items: { type: array, items: { $ref: "#/components/schemas/\(name)" } }
                    deleted: { type: array, items: { type: integer, minimum: 1 } }
                    serverVersion: { type: integer, minimum: 0 }
                    next: { type: [string, "null"] }
                \(name)ChangeList:
                  type: object
                  required: [items, \(collection), deleted, serverVersion, more]
                  properties:
                    items: { type: array, maxItems: 0 }
                    \(collection): { type: array, items: { $ref: "#/components/schemas/Changed\(name)" } }
                    deleted: { type: array, items: { type: integer, minimum: 1 } }
                    serverVersion: { type: integer, minimum: 0 }
                    more: { type: boolean }
            \(end)
            """
    }
}

extension FeatureSpec.Field {
    /// Whether a new item must carry the field (the server's collection requires it).
    var isRequiredOnCreate: Bool { !isOptional && type != .strings }

    /// The field's JSON schema, with the server collection's rule.
    var contractSchema: String {
        // Not only white space, and no U+0000 (a device's SQLite would keep the text cut short).
        let notBlank =
            #"'^[^\u0000]*[^\u0000\t-\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000][^\u0000]*$'"#
        let storable = #"'^[^\u0000]*$'"#
        switch type {
        case .string: return "{ type: string, minLength: 1, maxLength: 200, pattern: \(notBlank) }"
        case .optionalString: return "{ type: [string, \"null\"], maxLength: 200, pattern: \(storable) }"
        case .int: return "{ type: integer\(bounds) }"
        case .optionalInt: return "{ type: [integer, \"null\"]\(bounds) }"
        case .double, .decimal: return "{ type: number\(bounds) }"
        case .optionalDouble, .optionalDecimal: return "{ type: [number, \"null\"]\(bounds) }"
        case .bool: return "{ type: boolean }"
        case .optionalBool: return "{ type: [boolean, \"null\"] }"
        case .date: return "{ type: string, format: date-time }"
        case .optionalDate: return "{ type: [string, \"null\"], format: date-time }"
        case .strings: return "{ type: array, items: { type: string, pattern: \(storable) } }"
        case .enumeration: return "{ type: string, enum: [\(quotedValues)] }"
        case .optionalEnumeration: return "{ type: [string, \"null\"], enum: [\(quotedValues), null] }"
        }
    }

    /// An enum's values as YAML strings (`"yes", "no"`: bare, a YAML 1.1 parser reads booleans).
    private var quotedValues: String { values.map { "\"\($0)\"" }.joined(separator: ", ") }

    /// `, minimum: LOW, maximum: HIGH` for a field with a range; a whole number without one is
    /// bounded by 64 bits, as the server's rule (an `Int` on the device).
    private var bounds: String {
        if let range { return ", minimum: \(range.lowerBound), maximum: \(range.upperBound)" }
        if let numberBounds { return ", minimum: \(numberBounds.lowerBound), maximum: \(numberBounds.upperBound)" }
        if type == .int || type == .optionalInt { return ", minimum: \(Int.min), maximum: \(Int.max)" }
        return ""
    }
}
