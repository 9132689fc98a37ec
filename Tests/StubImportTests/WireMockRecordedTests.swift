import Foundation
import HTTPTypes
import Logging
import Testing
@testable import StubImport
@testable import StubRuntime
@testable import StubEngine

/// Mappings as WireMock's recorder writes them (the shape of banks' PSD2 sandbox recordings),
/// converted, replayed, and served through the engine with no HTTP.
@Suite struct WireMockRecordedTests {
    private static let source = importFixtures.appendingPathComponent("wiremock-recorded")

    private func imported() throws -> (ScratchFolder, ImportReport, StubBackend) {
        let out = ScratchFolder()
        let report = try WireMockImporter(source: Self.source).run(out: out.url)
        let backend = try StubBackend(configuration: StubServerConfiguration(stubsDirectory: out.url), bank: nil, logger: Logger(label: "test"))
        return (out, report, backend)
    }

    private func answer(_ backend: StubBackend, _ method: String, _ target: String, _ headers: HTTPFields = [:],
                        body: String = "") -> WirePlan {
        backend.engine.answer(EngineRequest(method: method, target: target, headers: headers, body: Array(body.utf8)))
    }

    @Test func everyRecordedMappingConvertsAndAnswersAsItsMappingSays() throws {
        let (_, report, _) = try imported()
        #expect(report.skipped.isEmpty, "\(report.skipped)")
        #expect(report.routes == 7)
        let replay = try #require(report.replay)
        #expect(replay.replayed == 7 && replay.matched == 7, "\(replay.mismatched) \(replay.notReplayed)")
        #expect(report.notes.count == 1 && report.notes[0].source == "mappings/periodic-payments.json mappings[0]"
                && report.notes[0].reason.contains("postServeActions"), "\(report.notes)")
    }

    @Test func aRecordersRepeatedNamesBecomeUniqueIds() throws {
        let (_, _, backend) = try imported()
        let ids = Set(backend.fileRoutes.routes.map(\.id))
        #expect(ids.contains("v1-consents") && ids.contains("v1-consents-status-8a1d"), "\(ids.sorted())")
    }

    private static let consent = #"{"access":{"accounts":[{"iban":"DE75512108001245126199","currency":"EUR","extra":1},"#
        + #"{"iban":"DE02100100109307118603","currency":"EUR"}]},"recurringIndicator":true,"validUntil":"2026-12-31","#
        + #""frequencyPerDay":4,"combinedServiceIndicator":false}"#

    private static let consentHeaders: HTTPFields = [HTTPField.Name("X-Request-ID")!: "r-1", HTTPField.Name("PSU-ID")!: "psu-1",
                                                     .contentType: "application/json"]

    @Test func equalToJsonKeepsItsOptionsAndPlaceholders() throws {
        let (_, _, backend) = try imported()
        let served = answer(backend, "POST", "/v1/consents", Self.consentHeaders, body: Self.consent)
        #expect(served.status.code == 201, "\(String(decoding: served.body, as: UTF8.self))")
        // The recorded X-Request-ID wins over the stub's own, and `{{` is served as written.
        #expect(served.headers[HTTPField.Name("X-Request-ID")!] == "910670d3-04fa-4fde-b254-a43be22df9c9")
        #expect(String(decoding: served.body, as: UTF8.self).contains("c={{consent}}"))
        #expect(served.headers[HTTPField.Name("Location")!] == #"{"href":"/v1/consents/c-1"}"#)

        // What WireMock would refuse, the route refuses.
        let badDate = Self.consent.replacingOccurrences(of: "2026-12-31", with: "31.12.2026")
        #expect(answer(backend, "POST", "/v1/consents", Self.consentHeaders, body: badDate).status.code == 404)
        let textNumber = Self.consent.replacingOccurrences(of: #""frequencyPerDay":4"#, with: #""frequencyPerDay":"4""#)
        #expect(answer(backend, "POST", "/v1/consents", Self.consentHeaders, body: textNumber).status.code == 404)
        let oneAccount = #"{"access":{"accounts":[{"iban":"DE02100100109307118603","currency":"EUR"}]},"#
            + #""recurringIndicator":true,"validUntil":"2026-12-31","frequencyPerDay":4}"#
        #expect(answer(backend, "POST", "/v1/consents", Self.consentHeaders, body: oneAccount).status.code == 404)
        var shouting = Self.consentHeaders
        shouting[.contentType] = "Application/Json"
        #expect(answer(backend, "POST", "/v1/consents", shouting, body: Self.consent).status.code == 201, "caseInsensitive")
        var withAddress = Self.consentHeaders
        withAddress[HTTPField.Name("PSU-IP-Address")!] = "10.0.0.1"
        #expect(answer(backend, "POST", "/v1/consents", withAddress, body: Self.consent).status.code == 404, "absent")
    }

    @Test func urlPatternsSeeThePathAndTheQueryAndPathPatternsOnlyThePath() throws {
        let (_, _, backend) = try imported()
        let bearer: HTTPFields = [.authorization: "Bearer t"]
        #expect(answer(backend, "GET", "/psd2/v1/consents/c-1/status", bearer).status.code == 200)
        #expect(answer(backend, "GET", "/v1/consents/c-1/status?x=1", bearer).status.code == 404, "urlPattern names no query")
        #expect(answer(backend, "GET", "/v1/consents/c-1/status").status.code == 404, "contains Bearer")
        var debug = bearer
        debug[HTTPField.Name("X-Debug")!] = "on"
        #expect(answer(backend, "GET", "/v1/consents/c-1/status", debug).status.code == 404, "doesNotMatch")
        debug[HTTPField.Name("X-Debug")!] = "off"
        debug[.userAgent] = "curl/8"
        #expect(answer(backend, "GET", "/v1/consents/c-1/status", debug).status.code == 404, "doesNotContain")

        let status = answer(backend, "GET", "/v1/periodic-payments/sepa-credit-transfers/p-1/status?any=thing")
        #expect(status.status.code == 200, "urlPathPattern ignores the query")
        #expect(answer(backend, "GET", "/v1/periodic-payments/sepa-credit-transfers/a/b/status").status.code == 200, ".+ spans segments")

        let path = "/v1/periodic-payments/sepa-credit-transfers/p-1/authorisations/a-1"
        let otp = answer(backend, "PUT", path + "?lfdNumber=987&correlationId=JZ9TZO", body: #"{"scaAuthenticationData":"scaauth"}"#)
        #expect(otp.status.code == 200)
        #expect(String(decoding: otp.body, as: UTF8.self).contains("{{otp}}"), "a __files body without templating is literal")
        #expect(answer(backend, "PUT", path + "?lfdNumber=x&correlationId=JZ9TZO", body: "SCAAUTH").status.code == 404)
        let select = answer(backend, "PUT", path, body: #"{ "authenticationMethodId" : "901" }"#)
        #expect(String(decoding: select.body, as: UTF8.self) == "selected {{method}}")
        #expect(answer(backend, "PUT", path, body: #"{"authenticationMethodId":"901","more":1}"#).status.code == 404,
                "without ignoreExtraElements an extra field does not match")

        #expect(answer(backend, "GET", "/odata/{guid}/items").status.code == 204)
        #expect(answer(backend, "GET", "/odata/other/items").status.code == 404, "a literal { is not a template")
        let xml = "<?xml version=\"1.0\"?>\n<Document><CstmrCdtTrfInitn/></Document>"
        #expect(answer(backend, "POST", "/v1/payments/pain.001-sepa-credit-transfers", body: xml).status.code == 201)
        #expect(answer(backend, "POST", "/v1/payments/pain.001-sepa-credit-transfers", body: "{}").status.code == 404)
    }

    @Test func aReplayThatDiffersIsReportedWithWhatDiffered() throws {
        // The importer's own check: break one written body and replay again.
        let (out, _, _) = try imported()
        let bodies = out.url.appendingPathComponent("routes/bodies")
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: bodies.path).first {
            (try? String(contentsOf: bodies.appendingPathComponent($0), encoding: .utf8))?.contains("ACSC") == true
        })
        try Data(#"{"transactionStatus":"RJCT"}"#.utf8).write(to: bodies.appendingPathComponent(file))
        let converted = try WireMockImporter(source: Self.source).routes()
        let outcome = try WireMockReplay(filesFolder: Self.source.appendingPathComponent("__files")).run(converted.replay, out: out.url)
        #expect(outcome.matched == 6, "\(outcome.mismatched) \(outcome.notReplayed)")
        #expect(outcome.mismatched.map(\.source) == ["mappings/periodic-payments.json mappings[0]"])
        #expect(outcome.mismatched.first?.reason.contains("the body differs") == true, "\(outcome.mismatched)")
    }

    @Test func withGlobalTemplatingEveryBodyIsATemplate() throws {
        // As WireMock run with --global-response-templating: the recorded "{{consent}}" is now a
        // tag, one route files have no equivalent for, so that mapping is listed, not served wrong.
        let out = ScratchFolder()
        let report = try WireMockImporter(source: Self.source, globalTemplating: true).run(out: out.url)
        let reasons = report.skipped.map(\.description)
        #expect(reasons.contains { $0.hasPrefix("mappings/v1_consents-2f1c.json") && $0.contains("{{consent}}") }, "\(reasons)")
        #expect(report.replay?.matched == report.replay?.replayed)
    }
}
