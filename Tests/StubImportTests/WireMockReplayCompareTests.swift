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
}
