import Foundation
import HTTPTypes
import StubEngine
@testable import StubImport
import StubFormats
import StubServer
import Testing

/// Stubs Spring Cloud Contract generated (`Tests/ImportFixtures/spring-cloud-contract`, Apache
/// 2.0): each body field is a Jayway filter on the body, and each converts as written and
/// answers what WireMock answers.
@Suite struct SpringCloudContractTests {
    @Test func itsStubsConvertAndAnswerAsWireMockDoes() throws {
        let out = ScratchFolder()
        let report = try WireMockImporter(source: importFixtures.appendingPathComponent("spring-cloud-contract")).run(out: out.url)
        #expect(report.routes == 4 && report.skipped.isEmpty, "\(report.skipped)")
        let backend = try makeBackend(stubs: out.url)
        func answer(_ method: String, _ target: String, _ body: String, type: String = "application/json") -> (Int, String) {
            let plan = backend.engine.answer(EngineRequest(method: method, target: target, headers: [.contentType: type],
                                                           body: Array(body.utf8)))
            return (Int(plan.status.code), String(decoding: plan.body, as: UTF8.self))
        }
        func status(_ age: String) -> String? {
            let (code, body) = answer("POST", "/check", #"{"name": "marcin", "age": \#(age)}"#)
            let json = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: String]
            return code == 200 ? json?["status"] : "\(code)"
        }
        #expect(status("25") == "OK")
        #expect(status("15") == "NOT_OK")
        #expect(status("5") == "404", "one digit is neither pattern")
        #expect(status(#""25""#) == "OK", "text or number alike")
        let fraud = #"{"clientId": "1234567890", "loanAmount": 99999}"#
        #expect(answer("PUT", "/fraudcheck", fraud, type: "application/vnd.fraud.v1+json").1.contains("Amount too high"))
        #expect(answer("PUT", "/fraudcheck", #"{"clientId": "1234567890", "loanAmount": 5}"#, type: "application/vnd.fraud.v1+json").0 == 404)
        #expect(answer("PUT", "/fraudcheck", #"{"clientId": "12345", "loanAmount": 99999}"#, type: "application/vnd.fraud.v1+json").0 == 404)
        #expect(answer("POST", "/users", #"{"login": "john", "name": "John The Contract"}"#).0 == 200)
        #expect(answer("POST", "/users", #"{"login": "jane", "name": "John The Contract"}"#).0 == 404)
        // The import's replay writes a body from each stub's filters, and each stub answers it.
        let replay = try #require(report.replay)
        #expect(replay.replayed == 4 && replay.matched == 4 && replay.notReplayed.isEmpty,
                "\(replay.mismatched) \(replay.notReplayed)")
    }

    /// Each of the 72 paths Spring Cloud Contract's repository holds has an example body (the
    /// replay's), and finds something in it, its regexes sampled as the replay samples them.
    @Test func eachOfItsPathsHasABodyItFindsSomethingIn() throws {
        let file = importFixtures.appendingPathComponent("spring-cloud-contract/json-paths.txt")
        let paths = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(paths.count == 72)
        var generator = SeededGenerator(seed: 3)
        for text in paths {
            let path = try JSONPath(text)
            let example = path.example(leaf: nil) { PatternSampler.sample($0, using: &generator) }
            #expect(example.map { !path.values(in: $0).isEmpty } == true, "\(text): \(String(describing: example))")
        }
    }
}
