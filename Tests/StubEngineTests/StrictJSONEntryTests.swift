import Foundation
import HTTPTypes
import StubEngine
import StubFormats
import Testing

/// JSON that a strict client or server refuses (a trailing comma, a leading zero) is refused
/// wherever the stub reads JSON sent to it: the bank's request bodies, route conditions on the
/// body, and route files' body files; JSON that Foundation wrongly refuses (`0e1`) is read.
@Suite struct StrictJSONEntryTests {
    @Test func aBankRequestBodyWithATrailingCommaIsMalformed() {
        for text in [#"{"amount":1,}"#, #"{"amount":[1,2,]}"#, #"{"amount":01}"#] {
            do {
                _ = try WireJSON.decodeBody([String: JSONValue].self, from: Array(text.utf8))
                Issue.record("\(text) was read")
            } catch {
                #expect(error.code == "malformed_json" && error.message.contains("invalid JSON"), "\(text): \(error.message)")
            }
        }
        #expect((try? WireJSON.decodeBody([String: Int].self, from: Array(#"{"amount":1}"#.utf8))) == ["amount": 1])
    }

    /// A declared field sent as an explicit `null` is refused by name (Codable would read it as
    /// absent and the bank would take the default); a null where no field is declared, or at a
    /// field not declared, is read as absent.
    @Test func anExplicitNullAtADeclaredFieldIsRefusedByName() throws {
        struct Transfer: Decodable, Equatable {
            var amount: Int?
            var reference: String?
        }
        let text = Array(#"{"amount":5,"reference":null,"meta":{"tag":null}}"#.utf8)
        do {
            _ = try WireJSON.decodeBody(Transfer.self, from: text, fields: ["amount", "reference", "meta.tag"])
            Issue.record("an explicit null at a declared field was read")
        } catch {
            #expect(error.code == "validation_failed" && error.status.code == 400, "\(error)")
            #expect(error.details.map(\.path) == ["meta.tag", "reference"] && error.details.allSatisfy { $0.code == "null_not_allowed" },
                    "\(error.details)")
        }
        #expect(try WireJSON.decodeBody(Transfer.self, from: text, fields: ["amount"]) == Transfer(amount: 5, reference: nil))
        #expect(try WireJSON.decodeBody(Transfer.self, from: text) == Transfer(amount: 5, reference: nil))
    }

    @Test func aBodyConditionReadsOnlyJSON() throws {
        let (routes, problems) = RouteFolder.load("""
            routes:
              - id: json
                request: { method: POST, path: /v1/r, body: { "$.a": { equals: 0 } } }
                responses: [ { status: 200, body: matched } ]
              - id: other
                request: { method: POST, path: /v1/r }
                responses: [ { status: 200, body: other } ]
            """)
        #expect(problems.isEmpty, "\(problems)")
        let probe = EngineProbe(sources: [FileRouteSource(routes: routes, state: FileRouteState(seed: 1), clock: Date.init)])
        func body(_ sent: String) -> String {
            String(decoding: probe.answer("/v1/r", method: "POST", headers: ["Content-Type": "application/json"], body: sent).body,
                   as: UTF8.self)
        }
        #expect(body(#"{"a":0}"#) == "matched")
        #expect(body(#"{"a":0e1}"#) == "matched", "0e1 is JSON's zero")
        #expect(body(#"{"a":0,}"#) == "other", "a trailing comma is not JSON")
    }

    @Test func theLineOfASyntaxErrorIsTheStrictReaders() {
        let found = JSONLineLocator.syntaxError(in: Data("[\n1,\n2,\n]".utf8))
        #expect(found?.line == 4 && found?.reason == "invalid JSON: a trailing comma before ] at line 4, column 1", "\(String(describing: found))")
        #expect(JSONLineLocator.syntaxError(in: Data("[0e1]".utf8)) == nil)
    }
}
