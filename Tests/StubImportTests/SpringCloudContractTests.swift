import Foundation
import HTTPTypes
import StubEngine
import StubImport
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
    }
}
