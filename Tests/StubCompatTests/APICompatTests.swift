import Foundation
import StubCompat
import StubOpenAPI
import Testing

/// Two small documents differing in one way, and the finding `compat` must make of it.
@Suite struct APICompatRuleTests {
    static func document(paths: String, components: String = "", servers: String = "https://api.example.com/v1",
                         security: String = "") -> String {
        """
        openapi: 3.0.3
        info: {title: t, version: "1"}
        servers: [{url: "\(servers)"}]
        \(security)
        paths:
        \(paths)
        components:
          schemas:
            Placeholder: {type: string}
        \(components)
        """
    }

    static func source(_ text: String) throws -> OpenAPISource {
        try OpenAPISource.load("api.yaml") { $0 == "api.yaml" ? Data(text.utf8) : nil }
    }

    static func compare(_ old: String, _ new: String, options: APICompat.Options = .init()) throws -> CompatReport {
        APICompat.compare(try source(old), try source(new), oldName: "old.yaml", newName: "new.yaml", options: options)
    }

    /// A GET whose 200 body is `schema` (indented as a schema under `schemas:`).
    static func response(_ schema: String) -> String {
        document(paths: """
              /accounts:
                get:
                  operationId: listAccounts
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema: {$ref: "#/components/schemas/Account"}
            """, components: "    Account:\n" + schema)
    }

    /// A POST whose body is `schema`.
    static func request(_ schema: String) -> String {
        document(paths: """
              /transfers:
                post:
                  requestBody:
                    required: true
                    content:
                      application/json:
                        schema: {$ref: "#/components/schemas/Transfer"}
                  responses:
                    "201": {description: created}
            """, components: "    Transfer:\n" + schema)
    }

    static func only(_ report: CompatReport, _ rule: String) -> CompatFinding? {
        let matching = report.findings.filter { $0.rule == rule }
        return matching.count == 1 ? matching[0] : nil
    }

    /// A document moved from 3.0 to 3.1 words the same bounds and nulls differently: no app can
    /// tell, so there is nothing to report, in a request or a response.
    @Test func moving30WordsTo31WordsIsNoChange() throws {
        let old = "      type: object\n      properties:\n        amount: {type: number, nullable: true, minimum: 0, exclusiveMinimum: true, "
            + "maximum: 100, exclusiveMaximum: false}"
        let new = "      type: object\n      properties:\n        amount: {type: [number, \"null\"], exclusiveMinimum: 0, maximum: 100}"
        for (before, after) in [(Self.response(old), Self.response(new)), (Self.request(old), Self.request(new))] {
            let report = try Self.compare(before, after.replacingOccurrences(of: "openapi: 3.0.3", with: "openapi: 3.1.0"))
            #expect(report.findings.isEmpty, "\(report.findings.map { "\($0.rule): \($0.message)" })")
        }
        // And a real change in the 3.0 words is still found: the lower bound made exclusive.
        let tightened = old.replacingOccurrences(of: "exclusiveMinimum: true", with: "exclusiveMinimum: false")
        let report = try Self.compare(Self.request(tightened), Self.request(old))
        #expect(report.findings.contains { $0.rule.contains("exclusive-min") && $0.level != .info }, "\(report.findings.map(\.rule))")
    }

    @Test func aResponseFieldMadeOptionalIsBreakingAndPointsAtBothRequiredLists() throws {
        let report = try Self.compare(
            Self.response("      type: object\n      required: [id, iban]\n      properties: {id: {type: string}, iban: {type: string}}"),
            Self.response("      type: object\n      required: [id]\n      properties: {id: {type: string}, iban: {type: string}}"))
        let finding = try #require(Self.only(report, "response-property-became-optional"))
        #expect(finding.level == .breaking)
        #expect(finding.operation == "GET /accounts" && finding.operationId == "listAccounts" && finding.status == "200")
        #expect(finding.field == "iban")
        #expect(finding.oldPointer == "#/components/schemas/Account/required")
        #expect(finding.newPointer == "#/components/schemas/Account/required")
        #expect(report.findings.count == 1)
    }

    /// A schema written inline in a response or a request body is pointed at through its
    /// media type: `…/content/application~1json/schema/…`.
    @Test func anInlineSchemaIsPointedAtThroughItsMediaType() throws {
        func inline(_ required: String) -> String {
            Self.document(paths: """
                  /accounts:
                    post:
                      requestBody:
                        content:
                          application/json:
                            schema: {type: object, required: [\(required)], properties: {name: {type: string}, nick: {type: string}}}
                      responses:
                        "200":
                          description: ok
                          content:
                            application/json:
                              schema: {type: object, required: [\(required)], properties: {name: {type: string}, nick: {type: string}}}
                """)
        }
        let report = try Self.compare(inline("name, nick"), inline("name"))
        let base = "#/paths/~1accounts/post"
        let optional = try #require(Self.only(report, "response-property-became-optional"))
        #expect(optional.newPointer == base + "/responses/200/content/application~1json/schema/required", "\(optional)")
        let relaxed = report.findings.first { $0.oldPointer?.hasPrefix(base + "/requestBody/content/application~1json/schema") == true }
        #expect(relaxed != nil, "\(report.findings.map { ($0.rule, $0.oldPointer ?? "-") })")
    }

    @Test func aResponseFieldRemovedIsBreakingWhenItWasRequiredAndAWarningOtherwise() throws {
        let old = Self.response("      type: object\n      required: [id]\n      properties: {id: {type: string}, nick: {type: string}}")
        let report = try Self.compare(old, Self.response("      type: object\n      properties: {}"))
        #expect(Self.only(report, "response-required-property-removed")?.level == .breaking)
        #expect(Self.only(report, "response-optional-property-removed")?.level == .warning)
        #expect(Self.only(report, "response-optional-property-removed")?.oldPointer == "#/components/schemas/Account/properties/nick")
        #expect(Self.only(report, "response-optional-property-removed")?.newPointer == nil)
    }

    @Test func anEnumValueAddedToAResponseIsAWarningOrBreakingForExhaustiveClients() throws {
        let old = Self.response("      type: string\n      enum: [BOOK, PDNG]"), new = Self.response("      type: string\n      enum: [BOOK, PDNG, RJCT]")
        let finding = try #require(Self.only(try Self.compare(old, new), "response-body-enum-value-added"))
        #expect(finding.level == .warning)
        #expect(finding.message.contains("RJCT"))
        #expect(Self.only(try Self.compare(old, new, options: .init(exhaustiveEnums: true)), "response-body-enum-value-added")?.level == .breaking)
        // The other way round a response only narrows.
        #expect(Self.only(try Self.compare(new, old), "response-body-enum-value-removed")?.level == .info)
    }

    /// Enum values are named as the document writes them: a whole number without `.0`, a
    /// boolean as `true`, not `1`.
    @Test func anEnumsNumbersAndBooleansAreNamedAsWritten() throws {
        let old = Self.response("      type: integer\n      enum: [1, 2, 3]"), new = Self.response("      type: integer\n      enum: [1, 2]")
        let removed = try #require(Self.only(try Self.compare(old, new), "response-body-enum-value-removed"))
        #expect(removed.message.contains("`3`") && !removed.message.contains("3.0"), "\(removed.message)")
        let flags = Self.response("      type: boolean\n      enum: [true, false]"), onlyTrue = Self.response("      type: boolean\n      enum: [true]")
        let narrowed = try #require(Self.only(try Self.compare(flags, onlyTrue), "response-body-enum-value-removed"))
        #expect(narrowed.message.contains("`false`") && !narrowed.message.contains("`0`"), "\(narrowed.message)")
        let fractions = Self.response("      type: number\n      enum: [0.5, 1.0]"), half = Self.response("      type: number\n      enum: [0.5]")
        let whole = try #require(Self.only(try Self.compare(fractions, half), "response-body-enum-value-removed"))
        #expect(whole.message.contains("`1`") && !whole.message.contains("1.0"), "\(whole.message)")
    }

    /// In 3.1 a `readOnly` written beside a `$ref` applies, so a new required read-only field is
    /// nothing a client must send; in 3.0 the keyword beside the reference is ignored, as its
    /// Reference Object says, so the same change breaks requests.
    @Test func aReadOnlyBesideARefCountsIn31Only() throws {
        let old = "      type: object\n      properties:\n        amount: {type: number}"
        let new = "      type: object\n      required: [id]\n      properties:\n        amount: {type: number}\n"
            + "        id: {$ref: \"#/components/schemas/Placeholder\", readOnly: true}"
        let of31 = try Self.compare(Self.request(old).replacingOccurrences(of: "openapi: 3.0.3", with: "openapi: 3.1.0"),
                                    Self.request(new).replacingOccurrences(of: "openapi: 3.0.3", with: "openapi: 3.1.0"))
        #expect(of31.findings.filter { $0.rule.hasPrefix("new-") }.isEmpty, "\(of31.findings.map(\.rule))")
        let of30 = try Self.compare(Self.request(old), Self.request(new))
        #expect(Self.only(of30, "new-required-request-property")?.level == .breaking, "\(of30.findings.map(\.rule))")
        // A write-only field beside a $ref is never in a response.
        let written = new.replacingOccurrences(of: "readOnly", with: "writeOnly")
        let responses = try Self.compare(Self.response(old).replacingOccurrences(of: "openapi: 3.0.3", with: "openapi: 3.1.0"),
                                         Self.response(written).replacingOccurrences(of: "openapi: 3.0.3", with: "openapi: 3.1.0"))
        #expect(responses.findings.filter { $0.rule.hasPrefix("new-") || $0.rule.contains("added") }.isEmpty,
                "\(responses.findings.map(\.rule))")
    }

    /// In 3.1 a keyword beside a `$ref` constrains it (`{$ref: Money, maximum: 1000}`), so a change
    /// to it is compared as any constraint's is; 3.0 ignores it, as its Reference Object says. A
    /// schema reached only through such references is still one an operation uses.
    @Test func aConstraintBesideARefIsComparedIn31Only() throws {
        func body(_ maximum: Int, money: String = "{type: number}") -> String {
            "      type: object\n      properties:\n        amount: {$ref: \"#/components/schemas/Money\", maximum: \(maximum)}\n"
                + "    Money: \(money)"
        }
        func of31(_ text: String) -> String { text.replacingOccurrences(of: "openapi: 3.0.3", with: "openapi: 3.1.0") }
        let lowered = try Self.compare(of31(Self.request(body(1000))), of31(Self.request(body(500))))
        let finding = try #require(Self.only(lowered, "request-property-max-decreased"), "\(lowered.findings.map(\.rule))")
        #expect(finding.level == .breaking && finding.field == "amount")
        let of30 = try Self.compare(Self.request(body(1000)), Self.request(body(500)))
        #expect(of30.findings.isEmpty, "\(of30.findings.map(\.rule))")
        // The target's own change still reaches the operation through the constrained reference.
        let used = try Self.compare(of31(Self.request(body(1000))), of31(Self.request(body(1000, money: "{type: number, minimum: 1}"))))
        #expect(Self.only(used, "request-property-min-set")?.field == "amount", "\(used.findings.map(\.rule))")
        #expect(!used.findings.contains { $0.rule.hasPrefix("unused-") }, "\(used.findings.map(\.rule))")
        // An annotation beside a reference changes nothing.
        let described = try Self.compare(of31(Self.request(body(1000))),
                                         of31(Self.request(body(1000).replacingOccurrences(of: "maximum: 1000}", with: "maximum: 1000, description: Sum}"))))
        #expect(described.findings.isEmpty, "\(described.findings.map(\.rule))")
    }

    /// A property written `{}` (it takes any value) is a property like any other: taking it out
    /// of a response is a finding.
    @Test func aPropertyThatTakesAnythingIsStillAProperty() throws {
        let old = Self.response("      type: object\n      properties: {id: {type: string}, note: {}}")
        let removed = try Self.compare(old, Self.response("      type: object\n      properties: {id: {type: string}}"))
        #expect(Self.only(removed, "response-optional-property-removed")?.field == "note", "\(removed.findings.map(\.rule))")
    }

    @Test func aWidenedOrNullableResponseTypeIsBreaking() throws {
        let old = Self.response("      type: object\n      properties: {balance: {type: string}}")
        let widened = try Self.compare(old, Self.response("      type: object\n      properties: {balance: {type: [string, integer]}}"))
        #expect(Self.only(widened, "response-property-list-of-types-widened")?.field == "balance")
        let nullable = try Self.compare(old, Self.response("      type: object\n      properties: {balance: {type: string, nullable: true}}"))
        #expect(Self.only(nullable, "response-property-became-nullable")?.level == .breaking)
        // 3.1's `type: [string, "null"]` is the same thing.
        let listed = try Self.compare(old, Self.response("      type: object\n      properties: {balance: {type: [string, \"null\"]}}"))
        #expect(Self.only(listed, "response-property-became-nullable") != nil)
        #expect(Self.only(listed, "response-property-list-of-types-widened") == nil)
        // Narrowing a response is safe.
        #expect(!(try Self.compare(Self.response("      type: [string, integer]"), Self.response("      type: string"))).has(atLeast: .warning))
    }

    @Test func aStricterRequestIsBreaking() throws {
        let old = Self.request("""
                  type: object
                  required: [amount]
                  properties:
                    amount: {type: number}
                    reference: {type: string, maxLength: 35}
                    kind: {type: string, enum: [instant, scheduled]}
            """)
        let new = Self.request("""
                  type: object
                  required: [amount, payee]
                  properties:
                    amount: {type: integer}
                    reference: {type: string, maxLength: 18, pattern: "^[A-Z]+$"}
                    kind: {type: string, enum: [instant]}
                    payee: {type: string}
                    note: {type: string}
            """)
        let report = try Self.compare(old, new)
        #expect(Self.only(report, "new-required-request-property")?.field == "payee")
        #expect(Self.only(report, "new-optional-request-property")?.level == .info)
        #expect(Self.only(report, "request-property-type-changed")?.field == "amount")
        #expect(Self.only(report, "request-property-max-length-decreased")?.level == .breaking)
        #expect(Self.only(report, "request-property-pattern-added")?.level == .breaking)
        #expect(Self.only(report, "request-property-enum-value-removed")?.message.contains("scheduled") == true)
        #expect(report.findings.allSatisfy { $0.direction == .request && $0.operation == "POST /transfers" })
        // Looser the other way: integer → number, a longer limit, an enum value added, a field dropped.
        let looser = try Self.compare(new, old)
        #expect(!looser.has(atLeast: .breaking))
        #expect(looser.findings.filter { $0.rule == "request-property-removed" }.map(\.field) == ["note", "payee"])
        #expect(looser.findings.filter { $0.rule == "request-property-removed" }.allSatisfy { $0.level == .warning })
    }

    @Test func parametersNewRequiredBecameRequiredAndRemoved() throws {
        func list(_ parameters: String) -> String {
            Self.document(paths: """
                  /accounts/{id}/transactions:
                    get:
                      parameters:
                \(parameters)
                      responses:
                        "200": {description: ok}
                """)
        }
        let old = list("""
                    - {name: id, in: path, required: true, schema: {type: string}}
                    - {name: from, in: query, schema: {type: string}}
                    - {name: page, in: query, schema: {type: integer}}
            """)
        let new = list("""
                    - {name: id, in: path, required: true, schema: {type: string}}
                    - {name: from, in: query, required: true, schema: {type: string, format: date}}
                    - {name: X-Device, in: header, required: true, schema: {type: string}}
            """)
        let report = try Self.compare(old, new)
        #expect(Self.only(report, "request-parameter-became-required")?.field == "query:from")
        #expect(Self.only(report, "request-parameter-format-changed")?.level == .breaking)
        #expect(Self.only(report, "new-required-request-parameter")?.field == "header:X-Device")
        #expect(Self.only(report, "request-parameter-removed")?.level == .warning)
    }

    @Test func aRenamedPathParameterIsNoChange() throws {
        func path(_ name: String) -> String {
            Self.document(paths: """
                  /accounts/{\(name)}:
                    get:
                      parameters: [{name: \(name), in: path, required: true, schema: {type: string}}]
                      responses: {"200": {description: ok}}
                """)
        }
        #expect(try Self.compare(path("id"), path("accountId")).findings.isEmpty)
    }

    @Test func operationsAndPathsRemovedWithAndWithoutDeprecation() throws {
        let both = Self.document(paths: """
              /accounts:
                get: {responses: {"200": {description: ok}}}
                post: {deprecated: true, responses: {"201": {description: ok}}}
              /cards:
                get: {responses: {"200": {description: ok}}}
            """)
        let fewer = Self.document(paths: """
              /accounts:
                get: {responses: {"200": {description: ok}}}
              /loans:
                get: {responses: {"200": {description: ok}}}
            """)
        let report = try Self.compare(both, fewer)
        #expect(Self.only(report, "api-path-removed-without-deprecation")?.operation == "GET /cards")
        #expect(Self.only(report, "api-removed-with-deprecation")?.level == .info)
        #expect(Self.only(report, "endpoint-added")?.operation == "GET /loans")
        #expect(report.count(.breaking) == 1)
    }

    @Test func statusesMediaTypesAndHeaders() throws {
        func answer(_ responses: String) -> String {
            Self.document(paths: """
                  /accounts:
                    get:
                      responses:
                \(responses)
                """)
        }
        let old = answer("""
                    "200":
                      description: ok
                      headers:
                        X-Total: {required: true, schema: {type: integer}}
                        X-Page: {schema: {type: integer}}
                      content:
                        application/json: {schema: {type: object}}
                        application/xml: {schema: {type: object}}
                    "404": {description: none}
            """)
        let new = answer("""
                    "200":
                      description: ok
                      content:
                        application/json: {schema: {type: object}}
                    default: {description: error}
            """)
        let report = try Self.compare(old, new)
        #expect(Self.only(report, "response-media-type-removed")?.status == "200")
        #expect(Self.only(report, "required-response-header-removed")?.level == .breaking)
        #expect(Self.only(report, "optional-response-header-removed")?.level == .warning)
        // 404 falls under `default`; nothing to say. A 200 under only `default` is gone.
        #expect(Self.only(report, "response-non-success-status-removed") == nil)
        let noSuccess = try Self.compare(old, answer("        default: {description: error}"))
        #expect(Self.only(noSuccess, "response-success-status-removed")?.level == .breaking)
    }

    @Test func securityThatAsksForMoreIsBreaking() throws {
        func secured(_ security: String) -> String {
            Self.document(paths: """
                  /accounts:
                    get:
                      security: \(security)
                      responses: {"200": {description: ok}}
                """)
        }
        let report = try Self.compare(secured("[{oauth: [accounts]}]"), secured("[{oauth: [accounts, balances]}]"))
        #expect(Self.only(report, "api-security-changed")?.level == .breaking)
        #expect(Self.only(report, "api-security-changed")?.message.contains("oauth (accounts)") == true)
        // An alternative that asks for no more keeps the old client in.
        #expect(try Self.compare(secured("[{oauth: [accounts]}]"), secured("[{oauth: [accounts]}, {apiKey: []}]")).findings.isEmpty)
        #expect(try Self.compare(secured("[{oauth: [accounts]}]"), secured("[{}]")).findings.isEmpty)
        #expect(Self.only(try Self.compare(secured("[]"), secured("[{apiKey: []}]")), "api-security-changed") != nil)
    }

    @Test func aMovedBasePathIsOneBreakingFindingAndOperationsStillPair() throws {
        let paths = "  /accounts:\n    get: {responses: {\"200\": {description: ok}}}"
        let report = try Self.compare(Self.document(paths: paths, servers: "https://bank.example/open-banking/v3.1/aisp"),
                                      Self.document(paths: paths, servers: "https://bank.example/open-banking/v4.0/aisp/"))
        #expect(report.findings.map(\.rule) == ["api-base-path-changed"])
        #expect(report.findings[0].message.contains("/open-banking/v4.0/aisp"))
    }

    @Test func aResponseAlternativeAddedIsBreaking() throws {
        let old = Self.response("      oneOf: [{$ref: '#/components/schemas/Card'}]\n    Card: {type: object}\n    Loan: {type: object}")
        let new = Self.response("      oneOf: [{$ref: '#/components/schemas/Card'}, {$ref: '#/components/schemas/Loan'}]\n"
                                + "    Card: {type: object}\n    Loan: {type: object}")
        #expect(Self.only(try Self.compare(old, new), "response-body-one-of-added")?.level == .breaking)
        #expect(!(try Self.compare(new, old)).has(atLeast: .warning))
    }

    @Test func propertiesMovedIntoAllOfAreTheSameObject() throws {
        let flat = Self.response("      type: object\n      required: [id]\n      properties: {id: {type: string}}\n    Base: {type: object}")
        let composed = Self.response("""
                  allOf:
                    - $ref: '#/components/schemas/Base'
                    - type: object
                      required: [id]
                      properties: {id: {type: string}}
                Base: {type: object}
            """)
        #expect(try Self.compare(flat, composed).findings.isEmpty)
    }

    @Test func aRecursiveSchemaIsWalkedOnceAndItsChangeFound() throws {
        func tree(_ extra: String) -> String {
            Self.response("""
                      type: object
                      required: [name\(extra)]
                      properties:
                        name: {type: string}
                        code: {type: string}
                        children: {type: array, items: {$ref: '#/components/schemas/Account'}}
                """)
        }
        let report = try Self.compare(tree(", code"), tree(""))
        let finding = try #require(Self.only(report, "response-property-became-optional"))
        #expect(finding.field == "code")  // The shortest path, not children[].children[]…
    }

    @Test func aChangeInASchemaNoOperationUsesIsSafeAndStillListed() throws {
        let old = Self.response("      type: object\n    Unused:\n      type: object\n      properties: {a: {type: string}}")
        let new = Self.response("      type: object\n    Unused:\n      type: object\n      required: [a]\n      properties: {a: {type: string}}")
        let finding = try #require(Self.only(try Self.compare(old, new), "unused-schema-property-became-required"))
        #expect(finding.level == .info && finding.operation == nil)
        #expect(finding.newPointer == "#/components/schemas/Unused/required")
    }

    /// UK Open Banking's payment-initiation history: `FirstPaymentDateTime` was required without
    /// being declared (d36193b, 7207307), and `UltimateDebtor` pointed at the creditor's schema (5430bd5).
    @Test func aNameRequiredButNeverDeclaredAndARenamedReference() throws {
        func consent(_ required: String, debtor: String) -> String {
            Self.request("""
                      type: object
                      additionalProperties: false
                      required: [Amount\(required)]
                      properties:
                        Amount: {type: string}
                        UltimateDebtor: {$ref: '#/components/schemas/\(debtor)'}
                    Creditor: {type: object, properties: {Name: {type: string}}}
                    Debtor: {type: object, properties: {Name: {type: string}}}
                """)
        }
        let request = try Self.compare(consent(", FirstPaymentDateTime", debtor: "Creditor"), consent("", debtor: "Debtor"))
        #expect(Self.only(request, "request-property-became-optional")?.field == "FirstPaymentDateTime")
        #expect(Self.only(request, "request-property-schema-reference-changed")?.message.contains("#/components/schemas/Debtor") == true)
        #expect(!request.has(atLeast: .warning))
        // Required again, it binds: a client that does not send it is refused.
        let back = try Self.compare(consent("", debtor: "Debtor"), consent(", FirstPaymentDateTime", debtor: "Debtor"))
        #expect(Self.only(back, "new-required-request-property")?.level == .breaking)
        // In a response that allows no other names, it could never have been there: safe.
        let closed = Self.response("      type: object\n      additionalProperties: false\n      required: [id, Ghost]\n"
                                   + "      properties: {id: {type: string}}")
        let open = Self.response("      type: object\n      additionalProperties: false\n      required: [id]\n      properties: {id: {type: string}}")
        #expect(Self.only(try Self.compare(closed, open), "response-property-became-optional")?.level == .info)
    }

    @Test func groupsFoldOneChangeAcrossOperationsAndStatuses() throws {
        let report = CompatReport(old: "a", new: "b", findings: [
            CompatFinding(rule: "r", level: .breaking, direction: .response, operation: "GET /a", oldPointer: "#/x", newPointer: "#/x",
                          status: "400", message: "m"),
            CompatFinding(rule: "r", level: .breaking, direction: .response, operation: "GET /a", oldPointer: "#/x", newPointer: "#/x",
                          status: "500", message: "m"),
            CompatFinding(rule: "r", level: .breaking, direction: .response, operation: "GET /b", oldPointer: "#/x", newPointer: "#/x",
                          status: "400", message: "m"),
        ])
        #expect(report.groups().map(\.operations) == [["GET /a (400, 500)", "GET /b (400)"]])
        // The same field reached by another path in another operation is the same change.
        let paths = CompatReport(old: "a", new: "b", findings: [
            CompatFinding(rule: "r", level: .breaking, direction: .response, operation: "GET /list", oldPointer: "#/x", newPointer: "#/x",
                          field: "data[].iban", status: "200", message: "`data[].iban` m"),
            CompatFinding(rule: "r", level: .breaking, direction: .response, operation: "GET /one", oldPointer: "#/x", newPointer: "#/x",
                          field: "iban", status: "200", message: "`iban` m"),
        ])
        #expect(paths.groups().map(\.operations) == [["GET /list (200)", "GET /one (200) as `iban`"]])
        #expect(paths.summary == "1 breaking, 0 warnings, 0 safe")
        #expect(report.summary == "1 breaking, 0 warnings, 0 safe")
        let json = try #require(try JSONSerialization.jsonObject(with: report.json()) as? [String: Any])
        #expect((json["summary"] as? [String: Int])?["findings"] == 3)
        #expect(report.markdown(showSafe: false).contains("| `r` | GET /a (400, 500), GET /b (400) |"))
    }
    /// The findings come most serious first, then by operation, status, field and rule, so the
    /// first line a reviewer reads is the worst; `has(atLeast:)` is what `--fail-on` asks, and a
    /// level counts everything above it.
    @Test func findingsAreOrderedWorstFirstAndALevelCountsThoseAbove() {
        func finding(_ level: CompatFinding.Level, _ operation: String?, status: String? = nil, field: String? = nil,
                     rule: String = "r") -> CompatFinding {
            CompatFinding(rule: rule, level: level, direction: .response, operation: operation, oldPointer: nil, newPointer: nil,
                          field: field, status: status, message: "m")
        }
        let report = CompatReport(old: "a", new: "b", findings: [
            finding(.info, "GET /a"), finding(.warning, "GET /b"), finding(.breaking, "GET /z"), finding(.breaking, "GET /c", status: "404"),
            finding(.breaking, "GET /c", status: "200", field: "b"), finding(.breaking, "GET /c", status: "200", field: "a", rule: "s"),
            finding(.breaking, "GET /c", status: "200", field: "a", rule: "q"), finding(.breaking, nil),
        ])
        #expect(report.findings.map { "\($0.level) \($0.operation ?? "-") \($0.status ?? "-") \($0.field ?? "-") \($0.rule)" } == [
            "breaking - - - r", "breaking GET /c 200 a q", "breaking GET /c 200 a s", "breaking GET /c 200 b r",
            "breaking GET /c 404 - r", "breaking GET /z - - r", "warning GET /b - - r", "info GET /a - - r",
        ])
        #expect(report.has(atLeast: .info) && report.has(atLeast: .warning) && report.has(atLeast: .breaking))
        let breakingOnly = CompatReport(old: "a", new: "b", findings: [finding(.breaking, "GET /a")])
        #expect(breakingOnly.has(atLeast: .warning), "--fail-on warning fails on a breaking change too")
        #expect(breakingOnly.has(atLeast: .info))
        let warningOnly = CompatReport(old: "a", new: "b", findings: [finding(.warning, "GET /a")])
        #expect(warningOnly.has(atLeast: .info) && warningOnly.has(atLeast: .warning) && !warningOnly.has(atLeast: .breaking))
        #expect(!CompatReport(old: "a", new: "b", findings: [finding(.info, "GET /a")]).has(atLeast: .warning))
        #expect(!CompatReport(old: "a", new: "b", findings: []).has(atLeast: .info))
        #expect(CompatFinding.Level.allCases.sorted() == [.info, .warning, .breaking])
    }
}
