import Foundation
import Testing
@testable import StubEngine
import StubFormats
import HTTPTypes

/// Multipart request bodies (RFC 2046, `multipart/form-data`), as a PSD2 periodic payment sends
/// its pain.001 XML beside its standing-order JSON: `parts` in route files, with no HTTP.
@Suite struct MultipartTests {
    static let boundary = "----bank7MA4YWxkTrZu0gW"
    static func body(_ parts: [(String, String, String)]) -> String {
        parts.map { name, type, content in
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\nContent-Type: \(type)\r\n\r\n\(content)\r\n"
        }.joined() + "--\(boundary)--\r\n"
    }
    static let periodic = body([("xml_sct", "application/xml", "<Document><PmtInf><DbtrAcct><IBAN>DE39499999600000005111</IBAN></DbtrAcct></PmtInf></Document>"),
                                ("json_standingorderType", "application/json", #"{"frequency": "Monthly", "dayOfExecution": "1"}"#)])

    @Test func aBodyIsCutIntoItsParts() throws {
        let multipart = try #require(MultipartBody(Array(Self.periodic.utf8), contentType: "multipart/form-data; boundary=\"\(Self.boundary)\""))
        #expect(multipart.parts.count == 2)
        #expect(multipart.parts[0].headers[.contentDisposition] == #"form-data; name="xml_sct""#)
        #expect(String(decoding: multipart.parts[1].body, as: UTF8.self) == #"{"frequency": "Monthly", "dayOfExecution": "1"}"#)
        // A preamble, LF line ends and a part with no headers are read too.
        let loose = "preamble\n--b\n\nfirst\n--b\nX-A: 1\n\nsecond\n--b--\n"
        let parts = try #require(MultipartBody(Array(loose.utf8), contentType: "multipart/mixed; boundary=b")).parts
        #expect(parts.map { String(decoding: $0.body, as: UTF8.self) } == ["first", "second"] && parts[1].headers[HTTPField.Name("X-A")!] == "1")
        // A last delimiter without its closing `--`, as the body's very last bytes, still ends the last part.
        for unclosed in ["--b\r\nX-A: 1\r\n\r\nfirst\r\n--b", "--b\n\nfirst\n--b"] {
            let read = MultipartBody(Array(unclosed.utf8), contentType: "multipart/mixed; boundary=b")?.parts
            #expect(read?.map { String(decoding: $0.body, as: UTF8.self) } == ["first"], "\(unclosed.debugDescription)")
        }
        #expect(MultipartBody(Array("{}".utf8), contentType: "application/json") == nil)
        #expect(MultipartBody(Array("no delimiter".utf8), contentType: "multipart/form-data; boundary=b") == nil)
        // A part whose headers never end with a blank line (a client cut short) keeps the headers it
        // has and no body: its header lines are not read as a body.
        let headless = try #require(MultipartBody(Array("--b\r\nX-A: 1\r\nX-B: 2\r\n--b--".utf8), contentType: "multipart/mixed; boundary=b"))
        #expect(headless.parts.count == 1 && headless.parts[0].headers[HTTPField.Name("X-A")!] == "1")
        #expect(headless.parts.first?.body == [], "\(headless.parts.map { String(decoding: $0.body, as: UTF8.self) })")
        // Media type parameter names are case-insensitive (RFC 9110 §8.3.1), and so is the type.
        for type in ["multipart/mixed; Boundary=b", "Multipart/Mixed;BOUNDARY=b", "multipart/mixed; charset=utf-8;boundary=b"] {
            #expect(MultipartBody(Array(loose.utf8), contentType: type)?.parts.count == 2, "\(type)")
        }
    }

    /// Random bodies written as RFC 2046 writes them (CRLF or LF line ends, a preamble and an
    /// epilogue or none, a quoted boundary or not, parts with and without headers), whose
    /// contents hold line breaks, `--`, and the boundary itself where it is not at a line's start,
    /// are cut into exactly the parts written.
    @Test(arguments: 0..<6) func everyWrittenBodyIsCutIntoThePartsWritten(seed: UInt64) throws {
        var generator = SeededGenerator(seed: 10_300 + seed)
        for _ in 0..<80 {
            let boundary = ["b", "----WebKitFormBoundary7MA4YWxkTrZu0gW", "simple boundary", "=_x-1"].randomElement(using: &generator)!
            let newline = Bool.random(using: &generator) ? "\r\n" : "\n"
            let pieces = ["a", "{\"k\": 1}", newline, "--", " --\(boundary)", "x--\(boundary)--", "é", "\t", "="]
            var written: [(headers: [(String, String)], body: String)] = []
            for index in 0..<Int.random(in: 1...4, using: &generator) {
                let headers: [(String, String)] = Bool.random(using: &generator) || index == 0
                    ? [("Content-Disposition", "form-data; name=\"p\(index)\""), ("Content-Type", "application/json")].filter { _ in Bool.random(using: &generator) }
                    : []
                // A body starting with a line break would read as the end of the headers of a part that has none.
                var body = (0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
                if headers.isEmpty { while body.hasPrefix("\n") || body.hasPrefix("\r") { body.removeFirst() } }
                if headers.isEmpty, body.contains(":") || body.isEmpty { body = "plain" }
                written.append((headers, body))
            }
            var text = Bool.random(using: &generator) ? "This is a preamble." + newline : ""
            for part in written {
                text += "--" + boundary + newline
                text += part.headers.map { "\($0.0): \($0.1)" + newline }.joined() + newline
                text += part.body + newline
            }
            text += "--" + boundary + "--" + (Bool.random(using: &generator) ? newline + "epilogue" + newline : "")
            let quoted = boundary.contains(" ") || Bool.random(using: &generator) ? "\"\(boundary)\"" : boundary
            let parsed = try #require(MultipartBody(Array(text.utf8), contentType: "multipart/form-data; charset=utf-8; boundary=\(quoted)"),
                                      "\(text.debugDescription)")
            #expect(parsed.parts.count == written.count, "\(text.debugDescription)")
            for (part, expected) in zip(parsed.parts, written) {
                #expect(String(decoding: part.body, as: UTF8.self) == expected.body, "\(text.debugDescription)")
                for (name, value) in expected.headers {
                    #expect(part.headers[HTTPField.Name(name)!] == value, "\(name) in \(text.debugDescription)")
                }
                #expect(part.headers.count == expected.headers.count, "\(text.debugDescription)")
            }
        }
    }

    /// A route that tests only the parts is more specific than one that tests nothing: of two
    /// on the same path and priority, it is asked first, wherever it is written.
    @Test func aRouteTestingPartsIsAskedBeforeOneTestingNothing() throws {
        let (routes, problems) = RouteFolder.load("""
            routes:
              - id: any-upload
                request: { method: POST, path: /v1/uploads }
                responses: [{ status: 202 }]
              - id: statement
                request:
                  method: POST
                  path: /v1/uploads
                  parts: [{ headers: { Content-Disposition: { contains: 'name="json_standingorderType"' } } }]
                responses: [{ status: 201 }]
            """)
        #expect(problems.isEmpty, "\(problems)")
        let probe = EngineProbe(sources: [FileRouteSource(routes: routes, state: FileRouteState(seed: 1), clock: Date.init)])
        let type = ["Content-Type": "multipart/form-data; boundary=\(Self.boundary)"]
        #expect(probe.answer("/v1/uploads", method: "POST", headers: type, body: Self.periodic).status.code == 201)
        #expect(probe.answer("/v1/uploads", method: "POST", headers: type, body: "not multipart").status.code == 202)
    }

    @Test func routeFilesTestOnePartOrEveryPart() throws {
        let (routes, problems) = RouteFolder.load("""
            routes:
              - id: periodic
                request:
                  method: POST
                  path: /v1/periodic-payments/pain.001-sepa-credit-transfers
                  parts:
                    - headers: { Content-Disposition: { contains: 'name="xml_sct"' } }
                      xpath: { "//DbtrAcct/IBAN": DE39499999600000005111 }
                    - headers: { Content-Disposition: { contains: 'name="json_standingorderType"' } }
                      body: { $.frequency: Monthly }
                    - match: all
                      headers: { Content-Disposition: { matches: 'form-data; name=".+"' } }
                responses: [{ status: 201 }]
            """)
        #expect(problems.isEmpty, "\(problems)")
        let probe = EngineProbe(sources: [FileRouteSource(routes: routes, state: FileRouteState(seed: 1), clock: Date.init)])
        let path = "/v1/periodic-payments/pain.001-sepa-credit-transfers"
        let type = ["Content-Type": "multipart/form-data; boundary=\(Self.boundary)"]
        #expect(probe.answer(path, method: "POST", headers: type, body: Self.periodic).status.code == 201)
        let weekly = Self.periodic.replacingOccurrences(of: "Monthly", with: "Weekly")
        let miss = probe.answer(path, method: "POST", headers: type, body: weekly)
        #expect(miss.status.code == 404)
        #expect(String(decoding: miss.body, as: UTF8.self).contains(#"parts[1]: no part of 2 passes (closest: body $.frequency expected"#),
                "the near miss names the part test, and what is wrong in the part whose headers passed")
        // Two parts pass the headers and miss inside: the near miss names the first of them.
        let xml = "<Document><PmtInf><DbtrAcct><IBAN>DE39499999600000005111</IBAN></DbtrAcct></PmtInf></Document>"
        let twice = Self.body([("xml_sct", "application/xml", xml),
                               ("json_standingorderType", "application/json", #"{"frequency": "Weekly"}"#),
                               ("json_standingorderType", "application/json", #"{"frequency": "Daily"}"#)])
        let closest = String(decoding: probe.answer(path, method: "POST", headers: type, body: twice).body, as: UTF8.self)
        #expect(closest.contains("parts[1]: no part of 3 passes (closest: body $.frequency") && closest.contains("Weekly")
                && !closest.contains("Daily"), "\(closest)")
        let attachment = Self.periodic.replacingOccurrences(of: #"Content-Disposition: form-data; name="json_standingorderType""#,
                                                            with: #"Content-Disposition: attachment; name="json_standingorderType""#)
        #expect(probe.answer(path, method: "POST", headers: type, body: attachment).status.code == 404, "match: all holds for every part")
        let bothAttachments = Self.periodic.replacingOccurrences(of: "Content-Disposition: form-data;", with: "Content-Disposition: attachment;")
        let everyMiss = String(decoding: probe.answer(path, method: "POST", headers: type, body: bothAttachments).body, as: UTF8.self)
        #expect(everyMiss.contains("parts[2] (every part): header Content-Disposition") && everyMiss.contains("xml_sct")
                && !everyMiss.contains("json_standingorderType"), "the near miss names the first part that fails: \(everyMiss)")
        let notMultipart = probe.answer(path, method: "POST", headers: ["Content-Type": "application/json"], body: "{}")
        #expect(String(decoding: notMultipart.body, as: UTF8.self).contains("body is not multipart"))
    }

    /// `match: any`, written out, is the default: one passing part is enough.
    @Test func matchAnyWrittenOutIsOnePart() throws {
        let (routes, problems) = RouteFolder.load("""
            routes:
              - request:
                  method: POST
                  path: /v1/documents
                  parts:
                    - match: any
                      headers: { Content-Type: { contains: json } }
                responses: [{ status: 201 }]
            """)
        #expect(problems.isEmpty, "\(problems)")
        let probe = EngineProbe(sources: [FileRouteSource(routes: routes, state: FileRouteState(seed: 1), clock: Date.init)])
        let type = ["Content-Type": "multipart/form-data; boundary=\(Self.boundary)"]
        #expect(probe.answer("/v1/documents", method: "POST", headers: type, body: Self.periodic).status.code == 201,
                "the JSON part passes; the XML part need not")
    }

    @Test func aPartThatTestsNothingOrAnUnknownMatchIsRefused() throws {
        let (_, problems) = RouteFolder.load("""
            routes:
              - request:
                  method: POST
                  path: /a
                  parts:
                    - match: some
                      bodyText: { contains: x }
                    - match: all
                responses: [{ status: 200 }]
            """)
        let text = problems.map { "\($0)" }
        #expect(text.contains { $0.contains("r.yaml:6") && $0.contains(#"match is "some""#) }, "\(text)")
        #expect(text.contains { $0.contains("r.yaml:8") && $0.contains("tests nothing") }, "\(text)")
    }
}
