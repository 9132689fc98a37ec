import Foundation
import HTTPTypes
import Logging
import Testing
@testable import StubImport
@testable import StubRuntime
@testable import StubEngine

/// WireMock's XML body patterns as SOAP and ISO 20022 sandboxes write them: `equalToXml` with
/// XMLUnit placeholders and `matchesXPath` in both forms, converted, replayed and served.
@Suite struct WireMockXMLTests {
    static let mappings = #"""
        {
          "mappings": [
            {
              "request": {
                "method": "POST", "urlPath": "/ws/accounts",
                "bodyPatterns": [ { "equalToXml": "<GetBalance><Iban>${xmlunit.matchesRegex([A-Z]{2}[0-9]{2}[A-Z0-9]+)}</Iban><At>${xmlunit.ignore}</At><Seq>${xmlunit.isNumber}</Seq><When>${xmlunit.isDateTime}</When></GetBalance>",
                                    "enablePlaceholders": true } ]
              },
              "response": { "status": 200, "headers": { "Content-Type": "text/xml" }, "body": "<Balance>10.00</Balance>" }
            },
            {
              "request": {
                "method": "POST", "urlPath": "/v1/payments",
                "bodyPatterns": [
                  { "matchesXPath": "//p:InstdAmt[@Ccy='EUR']", "xPathNamespaces": { "p": "urn:iso:std:iso:20022:tech:xsd:pain.001.001.03" } },
                  { "matchesXPath": { "expression": "//Cdtr/Nm/text()", "contains": "Muster" } }
                ]
              },
              "response": { "status": 201, "jsonBody": { "transactionStatus": "RCVD" } }
            },
            {
              "request": {
                "method": "POST", "url": "/v1/periodic-payments/pain.001-sepa-credit-transfers",
                "headers": { "Content-Type": { "matches": "multipart/form-data; boundary=.+" } },
                "multipartPatterns": [
                  { "headers": { "Content-Disposition": { "contains": "name=\"xml_sct\"" } },
                    "bodyPatterns": [ { "equalToXml": "<Document><IBAN>${xmlunit.ignore}</IBAN></Document>", "enablePlaceholders": true } ] },
                  { "name": "json_standingorderType", "matchingType": "ANY",
                    "headers": { "Content-Type": { "matches": "application/json(;.*)?" } },
                    "bodyPatterns": [ { "equalToJson": "{\"frequency\":\"Monthly\",\"dayOfExecution\":\"${json-unit.regex}\\\\d{1,2}\"}" } ] }
                ]
              },
              "response": { "status": 201, "jsonBody": { "transactionStatus": "RCVD" } }
            },
            {
              "request": { "method": "POST", "urlPath": "/v1/odd", "bodyPatterns": [ { "matchesXPath": "child::a" } ] },
              "response": { "status": 200 }
            }
          ]
        }
        """#

    /// WireMock's `and`, `or`, `hasExactly` and `includes`, converted and replayed.
    @Test func logicalAndMultiValueMatchersConvertAndReplay() throws {
        let source = ScratchFolder()
        try FileManager.default.createDirectory(at: source.url.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        try Data(#"""
            {
              "request": {
                "method": "GET", "urlPath": "/v1/accounts",
                "queryParameters": { "id": { "hasExactly": [ { "equalTo": "3" }, { "matches": "[0-9]+" } ] } },
                "headers": {
                  "Accept": { "or": [ { "equalTo": "application/json" }, { "contains": "+json" } ] },
                  "X-Trace": { "and": [ { "contains": "app" }, { "contains": "ios" } ] },
                  "X-Feature": { "includes": [ { "equalTo": "dark-mode" } ] }
                }
              },
              "response": { "status": 200, "jsonBody": { "accounts": [] } }
            }
            """#.utf8).write(to: source.url.appendingPathComponent("mappings/accounts.json"))
        let out = ScratchFolder()
        let report = try WireMockImporter(source: source.url).run(out: out.url)
        #expect(report.routes == 1 && report.skipped.isEmpty, "\(report.skipped)")
        let replay = try #require(report.replay)
        #expect(replay.replayed == 1 && replay.matched == 1, "\(replay.mismatched) \(replay.notReplayed)")
        let backend = try StubBackend(configuration: StubServerConfiguration(stubsDirectory: out.url), bank: nil, logger: Logger(label: "test"))
        func status(_ target: String, _ trace: String) -> Int {
            Int(backend.engine.answer(EngineRequest(method: "GET", target: target, headers: [
                .accept: "application/json", HTTPField.Name("X-Trace")!: trace, HTTPField.Name("X-Feature")!: "dark-mode",
            ], body: [])).status.code)
        }
        #expect(status("/v1/accounts?id=42&id=3", "app-ios") == 200)
        #expect(status("/v1/accounts?id=42&id=3", "app-android") == 404)
        #expect(status("/v1/accounts?id=3", "app-ios") == 404)
        // includes sees each field of a repeated header, not their values joined.
        var repeated: HTTPFields = [.accept: "application/json", HTTPField.Name("X-Trace")!: "app-ios"]
        repeated.append(HTTPField(name: HTTPField.Name("X-Feature")!, value: "beta"))
        repeated.append(HTTPField(name: HTTPField.Name("X-Feature")!, value: "dark-mode"))
        #expect(backend.engine.answer(EngineRequest(method: "GET", target: "/v1/accounts?id=3&id=7", headers: repeated, body: [])).status.code == 200)
    }

    /// WireMock's date matchers (`before`, `after`, `equalToDateTime` with their options) and
    /// `cookies`, converted, replayed (the replay sends a date that holds now) and served.
    @Test func dateMatchersAndCookiesConvertAndReplay() throws {
        let source = ScratchFolder()
        try FileManager.default.createDirectory(at: source.url.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        try Data(#"""
            {
              "request": {
                "method": "GET", "urlPath": "/v1/statements",
                "queryParameters": {
                  "dateFrom": { "after": "now", "expectedOffset": -90, "expectedOffsetUnit": "days", "actualFormat": "yyyy-MM-dd" },
                  "dateTo": { "before": "now +1 days", "truncateExpected": "first hour of day", "applyTruncationLast": true }
                },
                "headers": { "X-Request-Date": { "equalToDateTime": "now", "truncateExpected": "first day of month",
                                                 "truncateActual": "first day of month" } },
                "cookies": { "session": { "matches": "s-[0-9]+" }, "locale": { "equalTo": "en-GB" } }
              },
              "response": { "status": 200, "jsonBody": { "statements": [] } }
            }
            """#.utf8).write(to: source.url.appendingPathComponent("mappings/statements.json"))
        let out = ScratchFolder()
        let report = try WireMockImporter(source: source.url).run(out: out.url)
        #expect(report.routes == 1 && report.skipped.isEmpty, "\(report.skipped)")
        let replay = try #require(report.replay)
        #expect(replay.replayed == 1 && replay.matched == 1, "\(replay.mismatched) \(replay.notReplayed)")
        let written = try String(contentsOf: out.url.appendingPathComponent("routes/statements.yaml"), encoding: .utf8)
        #expect(written.contains("expectedOffset: -90") && written.contains("applyTruncationLast: true") && written.contains("cookies:"),
                "\(written)")

        let backend = try StubBackend(configuration: StubServerConfiguration(stubsDirectory: out.url), bank: nil, logger: Logger(label: "test"))
        let day = DateFormatter()
        day.locale = Locale(identifier: "en_US_POSIX")
        day.timeZone = TimeZone(identifier: "UTC")
        day.dateFormat = "yyyy-MM-dd"
        func status(from: Date, cookie: String) -> Int {
            let now = ISO8601DateFormatter().string(from: Date())
            let target = "/v1/statements?dateFrom=\(day.string(from: from))&dateTo=\(now)"
            return Int(backend.engine.answer(EngineRequest(method: "GET", target: target, headers: [
                .cookie: cookie, HTTPField.Name("X-Request-Date")!: now,
            ], body: [])).status.code)
        }
        let month = Date().addingTimeInterval(-30 * 86_400)
        #expect(status(from: month, cookie: "session=s-1; locale=en-GB") == 200)
        #expect(status(from: Date().addingTimeInterval(-200 * 86_400), cookie: "session=s-1; locale=en-GB") == 404, "past the 90 days")
        #expect(status(from: month, cookie: "session=s-1; locale=de-DE") == 404)
    }

    @Test func xmlPatternsConvertReplayAndServe() throws {
        let source = ScratchFolder()
        try FileManager.default.createDirectory(at: source.url.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        try Data(Self.mappings.utf8).write(to: source.url.appendingPathComponent("mappings/xml.json"))
        let out = ScratchFolder()
        let report = try WireMockImporter(source: source.url).run(out: out.url)
        #expect(report.routes == 3)
        #expect(report.skipped.count == 1 && report.skipped[0].reason.contains("axes"), "\(report.skipped)")
        let replay = try #require(report.replay)
        #expect(replay.replayed == 2 && replay.matched == 2, "the equalToXml and multipart mappings replay: \(replay.mismatched)")
        #expect(replay.notReplayed.contains { $0.reason.contains("matchesXPath") }, "\(replay.notReplayed)")

        let backend = try StubBackend(configuration: StubServerConfiguration(stubsDirectory: out.url), bank: nil, logger: Logger(label: "test"))
        func answer(_ target: String, _ body: String) -> WirePlan {
            backend.engine.answer(EngineRequest(method: "POST", target: target, headers: [.contentType: "application/xml"], body: Array(body.utf8)))
        }
        let balance = answer("/ws/accounts", "<GetBalance>\n  <Iban>DE02100100109307118603</Iban>\n  <At>now</At>\n"
                             + "  <Seq>7</Seq><When>2026-01-01T10:00:00Z</When>\n</GetBalance>")
        #expect(balance.status.code == 200 && String(decoding: balance.body, as: UTF8.self) == "<Balance>10.00</Balance>")
        let tail = "<Seq>7</Seq><When>2026-01-01T10:00:00Z</When></GetBalance>"
        #expect(answer("/ws/accounts", "<GetBalance><Iban>nope</Iban><At>now</At>" + tail).status.code == 404)
        #expect(answer("/ws/accounts", "<GetBalance><Iban>DE02100100109307118603</Iban><At>now</At>"
                       + tail.replacingOccurrences(of: ">7<", with: ">seven<")).status.code == 404, "isNumber wants a number")
        let payment = #"""
            <Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"><CdtTrfTxInf>
            <Amt><InstdAmt Ccy="EUR">1</InstdAmt></Amt><Cdtr><Nm>Max Mustermann</Nm></Cdtr></CdtTrfTxInf></Document>
            """#
        #expect(answer("/v1/payments", payment).status.code == 201)
        #expect(answer("/v1/payments", payment.replacingOccurrences(of: "Muster", with: "Beisp")).status.code == 404)
        let periodic = "--b\r\nContent-Disposition: form-data; name=\"xml_sct\"\r\n\r\n<Document><IBAN>DE39</IBAN></Document>\r\n"
            + "--b\r\nContent-Disposition: form-data; name=\"json_standingorderType\"\r\nContent-Type: application/json\r\n\r\n"
            + "{\"frequency\":\"Monthly\",\"dayOfExecution\":\"12\"}\r\n--b--\r\n"
        let multipart: HTTPFields = [.contentType: "multipart/form-data; boundary=b"]
        func post(_ body: String) -> Int {
            Int(backend.engine.answer(EngineRequest(method: "POST", target: "/v1/periodic-payments/pain.001-sepa-credit-transfers",
                                                    headers: multipart, body: Array(body.utf8))).status.code)
        }
        #expect(post(periodic) == 201)
        #expect(post(periodic.replacingOccurrences(of: "\"12\"", with: "\"twelve\"")) == 404)
        #expect(post(periodic.replacingOccurrences(of: "<IBAN>DE39</IBAN>", with: "<BIC>X</BIC>")) == 404, "the XML part is checked too")
        #expect(post(periodic.replacingOccurrences(of: "Content-Type: application/json", with: "Content-Type: text/plain")) == 404,
                "the part's own headers are checked")
    }

    /// `equalToXml`'s options as WireMock reads them. Without `"enablePlaceholders": true` it
    /// compares `${xmlunit.…}` as text, so such a mapping is listed, not converted to a route that
    /// reads a placeholder. An exempted comparison route files make (`ATTR_VALUE`) is listed;
    /// exempting namespaces, which route files never compare, changes nothing. Placeholders
    /// written with blanks or a date format convert, replay and serve.
    @Test func equalToXmlsOptionsAreWireMocks() throws {
        let source = ScratchFolder()
        try FileManager.default.createDirectory(at: source.url.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        func mapping(_ path: String, _ pattern: String) -> String {
            #"{ "request": { "method": "POST", "urlPath": "\#(path)", "bodyPatterns": [ \#(pattern) ] }, "response": { "status": 200 } }"#
        }
        let mappings = [
            mapping("/off", #"{ "equalToXml": "<a>${xmlunit.ignore}</a>" }"#),
            mapping("/false", #"{ "equalToXml": "<a id=\"${xmlunit.isNumber}\"/>", "enablePlaceholders": false }"#),
            mapping("/exempt", #"{ "equalToXml": "<a id=\"1\"/>", "exemptedComparisons": ["NAMESPACE_URI", "ATTR_VALUE"] }"#),
            mapping("/namespaces", #"{ "equalToXml": "<p:a xmlns:p=\"urn:x\">1</p:a>", "exemptedComparisons": ["NAMESPACE_URI"] }"#),
            mapping("/on", #"{ "equalToXml": "<Tx id=\"${ xmlunit.ignore }\"><On>${xmlunit.isDateTime(dd.MM.yyyy)}</On><Ref> ${  xmlunit.matchesRegex(^[A-Z]{3}-[0-9]{2,4}$)  } </Ref></Tx>", "enablePlaceholders": true }"#),
        ]
        try Data(#"{ "mappings": [\#(mappings.joined(separator: ",\n")) ] }"#.utf8).write(to: source.url.appendingPathComponent("mappings/xml.json"))
        let out = ScratchFolder()
        let report = try WireMockImporter(source: source.url).run(out: out.url)
        let reasons = report.skipped.map(\.reason)
        #expect(report.routes == 2 && report.skipped.count == 3, "\(reasons)")
        #expect(reasons.contains { $0.contains("${xmlunit.ignore} without \"enablePlaceholders\": true") }, "\(reasons)")
        #expect(reasons.contains { $0.contains("${xmlunit.isNumber} without \"enablePlaceholders\": true") }, "\(reasons)")
        #expect(reasons.contains { $0.contains("exempts ATTR_VALUE from the comparison") && !$0.contains("NAMESPACE_URI") }, "\(reasons)")
        let replay = try #require(report.replay)
        #expect(replay.replayed == 2 && replay.matched == 2, "\(replay.mismatched) \(replay.notReplayed)")

        let backend = try StubBackend(configuration: StubServerConfiguration(stubsDirectory: out.url), bank: nil, logger: Logger(label: "test"))
        func status(_ target: String, _ body: String) -> Int {
            Int(backend.engine.answer(EngineRequest(method: "POST", target: target, headers: [.contentType: "application/xml"],
                                                    body: Array(body.utf8))).status.code)
        }
        #expect(status("/on", "<Tx><On>02.12.2026</On><Ref>ABC-123</Ref></Tx>") == 200, "no id: ignore takes a missing attribute")
        #expect(status("/on", #"<Tx id="7"><On>2026-12-02</On><Ref>ABC-123</Ref></Tx>"#) == 404, "not the date format given")
        #expect(status("/on", #"<Tx id="7"><On>02.12.2026</On><Ref>ABC-1</Ref></Tx>"#) == 404)
        #expect(status("/namespaces", #"<q:a xmlns:q="urn:y">1</q:a>"#) == 200)
    }
}
