import Foundation
@testable import StubOpenAPI
import StubFormats
import Testing
import Yams

/// Every bound of the schema vocabulary, on both sides of its edge: a value on an inclusive bound
/// passes, on an exclusive bound fails, one step past either fails.
@Suite struct JSONSchemaValidatorTests {
    private let validator = JSONSchemaValidator(document: [:])

    private func schema(_ yaml: String) throws -> [String: Any] {
        try #require(try Yams.load(yaml: yaml) as? [String: Any])
    }

    private func passes(_ value: JSONValue, _ yaml: String) throws -> Bool {
        validator.validate(value, against: try schema(yaml)).isEmpty
    }

    @Test func inclusiveBoundsAdmitTheBoundItself() throws {
        #expect(try passes(.number(5), "{ type: number, minimum: 5 }"))
        #expect(try !passes(.number(4.99), "{ type: number, minimum: 5 }"))
        #expect(try passes(.number(5), "{ type: number, maximum: 5 }"))
        #expect(try !passes(.number(5.01), "{ type: number, maximum: 5 }"))
    }

    @Test func exclusiveBoundsOf31RefuseTheBoundItself() throws {
        #expect(try !passes(.number(5), "{ type: number, exclusiveMinimum: 5 }"))
        #expect(try passes(.number(5.01), "{ type: number, exclusiveMinimum: 5 }"))
        #expect(try !passes(.number(5), "{ type: number, exclusiveMaximum: 5 }"))
        #expect(try passes(.number(4.99), "{ type: number, exclusiveMaximum: 5 }"))
        #expect(try !passes(.number(-1), "{ type: number, exclusiveMinimum: 0 }"))
        #expect(try !passes(.number(6), "{ type: number, exclusiveMaximum: 5 }"))
    }

    @Test func exclusiveFlagsOf30MakeTheirBoundExclusiveAndFalseLeavesItInclusive() throws {
        #expect(try !passes(.number(0), "{ type: number, minimum: 0, exclusiveMinimum: true }"))
        #expect(try passes(.number(0.5), "{ type: number, minimum: 0, exclusiveMinimum: true }"))
        #expect(try !passes(.number(10), "{ type: number, maximum: 10, exclusiveMaximum: true }"))
        #expect(try passes(.number(9.5), "{ type: number, maximum: 10, exclusiveMaximum: true }"))
        #expect(try passes(.number(0), "{ type: number, minimum: 0, exclusiveMinimum: false }"))
        #expect(try passes(.number(10), "{ type: number, maximum: 10, exclusiveMaximum: false }"))
        #expect(try passes(.number(1), "{ type: number, exclusiveMinimum: true }"), "a flag without its bound bounds nothing")
    }

    /// Every problem is named with its place, not only the first: one `verify` lists all there
    /// is to fix.
    @Test func everyProblemIsNamedWithItsPlace() throws {
        let value = try JSONValue.parse(Array(#"{"a": "x", "c": 5, "d": [1, "y"]}"#.utf8))
        let problems = validator.validate(value, against: try schema("""
            type: object
            required: [a, b]
            properties:
              a: { type: integer }
              c: { maximum: 3 }
              d: { type: array, items: { type: integer } }
            """))
        #expect(problems.count == 4, "\(problems)")
        for place in ["$.a", "$.c", "$.d[1]"] {
            #expect(problems.contains { $0.hasPrefix(place + ":") }, "\(place) in \(problems)")
        }
        #expect(problems.contains { $0.contains("b") && $0.hasPrefix("$:") }, "\(problems)")
    }

    /// A discriminator's value is a key of its mapping or, implicitly (OpenAPI 3.0 and 3.1), the
    /// name of one of the alternatives; any other value is refused, naming the values it takes.
    @Test func aDiscriminatorValueIsAMappingKeyOrAnAlternativesName() throws {
        let document = try schema("""
            openapi: 3.0.3
            components:
              schemas:
                Card: { type: object, required: [pan], properties: { kind: { type: string }, pan: { type: string } } }
                Bank: { type: object, required: [iban], properties: { kind: { type: string }, iban: { type: string } } }
                Method:
                  oneOf: [{ $ref: '#/components/schemas/Card' }, { $ref: '#/components/schemas/Bank' }]
                  discriminator: { propertyName: kind, mapping: { card: '#/components/schemas/Card' } }
            """)
        let validator = JSONSchemaValidator(document: document)
        let method: [String: Any] = ["$ref": "#/components/schemas/Method"]
        for (kind, field) in [("card", "pan"), ("Bank", "iban")] {
            let value = JSONValue.object(["kind": .string(kind), field: .string("x")])
            #expect(validator.validate(value, against: method).isEmpty, "\(kind): \(validator.validate(value, against: method))")
        }
        let problems = validator.validate(.object(["kind": .string("wallet"), "pan": .string("x")]), against: method)
        #expect(problems.contains { $0.contains("\"wallet\" is not a discriminator value (card)") }, "\(problems)")
    }

    /// A bound is named as the document writes it, whole numbers without a decimal point.
    @Test func aBoundIsNamedAsTheDocumentWritesIt() throws {
        let cases: [(JSONValue, String, String)] = [
            (.number(150), "{ maximum: 100 }", "above 100"),
            (.number(-1), "{ minimum: 0 }", "below 0"),
            (.number(0.001), "{ minimum: 0.01 }", "below 0.01"),
            (.number(100), "{ exclusiveMaximum: 100 }", "not below 100"),
            (.number(1.005), "{ multipleOf: 0.01 }", "not a multiple of 0.01"),
            (.number(7), "{ multipleOf: 5 }", "not a multiple of 5"),
        ]
        for (value, yaml, wanted) in cases {
            let problems = validator.validate(value, against: try schema(yaml))
            #expect(problems.map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } } == [wanted],
                    "\(yaml): \(problems)")
        }
    }

    @Test func lengthsItemsAndPropertiesAreCountedToTheEdge() throws {
        #expect(try passes(.string("abc"), "{ type: string, minLength: 3, maxLength: 3 }"))
        #expect(try !passes(.string("ab"), "{ type: string, minLength: 3 }"))
        #expect(try !passes(.string("abcd"), "{ type: string, maxLength: 3 }"))
        #expect(try passes(.string("ééé"), "{ type: string, maxLength: 3 }"), "lengths count code points, not bytes")
        #expect(try passes(.string("💳💳"), "{ type: string, maxLength: 2 }"), "nor UTF-16 units")
        #expect(try passes(.string("e\u{301}"), "{ type: string, minLength: 2 }"), "nor characters as a reader sees them")
        #expect(try !passes(.string("e\u{301}"), "{ type: string, maxLength: 1 }"))
        #expect(try passes(.array([.number(1), .number(2)]), "{ type: array, minItems: 2, maxItems: 2 }"))
        #expect(try !passes(.array([.number(1)]), "{ type: array, minItems: 2 }"))
        #expect(try !passes(.array([.number(1), .number(2), .number(3)]), "{ type: array, maxItems: 2 }"))
        #expect(try passes(.object(["a": .number(1)]), "{ type: object, minProperties: 1, maxProperties: 1 }"))
        #expect(try !passes(.object([:]), "{ type: object, minProperties: 1 }"))
        #expect(try !passes(.object(["a": .number(1), "b": .number(2)]), "{ type: object, maxProperties: 1 }"))
    }

    @Test func multipleOfHoldsForDecimalSteps() throws {
        #expect(try passes(.number(0.3), "{ type: number, multipleOf: 0.1 }"))
        #expect(try passes(.number(10.25), "{ type: number, multipleOf: 0.25 }"))
        #expect(try !passes(.number(10.3), "{ type: number, multipleOf: 0.25 }"))
    }

    @Test func integerFormatsHaveTheirRanges() throws {
        #expect(try passes(.number(2_147_483_647), "{ type: integer, format: int32 }"))
        #expect(try !passes(.number(2_147_483_648), "{ type: integer, format: int32 }"))
        #expect(try passes(.number(-2_147_483_648), "{ type: integer, format: int32 }"))
        #expect(try !passes(.number(-2_147_483_649), "{ type: integer, format: int32 }"))
        // int64's ends, as near as a JSON number read as a Double comes. The largest int64
        // (9223372036854775807, as a client writes it) is read as 2^63, so 2^63 is inside; the
        // next Double up, 2^63 + 2048, is the first outside (Schemathesis found the bound one off).
        let largest = try JSONDecoder().decode(JSONValue.self, from: Data("9223372036854775807".utf8))
        #expect(try passes(largest, "{ type: integer, format: int64 }"))
        #expect(try passes(.number(9_221_000_000_000_000_000), "{ type: integer, format: int64 }"))
        #expect(try passes(.number(-9_223_372_036_854_775_808), "{ type: integer, format: int64 }"))
        #expect(try !passes(.number(9_223_372_036_854_777_856), "{ type: integer, format: int64 }"))
        #expect(try !passes(.number(-9_223_372_036_854_777_856), "{ type: integer, format: int64 }"))
    }

    /// `dependentRequired`: a property that is there brings the ones it names, and the message
    /// names the one missing, then the one that asked for it.
    @Test func dependentRequiredNamesTheMissingPropertyAndWhatAskedForIt() {
        let schema: [String: Any] = ["type": "object", "dependentRequired": ["iban": ["bic", "name"]]]
        #expect(validator.validate(.object(["iban": .string("x"), "name": .string("y")]), against: schema)
                == ["$: missing bic, required with iban"])
        #expect(validator.validate(.object(["bic": .string("x")]), against: schema).isEmpty, "without iban nothing is asked")
    }

    /// A value of the wrong type is named by its JSON Schema type: a whole number is `integer`.
    @Test func aWrongTypeIsNamedAsJSONSchemaNamesIt() {
        let found: [(JSONValue, String)] = [(.null, "null"), (.bool(true), "boolean"), (.number(3), "integer"), (.number(2.5), "number"),
                                            (.array([]), "array"), (.object([:]), "object")]
        for (value, name) in found {
            #expect(validator.validate(value, against: ["type": "string"]) == ["$: expected string, found \(name)"], "\(value)")
        }
    }

    @Test func lengthsCountCodePointsOutsideTheBasicPlaneToo() throws {
        // U+1F600 is one code point and two UTF-16 units; JSON Schema counts code points.
        #expect(try passes(.string("\u{1F600}"), "{ type: string, maxLength: 1 }"))
        #expect(try !passes(.string("\u{1F600}"), "{ type: string, minLength: 2 }"))
        // A thumbs-up with a skin tone: one character, two code points.
        #expect(try !passes(.string("\u{1F44D}\u{1F3FD}"), "{ type: string, maxLength: 1 }"))
    }

    @Test func oneOfAsksForExactlyOneAlternative() throws {
        let yaml = "{ oneOf: [ { type: integer }, { type: number, minimum: 10 } ] }"
        #expect(try passes(.number(3), yaml), "an integer below 10 matches only the first")
        #expect(try passes(.number(10.5), yaml), "a fraction from 10 matches only the second")
        #expect(try !passes(.number(12), yaml), "12 matches both")
        #expect(try !passes(.string("12"), yaml), "a string matches neither")
        #expect(!validator.conforms(.number(12), to: try schema(yaml)), "the yes/no check agrees")
    }

    @Test func anyOfAsksForAtLeastOne() throws {
        let yaml = "{ anyOf: [ { type: string, maxLength: 2 }, { type: string, pattern: '^[0-9]+$' } ] }"
        #expect(try passes(.string("ab"), yaml))
        #expect(try passes(.string("12345"), yaml))
        #expect(try passes(.string("12"), yaml), "both is fine")
        #expect(try !passes(.string("abc"), yaml))
    }

    @Test func allOfAsksForEveryPart() throws {
        let yaml = "{ allOf: [ { type: object, required: [id] }, { required: [amount] }, { properties: { id: { type: string } } } ] }"
        #expect(try passes(.object(["id": .string("a"), "amount": .number(1)]), yaml))
        #expect(try !passes(.object(["id": .string("a")]), yaml), "the second part's required field is missing")
        #expect(try !passes(.object(["id": .number(1), "amount": .number(1)]), yaml), "the third part types id")
    }

    @Test func notRefusesWhatItsSchemaAccepts() throws {
        #expect(try !passes(.string("x"), "{ not: { type: string } }"))
        #expect(try passes(.number(1), "{ not: { type: string } }"))
        #expect(try passes(.string("ok"), "{ type: string, not: { enum: [forbidden] } }"))
        #expect(try !passes(.string("forbidden"), "{ type: string, not: { enum: [forbidden] } }"))
    }

    @Test func nullFitsANullableSchemaEvenAsAnAlternative() throws {
        #expect(try passes(.null, "{ type: string, nullable: true }"))
        #expect(try !passes(.null, "{ type: string }"))
        #expect(try !passes(.null, "{ type: string, nullable: false }"), "nullable written out as false, as generators write it")
        #expect(try passes(.null, "{ type: [string, 'null'] }"), "3.1's type list")
        // Inside a composition the alternatives are asked yes/no: nullable counts there too.
        #expect(try passes(.null, "{ anyOf: [ { type: integer }, { type: string, nullable: true } ] }"))
        #expect(try passes(.null, "{ oneOf: [ { type: integer }, { type: string, nullable: true } ] }"))
        #expect(try !passes(.null, "{ anyOf: [ { type: integer }, { type: string } ] }"))
    }

    /// Loaded values become JSON values of the same kind, whichever parser loaded them: `true` a
    /// boolean and `1` a number, never each other. Yams reads documents; `JSONSerialization`
    /// reads WireMock mappings, and gives `true` and `1` alike as `NSNumber`s that cast both ways.
    @Test func aDocumentsBooleansStayBooleansAndNumbersNumbers() throws {
        let json = #"{"on": true, "off": false, "one": 1, "zero": 0, "half": 1.5, "none": null}"#
        let loaded: [Any] = [
            try #require(try Yams.load(yaml: json)),
            try #require(try Yams.load(yaml: "{on: true, off: false, one: 1, zero: 0, half: 1.5, none: null}")),
            try JSONSerialization.jsonObject(with: Data(json.utf8)),
        ]
        for value in loaded {
            #expect(JSONSchemaValidator.json(value) == .object(["on": .bool(true), "off": .bool(false), "one": .number(1),
                                                                 "zero": .number(0), "half": .number(1.5), "none": .null]),
                    "\(value)")
        }
    }

    @Test func anIntegerIsAWholeNumber() throws {
        #expect(try passes(.number(2), "{ type: integer }"))
        #expect(try passes(.number(2.0), "{ type: integer }"), "2.0 is the integer 2")
        #expect(try !passes(.number(1.5), "{ type: integer }"))
        #expect(try passes(.number(1.5), "{ type: number }"))
        #expect(try !passes(.string("2"), "{ type: integer }"))
        #expect(try !passes(.bool(true), "{ type: number }"))
    }

    @Test func formatsAreCheckedOnBothSides() throws {
        let cases: [(String, String, Bool)] = [
            ("date", "2026-11-27", true), ("date", "2026-11-27T10:00:00Z", false), ("date", "27/11/2026", false),
            ("date-time", "2026-11-27T10:00:00Z", true), ("date-time", "2026-11-27T10:00:00.123+01:00", true),
            ("date-time", "2026-11-27T10:00:00", false), ("date-time", "2026-11-27", false),
            ("uuid", "3f2504e0-4f89-41d3-9a0c-0305e82c3301", true), ("uuid", "3f2504e04f8941d39a0c0305e82c3301", false),
            ("email", "ana@example.com", true), ("email", "ana example@x.com", false),
            // RFC 5321's quoted local part: any printable text, quotes escaped, empty too; a lone quote is none, nor is one
            // whose closing quote is escaped.
            ("email", "\"joe bloggs\"@example.com", true), ("email", "\"\"@example.com", true), ("email", "\"@example.com", false),
            ("email", "\"a\"b\"@example.com", false), ("email", "\"a\\\"b\"@example.com", true),
            ("email", "\"a\\\"@example.com", false),
            ("uri", "https://bank.example/a?b=c", true), ("uri", "/relative/path", false),
            // A port is digits only, after a name or a bracketed IPv6 address; a user's `:` is no port.
            ("uri", "https://bank.example:8443/x", true), ("uri", "https://bank.example:84a3/x", false),
            ("uri", "https://[2001:db8::1]:8443/x", true), ("uri", "https://[2001:db8::1]:8a/x", false),
            ("uri", "https://ana:pw@bank.example/x", true), ("uri", "https://ana:pw@bank.example:x1/x", false),
            ("byte", "aGVsbG8=", true), ("byte", "not base64!", false),
            ("time", "10:00:00Z", true), ("time", "23:59:60.5Z", true), ("time", "05:29:60+05:30", true),
            ("time", "23:59:60.5+05:30", false), ("date", "2026-02-29", false), ("date", "2028-02-29", true), ("time", "10:00:00", false), ("time", "24:00:00Z", false),
            ("hostname", "api.bank-one.example", true), ("hostname", "localhost", true), ("hostname", "-bad.example", false),
            ("hostname", "under_score.example", false), ("hostname", "a..b", false), ("hostname", String(repeating: "a", count: 64) + ".example", false),
            ("hostname", String(repeating: "a", count: 63) + ".example", true), ("hostname", "bank.example.", false),
            ("hostname", Self.hostname(length: 253), true), ("hostname", Self.hostname(length: 254), false),
            ("ipv4", "192.0.2.1", true), ("ipv4", "255.255.255.255", true), ("ipv4", "256.0.0.1", false), ("ipv4", "192.0.2", false),
            ("ipv4", "192.0.2.01", false), ("ipv4", "1.2.3.4.5", false),
            ("ipv6", "2001:db8::1", true), ("ipv6", "::", true), ("ipv6", "::ffff:192.0.2.1", true), ("ipv6", "1:2:3:4:5:6:7:8", true),
            ("ipv6", "1:2:3:4:5:6:7", false), ("ipv6", "1::2::3", false), ("ipv6", "2001:db8::g", false), ("ipv6", "12345::1", false),
            ("ipv6", "1:2:3:4:5:6:7::8", false), ("ipv6", "192.0.2.1", false),
        ]
        for (format, text, valid) in cases {
            #expect(try passes(.string(text), "{ type: string, format: \(format) }") == valid, "\(format): \(text)")
        }
        #expect(try passes(.string("anything"), "{ type: string, format: made-up }"), "an unknown format asks nothing")
    }

    /// A host name of `length` characters in labels of at most 63.
    private static func hostname(length: Int) -> String {
        var labels: [String] = []
        var left = length
        while left > 0 {
            let size = min(63, left - (labels.isEmpty ? 0 : 1))
            labels.append(String(repeating: "h", count: size))
            left -= size + (labels.count > 1 ? 1 : 0)
        }
        return labels.joined(separator: ".")
    }

    @Test func additionalPropertiesIsAFlagOrASchema() throws {
        let closed = "{ type: object, properties: { id: { type: string } }, additionalProperties: false }"
        #expect(try passes(.object(["id": .string("a")]), closed))
        #expect(try !passes(.object(["id": .string("a"), "extra": .number(1)]), closed))
        let typed = "{ type: object, properties: { id: { type: string } }, additionalProperties: { type: integer } }"
        #expect(try passes(.object(["id": .string("a"), "count": .number(3)]), typed))
        #expect(try !passes(.object(["id": .string("a"), "count": .string("3")]), typed), "an extra field is held to the schema")
        #expect(try passes(.object(["id": .string("a"), "extra": .bool(true)]), "{ type: object, properties: { id: { type: string } } }"))
        let declared = "{ type: object, properties: { id: { type: string }, note: {} }, additionalProperties: false }"
        #expect(try passes(.object(["id": .string("a"), "note": .number(1)]), declared), "a property written {} is declared and takes anything")
    }

    @Test func keywordsBesideARefApplyToo() throws {
        let document: [String: Any] = ["components": ["schemas": ["Amount": ["type": "string", "pattern": "^[0-9]+\\.[0-9]{2}$"]]]]
        let validator = JSONSchemaValidator(document: document)
        let schema: [String: Any] = ["$ref": "#/components/schemas/Amount", "maxLength": 6]
        #expect(validator.validate(.string("12.50"), against: schema).isEmpty)
        #expect(!validator.validate(.string("1234.50"), against: schema).isEmpty, "the maxLength beside the $ref applies")
        #expect(!validator.validate(.string("12.5"), against: schema).isEmpty, "the referenced pattern applies")
        #expect(!validator.validate(.string("1"), against: ["$ref": "#/components/schemas/Missing"]).isEmpty)
    }

    /// OpenAPI 3.0's Reference Object: "any properties added SHALL be ignored". Xero's projects
    /// document writes `rate: { $ref: Amount, type: number }` for an object; Schemathesis sends
    /// the object, and so must it be accepted. A `nullable: true` there is read as "or null",
    /// as tools read it (orval, hey-api). In 3.1 the same keywords apply.
    @Test func keywordsBesideARefOf30AreIgnoredButNullable() throws {
        let amount: [String: Any] = ["type": "object", "required": ["value"], "properties": ["value": ["type": "number"]]]
        let beside: [String: Any] = ["$ref": "#/components/schemas/Amount", "type": "number"]
        let nullable: [String: Any] = ["$ref": "#/components/schemas/Amount", "nullable": true]
        let object = JSONValue.object(["value": .number(1)])
        let of30 = JSONSchemaValidator(document: ["openapi": "3.0.3", "components": ["schemas": ["Amount": amount]]])
        #expect(of30.validate(object, against: beside).isEmpty, "\(of30.validate(object, against: beside))")
        #expect(!of30.validate(.number(1), against: beside).isEmpty, "the referenced schema still applies")
        #expect(of30.validate(.null, against: nullable).isEmpty)
        #expect(!of30.validate(.null, against: ["$ref": "#/components/schemas/Amount"]).isEmpty)
        #expect(!of30.validate(.object([:]), against: nullable).isEmpty, "nullable leaves the referenced schema")
        let of31 = JSONSchemaValidator(document: ["openapi": "3.1.0", "components": ["schemas": ["Amount": amount]]])
        #expect(!of31.validate(object, against: beside).isEmpty, "3.1: the type beside the $ref applies")
    }

    @Test func enumConstRequiredUniqueAndPatternSayWhatTheSpecificationSays() throws {
        #expect(try passes(.string("GBP"), "{ type: string, enum: [GBP, EUR] }"))
        #expect(try !passes(.string("USD"), "{ type: string, enum: [GBP, EUR] }"))
        #expect(try passes(.number(1), "{ const: 1 }"))
        #expect(try !passes(.number(2), "{ const: 1 }"))
        #expect(try !passes(.object(["a": .number(1)]), "{ type: object, required: [a, b] }"))
        #expect(try !passes(.array([.number(1), .number(1)]), "{ type: array, uniqueItems: true }"))
        #expect(try passes(.array([.number(1), .number(2)]), "{ type: array, uniqueItems: true }"))
        #expect(try passes(.array([.number(1), .number(1)]), "{ type: array }"))
        #expect(try passes(.string("concatenate"), "{ type: string, pattern: cat }"), "a pattern is not anchored")
        #expect(try !passes(.string("dog"), "{ type: string, pattern: cat }"))
        #expect(try !passes(.array([.number(1), .string("x")]), "{ type: array, items: { type: number } }"))
    }

    /// Arrays are the same only at the same length: one that begins as another does is not it, for
    /// `const`, `enum` and `uniqueItems` alike.
    @Test func anArrayThatBeginsAsAnotherIsNotTheSame() throws {
        let ids: JSONValue = .array([.string("acc-1"), .string("acc-2")])
        #expect(try passes(ids, "{ const: [acc-1, acc-2] }"))
        #expect(try !passes(.array([.string("acc-1")]), "{ const: [acc-1, acc-2] }"), "shorter")
        #expect(try !passes(ids, "{ const: [acc-1] }"), "longer")
        #expect(try !passes(ids, "{ enum: [[acc-1], [acc-1, acc-2, acc-3]] }"))
        #expect(try passes(.array([.array([.number(1)]), .array([.number(1), .number(2)])]), "{ type: array, uniqueItems: true }"))
    }

    /// YAML reads an unquoted `2026-11-20` as a timestamp: an `enum` or `const` written so still
    /// means the day (or the moment) as text, as a JSON document would write it.
    @Test func aDateWrittenBareInYAMLIsItsText() throws {
        #expect(try passes(.string("2026-11-20"), "{ type: string, format: date, enum: [2026-11-20, 2026-12-01] }"))
        #expect(try !passes(.string("2026-11-21"), "{ type: string, format: date, enum: [2026-11-20, 2026-12-01] }"))
        #expect(try passes(.string("2026-11-20T10:30:00Z"), "{ type: string, const: 2026-11-20T10:30:00Z }"))
        #expect(try !passes(.string("2026-11-20"), "{ type: string, const: 2026-11-20T10:30:00Z }"))
    }

    /// `uniqueItems` compares values, not how they print: two equal objects whose keys a
    /// dictionary keeps in different orders are the same item; a string and a number are not.
    @Test func uniqueItemsComparesObjectsByValueWhateverTheirKeyOrder() throws {
        let keys = (0..<24).map { "field\($0)" }
        let small = [String: JSONValue](uniqueKeysWithValues: keys.map { ($0, .string($0)) })
        var roomy = [String: JSONValue](minimumCapacity: 512)
        for key in keys.reversed() { roomy[key] = .string(key) }
        #expect(try !passes(.array([.object(small), .object(roomy)]), "{ type: array, uniqueItems: true }"))
        #expect(try passes(.array([.string("1"), .number(1)]), "{ type: array, uniqueItems: true }"))
        #expect(try !passes(.array([.array([.null, .bool(true)]), .array([.null, .bool(true)])]), "{ type: array, uniqueItems: true }"))
    }

    /// An applicator that passes (`allOf`, `anyOf`, `oneOf`, `not`, `if` with `then` or `else`)
    /// never stands in for the keywords beside it: each of them still refuses, when a request is
    /// checked (every problem listed) and when a response is matched (a yes or no).
    @Test func aPassingApplicatorLeavesTheKeywordsBesideItToDecide() throws {
        let value = JSONValue.object(["a": .string("x")])
        let applicators = ["allOf: [{ type: object }]", "anyOf: [{ type: object }, { type: string }]",
                           "oneOf: [{ type: object }, { type: string }]", "not: { type: string }",
                           "if: { type: object }, then: { required: [a] }", "if: { type: string }, else: { required: [a] }"]
        let refusals = ["required: [b]", "minProperties: 2", "maxProperties: 0", "properties: { a: { type: integer } }",
                        "enum: [{ a: y }]", "const: { a: y }", "properties: { b: {} }, additionalProperties: false",
                        "dependentRequired: { a: [c] }", "propertyNames: { maxLength: 0 }", "type: array"]
        for applicator in applicators {
            #expect(try passes(value, "{ \(applicator) }"), "\(applicator) alone")
            for refusal in refusals {
                let both = try schema("{ \(applicator), \(refusal) }")
                #expect(!validator.validate(value, against: both).isEmpty, "\(applicator) beside \(refusal)")
                #expect(!validator.conforms(value, to: both), "\(applicator) beside \(refusal), as a yes or no")
            }
        }
        for refusal in refusals { #expect(try !passes(value, "{ \(refusal) }"), "\(refusal) alone") }
    }
}
