import Foundation
@testable import StubOpenAPI
import StubFormats
import Testing

/// The JSON Schema Test Suite (the JSON Schema organisation's own cases, written for every
/// validator; see `Tests/ImportFixtures/json-schema-test-suite/README.md`), run through the
/// validator `verify`, request validation and the importer use. Each file's schemas are read
/// as a document is (`OpenAPISource.parse`), each case's data as a request body is.
@Suite struct JSONSchemaSuiteTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ImportFixtures/json-schema-test-suite/draft2020-12")

    /// Groups answered differently on purpose, by file and group description, with the reason.
    static let known: [String: [String: String]] = [
        "format.json": Dictionary(uniqueKeysWithValues: ["email", "ipv4", "ipv6", "hostname", "date", "date-time", "time", "uri", "uuid"].map {
            ("\($0) format", "2020-12 makes format an annotation; a stub checking a bank's answers asserts it, as OpenAPI tools do")
        }),
        "ref.json": Dictionary(uniqueKeysWithValues: [
            "remote ref, containing refs itself", "Recursive references between schemas", "refs with relative uris and defs",
            "relative refs with absolute uris and defs", "$id must be resolved against nearest parent, not just immediate parent",
            "order of evaluation: $id and $ref", "order of evaluation: $id and $anchor and $ref", "order of evaluation: $id and $ref on nested schema",
            "simple URN base URI with $ref via the URN", "URN base URI with URN and JSON pointer ref", "URN base URI with URN and anchor ref",
            "URN ref with nested pointer ref", "ref to if", "ref to then", "ref to else", "ref with absolute-path-reference",
        ].map { ($0, "references are JSON pointers into the document; $id, $anchor and URN base URIs are not read") })
            .merging(["ref creates new scope when adjacent to keywords": "needs unevaluatedProperties, which is not read"]) { $1 },
        "not.json": ["collect annotations inside a 'not', even if collection is disabled": "needs unevaluatedProperties, which is not read"],
        "optional/format/hostname.json": ["validation of A-label (punycode) host names": "Punycode labels (IDNA 2008) are not decoded"],
    ]

    struct Group: Decodable {
        let description: String
        let tests: [Case]
    }

    struct Case: Decodable {
        let description: String
        let data: JSONValue
        let valid: Bool
    }

    static let files: [String] = {
        let root = folder.path
        let names = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".json") }
        return names.sorted()
    }()

    @Test func theSuiteIsThere() {
        #expect(Self.files.count == 47, "\(Self.files)")
    }

    @Test(arguments: files) func everyCaseIsDecidedAsTheSuiteSays(file: String) throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent(file))
        let groups = try JSONDecoder().decode([Group].self, from: data)
        let schemas = try #require(try OpenAPISource.parse(data, name: file) as? [[String: Any]])
        let known = Self.known[file] ?? [:]
        var seen: Set<String> = []
        for (group, written) in zip(groups, schemas) {
            let schema: [String: Any] = switch written["schema"] {
            case let object as [String: Any]: object
            case let flag as Bool: flag ? [:] : ["not": [String: Any]()]
            default: [:]
            }
            let validator = JSONSchemaValidator(document: schema)
            let answers = group.tests.map { ($0, validator.validate($0.data, against: schema).isEmpty) }
            if let reason = known[group.description] {
                seen.insert(group.description)
                #expect(answers.contains { $0.1 != $0.0.valid }, "\(file): \(group.description) now passes (\(reason)): take it off the list")
                continue
            }
            for (test, valid) in answers {
                #expect(valid == test.valid, "\(file): \(group.description): \(test.description): expected \(test.valid ? "valid" : "invalid")")
                if test.valid, !valid {
                    let problems = validator.validate(test.data, against: schema)
                    Issue.record("\(file): \(group.description): \(test.description): \(problems)")
                }
            }
        }
        #expect(seen == Set(known.keys), "\(file): known groups not found: \(Set(known.keys).subtracting(seen).sorted())")
    }
}
