import Foundation
import StubEngine
import Testing

/// `DecodingFailure`: each kind of `DecodingError` becomes a sentence naming the field, with its
/// place written as dotted keys and list indices, at the top level and below.
@Suite struct DecodingFailureTests {
    private struct Page: Decodable {
        struct Item: Decodable {
            enum Kind: String, Decodable { case debit, credit }
            var id: String
            var amount: Double
            var kind: Kind
            var tags: [String]
            var meta: [String: Int]
            var flag: Bool
            var count: Int
        }
        var data: [Item]
    }

    private func failure(_ json: String) -> DecodingError? {
        do {
            _ = try JSONDecoder().decode(Page.self, from: Data(json.utf8))
            return nil
        } catch let error as DecodingError {
            return error
        } catch {
            return nil
        }
    }

    private let good = #"{"id":"a","amount":1.5,"kind":"debit","tags":["x"],"meta":{"k":1},"flag":true,"count":2}"#

    private func item(replacing key: String, with value: String?) -> String {
        var object = try! JSONSerialization.jsonObject(with: Data(good.utf8)) as! [String: Any]
        object[key] = nil
        var text = String(decoding: try! JSONSerialization.data(withJSONObject: object, options: .sortedKeys), as: UTF8.self)
        if let value { text = String(text.dropLast()) + (object.isEmpty ? "" : ",") + "\"\(key)\":\(value)}" }
        return #"{"data":["# + good + "," + text + "]}"
    }

    @Test func eachKindNamesItsPlace() throws {
        let cases: [(json: String, path: [String], reason: String)] = [
            (item(replacing: "amount", with: #""12""#), ["data", "1", "amount"], "expected a number at data.1.amount"),
            (item(replacing: "id", with: "7"), ["data", "1", "id"], "expected a string at data.1.id"),
            (item(replacing: "flag", with: #""yes""#), ["data", "1", "flag"], "expected true or false at data.1.flag"),
            (item(replacing: "tags", with: #""x""#), ["data", "1", "tags"], "expected a list at data.1.tags"),
            (item(replacing: "meta", with: "[]"), ["data", "1", "meta"], "expected a mapping at data.1.meta"),
            (item(replacing: "tags", with: "[1]"), ["data", "1", "tags", "0"], "expected a string at data.1.tags.0"),
            (item(replacing: "amount", with: "null"), ["data", "1", "amount"], "missing a number at data.1.amount"),
            (item(replacing: "id", with: nil), ["data", "1"], #"missing required field "id" at data.1"#),
            (item(replacing: "kind", with: #""loan""#), ["data", "1", "kind"], "at data.1.kind"),
            (#"{"data":{}}"#, ["data"], "expected a list at data"),
            (#"{}"#, [], #"missing required field "data""#),
        ]
        for (json, path, reason) in cases {
            let error = try #require(failure(json), "\(json) decodes")
            #expect(DecodingFailure.path(of: error) == path, "\(json)")
            let said = DecodingFailure.reason(of: error)
            #expect(said.contains(reason), "\(json): \(said)")
            if path.isEmpty { #expect(!said.contains(" at "), "no place at the top: \(said)") }
        }
    }

    @Test func aMissingFieldSaysWhereItWasMissedAndWhichItWas() throws {
        let error = try #require(failure(item(replacing: "flag", with: nil)))
        #expect(DecodingFailure.reason(of: error) == #"missing required field "flag" at data.1"#)
        let top = try #require(failure(#"{"datum":[]}"#))
        #expect(DecodingFailure.reason(of: top) == #"missing required field "data""#)
    }
}
