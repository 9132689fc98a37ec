import Foundation
@testable import StubImport
@testable import StubServer
@testable import BuiltInBank
@testable import StubEngine
import Testing
import Yams
import StubFormats
import StubOpenAPI

/// Every value the sampler makes fits its schema, across the OpenAPI 3.0 and 3.1 vocabulary,
/// judged by the same validator `verify` uses.
@Suite struct SchemaSamplerTests {
    /// A document holding `schemas` under components, written to a scratch file.
    private func sampler(_ schemas: String, version: String = "3.1.0", seed: UInt64 = 1) throws -> (SchemaSampler, ScratchFolder) {
        let folder = ScratchFolder()
        let text = "openapi: \(version)\ninfo: { title: t, version: '1' }\npaths: {}\ncomponents:\n  schemas:\n"
            + schemas.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let file = folder.url.appendingPathComponent("doc.yaml")
        try Data(text.utf8).write(to: file)
        return (SchemaSampler(document: try OpenAPIImporter.load(file), seed: seed), folder)
    }

    /// Samples `#/components/schemas/NAME` under several seeds and checks each value fits.
    private func fits(_ schemas: String, _ name: String, version: String = "3.1.0") throws -> [JSONValue] {
        var values: [JSONValue] = []
        for seed in UInt64(1)...6 {
            var (sampler, folder) = try self.sampler(schemas, version: version, seed: seed)
            let schema = OpenAPISchema(["$ref": "#/components/schemas/\(name)"])
            let value = sampler.sample(schema)
            #expect(sampler.problems(value, schema).isEmpty, "\(name) seed \(seed): \(value) → \(sampler.problems(value, schema))")
            values.append(value)
            _ = folder
        }
        return values
    }

    /// A value the document gives is taken in this order, as Prism takes it: `example`, then
    /// `examples`, then `default`; a `const` before all.
    @Test func anExampleComesBeforeADefault() throws {
        #expect(try fits("Currency: { type: string, default: GBP, example: EUR }", "Currency").allSatisfy { $0 == .string("EUR") })
        #expect(try fits("Currency: { type: string, default: GBP, examples: [USD, EUR] }", "Currency").allSatisfy { $0 == .string("USD") })
        #expect(try fits("Currency: { type: string, default: GBP }", "Currency").allSatisfy { $0 == .string("GBP") })
        #expect(try fits("Currency: { type: string, const: CHF, example: EUR }", "Currency").allSatisfy { $0 == .string("CHF") })
    }

    /// A property written `false` (3.1: this property may not be there) is never sampled, and one
    /// written `true` takes any value.
    @Test func aPropertyWrittenFalseIsLeftOut() throws {
        let values = try fits("""
            Account:
              type: object
              properties:
                id: { type: string }
                legacyId: false
                note: true
            """, "Account")
        #expect(values.allSatisfy { value in
            guard case .object(let fields) = value else { return false }
            return fields["legacyId"] == nil && fields["id"] != nil
        }, "\(values)")
    }

    /// JSON Schema 2020-12's words that OpenAPI 3.1 allows: `prefixItems` give the first items
    /// their own schemas, `contains` wants `minContains` items that fit it (and `items`), `if`
    /// picks `then` or `else`, and `dependentRequired` brings the properties it names.
    @Test func theVocabularyOf31FitsToo() throws {
        let values = try fits("""
            Payment:
              type: object
              properties:
                kind: { type: string, enum: [bank] }
              required: [kind]
              if: { properties: { kind: { const: card } } }
              then: { required: [card] }
              else:
                properties: { iban: { type: string, pattern: '^GB[0-9]{2}$' } }
                required: [iban]
              dependentRequired: { kind: [reference] }
            """, "Payment")
        #expect(values.allSatisfy { value in
            guard case .object(let fields) = value, case .string(let iban)? = fields["iban"] else { return false }
            return iban.hasPrefix("GB") && fields["reference"] != nil && fields["card"] == nil
        }, "\(values)")
        let rows = try fits("""
            Row:
              type: array
              prefixItems: [ { type: string, enum: [date] }, { type: number, minimum: 10 } ]
              items: { type: string, maxLength: 8 }
            """, "Row")
        #expect(rows.allSatisfy { if case .array(let items) = $0 { items.count >= 2 && items[0] == .string("date") } else { false } })
        let tags = try fits("""
            Tags:
              type: array
              items: { type: string }
              contains: { const: primary }
              minContains: 2
            """, "Tags")
        #expect(tags.allSatisfy { if case .array(let items) = $0 { items.filter { $0 == .string("primary") }.count >= 2 } else { false } })
        // The items `contains` wants come after the prefix, so the array is longer than the
        // prefix by that many, not as long as the larger of the two.
        let pairs = try fits("""
            Pair:
              type: array
              prefixItems: [ { type: string, enum: [amount] } ]
              contains: { type: integer, minimum: 1 }
            """, "Pair")
        #expect(pairs.allSatisfy { if case .array(let items) = $0 { items.count == 2 && items[0] == .string("amount") } else { false } },
                "\(pairs)")
    }

    /// Under `uniqueItems`, an item made again is thrown away and the same place tried anew: the
    /// next try is still the place's own `prefixItems` schema, not the next place's (nor `items`).
    @Test func aRepeatedPrefixItemIsRetriedUnderItsOwnSchema() throws {
        let pairs = try fits("""
            Pair:
              type: array
              uniqueItems: true
              prefixItems: [ { type: string, enum: [a] }, { type: string, enum: [b, a] } ]
              items: { type: integer }
            """, "Pair")
        #expect(pairs.allSatisfy { $0 == .array([.string("a"), .string("b")]) }, "\(pairs)")
    }

    /// A schema with both `oneOf` and `anyOf` is sampled from its `oneOf`, whose alternatives
    /// here are each one the `anyOf` takes too: the value fits both.
    @Test func oneOfIsSampledBeforeAnyOf() throws {
        let values = try fits("""
            Code:
              oneOf: [ { type: string, enum: [a] }, { type: string, enum: [b] } ]
              anyOf: [ { type: string }, { type: integer } ]
            """, "Code")
        #expect(values.allSatisfy { $0 == .string("a") || $0 == .string("b") }, "\(values)")
    }

    /// With both, the value comes from a `oneOf` alternative that an `anyOf` alternative accepts
    /// too: `a` fits the `oneOf` but no `anyOf` alternative, so every seed gives `b`.
    @Test func aOneOfAlternativeTheAnyOfRefusesIsPassedOver() throws {
        let values = try fits("""
            Code:
              oneOf: [ { type: string, enum: [a] }, { type: string, enum: [b] } ]
              anyOf: [ { type: string, enum: [b, c] }, { type: integer } ]
            """, "Code")
        #expect(values.allSatisfy { $0 == .string("b") }, "\(values)")
    }

    /// A 3.0 document's keywords beside a `$ref` are ignored, as its Reference Object says (and
    /// as the validator reads them): Xero's `rate: { $ref: Amount, type: number }` is an Amount.
    @Test func keywordsBesideARefOf30AreIgnored() throws {
        let values = try fits("""
            Task:
              type: object
              required: [rate]
              properties:
                rate: { $ref: "#/components/schemas/Amount", type: number }
            Amount:
              type: object
              required: [value]
              properties: { value: { type: number } }
            """, "Task", version: "3.0.3")
        #expect(values.allSatisfy { value in
            guard case .object(let fields) = value, case .object(let rate)? = fields["rate"] else { return false }
            return rate["value"] != nil
        }, "\(values)")
    }

    /// In 3.1 the keywords beside a `$ref` apply with it, as an `allOf` would: properties and
    /// required names written beside it join the target's, so a value has both (`kind`, which
    /// the target requires without declaring it, too); an optional
    /// field marked `writeOnly` beside its `$ref` is left out of a sampled response, and an
    /// `allOf` beside it adds to the target's.
    @Test func keywordsBesideARefOf31JoinTheTargets() throws {
        let values = try fits("""
            Account:
              $ref: "#/components/schemas/Base"
              required: [nickname]
              properties:
                nickname: { type: string, minLength: 3 }
                pin: { $ref: "#/components/schemas/Pin", writeOnly: true }
            Pin: { type: string, pattern: "^[0-9]{4}$" }
            Base:
              type: object
              required: [id, kind]
              properties: { id: { type: string, pattern: "^acc-[0-9]{4}$" } }
            """, "Account")
        #expect(values.allSatisfy { value in
            guard case .object(let fields) = value else { return false }
            return fields["id"] != nil && fields["kind"] != nil && fields["nickname"] != nil && fields["pin"] == nil
        }, "\(values)")
        // An `allOf` beside the `$ref` adds its members to the target's own.
        let tagged = try fits("""
            Tagged:
              $ref: "#/components/schemas/Audited"
              allOf: [ { type: object, required: [tag], properties: { tag: { type: string, enum: [t] } } } ]
            Audited:
              allOf: [ { type: object, required: [createdAt], properties: { createdAt: { type: string, format: date-time } } } ]
            """, "Tagged")
        #expect(tagged.allSatisfy { value in
            guard case .object(let fields) = value else { return false }
            return fields["tag"] == .string("t") && fields["createdAt"] != nil
        }, "\(tagged)")
    }

    /// `allOf` narrows: the highest minimum and lowest maximum of its parts, and every part's
    /// required fields, also one the part names without a property.
    @Test func allOfTakesTheNarrowestBoundsAndEveryPartsRequiredFields() throws {
        for value in try fits("Amount: { allOf: [ { type: integer, minimum: 10, maximum: 100 }, { minimum: 90 }, { maximum: 95 } ] }", "Amount") {
            #expect((90...95).contains(value.text.flatMap { Int($0) } ?? 0), "\(value)")
        }
        let schemas = """
            Party: { allOf: [ { type: object, required: [name], properties: { name: { type: string } } }, { required: [iban] } ] }
            """
        for value in try fits(schemas, "Party") {
            guard case .object(let fields) = value else { Issue.record("not an object: \(value)"); continue }
            #expect(fields["name"] != nil && fields["iban"] != nil, "\(value)")
        }
    }

    /// An object that forbids other properties never gets one to reach `minProperties`: the
    /// padding names fields the schema refuses.
    @Test func aClosedObjectIsNotPaddedToItsMinimum() throws {
        var (sampler, folder) = try self.sampler("""
            Closed: { type: object, additionalProperties: false, minProperties: 3, properties: { a: { type: string }, b: { type: string } } }
            Open: { type: object, minProperties: 3, properties: { a: { type: string } } }
            """)
        guard case .object(let closed) = sampler.sample(OpenAPISchema(["$ref": "#/components/schemas/Closed"])) else {
            Issue.record("not an object")
            return
        }
        #expect(Set(closed.keys) == ["a", "b"])
        guard case .object(let open) = sampler.sample(OpenAPISchema(["$ref": "#/components/schemas/Open"])) else {
            Issue.record("not an object")
            return
        }
        #expect(open.count == 3 && open["a"] != nil, "\(open)")
        _ = folder
    }

    @Test func numbersKeepEveryBound() throws {
        _ = try fits("""
            Amount: { type: number, minimum: 0.01, maximum: 0.05 }
            Open: { type: number, exclusiveMinimum: 0, exclusiveMaximum: 1 }
            Step: { type: integer, minimum: 10, maximum: 100, multipleOf: 7 }
            Cents: { type: number, multipleOf: 0.25, minimum: 1, maximum: 2 }
            Small: { type: integer, format: int32, maximum: -5 }
            """, "Amount")
        for name in ["Open", "Step", "Cents", "Small"] {
            _ = try fits("""
                Open: { type: number, exclusiveMinimum: 0, exclusiveMaximum: 1 }
                Step: { type: integer, minimum: 10, maximum: 100, multipleOf: 7 }
                Cents: { type: number, multipleOf: 0.25, minimum: 1, maximum: 2 }
                Small: { type: integer, format: int32, maximum: -5 }
                """, name)
        }
        // A step whose first multiple lies past the minimum, and an int32 bounded on one side only.
        let steps = """
            Five: { type: integer, minimum: 1, maximum: 9, multipleOf: 5 }
            Top: { type: integer, format: int32, minimum: 2147483600 }
            """
        #expect(try fits(steps, "Five").allSatisfy { $0 == .number(5) })
        let step = "Step: { type: integer, minimum: 10, maximum: 100, multipleOf: 7 }"
        #expect(Set(try fits(step, "Step")).count > 1, "a multiple is drawn, not always the first")
        #expect(try fits(steps, "Top").allSatisfy { value in
            if case .number(let number) = value { return (2_147_483_600...2_147_483_647).contains(number) }
            return false
        }, "within int32 although no maximum is written")
        // 3.0's exclusive flags.
        let rate = "Rate: { type: integer, minimum: 0, maximum: 2, exclusiveMinimum: true, exclusiveMaximum: true }"
        let flags = try fits(rate, "Rate", version: "3.0.3")
        #expect(flags.allSatisfy { $0 == .number(1) })
    }

    @Test func stringsKeepFormatsPatternsAndLengths() throws {
        let schemas = """
            Day: { type: string, format: date }
            When: { type: string, format: date-time }
            Id: { type: string, format: uuid }
            Mail: { type: string, format: email }
            Link: { type: string, format: uri }
            Blob: { type: string, format: byte }
            Clock: { type: string, format: time }
            Host: { type: string, format: hostname }
            Four: { type: string, format: ipv4 }
            Six: { type: string, format: ipv6 }
            Code: { type: string, pattern: '^[A-Z]{2}[0-9]{4}$' }
            Short: { type: string, minLength: 3, maxLength: 4 }
            Long: { type: string, minLength: 40 }
            Choice: { type: string, pattern: '^(NotKnown)$|^(EvryDay)$|^(IntrvlDay:((0[2-9])|([1-2][0-9])|3[0-1]))$' }
            """
        for name in ["Day", "When", "Id", "Mail", "Link", "Blob", "Clock", "Host", "Four", "Six", "Code", "Short", "Long", "Choice"] { _ = try fits(schemas, name) }
        // A made uuid is a version-4 one (RFC 9562), as an app that checks the version expects.
        let version4 = /[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/
        for value in try fits(schemas, "Id") {
            guard case .string(let text) = value else { Issue.record("\(value) is not a string"); continue }
            #expect(text.wholeMatch(of: version4) != nil, "\(text)")
        }
    }

    /// A string with nothing to go on reads as what it is: its property's name and a number
    /// (`nickname-2`), or `text-` and a number where it has no name (a list's item, a bare body).
    @Test func aPlainStringIsNamedForItsPropertyOrCalledText() throws {
        let schemas = """
            Plain: { type: string }
            Names: { type: array, minItems: 1, maxItems: 1, items: { type: string } }
            Holder: { type: object, required: [nickname], properties: { nickname: { type: string } } }
            """
        for value in try fits(schemas, "Plain") {
            #expect(value.text?.wholeMatch(of: /text-[0-9]+/) != nil, "\(value)")
        }
        for value in try fits(schemas, "Names") {
            guard case .array(let items) = value, let item = items.first?.text else { Issue.record("\(value)"); continue }
            #expect(item.wholeMatch(of: /text-[0-9]+/) != nil, "\(value)")
        }
        for value in try fits(schemas, "Holder") {
            guard case .object(let fields) = value, let nickname = fields["nickname"]?.text else { Issue.record("\(value)"); continue }
            #expect(nickname.wholeMatch(of: /nickname-[0-9]+/) != nil, "\(value)")
        }
    }

    @Test func nullTypeListsEnumsAndConst() throws {
        let schemas = """
            Maybe: { type: [string, 'null'], maxLength: 3 }
            Legacy: { type: string, nullable: true, enum: [a, b] }
            Fixed: { const: 42 }
            Kinds: { type: array, items: { type: string, enum: [x, y, z] }, minItems: 3, uniqueItems: true }
            Dice: { type: array, items: { type: integer, minimum: 1, maximum: 3 }, minItems: 3, uniqueItems: true }
            Flags: { type: array, items: { type: boolean }, minItems: 2, uniqueItems: true }
            """
        for name in ["Maybe", "Legacy", "Fixed"] { _ = try fits(schemas, name) }
        // Random draws collide; uniqueItems draws again (each value is checked against the schema).
        for value in try fits(schemas, "Dice") + fits(schemas, "Flags") {
            guard case .array(let items) = value else { Issue.record("\(value) is not a list"); continue }
            #expect(Set(items).count == items.count && items.count >= 2, "\(items)")
        }
        let kinds = try fits(schemas, "Kinds")
        #expect(kinds.allSatisfy { $0 == .array([.string("x"), .string("y"), .string("z")]) })
        // An enum that lists null first (a 3.0 `nullable` field written the 3.1 way) gives its
        // first value that is one: an example says more than `null`.
        let first = try fits("Status: { type: [string, 'null'], enum: [null, open, closed] }", "Status")
        #expect(first.allSatisfy { $0 == .string("open") }, "\(first)")
    }

    @Test func arraysAndObjectsKeepTheirCounts() throws {
        let schemas = """
            Empty: { type: array, maxItems: 0, items: { type: string } }
            Many: { type: array, minItems: 5, maxItems: 5, items: { type: integer } }
            Strict:
              type: object
              additionalProperties: false
              required: [id]
              properties: { id: { type: string }, note: { type: string, maxLength: 2 } }
            Map:
              type: object
              minProperties: 2
              additionalProperties: { type: integer, minimum: 3 }
            Secret:
              type: object
              properties:
                password: { type: string, writeOnly: true }
                createdAt: { type: string, format: date-time, readOnly: true }
            """
        for name in ["Empty", "Many", "Strict", "Map"] { _ = try fits(schemas, name) }
        let secret = try fits(schemas, "Secret")
        let withoutWriteOnly = secret.allSatisfy {
            if case .object(let fields) = $0 { fields["password"] == nil && fields["createdAt"] != nil } else { false }
        }
        #expect(withoutWriteOnly, "a response never carries a writeOnly property")
    }

    @Test func compositionFitsExactlyAsAsked() throws {
        let schemas = """
            Base: { type: object, required: [id], properties: { id: { type: string, format: uuid } } }
            Named: { allOf: [ { $ref: '#/components/schemas/Base' }, { type: object, required: [name], properties: { name: { type: string, maxLength: 5 } } } ] }
            Cat: { type: object, required: [kind, meows], properties: { kind: { type: string }, meows: { type: boolean } } }
            Dog: { type: object, required: [kind, barks], properties: { kind: { type: string }, barks: { type: boolean } } }
            Pet:
              oneOf: [ { $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' } ]
              discriminator: { propertyName: kind, mapping: { cat: '#/components/schemas/Cat', dog: '#/components/schemas/Dog' } }
            Loose: { oneOf: [ { type: string, maxLength: 2 }, { type: string, minLength: 5 } ] }
            Either: { anyOf: [ { type: integer, minimum: 5 }, { type: string } ] }
            """
        for name in ["Named", "Loose", "Either"] { _ = try fits(schemas, name) }
        let pets = try fits(schemas, "Pet")
        for pet in pets {
            guard case .object(let fields) = pet, case .string(let kind)? = fields["kind"] else { Issue.record("\(pet)"); continue }
            #expect((kind == "cat" && fields["meows"] != nil) || (kind == "dog" && fields["barks"] != nil), "\(pet)")
        }
    }

    @Test func recursionStopsAndStaysValid() throws {
        let schemas = """
            Node:
              type: object
              required: [name]
              properties:
                name: { type: string }
                children: { type: array, items: { $ref: '#/components/schemas/Node' } }
                parent: { $ref: '#/components/schemas/Node' }
            """
        let nodes = try fits(schemas, "Node")
        #expect(nodes.allSatisfy { "\($0)".count < 2_000 }, "finite")
    }

    /// A field that is an id or the object it names (Stripe's expandable `anyOf`), met again on
    /// its own path, is the id: the object is written once, not again under itself.
    @Test func anExpandableFieldMetAgainIsItsId() throws {
        let schemas = """
            Expandable:
              anyOf:
                - { $ref: '#/components/schemas/Account' }
                - { type: string, pattern: '^acct_[0-9]{4}$' }
            Account:
              type: object
              required: [id, parent]
              properties:
                id: { type: string }
                parent: { $ref: '#/components/schemas/Expandable' }
            """
        let accounts = try fits(schemas, "Account")
        func depth(_ value: JSONValue) -> Int {
            guard case .object(let fields) = value, let parent = fields["parent"] else { return 0 }
            return 1 + depth(parent)
        }
        for account in accounts {
            guard case .object(let fields) = account, let parent = fields["parent"] else { Issue.record("\(account)"); continue }
            #expect(depth(account) <= 2, "\(account)")
            if case .object(let inner) = parent {
                #expect(inner["parent"]?.text?.hasPrefix("acct_") == true, "the second level is an id: \(account)")
            }
        }
    }

    @Test func anExampleThatDoesNotFitIsNotedAndReplaced() throws {
        var (sampler, folder) = try sampler("Code: { type: string, pattern: '^[A-Z]{3}$', example: 'euro' }")
        let value = sampler.sample(OpenAPISchema(["$ref": "#/components/schemas/Code"]))
        #expect(value != .string("euro"))
        #expect(sampler.takeNotes().contains { $0.contains("\"euro\"") && $0.contains("does not fit") })
        _ = folder
    }

    /// A note shows the example as JSON a person reads, not as Swift's description of it.
    @Test func aNoteShowsTheExampleAsJSON() throws {
        var (sampler, folder) = try sampler("Account: { type: object, required: [id], properties: { id: { type: string } }, example: { name: x } }")
        _ = sampler.sample(OpenAPISchema(["$ref": "#/components/schemas/Account"]))
        let notes = sampler.takeNotes()
        #expect(notes.contains { $0.contains(#"the example {"name":"x"} does not fit"#) }, "\(notes)")
        _ = folder
    }

    /// A discriminator on the base of an allOf family, used on its own (Adyen's
    /// `MandateAccountIdentification`, with `UKLocalMandateAccountIdentification` extending it):
    /// the value is one of the mapped schemas, tagged with its key, and a property both parts
    /// define fits both (the child's `default` is the tag).
    @Test func aDiscriminatedBaseGivesAMappedMember() throws {
        let schemas = """
            Identification:
              type: object
              required: [type]
              properties: { type: { type: string }, sortCode: { type: string } }
              discriminator: { propertyName: type, mapping: { ukLocal: '#/components/schemas/UKLocal' } }
            UKLocal:
              allOf:
                - $ref: '#/components/schemas/Identification'
                - type: object
                  required: [sortCode]
                  properties:
                    sortCode: { type: string, minLength: 6, maxLength: 6 }
                    type: { type: string, default: ukLocal }
            Animal:
              type: object
              required: [kind]
              properties: { kind: { type: string } }
              discriminator: { propertyName: kind }
            Whale: { allOf: [ { $ref: '#/components/schemas/Animal' }, { type: object, required: [fins], properties: { fins: { type: integer } } } ] }
            """
        for value in try fits(schemas, "Identification") {
            guard case .object(let fields) = value else { Issue.record("\(value)"); continue }
            #expect(fields["type"] == .string("ukLocal") && fields["sortCode"]?.text?.count == 6, "\(value)")
        }
        for value in try fits(schemas, "Animal") {
            guard case .object(let fields) = value else { Issue.record("\(value)"); continue }
            #expect(fields["kind"] == .string("Whale") && fields["fins"] != nil, "without a mapping, the schema's own name: \(value)")
        }
        let (sampler, folder) = try sampler(schemas)
        let base = OpenAPISchema(["$ref": "#/components/schemas/Identification"])
        #expect(sampler.problems(.object(["type": .string("type-8063")]), base).contains { $0.contains("not a discriminator value") })
        _ = folder
    }

    /// A member's own value for the discriminator (an `enum` of one, as Stripe writes `object`)
    /// is kept where no mapping names the member: the schema's name is the tag only when the
    /// member gives none. A base that its own mapping names is not taken as one of its members.
    @Test func aMembersOwnTagIsKeptAndTheBaseIsNotItsOwnMember() throws {
        let schemas = """
            Source:
              oneOf: [ { $ref: '#/components/schemas/Card' }, { $ref: '#/components/schemas/Bank' } ]
              discriminator: { propertyName: object }
            Card: { type: object, required: [object, last4], properties: { object: { type: string, enum: [card] }, last4: { type: string } } }
            Bank: { type: object, required: [object], properties: { object: { type: string, enum: [bank_account] } } }
            Account:
              type: object
              required: [kind]
              properties: { kind: { type: string } }
              discriminator: { propertyName: kind, mapping: { account: '#/components/schemas/Account', savings: '#/components/schemas/Savings' } }
            Savings: { allOf: [ { $ref: '#/components/schemas/Account' }, { type: object, required: [rate], properties: { rate: { type: number } } } ] }
            """
        for value in try fits(schemas, "Source") {
            guard case .object(let fields) = value, case .string(let tag)? = fields["object"] else { Issue.record("\(value)"); continue }
            #expect(["card", "bank_account"].contains(tag), "\(value)")
        }
        for value in try fits(schemas, "Account") {
            guard case .object(let fields) = value else { Issue.record("\(value)"); continue }
            #expect(fields["kind"] == .string("savings") && fields["rate"] != nil, "a member, not the base: \(value)")
        }
    }

    /// An optional property no value can fit (Adyen's `gender`: an enum of words and
    /// `maxLength: 1`) is left out; a required one is still made and the problem noted.
    @Test func anOptionalPropertyNoValueFitsIsLeftOut() throws {
        let schemas = """
            Name:
              type: object
              required: [first]
              properties:
                first: { type: string }
                gender: { type: string, enum: [MALE, FEMALE], maxLength: 1 }
            """
        for value in try fits(schemas, "Name") {
            guard case .object(let fields) = value else { Issue.record("\(value)"); continue }
            #expect(fields["gender"] == nil && fields["first"] != nil, "\(value)")
        }
    }
}

/// A document whose objects all link to each other, as Stripe's do (every expandable field is
/// `anyOf: [string id, $ref object]`, and most are required and nullable): a body stays small
/// and still fits.
@Suite struct SchemaSamplerGraphTests {
    private static func graph(_ count: Int) -> String {
        var text = "openapi: 3.0.0\ninfo: { title: t, version: '1' }\npaths: {}\ncomponents:\n  schemas:\n"
        for index in 0..<count {
            let links = (1...6).map { "N\((index + $0 * 7) % count)" }
            text += "    N\(index):\n      type: object\n      required: [id, \(links.map { "to_\($0)" }.joined(separator: ", "))]\n"
            text += "      properties:\n        id: { type: string, maxLength: 5000 }\n"
            for link in links {
                text += "        to_\(link):\n          nullable: true\n          anyOf:\n"
                text += "            - { type: string, maxLength: 5000 }\n            - $ref: '#/components/schemas/\(link)'\n"
            }
            text += "        list_\(index): { type: array, items: { $ref: '#/components/schemas/N\((index + 1) % count)' } }\n"
        }
        return text
    }

    private static func size(_ value: JSONValue) -> Int {
        switch value {
        case .array(let items): 1 + items.map(size).reduce(0, +)
        case .object(let fields): 1 + fields.values.map(size).reduce(0, +)
        default: 1
        }
    }

    @Test func aLinkedGraphGivesABoundedBodyThatFits() throws {
        let folder = ScratchFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let file = folder.url.appendingPathComponent("graph.yaml")
        try Data(Self.graph(60).utf8).write(to: file)
        for seed in UInt64(1)...3 {
            var sampler = SchemaSampler(document: try OpenAPIImporter.load(file), seed: seed)
            let schema = OpenAPISchema(["$ref": "#/components/schemas/N0"])
            let value = sampler.sample(schema)
            #expect(sampler.problems(value, schema).isEmpty, "\(sampler.problems(value, schema).prefix(3))")
            // The budget, plus what the required fields of the objects already open need.
            #expect(Self.size(value) < SchemaSampler.nodeBudget * 4, "\(Self.size(value)) values")
            #expect(Self.size(value) > 20, "the first objects are sampled in full")
        }
    }
}

/// `oneOf` alternatives that accept the same objects (every property optional, as Moov's
/// `GeneratedBy` is written): the value still matches exactly one.
@Suite struct SchemaSamplerOneOfTests {
    /// `text` (a whole OpenAPI document) written to a scratch file, loaded once per seed by the tests.
    private func document(_ text: String) throws -> (URL, ScratchFolder) {
        let folder = ScratchFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let file = folder.url.appendingPathComponent("doc.yaml")
        try Data(text.utf8).write(to: file)
        return (file, folder)
    }

    /// The alternative tried first is drawn from them all, so across seeds each one is sampled,
    /// the last included; a `oneOf` or `anyOf` of one alternative (as generators write a
    /// wrapped `$ref`) is sampled as that alternative.
    @Test func everyAlternativeIsSampledAndALoneOneToo() throws {
        let (file, folder) = try document("""
            openapi: 3.1.0
            info: { title: t, version: '1' }
            paths: {}
            components:
              schemas:
                Three: { oneOf: [{ type: string, enum: [a] }, { type: integer, enum: [7] }, { type: boolean }] }
                Lone: { oneOf: [{ $ref: '#/components/schemas/Amount' }] }
                LoneAny: { anyOf: [{ $ref: '#/components/schemas/Amount' }] }
                Amount: { type: object, required: [value], properties: { value: { type: string } } }
            """)
        var kinds = Set<String>()
        for seed in UInt64(1)...16 {
            var sampler = SchemaSampler(document: try OpenAPIImporter.load(file), seed: seed)
            let value = sampler.sample(OpenAPISchema(["$ref": "#/components/schemas/Three"]))
            switch value {
            case .string: kinds.insert("string")
            case .number: kinds.insert("integer")
            case .bool: kinds.insert("boolean")
            default: Issue.record("seed \(seed): \(value)")
            }
            for name in ["Lone", "LoneAny"] {
                let schema = OpenAPISchema(["$ref": "#/components/schemas/\(name)"])
                let lone = sampler.sample(schema)
                guard case .object(let fields) = lone else { Issue.record("\(name) seed \(seed): \(lone)"); continue }
                #expect(sampler.problems(lone, schema).isEmpty && fields["value"] != nil, "\(name) seed \(seed): \(lone)")
            }
        }
        #expect(kinds == ["string", "integer", "boolean"])
        _ = folder
    }

    @Test func overlappingAlternativesStillGiveAValueOnlyOneAccepts() throws {
        let (file, folder) = try document("""
            openapi: 3.0.3
            info: { title: t, version: '1' }
            paths: {}
            components:
              schemas:
                GeneratedBy:
                  oneOf:
                    - $ref: '#/components/schemas/ByTransfer'
                    - $ref: '#/components/schemas/ByCard'
                    - $ref: '#/components/schemas/ByDispute'
                ByTransfer: { type: object, properties: { TransferID: { type: string, format: uuid } } }
                ByCard: { type: object, properties: { CardID: { type: string, format: uuid } } }
                ByDispute: { type: object, properties: { DisputeID: { type: string, format: uuid } } }
                Plain:
                  oneOf:
                    - { type: object, properties: { TransferID: { type: string } } }
                    - { type: object, properties: { CardID: { type: string } } }
                Strict:
                  oneOf:
                    - { type: object, properties: { a: { type: string } }, additionalProperties: { type: string } }
                    - { type: object, properties: { b: { type: string } } }
            """)
        // Plain strings: the property given to turn the others away must not be a string. Strict:
        // the one the chosen alternative would refuse is not given; another alternative is tried.
        for name in ["GeneratedBy", "Plain", "Strict"] {
            for seed in UInt64(1)...6 {
                var sampler = SchemaSampler(document: try OpenAPIImporter.load(file), seed: seed)
                let schema = OpenAPISchema(["$ref": "#/components/schemas/\(name)"])
                let value = sampler.sample(schema)
                #expect(sampler.problems(value, schema).isEmpty, "\(name) seed \(seed): \(value) → \(sampler.problems(value, schema))")
            }
        }
        _ = folder
    }
}
