import Foundation
import Testing
@testable import StubOpenAPI

/// A document read once: a byte-order mark, JSON or YAML, and references into other files
/// (as documents split by hand or by tools keep them) brought in as local references.
@Suite struct OpenAPISourceTests {
    /// RFC 6901's own examples (section 5), and `~01`, which is `~1` and not `/`: `~1` is
    /// decoded before `~0`.
    @Test func pointersReadAsRFC6901Says() throws {
        let document: [String: Any] = ["foo": ["bar", "baz"], "": 0, "a/b": 1, "c%d": 2, "e^f": 3, "g|h": 4, "i\\j": 5,
                                       "k\"l": 6, " ": 7, "m~n": 8, "~1": 9, "/0": 10]
        func at(_ pointer: String) -> Any? { OpenAPISource.value(atPointer: pointer, in: document) }
        #expect((at("") as? [String: Any])?.count == document.count)
        #expect(at("/foo") as? [String] == ["bar", "baz"])
        #expect(at("/foo/0") as? String == "bar")
        let expected: [(String, Int)] = [("/", 0), ("/a~1b", 1), ("/c%d", 2), ("/e^f", 3), ("/g|h", 4), ("/i\\j", 5), ("/k\"l", 6),
                                         ("/ ", 7), ("/m~0n", 8), ("/~01", 9), ("/~10", 10)]
        for (pointer, value) in expected {
            #expect(at(pointer) as? Int == value, "\(pointer)")
        }
        #expect(at("/foo/2") == nil)
        #expect(at("/nothing") == nil)
    }

    /// Files by path, read as the loader asks for them.
    private func load(_ files: [String: String], root: String = "api/openapi.yaml") throws(OpenAPILoadError) -> OpenAPISource {
        try OpenAPISource.load(root) { path in files[path].map { Data($0.utf8) } }
    }

    /// Follows local references in `source` from `value` to what they name.
    private func follow(_ value: Any?, in source: OpenAPISource) -> [String: Any]? {
        guard let object = value as? [String: Any] else { return nil }
        guard let reference = object["$ref"] as? String else { return object }
        #expect(reference.hasPrefix("#/"), "every reference left is local: \(reference)")
        var current: Any? = source.root
        for part in reference.dropFirst(2).split(separator: "/") {
            current = (current as? [String: Any])?[part.replacingOccurrences(of: "~1", with: "/")]
        }
        return follow(current, in: source)
    }

    /// The schema of `GET path`'s 200 JSON response, as it stands in `paths` (a reference or not).
    private func okSchema(_ paths: [String: Any], _ path: String) -> [String: Any]? {
        var value: Any? = paths[path]
        for key in ["get", "responses", "200", "content", "application/json", "schema"] { value = (value as? [String: Any])?[key] }
        return value as? [String: Any]
    }

    /// After the mark the document is still read as JSON, not as YAML, which would read `1e3` as
    /// text and refuse an escaped surrogate pair.
    @Test func aByteOrderMarkIsNotPartOfTheDocument() throws {
        let text = "\u{FEFF}{\"openapi\": \"3.1.0\", \"info\": {\"title\": \"t\", \"version\": \"1\"}, \"paths\": {}, "
            + "\"x-limit\": 1e3, \"x-icon\": \"\\uD83D\\uDCA9\"}"
        let source = try OpenAPISource.load("a.json") { _ in Data(text.utf8) }
        #expect(source.root["openapi"] as? String == "3.1.0")
        #expect(source.root["x-limit"] as? Int == 1000, "read as JSON: \(String(describing: source.root["x-limit"]))")
        #expect(source.root["x-icon"] as? String == "\u{1F4A9}")
        #expect(source.problems.isEmpty)
    }

    @Test func referencesIntoSiblingAndParentFilesBecomeLocal() throws {
        let source = try load([
            "api/openapi.yaml": """
                openapi: 3.0.3
                info: { title: t, version: '1' }
                paths:
                  /accounts:
                    $ref: paths/accounts.yaml
                  /accounts/{id}:
                    get:
                      responses:
                        '200':
                          description: one
                          content:
                            application/json:
                              schema: { $ref: '../common/schemas.yaml#/Account' }
                components:
                  schemas:
                    Local: { type: string }
                """,
            "api/paths/accounts.yaml": """
                get:
                  responses:
                    '200':
                      description: all
                      content:
                        application/json:
                          schema:
                            type: array
                            items: { $ref: '../../common/schemas.yaml#/Account' }
                """,
            "common/schemas.yaml": """
                Account:
                  type: object
                  required: [id, owner]
                  properties:
                    id: { type: string }
                    owner: { $ref: '#/Person' }
                    local: { $ref: '../api/openapi.yaml#/components/schemas/Local' }
                Person:
                  type: object
                  properties:
                    accounts: { type: array, items: { $ref: '#/Account' } }
                """,
        ])
        #expect(source.problems.isEmpty, "\(source.problems)")
        let paths = try #require(source.root["paths"] as? [String: Any])
        // The path item in its own file is brought in where it stands.
        let listSchema = okSchema(paths, "/accounts")
        let account = try #require(follow(listSchema?["items"], in: source))
        #expect(account["required"] as? [String] == ["id", "owner"])
        let properties = try #require(account["properties"] as? [String: Any])
        let person = try #require(follow(properties["owner"], in: source))
        // A cycle between Account and Person stays a cycle of local references.
        let back = try #require(follow((person["properties"] as? [String: Any])?["accounts"], in: source))
        #expect(follow(back["items"], in: source)?["required"] as? [String] == ["id", "owner"])
        // A reference back into the root document points into it.
        #expect((properties["local"] as? [String: Any])?["$ref"] as? String == "#/components/schemas/Local")
        // The same file and pointer is brought in once, whoever refers to it.
        #expect(okSchema(paths, "/accounts/{id}")?["$ref"] as? String == (listSchema?["items"] as? [String: Any])?["$ref"] as? String)
    }

    /// Two places whose names write alike once made a name (`Money/Amount`, a pointer into a
    /// group, and a key `Money-Amount`) are brought in under two names, each with its own schema.
    @Test func twoPlacesThatNameAlikeAreBroughtInApart() throws {
        let source = try load([
            "api/openapi.yaml": """
                openapi: 3.0.3
                info: { title: t, version: '1' }
                paths:
                  /a:
                    get:
                      responses:
                        '200': { description: a, content: { application/json: { schema: { $ref: 'money.yaml#/Money/Amount' } } } }
                  /b:
                    get:
                      responses:
                        '200': { description: b, content: { application/json: { schema: { $ref: 'money.yaml#/Money-Amount' } } } }
                """,
            "api/money.yaml": """
                Money:
                  Amount: { type: string, pattern: '^[0-9]+$' }
                Money-Amount: { type: integer, minimum: 1 }
                """,
        ])
        #expect(source.problems.isEmpty, "\(source.problems)")
        let paths = try #require(source.root["paths"] as? [String: Any])
        let first = okSchema(paths, "/a")?["$ref"] as? String
        let second = okSchema(paths, "/b")?["$ref"] as? String
        #expect(first != nil && first != second, "\(String(describing: first)) and \(String(describing: second))")
        #expect(follow(okSchema(paths, "/a"), in: source)?["type"] as? String == "string")
        #expect(follow(okSchema(paths, "/b"), in: source)?["type"] as? String == "integer")
    }

    /// A discriminator's mapping may name its schemas in other files (`card: ./schemas/Card.yaml`,
    /// as split documents write it): each is brought in where the alternative's `$ref` is, so a
    /// tag still names the schema it chose, and a mapping to a missing file is a problem.
    @Test func aDiscriminatorMappingToOtherFilesIsBroughtInWithItsAlternatives() throws {
        let source = try load([
            "api/openapi.yaml": """
                openapi: 3.0.3
                info: { title: t, version: '1' }
                paths:
                  /methods:
                    get:
                      responses:
                        '200': { description: a, content: { application/json: { schema: { $ref: 'schemas/Method.yaml' } } } }
                """,
            "api/schemas/Method.yaml": """
                oneOf:
                  - $ref: './Card.yaml'
                  - $ref: 'kinds.yaml#/Bank'
                  - $ref: '#/Wallet'
                discriminator:
                  propertyName: kind
                  mapping: { card: './Card.yaml', bank: 'kinds.yaml#/Bank', wallet: '#/Wallet', named: Plain }
                Wallet: { type: object, properties: { kind: { type: string } } }
                """,
            "api/schemas/Card.yaml": "{ type: object, properties: { kind: { type: string }, pan: { type: string } } }",
            "api/schemas/kinds.yaml": "Bank: { type: object, properties: { kind: { type: string }, iban: { type: string } } }",
        ])
        #expect(source.problems.isEmpty, "\(source.problems)")
        let paths = try #require(source.root["paths"] as? [String: Any])
        let method = try #require(follow(okSchema(paths, "/methods"), in: source))
        let alternatives = (method["oneOf"] as? [[String: Any]] ?? []).compactMap { $0["$ref"] as? String }
        let mapping = (method["discriminator"] as? [String: Any])?["mapping"] as? [String: String] ?? [:]
        #expect(alternatives.count == 3 && [mapping["card"], mapping["bank"], mapping["wallet"]] == alternatives.map { $0 },
                "\(mapping) names \(alternatives)")
        #expect(mapping["named"] == "Plain", "a schema's name is not a reference")
        let model = OpenAPISchema(method)
        #expect(model.discriminator?.mapping["card"] == alternatives.first, "\(String(describing: model.discriminator))")
        #expect(follow(["$ref": mapping["bank"] ?? ""], in: source)?["properties"].map { ($0 as? [String: Any])?["iban"] != nil } == true)

        let missing = try load([
            "api/openapi.yaml": """
                openapi: 3.0.3
                info: { title: t, version: '1' }
                paths: {}
                components:
                  schemas:
                    Method:
                      oneOf: [{ type: object }]
                      discriminator: { propertyName: kind, mapping: { card: './Card.yaml' } }
                """,
        ])
        #expect(missing.problems.contains { $0.contains("discriminator.mapping.card") && $0.contains("Card.yaml") }, "\(missing.problems)")
    }

    /// `./` in a reference is the file's own folder (as most split documents write it); and a
    /// schema with a property called `paths` is a schema, not the document's paths.
    @Test func aDotSlashReferenceAndAPropertyNamedPaths() throws {
        let source = try load([
            "api/openapi.yaml": """
                openapi: 3.0.3
                info: { title: t, version: '1' }
                paths:
                  /routes:
                    get:
                      responses:
                        '200':
                          description: ok
                          content:
                            application/json:
                              schema: { $ref: './schemas/./route.yaml#/Route' }
                components:
                  schemas:
                    Plan:
                      type: object
                      properties:
                        paths: { $ref: './schemas/route.yaml#/Route' }
                """,
            "api/schemas/route.yaml": """
                Route:
                  type: object
                  required: [from]
                  properties:
                    from: { type: string }
                """,
        ])
        #expect(source.problems.isEmpty, "\(source.problems)")
        let paths = try #require(source.root["paths"] as? [String: Any])
        #expect(follow(okSchema(paths, "/routes"), in: source)?["required"] as? [String] == ["from"])
        let plan = ((source.root["components"] as? [String: Any])?["schemas"] as? [String: Any])?["Plan"] as? [String: Any]
        let property = (plan?["properties"] as? [String: Any])?["paths"]
        #expect(follow(property, in: source)?["required"] as? [String] == ["from"], "\(String(describing: property))")
    }

    /// Only a path item in a file of its own is brought in where it stands; a schema in another
    /// file, even one reached from inside `paths`, becomes a local reference, so schemas that refer
    /// to each other across files (a ledger entry and its account) stay a cycle and load.
    @Test func schemasInOtherFilesStayReferencesAndTheirCyclesLoad() throws {
        let source = try load([
            "api/openapi.yaml": """
                openapi: 3.0.3
                info: { title: t, version: '1' }
                paths:
                  /entries: { $ref: paths/entries.yaml }
                  /accounts/{id}:
                    get:
                      responses:
                        '200':
                          description: one
                          content:
                            application/json:
                              schema: { $ref: 'schemas/account.yaml#/Account' }
                """,
            "api/paths/entries.yaml": """
                get:
                  responses:
                    '200':
                      description: all
                      content:
                        application/json:
                          schema: { $ref: '../schemas/entry.yaml#/Entry' }
                """,
            "api/schemas/entry.yaml": """
                Entry:
                  type: object
                  required: [amount]
                  properties:
                    amount: { type: string }
                    account: { $ref: 'account.yaml#/Account' }
                """,
            "api/schemas/account.yaml": """
                Account:
                  type: object
                  required: [iban]
                  properties:
                    iban: { type: string }
                    entries: { type: array, items: { $ref: 'entry.yaml#/Entry' } }
                """,
        ])
        #expect(source.problems.isEmpty, "\(source.problems)")
        let paths = try #require(source.root["paths"] as? [String: Any])
        let entryRef = try #require(okSchema(paths, "/entries")?["$ref"] as? String,
                                    "a schema is referenced, not copied in: \(String(describing: okSchema(paths, "/entries")))")
        let accountRef = try #require(okSchema(paths, "/accounts/{id}")?["$ref"] as? String)
        #expect(entryRef.hasPrefix("#/") && accountRef.hasPrefix("#/") && entryRef != accountRef)
        let entry = try #require(follow(["$ref": entryRef], in: source))
        let account = try #require(follow((entry["properties"] as? [String: Any])?["account"], in: source))
        #expect(account["required"] as? [String] == ["iban"])
        // The way back is the same local reference the path holds: one copy of each schema.
        let back = ((account["properties"] as? [String: Any])?["entries"] as? [String: Any])?["items"] as? [String: Any]
        #expect(back?["$ref"] as? String == entryRef)
        #expect(((entry["properties"] as? [String: Any])?["account"] as? [String: Any])?["$ref"] as? String == accountRef)
    }

    @Test func whatCannotBeFollowedIsNamedAndTheRestLoads() throws {
        let source = try load([
            "api/openapi.yaml": """
                openapi: 3.1.0
                info: { title: t, version: '1' }
                paths:
                  /a: { $ref: missing.yaml }
                  /b:
                    get:
                      responses:
                        '200':
                          description: ok
                          content:
                            application/json:
                              schema: { $ref: 'https://example.com/schemas.yaml#/A' }
                  /c:
                    get:
                      responses:
                        '200': { $ref: 'responses.yaml#/Nothing' }
                  /d: { $ref: broken.yaml }
                  /e: { $ref: 'https://example.com/paths.yaml#/e' }
                  /f: { $ref: 'responses.yaml#/Nowhere' }
                components:
                  schemas:
                    Pet:
                      oneOf: [{ $ref: './Cat.yaml' }]
                      discriminator: { propertyName: kind, mapping: { cat: './Cat.yaml', dog: './Dog.yaml' } }
                """,
            "api/Cat.yaml": "type: object\n",
            "api/responses.yaml": "Something: { description: x }\n",
            "api/broken.yaml": "get: { responses: [\n",
        ])
        let problems = source.problems.joined(separator: "\n")
        #expect(problems.contains("paths./a: $ref missing.yaml: api/missing.yaml does not exist"), "\(problems)")
        // Each names where the reference stands, by its path through the document.
        #expect(problems.contains("paths./b.get.responses.200.content.application/json.schema: $ref https://example.com/schemas.yaml#/A is a remote URL"),
                "\(problems)")
        #expect(problems.contains("paths./c.get.responses.200: $ref responses.yaml#/Nothing: api/responses.yaml has nothing at #/Nothing"),
                "\(problems)")
        // A path item whose file cannot be read, is remote, or has nothing where the reference points.
        #expect(problems.contains("paths./d: $ref broken.yaml: api/broken.yaml"), "\(problems)")
        #expect(problems.contains("paths./e: $ref https://example.com/paths.yaml#/e is a remote URL"), "\(problems)")
        #expect(problems.contains("paths./f: $ref responses.yaml#/Nowhere: api/responses.yaml has nothing at #/Nowhere"), "\(problems)")
        // A discriminator's mapping is named by where it stands too.
        #expect(problems.contains("components.schemas.Pet.discriminator.mapping.dog: $ref ./Dog.yaml: api/Dog.yaml does not exist"),
                "\(problems)")
        #expect((source.root["paths"] as? [String: Any])?["/b"] != nil)
    }

    /// A path item kept in its own file may stand beside fields of its own (OpenAPI 3.1 §4.8.9:
    /// `summary`, `parameters`, another operation): they are kept over the file's.
    @Test func aPathItemReferenceKeepsTheFieldsBesideIt() throws {
        let source = try load([
            "api/openapi.yaml": """
                openapi: 3.1.0
                info: { title: t, version: '1' }
                paths:
                  /accounts/{id}:
                    $ref: paths/account.yaml
                    summary: One account
                    parameters:
                      - { name: id, in: path, required: true, schema: { type: string } }
                    delete:
                      responses: { '204': { description: closed } }
                """,
            "api/paths/account.yaml": """
                summary: from the file
                get:
                  responses: { '200': { description: one } }
                """,
        ])
        #expect(source.problems.isEmpty, "\(source.problems)")
        let item = try #require((source.root["paths"] as? [String: Any])?["/accounts/{id}"] as? [String: Any])
        #expect(item["$ref"] == nil)
        #expect(item["get"] != nil && item["delete"] != nil, "\(item.keys.sorted())")
        #expect(item["summary"] as? String == "One account")
        #expect((item["parameters"] as? [Any])?.count == 1)
    }

    /// A reference climbing two folders above the document (`../../shared/…`, as a monorepo's
    /// specs do) asks for that file, not one folder up.
    @Test func aReferenceTwoFoldersUpIsReadThere() throws {
        var asked: [String] = []
        let files = [
            "openapi.yaml": """
                openapi: 3.0.3
                info: { title: t, version: '1' }
                paths: {}
                components:
                  schemas:
                    Money: { $ref: '../../shared/money.yaml#/Amount' }
                """,
            "../../shared/money.yaml": "Amount: { type: string, pattern: '^[0-9]+\\.[0-9]{2}$' }\n",
        ]
        let source = try OpenAPISource.load("openapi.yaml") { path in
            asked.append(path)
            return files[path].map { Data($0.utf8) }
        }
        #expect(source.problems.isEmpty, "\(source.problems)")
        #expect(asked == ["openapi.yaml", "../../shared/money.yaml"])
    }

    /// A document that is not YAML says where, as an editor counts: line, then column.
    @Test func aYAMLErrorNamesItsLineThenItsColumn() {
        let text = "openapi: 3.0.3\ninfo: { title: t, version: '1' }\npaths:\n  /a:\n    get: [unclosed\n"
        #expect { try load(["api/openapi.yaml": text]) } throws: { error in
            let said = "\(error)"
            let found = said.firstMatch(of: /line (\d+), column (\d+)/)
            return found.map { Int($0.1) == 6 && Int($0.2) != 6 } ?? false
        }
    }

    @Test func aDocumentThatIsNotOpenAPI3IsRefusedSayingWhy() {
        #expect { try load(["api/openapi.yaml": "swagger: '2.0'\ninfo: {}\n"]) } throws: { error in
            "\(error)".contains("not an OpenAPI 3 document") && "\(error)".contains("swagger: 2.0")
        }
        #expect { try load(["api/openapi.yaml": "openapi: [3\n"]) } throws: { error in "\(error)".contains("is not YAML or JSON") }
        #expect { try load([:]) } throws: { error in "\(error)".contains("api/openapi.yaml does not exist") }
        #expect { try load(["api/openapi.yaml": "- a list\n"]) } throws: { error in "\(error)".contains("top level is not a mapping") }
    }
}
