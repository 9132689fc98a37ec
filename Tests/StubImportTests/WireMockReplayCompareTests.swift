import Foundation
import HTTPTypes
import Testing
@testable import StubEngine
@testable import StubImport

/// The importer's own check of a converted mapping, on plans made by hand: what it asks of each
/// answer, and what it lets pass.
@Suite struct WireMockReplayCompareTests {
    private let replay = WireMockReplay(filesFolder: FileManager.default.temporaryDirectory)

    private func plan(_ status: Int, _ headers: [String: String], body: String = "") -> WirePlan {
        var fields = HTTPFields()
        for (name, value) in headers { fields[HTTPField.Name(name)!] = value }
        return WirePlan(requestId: "req_1", status: HTTPResponse.Status(code: status), headers: fields, body: Array(body.utf8))
    }

    /// A 204 or 304 goes out with no body and so with no body type: the mapping's `Content-Type`
    /// is not asked of it, but every other header it names is.
    @Test func aBodylessAnswerIsNotAskedForItsTypeButIsForItsOtherHeaders() {
        for status in [204, 304] {
            let mapping: [String: Any] = ["status": status, "headers": ["Content-Type": "application/json", "ETag": "\"v7\""]]
            #expect(replay.compare(plan(status, ["ETag": "\"v7\""]), with: mapping).isEmpty, "\(status)")
            #expect(replay.compare(plan(status, ["ETag": "\"v6\""]), with: mapping) == [#"header ETag is ""v6"", the mapping's is ""v7"""#],
                    "\(status)")
        }
        let typed: [String: Any] = ["status": 200, "headers": ["Content-Type": "application/json"], "body": "{}"]
        #expect(replay.compare(plan(200, ["Content-Type": "application/json"], body: "{}"), with: typed).isEmpty)
        #expect(replay.compare(plan(200, ["Content-Type": "text/plain"], body: "{}"), with: typed)
                == [#"header Content-Type is "text/plain", the mapping's is "application/json""#])
    }

    /// A header the mapping gives as a list (`"Set-Cookie": ["a=1", "b=2"]`) is asked of the
    /// answer as every value, in order; the other headers beside it are asked too.
    @Test func aListValuedHeaderIsAskedAsEveryValue() {
        let mapping: [String: Any] = ["status": 200, "headers": ["Set-Cookie": ["a=1", "b=2"], "X-Trace": "t1"]]
        func served(_ cookies: [String], trace: String) -> WirePlan {
            var fields = HTTPFields()
            for cookie in cookies { fields.append(HTTPField(name: .setCookie, value: cookie)) }
            fields[HTTPField.Name("X-Trace")!] = trace
            return WirePlan(requestId: "req_1", status: .ok, headers: fields, body: [])
        }
        #expect(replay.compare(served(["a=1", "b=2"], trace: "t1"), with: mapping).isEmpty)
        #expect(replay.compare(served(["a=1"], trace: "t1"), with: mapping) == [#"header Set-Cookie is "a=1", the mapping's is "a=1, b=2""#])
        #expect(replay.compare(served(["a=1", "b=2"], trace: "t2"), with: mapping) == [#"header X-Trace is "t2", the mapping's is "t1""#])
    }

    /// The status, then the body (as JSON when both sides are JSON), then the delay.
    @Test func theStatusTheBodyAndTheDelayAreEachAsked() {
        let mapping: [String: Any] = ["status": 201, "jsonBody": ["id": "tr_1", "amount": 10], "fixedDelayMilliseconds": 250]
        var served = plan(201, [:], body: #"{"amount":10,"id":"tr_1"}"#)
        served.delayMs = 250
        #expect(replay.compare(served, with: mapping).isEmpty, "the same JSON in another key order is the same body")
        served.body = Array(#"{"amount":11,"id":"tr_1"}"#.utf8)
        served.delayMs = 0
        let problems = replay.compare(served, with: mapping)
        #expect(problems.count == 2 && problems.first == "delay 0.0 ms, the mapping's is 250.0 ms", "\(problems)")
        #expect(problems.last?.hasPrefix("the body differs") == true, "\(problems)")
        #expect(replay.compare(plan(200, [:]), with: mapping).first?.hasPrefix("status 200, the mapping's is 201") == true)
    }

    /// The request made from a mapping: query parameters join a query the URL already has, and a
    /// json-unit `ignore-element` field is left out of the body (it may be missing), while
    /// `ignore` is sent with a value (it must be there).
    @Test func theRequestMadeFromAMappingJoinsItsQueryAndLeavesOutWhatMayBeMissing() throws {
        var generator = SeededGenerator(seed: 1)
        let request = try WireMockReplay.request(from: [
            "method": "POST", "url": "/payments?dryRun=true",
            "queryParameters": ["currency": ["equalTo": "GBP"], "page": ["equalTo": "2"]],
            "bodyPatterns": [["equalToJson": #"{"amount": 10, "reference": "${json-unit.ignore-element}", "id": "${json-unit.ignore}"}"#]],
        ], generator: &generator)
        #expect(request.method == "POST")
        #expect(request.target == "/payments?dryRun=true&currency=GBP&page=2")
        let body = try JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any]
        #expect(body?["amount"] as? Int == 10)
        #expect(body?["reference"] == nil, "ignore-element may be missing, so it is not sent")
        #expect(body?["id"] != nil, "ignore must be there")
        let plain = try WireMockReplay.request(from: ["urlPath": "/payments", "queryParameters": ["page": ["equalTo": "2"]]],
                                               generator: &generator)
        #expect(plain.target == "/payments?page=2")
    }
}
