import Foundation
import HTTPTypes
import Logging
import StubFormats
import Testing
@testable import StubImport
@testable import StubRuntime
@testable import StubEngine

/// Single WireMock mappings, each the way WireMock's own documentation or its recorder writes
/// one, converted and answered by the engine: what a request matches, what comes back.
@Suite struct WireMockMappingTests {
    /// Converts one mappings file (`mappings/m.json`) with `files` beside it (paths from the
    /// source folder, such as `__files/a.json`), and serves the result.
    /// Converts `mappings` (one `mappings/m.json`) and loads what it wrote.
    static func convert(_ mappings: String, files: [String: String] = [:]) throws -> (ImportReport, StubBackend, ScratchFolder) {
        let source = ScratchFolder()
        for folder in ["mappings", "__files"] {
            try FileManager.default.createDirectory(at: source.url.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try Data(mappings.utf8).write(to: source.url.appendingPathComponent("mappings/m.json"))
        for (name, text) in files { try Data(text.utf8).write(to: source.url.appendingPathComponent(name)) }
        let out = ScratchFolder()
        let report = try WireMockImporter(source: source.url).run(out: out.url)
        let backend = try StubBackend(configuration: StubServerConfiguration(stubsDirectory: out.url), bank: nil,
                                      logger: Logger(label: "test"))
        return (report, backend, out)
    }

    private func answer(_ backend: StubBackend, _ target: String, method: String = "GET", body: String = "") -> WirePlan {
        backend.engine.answer(EngineRequest(method: method, target: target, headers: [:], body: Array(body.utf8)))
    }

    /// Two mappings for exactly the same requests: WireMock serves the one added last, so that
    /// one is converted and the earlier one is listed; a mapping in between is untouched.
    @Test func ofTwoMappingsForTheSameRequestsTheOneAddedLastIsKept() throws {
        let (report, backend, _) = try Self.convert("""
            { "mappings": [
              { "request": { "method": "GET", "url": "/v1/rates" }, "response": { "status": 200, "body": "old" } },
              { "request": { "method": "GET", "url": "/v1/other" }, "response": { "status": 200, "body": "other" } },
              { "request": { "method": "GET", "url": "/v1/rates" }, "response": { "status": 200, "body": "new" } }
            ] }
            """)
        #expect(report.routes == 2)
        #expect(answer(backend, "/v1/rates").text == "new")
        #expect(answer(backend, "/v1/other").text == "other")
        #expect(report.skipped.map(\.source) == ["mappings/m.json mappings[0]"], "\(report.skipped)")
        #expect(report.skipped.first?.reason.contains("same requests as mappings/m.json mappings[2]") == true, "\(report.skipped)")
        #expect(report.replay?.replayed == 2 && report.replay?.matched == 2, "the kept ones replay as WireMock answers")
    }

    /// Recorders repeat names, so the earlier of two duplicates may have been renamed: the one
    /// left out is that renamed route, not the first mapping whose name it once shared.
    @Test func theDuplicateLeftOutIsTheRenamedOneNotTheNameItShared() throws {
        let (report, backend, _) = try Self.convert("""
            { "mappings": [
              { "name": "rates", "request": { "method": "GET", "url": "/v1/a" }, "response": { "status": 200, "body": "a" } },
              { "name": "rates", "request": { "method": "GET", "url": "/v1/b" }, "response": { "status": 200, "body": "old" } },
              { "name": "latest", "request": { "method": "GET", "url": "/v1/b" }, "response": { "status": 200, "body": "new" } }
            ] }
            """)
        #expect(report.routes == 2, "\(report.skipped)")
        #expect(report.skipped.map(\.source) == ["mappings/m.json mappings[1]"], "\(report.skipped)")
        #expect(answer(backend, "/v1/a").text == "a")
        #expect(answer(backend, "/v1/b").text == "new")
    }

    /// Header names are the same in any case, so two mappings that differ only in a header name's
    /// case match the same requests, and only the later is kept.
    @Test func headerNamesInAnyCaseAreTheSameRequests() throws {
        let (report, backend, _) = try Self.convert("""
            { "mappings": [
              { "request": { "method": "GET", "url": "/v1/rates", "headers": { "X-Region": { "equalTo": "eu" } } },
                "response": { "status": 200, "body": "old" } },
              { "request": { "method": "GET", "url": "/v1/rates", "headers": { "x-region": { "equalTo": "eu" } } },
                "response": { "status": 200, "body": "new" } }
            ] }
            """)
        #expect(report.routes == 1, "\(report.skipped)")
        #expect(report.skipped.map(\.source) == ["mappings/m.json mappings[0]"])
        #expect(backend.engine.answer(EngineRequest(method: "GET", target: "/v1/rates", headers: [HTTPField.Name("X-Region")!: "eu"])).text
                == "new")
    }

    /// Two mappings for one URL that differ only in a header's value (a recorder's per-channel
    /// answers) are different requests: both are converted, and each answers its own.
    @Test func mappingsThatDifferOnlyInAHeaderAreBothKept() throws {
        let (report, backend, _) = try Self.convert("""
            { "mappings": [
              { "request": { "method": "GET", "url": "/v1/rates", "headers": { "X-Channel": { "equalTo": "web" } } },
                "response": { "status": 200, "body": "web" } },
              { "request": { "method": "GET", "url": "/v1/rates", "headers": { "X-Channel": { "equalTo": "app" } } },
                "response": { "status": 200, "body": "app" } }
            ] }
            """)
        #expect(report.routes == 2 && report.skipped.isEmpty, "\(report.skipped)")
        for channel in ["web", "app"] {
            #expect(backend.engine.answer(EngineRequest(method: "GET", target: "/v1/rates", headers: [HTTPField.Name("X-Channel")!: channel]))
                .text == channel)
        }
    }

    /// A `url` or `urlPath` is compared as written: a `*` or `**` segment in it is a star, not a
    /// route file's wildcard, and `{id}` is braces, not a parameter.
    @Test func aStarInAURLIsAStar() throws {
        let (report, backend, _) = try Self.convert("""
            { "mappings": [
              { "request": { "method": "GET", "url": "/v1/files/*" }, "response": { "status": 200, "body": "star" } },
              { "request": { "method": "GET", "urlPath": "/v1/any/**" }, "response": { "status": 200, "body": "stars" } },
              { "request": { "method": "GET", "url": "/v1/items/{id}" }, "response": { "status": 200, "body": "braces" } }
            ] }
            """)
        #expect(report.routes == 3, "\(report.skipped)")
        #expect(answer(backend, "/v1/files/*").text == "star")
        #expect(answer(backend, "/v1/files/statement.pdf").status == .notFound)
        #expect(answer(backend, "/v1/any/**").text == "stars")
        #expect(answer(backend, "/v1/any/a/b").status == .notFound)
        #expect(answer(backend, "/v1/items/{id}").text == "braces", "compared with the path as sent, as WireMock compares url")
        #expect(answer(backend, "/v1/items/7").status == .notFound)
    }

    /// A mapping file whose every mapping a later file's replaces writes no route file at all.
    @Test func aFileLeftWithNoMappingIsNotWritten() throws {
        let source = ScratchFolder()
        try FileManager.default.createDirectory(at: source.url.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        try Data(#"{ "request": { "method": "GET", "url": "/v1/rates" }, "response": { "status": 200, "body": "old" } }"#.utf8)
            .write(to: source.url.appendingPathComponent("mappings/a-rates.json"))
        try Data(#"{ "request": { "method": "GET", "url": "/v1/rates" }, "response": { "status": 200, "body": "new" } }"#.utf8)
            .write(to: source.url.appendingPathComponent("mappings/b-rates.json"))
        let out = ScratchFolder()
        let report = try WireMockImporter(source: source.url).run(out: out.url)
        #expect(report.routes == 1 && report.skipped.map(\.source) == ["mappings/a-rates.json"], "\(report.skipped)")
        let written = try FileManager.default.contentsOfDirectory(atPath: out.url.appendingPathComponent("routes").path).filter { $0.hasSuffix(".yaml") }
        #expect(written == ["b-rates.yaml"], "\(written)")
    }

    /// `url` is the path and the query as sent: a name given twice is both values, in order.
    @Test func aURLsRepeatedQueryNameTakesEveryValueInOrder() throws {
        let (report, backend, _) = try Self.convert("""
            { "request": { "method": "GET", "url": "/v1/items?id=1&id=2" }, "response": { "status": 200, "body": "both" } }
            """)
        #expect(report.routes == 1 && report.skipped.isEmpty, "\(report.skipped)")
        #expect(answer(backend, "/v1/items?id=1&id=2").text == "both")
        #expect(answer(backend, "/v1/items?id=1").status == .notFound)
        #expect(answer(backend, "/v1/items?id=2").status == .notFound)
        #expect(answer(backend, "/v1/items?id=2&id=1").status == .notFound)
    }

    /// WireMock sends each value of a list-valued header as a field of its own; a route file
    /// holds one text per header, so the values arrive joined with ", ", as HTTP allows.
    @Test func aHeaderWithSeveralValuesKeepsThemAll() throws {
        let (report, backend, _) = try Self.convert("""
            { "request": { "method": "GET", "urlPath": "/v1/links" },
              "response": { "status": 200, "headers": { "Link": ["</v1/links?page=2>; rel=next", "</v1/links?page=9>; rel=last"],
                                                        "X-One": "single" },
                            "body": "ok" } }
            """)
        #expect(report.skipped.isEmpty, "\(report.skipped)")
        let plan = answer(backend, "/v1/links")
        #expect(plan.headers[HTTPField.Name("Link")!] == "</v1/links?page=2>; rel=next, </v1/links?page=9>; rel=last")
        #expect(plan.headers[HTTPField.Name("X-One")!] == "single")
    }

    /// A JSON body written as a string (as WireMock's recorder writes them) becomes a JSON body
    /// file laid out for editing, and answers the same JSON.
    @Test func aJSONBodyWrittenAsAStringBecomesJSON() throws {
        let (report, backend, out) = try Self.convert(#"""
            { "request": { "method": "GET", "urlPath": "/v1/balance" },
              "response": { "status": 200, "headers": { "Content-Type": "application/json" },
                            "body": "{\"amount\":\"12.50\",\"currency\":\"EUR\",\"tags\":[1,2]}" } }
            """#)
        #expect(report.skipped.isEmpty, "\(report.skipped)")
        let bodies = out.url.appendingPathComponent("routes/bodies")
        let names = try FileManager.default.contentsOfDirectory(atPath: bodies.path)
        #expect(names.count == 1 && names.allSatisfy { $0.hasSuffix(".json") }, "\(names)")
        let written = try String(contentsOf: bodies.appendingPathComponent(try #require(names.first)), encoding: .utf8)
        #expect(written.contains("\n  \"amount\""), "laid out one field a line: \(written)")
        let served = try JSONSerialization.jsonObject(with: Data(answer(backend, "/v1/balance").body)) as? [String: Any]
        #expect(served?["amount"] as? String == "12.50" && served?["currency"] as? String == "EUR")
        #expect(served?["tags"] as? [Int] == [1, 2])
    }

    /// `bodyFileName` names a file in `__files`; one that climbs out of it is refused, and
    /// nothing of the file outside is copied.
    @Test func aBodyFileOutsideFilesIsRefused() throws {
        let (report, _, out) = try Self.convert("""
            { "mappings": [
              { "request": { "urlPath": "/inside" }, "response": { "status": 200, "bodyFileName": "a.txt" } },
              { "request": { "urlPath": "/outside" }, "response": { "status": 200, "bodyFileName": "../secret.txt" } }
            ] }
            """, files: ["__files/a.txt": "inside", "secret.txt": "do-not-copy"])
        #expect(report.routes == 1)
        #expect(report.skipped.map(\.reason).contains { $0.contains("bodyFileName ../secret.txt is not a file in __files") },
                "\(report.skipped)")
        let copied = FileManager.default.enumerator(atPath: out.url.path)?.compactMap { $0 as? String } ?? []
        for name in copied {
            let text = (try? String(contentsOf: out.url.appendingPathComponent(name), encoding: .utf8)) ?? ""
            #expect(!text.contains("do-not-copy"), "\(name)")
        }
    }

    /// What WireMock's recorder and admin API write beside a mapping (`metadata`, `persistent`,
    /// `insertionIndex`, `uuid`) changes nothing; a `serveEventListeners` webhook converts and
    /// is named in the report, as `postServeActions` is.
    @Test func recorderKeysConvertAndAListenerIsNamed() throws {
        let (report, backend, _) = try Self.convert("""
            { "id": "0f6d2c5e-3f51-4b59-9a65-4d0c4c3ad9a1", "uuid": "0f6d2c5e-3f51-4b59-9a65-4d0c4c3ad9a1",
              "persistent": true, "insertionIndex": 3, "metadata": { "team": "payments", "tags": ["sandbox"] },
              "request": { "method": "GET", "urlPath": "/v1/limits" },
              "response": { "status": 200, "body": "limits" },
              "serveEventListeners": [ { "name": "webhook", "parameters": { "url": "https://hooks.example/served" } } ] }
            """)
        #expect(report.routes == 1 && report.skipped.isEmpty, "\(report.skipped)")
        #expect(report.notes.contains { $0.reason.contains("serveEventListeners") }, "\(report.notes)")
        #expect(answer(backend, "/v1/limits").text == "limits")
    }

    /// A multipart pattern with `matchingType: ALL` must hold for every part; `ANY` for one.
    @Test func aMultipartPatternForAllPartsHoldsForEach() throws {
        let (report, backend, _) = try Self.convert(#"""
            { "mappings": [
              { "priority": 1, "request": { "method": "POST", "urlPath": "/v1/documents",
                  "multipartPatterns": [ { "matchingType": "ALL", "bodyPatterns": [ { "contains": "signed" } ] } ] },
                "response": { "status": 201, "body": "all signed" } },
              { "priority": 2, "request": { "method": "POST", "urlPath": "/v1/documents",
                  "multipartPatterns": [ { "matchingType": "ANY", "bodyPatterns": [ { "contains": "signed" } ] } ] },
                "response": { "status": 202, "body": "one signed" } }
            ] }
            """#)
        #expect(report.routes == 2 && report.skipped.isEmpty, "\(report.skipped)")
        func send(_ parts: [String]) -> WirePlan {
            let body = parts.enumerated().map { "--b\r\nContent-Disposition: form-data; name=\"p\($0.offset)\"\r\n\r\n\($0.element)\r\n" }
                .joined() + "--b--\r\n"
            return backend.engine.answer(EngineRequest(method: "POST", target: "/v1/documents",
                                                       headers: [.contentType: "multipart/form-data; boundary=b"], body: Array(body.utf8)))
        }
        #expect(send(["signed a", "signed b"]).status.code == 201)
        #expect(send(["signed a", "draft b"]).status.code == 202)
        #expect(send(["draft a", "draft b"]).status.code == 404)
    }

    /// A multipart pattern's `name` is the part's name exactly: `file` is not `profile_file`.
    @Test func aMultipartPatternsNameIsThePartsWholeName() throws {
        let (report, backend, _) = try Self.convert(#"""
            { "request": { "method": "POST", "urlPath": "/v1/uploads",
                "multipartPatterns": [ { "name": "file", "bodyPatterns": [ { "contains": "%PDF" } ] } ] },
              "response": { "status": 201, "body": "stored" } }
            """#)
        #expect(report.routes == 1 && report.skipped.isEmpty, "\(report.skipped)")
        func send(_ name: String) -> WirePlan {
            let body = "--b\r\nContent-Disposition: form-data; name=\"\(name)\"; filename=\"a.pdf\"\r\n\r\n%PDF-1.7\r\n--b--\r\n"
            return backend.engine.answer(EngineRequest(method: "POST", target: "/v1/uploads",
                                                       headers: [.contentType: "multipart/form-data; boundary=b"], body: Array(body.utf8)))
        }
        #expect(send("file").status.code == 201)
        #expect(send("profile_file").status.code == 404)
        #expect(send("file2").status.code == 404)
    }

    /// A templated `jsonBody` has its templates converted wherever its strings sit: in
    /// objects, in lists, and in lists inside lists.
    @Test func aTemplatedJSONBodysStringsConvertInListsToo() throws {
        let (report, backend, _) = try Self.convert(#"""
            { "request": { "method": "GET", "urlPathPattern": "/v1/cards/[a-z0-9]+" },
              "response": { "status": 200, "transformers": ["response-template"],
                "jsonBody": { "id": "{{request.path.[2]}}", "links": ["/v1/cards/{{request.path.[2]}}", ["{{request.method}}"]] } } }
            """#)
        #expect(report.routes == 1 && report.skipped.isEmpty, "\(report.skipped)")
        let plan = answer(backend, "/v1/cards/c42")
        let body = try JSONValue.parse(plan.body)
        #expect(body == .object(["id": .string("c42"), "links": .array([.string("/v1/cards/c42"), .array([.string("GET")])])]),
                "\(plan.text)")
    }

    /// A scenario that no sequence can say is listed with its reason and not converted: two
    /// mappings for one state (different requests in it), a state no chain from `Started`
    /// reaches, one chain over different requests, or a chain into a state nothing serves.
    @Test func aScenarioNoSequenceCanSayIsNamedWithItsReason() throws {
        func mapping(_ scenario: String, _ state: String, _ next: String?, _ method: String, _ path: String) -> String {
            #"{ "scenarioName": "\#(scenario)", "requiredScenarioState": "\#(state)", "#
                + (next.map { #""newScenarioState": "\#($0)", "# } ?? "")
                + #""request": { "method": "\#(method)", "urlPath": "\#(path)" }, "response": { "status": 200, "body": "\#(state)" } }"#
        }
        let (report, backend, _) = try Self.convert(#"{ "mappings": ["# + [
            mapping("todo", "Started", nil, "GET", "/v1/todo"),
            mapping("todo", "Started", "Added", "POST", "/v1/todo"),
            mapping("todo", "Added", nil, "GET", "/v1/todo"),
            mapping("island", "Started", nil, "GET", "/v1/island"),
            mapping("island", "Away", nil, "GET", "/v1/island"),
            mapping("pay", "Started", "Paid", "POST", "/v1/pay"),
            mapping("pay", "Paid", nil, "GET", "/v1/pay/status"),
            mapping("ok", "Started", "Done", "GET", "/v1/ok"),
            mapping("ok", "Done", nil, "GET", "/v1/ok"),
            mapping("dead", "Started", "Middle", "GET", "/v1/dead"),
            mapping("dead", "Middle", "Gone", "GET", "/v1/dead"),
        ].joined(separator: ",") + "] }")
        #expect(report.routes == 1, "only the scenario a sequence can say: \(report.skipped)")
        #expect([answer(backend, "/v1/ok").text, answer(backend, "/v1/ok").text] == ["Started", "Done"])
        let reasons = report.skipped.map(\.reason)
        #expect(reasons.contains { $0.contains("scenario \"todo\" has two mappings for state \"Started\"") }, "\(reasons)")
        #expect(report.skipped.contains { $0.source.hasSuffix("mappings[4]") && $0.reason.contains("scenario \"island\": WireMock never serves") },
                "\(report.skipped)")
        #expect(reasons.contains { $0.contains("scenario \"pay\": its mappings match different requests") }, "\(reasons)")
        // The dead end is pinned on the mapping that moves there, from the state it serves.
        #expect(report.skipped.contains { $0.source.hasSuffix("mappings[10]")
                && $0.reason.contains("scenario \"dead\": state \"Middle\" moves to \"Gone\", which no mapping serves") },
                "\(report.skipped)")
        #expect(answer(backend, "/v1/todo").status.code == 404 && answer(backend, "/v1/island").status.code == 404
                && answer(backend, "/v1/dead").status.code == 404)
    }

    /// A URL pattern that is not a regular expression is refused with what is wrong with it, and
    /// a query or header pattern too (there the route file's own loader gives the reason).
    @Test func aBadPatternIsRefusedSayingWhatIsWrong() throws {
        let (report, _, _) = try Self.convert("""
            { "mappings": [
              { "request": { "method": "GET", "urlPattern": "/v1/a(" }, "response": { "status": 200 } },
              { "request": { "method": "GET", "urlPath": "/v1/b", "queryParameters": { "q": { "matches": "[0-9" } } },
                "response": { "status": 200 } } ] }
            """)
        #expect(report.routes == 0)
        #expect(report.skipped.contains { $0.reason.contains("url pattern /v1/a( is not a regular expression: expected ')'") }, "\(report.skipped)")
        #expect(report.skipped.contains { $0.reason.contains(#"invalid regular expression "[0-9": expected ']'"#) }, "\(report.skipped)")
    }

    /// `equalToXml`'s options that route files cannot express are refused, naming the option.
    @Test func anXMLOptionRouteFilesCannotExpressIsNamed() throws {
        let (report, _, _) = try Self.convert("""
            { "request": { "method": "POST", "urlPath": "/v1/xml",
                "bodyPatterns": [ { "equalToXml": "<a><b/><c/></a>", "ignoreOrderOfSameNode": true } ] },
              "response": { "status": 200 } }
            """)
        #expect(report.routes == 0)
        #expect(report.skipped.contains { $0.reason.contains("ignoreOrderOfSameNode") }, "\(report.skipped)")
        // The placeholder delimiters are text, not flags: any given is refused too.
        for option in ["placeholderOpeningDelimiterRegex", "placeholderClosingDelimiterRegex"] {
            let (refused, _, _) = try Self.convert("""
                { "request": { "method": "POST", "urlPath": "/v1/xml",
                    "bodyPatterns": [ { "equalToXml": "<a>[[xmlunit.ignore]]</a>", "enablePlaceholders": true, "\(option)": "\\\\[\\\\[" } ] },
                  "response": { "status": 200 } }
                """)
            #expect(refused.routes == 0 && refused.skipped.contains { $0.reason.contains("equalToXml uses \(option)") }, "\(refused.skipped)")
        }
        // An option set to false asks for nothing route files lack.
        let (kept, _, _) = try Self.convert("""
            { "request": { "method": "POST", "urlPath": "/v1/xml",
                "bodyPatterns": [ { "equalToXml": "<a><b/><c/></a>", "ignoreOrderOfSameNode": false } ] },
              "response": { "status": 200 } }
            """)
        #expect(kept.routes == 1 && kept.skipped.isEmpty, "\(kept.skipped)")
    }

    /// WireMock 3's `not` of each matcher route files can negate, and `anything`: converted,
    /// replayed, and answered as WireMock answers, a missing value included; `not` of a date
    /// matcher is refused, naming it.
    @Test func notAndAnythingConvertAsWireMockReadsThem() throws {
        let (report, backend, _) = try Self.convert(#"""
            { "mappings": [
              { "request": { "method": "GET", "urlPath": "/v1/payees",
                  "queryParameters": { "status": { "not": { "equalTo": "closed" } }, "page": { "anything": true } },
                  "headers": { "X-Channel": { "not": { "or": [ { "equalTo": "web" }, { "contains": "desk" } ] } },
                               "Authorization": { "not": { "absent": true } },
                               "X-Debug": { "not": { "matches": "on|yes" } } } },
                "response": { "status": 200, "body": "payees" } },
              { "request": { "method": "GET", "urlPath": "/v1/old",
                  "queryParameters": { "from": { "not": { "before": "now" } } } },
                "response": { "status": 200 } }
            ] }
            """#)
        #expect(report.routes == 1, "\(report.skipped)")
        #expect(report.skipped.contains { $0.reason.contains("not of before") }, "\(report.skipped)")
        let replay = try #require(report.replay)
        #expect(replay.replayed == 1 && replay.matched == 1, "\(replay.mismatched) \(replay.notReplayed)")
        func status(_ target: String, _ headers: [String: String]) -> Int {
            var fields = HTTPFields()
            for (name, value) in headers { fields[HTTPField.Name(name)!] = value }
            return Int(backend.engine.answer(EngineRequest(method: "GET", target: target, headers: fields, body: [])).status.code)
        }
        let signedIn = ["Authorization": "Bearer t"]
        #expect(status("/v1/payees", signedIn) == 200, "a missing status, page, channel and debug all pass")
        #expect(status("/v1/payees?status=open&page=2", signedIn.merging(["X-Channel": "ios", "X-Debug": "maybe"]) { $1 }) == 200)
        #expect(status("/v1/payees?status=closed", signedIn) == 404)
        #expect(status("/v1/payees?status=CLOSED", signedIn) == 200, "equalTo is case-sensitive, so its negation is too")
        #expect(status("/v1/payees", [:]) == 404, "not absent: Authorization must be there")
        #expect(status("/v1/payees", signedIn.merging(["X-Channel": "web"]) { $1 }) == 404)
        #expect(status("/v1/payees", signedIn.merging(["X-Channel": "helpdesk"]) { $1 }) == 404)
        #expect(status("/v1/payees", signedIn.merging(["X-Debug": "yes"]) { $1 }) == 404)
        #expect(status("/v1/payees", signedIn.merging(["X-Debug": "yes please"]) { $1 }) == 200, "matches is the whole value")
    }

    /// `not` of an `and` is the `or` of each part's negation (and `not` of an `or` the `and`),
    /// as De Morgan has it; a part with no negation refuses the whole. An `and` is replayed with
    /// a value every part takes: its `equalTo`, or the texts it must contain, or its first part's.
    @Test func notOfAndIsEitherPartFailingAndAnAndIsReplayedWithAValueItTakes() throws {
        let (report, backend, _) = try Self.convert(#"""
            { "mappings": [
              { "request": { "method": "GET", "urlPath": "/v1/cards",
                  "headers": { "X-Channel": { "not": { "and": [ { "contains": "app" }, { "matches": ".*beta.*" } ] } },
                               "X-Ref": { "and": [ { "matches": "REF-[0-9]+" }, { "equalTo": "REF-7" } ] },
                               "X-Device": { "and": [ { "matches": "[a-z]{6}" }, { "doesNotContain": "-" } ] } } },
                "response": { "status": 200 } },
              { "request": { "method": "GET", "urlPath": "/v1/old",
                  "queryParameters": { "from": { "not": { "and": [ { "contains": "20" }, { "before": "now" } ] } } } },
                "response": { "status": 200 } }
            ] }
            """#)
        #expect(report.routes == 1, "\(report.skipped)")
        #expect(report.skipped.contains { $0.reason.contains("not of and has no route-file form") }, "\(report.skipped)")
        let replay = try #require(report.replay)
        #expect(replay.replayed == 1 && replay.matched == 1, "\(replay.mismatched) \(replay.notReplayed)")
        func status(channel: String?, ref: String = "REF-7", device: String = "iphone") -> Int {
            var fields: HTTPFields = [HTTPField.Name("X-Ref")!: ref, HTTPField.Name("X-Device")!: device]
            if let channel { fields[HTTPField.Name("X-Channel")!] = channel }
            return Int(backend.engine.answer(EngineRequest(method: "GET", target: "/v1/cards", headers: fields, body: [])).status.code)
        }
        #expect(status(channel: "app-beta") == 404, "both parts hold, so the not fails")
        #expect(status(channel: "app-stable") == 200)
        #expect(status(channel: "web-beta") == 200)
        #expect(status(channel: nil) == 200, "a missing value fails the and")
        #expect(status(channel: "web", ref: "REF-8") == 404, "every part of an and must hold")
        #expect(status(channel: "web", device: "iphon-") == 404)
    }

    /// A mapping the importer cannot read is listed with its file, its place and why, and the
    /// mappings beside it still convert.
    @Test func aMappingThatCannotBeReadIsListedWithWhy() throws {
        let broken: [(mapping: String, reason: String)] = [
            (#"{ "response": { "status": 200 } }"#, "no request"),
            (#"{ "request": { "method": "GET", "urlPath": "/b", "queryParameters": { "q": "x" } }, "response": { "status": 200 } }"#,
             "request.queryParameters.q is not a matcher object"),
            (#"{ "request": { "method": "GET", "urlPath": "/b", "headers": { "A": { "equalToBinary": "AA==" } } }, "response": { "status": 200 } }"#,
             "request.headers.A uses equalToBinary, which route files cannot express"),
            (#"{ "request": { "method": "POST", "urlPath": "/b", "bodyPatterns": [ { "binaryEqualTo": "AA==" } ] }, "response": { "status": 200 } }"#,
             "request.bodyPatterns[0] uses binaryEqualTo, which route files cannot express"),
            (#"{ "request": { "method": "POST", "urlPath": "/b", "bodyPatterns": [ { "equalToJson": "{\"a\": " } ] }, "response": { "status": 200 } }"#,
             "request.bodyPatterns[0].equalToJson is not JSON"),
            (#"{ "request": { "method": "POST", "urlPath": "/b", "bodyPatterns": [ { "equalToXml": "<a><b></a>" } ] }, "response": { "status": 200 } }"#,
             "request.bodyPatterns[0].equalToXml"),
            (#"{ "request": { "method": "POST", "urlPath": "/b", "bodyPatterns": [ { "matchesXPath": { "contains": "x" } } ] }, "response": { "status": 200 } }"#,
             "request.bodyPatterns[0].matchesXPath has no expression"),
            (#"{ "request": { "method": "GET", "urlPath": "/b" }, "response": { "status": 200, "delayDistribution": { "type": "chaos" } } }"#,
             "delayDistribution chaos is not supported (lognormal and uniform are)"),
        ]
        for (mapping, reason) in broken {
            let (report, _, _) = try Self.convert(#"""
                { "mappings": [
                  { "request": { "method": "GET", "urlPath": "/a" }, "response": { "status": 200 } },
                  \#(mapping)
                ] }
                """#)
            #expect(report.routes == 1, "\(mapping): \(report.skipped)")
            #expect(report.skipped.count == 1 && report.skipped.first?.reason.contains(reason) == true, "\(reason): \(report.skipped)")
            #expect(report.skipped.first?.source.hasSuffix("[1]") == true, "the second mapping: \(report.skipped)")
        }
    }

    /// A template tag route files cannot say is listed with the file and line it is written on:
    /// in a mapping file, where JSON writes its quotes as `\"`, and in a body file, where they
    /// are as they are.
    @Test func anUnsupportedTagIsNamedWithItsFileAndLineQuotesAndAll() throws {
        let (report, _, _) = try Self.convert(#"""
            { "mappings": [
              { "request": { "method": "GET", "urlPath": "/a" }, "response": { "status": 200 } },
              { "request": { "method": "POST", "urlPath": "/greet" },
                "response": { "status": 200, "body": "Hi {{abbreviate (jsonPath request.body \"$.name\") 5}}",
                  "transformers": ["response-template"] } },
              { "request": { "method": "POST", "urlPath": "/file" },
                "response": { "status": 200, "bodyFileName": "greet.txt", "transformers": ["response-template"] } }
            ] }
            """#, files: ["__files/greet.txt": "Hello\n{{abbreviate (jsonPath request.body \"$.name\") 5}}\n"])
        let reasons = report.skipped.map(\.reason)
        #expect(report.routes == 1 && reasons.count == 2, "\(reasons)")
        #expect(reasons.contains { $0.contains("the helper abbreviate") && $0.contains("(mappings/m.json:4)") }, "\(reasons)")
        #expect(reasons.contains { $0.contains("the helper abbreviate") && $0.contains("(__files/greet.txt:2)") }, "\(reasons)")
    }

    /// Several whole-body text patterns must all hold, as WireMock ANDs a mapping's `bodyPatterns`
    /// (a SOAP stub's `contains` of the operation and of the account): they convert to one `and`,
    /// and the replay sends a body every one of them takes.
    @Test func everyWholeBodyTextPatternMustHold() throws {
        let (report, backend, _) = try Self.convert(#"""
            { "mappings": [
              { "request": { "method": "POST", "urlPath": "/ws/balance",
                  "bodyPatterns": [ { "contains": "<GetBalance>" }, { "contains": "DE02" }, { "doesNotContain": "<Closed/>" } ] },
                "response": { "status": 200, "body": "<Balance>10.00</Balance>" } },
              { "request": { "method": "POST", "urlPath": "/ws/ping",
                  "bodyPatterns": [ { "matches": "ping-[0-9]+" }, { "equalTo": "ping-7" } ] },
                "response": { "status": 200, "body": "pong" } }
            ] }
            """#)
        #expect(report.routes == 2 && report.skipped.isEmpty, "\(report.skipped)")
        let replay = try #require(report.replay)
        #expect(replay.replayed == 2 && replay.matched == 2, "\(replay.mismatched) \(replay.notReplayed)")
        func status(_ path: String, _ body: String) -> Int {
            Int(backend.engine.answer(EngineRequest(method: "POST", target: path, headers: [.contentType: "text/xml"],
                                                    body: Array(body.utf8))).status.code)
        }
        #expect(status("/ws/balance", "<GetBalance><Iban>DE02</Iban></GetBalance>") == 200)
        #expect(status("/ws/balance", "<GetBalance><Iban>DE03</Iban></GetBalance>") == 404)
        #expect(status("/ws/balance", "<GetStatement><Iban>DE02</Iban></GetStatement>") == 404)
        #expect(status("/ws/balance", "<GetBalance><Iban>DE02</Iban><Closed/></GetBalance>") == 404)
        #expect(status("/ws/ping", "ping-7") == 200)
        #expect(status("/ws/ping", "ping-8") == 404)
    }

    /// `equalToJson` without options, written as text or as an object, with JsonUnit's
    /// placeholders in either spelling or none: the whole body must equal it (no extra field, the
    /// array in order), and a placeholder holds for any value of its kind.
    @Test func equalToJsonWithoutOptionsIsWholeEqualityWithPlaceholders() throws {
        let (report, backend, _) = try Self.convert(#"""
            { "mappings": [
              { "request": { "method": "POST", "url": "/v1/plain",
                  "bodyPatterns": [ { "equalToJson": { "iban": "DE02", "tags": ["a", "b"] } } ] },
                "response": { "status": 201 } },
              { "request": { "method": "POST", "url": "/v1/placeholders",
                  "bodyPatterns": [ { "equalToJson": "{\"amount\": \"${json-unit.any-number}\", \"ref\": \"#{json-unit.any-string}\"}" } ] },
                "response": { "status": 202 } }
            ] }
            """#)
        #expect(report.routes == 2, "\(report.skipped)")
        let replay = try #require(report.replay)
        #expect(replay.replayed == 2 && replay.matched == 2, "\(replay.mismatched) \(replay.notReplayed)")
        func status(_ path: String, _ body: String) -> Int {
            Int(backend.engine.answer(EngineRequest(method: "POST", target: path, headers: [.contentType: "application/json"],
                                                    body: Array(body.utf8))).status.code)
        }
        #expect(status("/v1/plain", #"{"tags":["a","b"],"iban":"DE02"}"#) == 201, "key order is free")
        #expect(status("/v1/plain", #"{"iban":"DE02","tags":["b","a"]}"#) == 404, "array order is not")
        #expect(status("/v1/plain", #"{"iban":"DE02","tags":["a","b"],"extra":1}"#) == 404, "no extra field")
        #expect(status("/v1/placeholders", #"{"amount":12.5,"ref":"r-1"}"#) == 202)
        #expect(status("/v1/placeholders", #"{"amount":"12.5","ref":"r-1"}"#) == 404, "any-number is a number")
        #expect(status("/v1/placeholders", #"{"amount":1,"ref":7}"#) == 404, "the older #{} spelling is read too")
    }

    /// `matchesJsonPath` as a path, or as an object with `expression` and a matcher for the value
    /// found there; an object with the expression alone is read as the path alone (presence),
    /// where WireMock would refuse the mapping.
    @Test func matchesJsonPathIsPresenceOrTheValueThereMatching() throws {
        let (report, backend, _) = try Self.convert(#"""
            { "mappings": [
              { "request": { "method": "POST", "url": "/v1/transfers",
                  "bodyPatterns": [ { "matchesJsonPath": "$.amount" },
                                    { "matchesJsonPath": { "expression": "$.ref" } },
                                    { "matchesJsonPath": { "expression": "$.currency", "equalTo": "EUR" } } ] },
                "response": { "status": 201 } }
            ] }
            """#)
        #expect(report.routes == 1 && report.skipped.isEmpty, "\(report.skipped)")
        func status(_ body: String) -> Int {
            Int(answer(backend, "/v1/transfers", method: "POST", body: body).status.code)
        }
        #expect(status(#"{"amount":5,"ref":"r","currency":"EUR"}"#) == 201)
        #expect(status(#"{"amount":5,"currency":"EUR"}"#) == 404, "the expression alone asks for the value to be there")
        #expect(status(#"{"ref":"r","currency":"EUR"}"#) == 404)
        #expect(status(#"{"amount":5,"ref":"r","currency":"GBP"}"#) == 404)
    }

    /// Spring Cloud Contract writes every body field of a contract's stub as a Jayway filter on
    /// the body object (`$[?(@.loanAmount == 99999)]`, `@.['id'] =~ /[0-9]+/`); WireMock matches
    /// when the filter keeps the body. Each converts as written, and answers as WireMock does.
    @Test func jaywayFiltersConvertAsWritten() throws {
        let (report, backend, out) = try Self.convert(#"""
            { "mappings": [
              { "request": { "method": "PUT", "url": "/fraudcheck",
                  "bodyPatterns": [ { "matchesJsonPath": "$[?(@.loanAmount == 99999)]" },
                                    { "matchesJsonPath": "$[?(@.['clientId'] =~ /[0-9]{10}/)]" },
                                    { "matchesJsonPath": { "expression": "$.items[*].currency", "equalTo": "GBP" } } ] },
                "response": { "status": 200, "body": "FRAUD" } }
            ] }
            """#)
        #expect(report.routes == 1 && report.skipped.isEmpty, "\(report.skipped)")
        let files = FileManager.default.enumerator(atPath: out.url.appendingPathComponent("routes").path)?.compactMap { $0 as? String } ?? []
        let yaml = try files.filter { $0.hasSuffix(".yaml") }.map {
            try String(contentsOf: out.url.appendingPathComponent("routes/" + $0), encoding: .utf8)
        }.joined()
        #expect(yaml.contains("$[?(@.loanAmount == 99999)]"), "\(yaml)")
        func status(_ body: String) -> Int { Int(answer(backend, "/fraudcheck", method: "PUT", body: body).status.code) }
        #expect(status(#"{"loanAmount": 99999, "clientId": "1234567890", "items": [{"currency": "EUR"}, {"currency": "GBP"}]}"#) == 200)
        #expect(status(#"{"loanAmount": 99999, "clientId": 1234567890, "items": [{"currency": "GBP"}]}"#) == 200,
                "a number's text matches the regex, as Jayway reads it")
        #expect(status(#"{"loanAmount": 123, "clientId": "1234567890", "items": [{"currency": "GBP"}]}"#) == 404)
        #expect(status(#"{"loanAmount": 99999, "clientId": "12345", "items": [{"currency": "GBP"}]}"#) == 404)
        #expect(status(#"{"loanAmount": 99999, "clientId": "1234567890", "items": [{"currency": "EUR"}]}"#) == 404)
    }

    /// The examples of WireMock's "Request Matching" page (JSON Path), each a mapping: each
    /// converts, the import's replay writes a body it answers, and the bodies the page says
    /// match and do not match are answered so.
    @Test func theJSONPathExamplesOfWireMocksDocsMatchAsTheySay() throws {
        let examples: [(String, [String], [String])] = [
            (#""$.name""#, [#"{ "name": "Wiremock" }"#], [#"{ "price": 15 }"#]),
            (#""$.things[?(@.name == 'RequiredThing')]""#,
             [#"{ "things": { "name": "RequiredThing" } }"#, #"{ "things": [ { "name": "RequiredThing" }, { "name": "Wiremock" } ] }"#],
             [#"{ "price": 15 }"#, #"{ "things": { "name": "Wiremock" } }"#]),
            (#""$.things[?(@.name =~ /Required.*/i)]""#,
             [#"{ "things": { "name": "RequiredThing" } }"#, #"{ "things": [ { "name": "Required" }, { "name": "Wiremock" } ] }"#],
             [#"{ "price": 15 }"#, #"{ "things": { "name": "Wiremock" } }"#, #"{ "things": [ { "name": "Thing" }, { "name": "Wiremock" } ] }"#]),
            (#""$[?(@.things.size() == 2)]""#,
             [#"{ "things": [ { "name": "RequiredThing" }, { "name": "Wiremock" } ] }"#], [#"{ "things": [ { "name": "RequiredThing" } ] }"#]),
            (#"{ "expression": "$..todoItem", "contains": "wash" }"#,
             [#"{ "list": [ { "todoItem": "dust" }, { "todoItem": "wash up" } ] }"#], [#"{ "list": [ { "todoItem": "dust" } ] }"#]),
            (#"{ "expression": "$.outer", "equalToJson": "{ \"inner\": 42 }" }"#,
             [#"{ "outer": { "inner": 42 } }"#], [#"{ "outer": { "inner": 43 } }"#]),
        ]
        let mappings = examples.enumerated().map { index, example in
            #"{ "request": { "method": "POST", "url": "/e\#(index)", "bodyPatterns": [ { "matchesJsonPath": \#(example.0) } ] }, "#
                + #""response": { "status": 200, "body": "example \#(index)" } }"#
        }
        let (report, backend, _) = try Self.convert(#"{ "mappings": [ \#(mappings.joined(separator: ", ")) ] }"#)
        #expect(report.routes == examples.count && report.skipped.isEmpty, "\(report.skipped)")
        let replay = try #require(report.replay)
        #expect(replay.replayed == examples.count && replay.matched == examples.count && replay.notReplayed.isEmpty,
                "\(replay.mismatched) \(replay.notReplayed)")
        for (index, example) in examples.enumerated() {
            for body in example.1 {
                #expect(answer(backend, "/e\(index)", method: "POST", body: body).status.code == 200, "\(example.0) \(body)")
            }
            for body in example.2 {
                #expect(answer(backend, "/e\(index)", method: "POST", body: body).status.code == 404, "\(example.0) \(body)")
            }
        }
    }

    /// A definite path that finds a list is tested item by item, as WireMock does
    /// (`MatchesJsonPathPattern` writes each item as text and takes the first that matches).
    @Test func aJSONPathToAListMatchesOneOfItsItems() throws {
        let (report, backend, _) = try Self.convert(#"""
            { "mappings": [
              { "request": { "method": "POST", "url": "/v1/payees",
                  "bodyPatterns": [ { "matchesJsonPath": { "expression": "$.roles", "equalTo": "admin" } },
                                    { "matchesJsonPath": { "expression": "$.scores", "matches": "[0-9]{3}" } } ] },
                "response": { "status": 201 } }
            ] }
            """#)
        #expect(report.routes == 1 && report.skipped.isEmpty, "\(report.skipped)")
        func status(_ body: String) -> Int { Int(answer(backend, "/v1/payees", method: "POST", body: body).status.code) }
        #expect(status(#"{"roles": ["viewer", "admin"], "scores": [12, 345]}"#) == 201)
        #expect(status(#"{"roles": ["viewer"], "scores": [12, 345]}"#) == 404)
        #expect(status(#"{"roles": ["admin"], "scores": [12, 3456]}"#) == 404)
    }

    /// `caseInsensitive` on `equalTo`, `contains` and `doesNotContain` compares text in any
    /// case, and the text stays text: a dot or a plus in it is no regular expression.
    @Test func caseInsensitiveTextMatchersCompareTheTextAsWritten() throws {
        let (report, backend, _) = try Self.convert(#"""
            { "mappings": [
              { "request": { "method": "GET", "urlPath": "/v1/search",
                  "queryParameters": { "q": { "contains": "a.b+c", "caseInsensitive": true },
                                       "ref": { "equalTo": "Ref-1", "caseInsensitive": true } },
                  "headers": { "X-Tag": { "doesNotContain": "x.y", "caseInsensitive": true } } },
                "response": { "status": 200, "body": "found" } }
            ] }
            """#)
        #expect(report.routes == 1, "\(report.skipped)")
        func status(_ target: String, tag: String? = nil) -> Int {
            var fields = HTTPFields()
            if let tag { fields[HTTPField.Name("X-Tag")!] = tag }
            return Int(backend.engine.answer(EngineRequest(method: "GET", target: target, headers: fields, body: [])).status.code)
        }
        #expect(status("/v1/search?q=zzA.B%2BCzz&ref=REF-1") == 200)
        #expect(status("/v1/search?q=aXbbc&ref=ref-1") == 404, "the dot is a dot and the plus a plus")
        #expect(status("/v1/search?q=a.b%2Bc&ref=ref-2") == 404)
        #expect(status("/v1/search?q=a.b%2Bc&ref=ref-1", tag: "pre-X.Y-post") == 404)
        #expect(status("/v1/search?q=a.b%2Bc&ref=ref-1", tag: "xzy") == 200, "doesNotContain's dot is a dot too")
    }

    /// `caseInsensitive` holds across lines (a body's `contains`) and under `not` (a status that
    /// is not "closed" in any case).
    @Test func caseInsensitiveHoldsAcrossLinesAndUnderNot() throws {
        let (report, backend, _) = try Self.convert(#"""
            { "mappings": [
              { "request": { "method": "POST", "urlPath": "/v1/notes",
                  "bodyPatterns": [ { "contains": "iban", "caseInsensitive": true } ] },
                "response": { "status": 201, "body": "noted" } },
              { "request": { "method": "GET", "urlPath": "/v1/cases",
                  "queryParameters": { "status": { "not": { "equalTo": "closed", "caseInsensitive": true } } } },
                "response": { "status": 200, "body": "open" } }
            ] }
            """#)
        #expect(report.routes == 2, "\(report.skipped)")
        #expect(answer(backend, "/v1/notes", method: "POST", body: "first line\nthe IBAN is DE02\nlast line").status.code == 201)
        #expect(answer(backend, "/v1/notes", method: "POST", body: "first line\nno account\n").status == .notFound)
        #expect(answer(backend, "/v1/cases?status=open").text == "open")
        for closed in ["closed", "CLOSED", "Closed"] {
            #expect(answer(backend, "/v1/cases?status=\(closed)").status == .notFound, "\(closed)")
        }
    }

    /// WireMock 3's number matchers become the route file's number comparisons, replay, and
    /// answer by value; `not` of one is refused (WireMock's also holds for text that is no
    /// number), and so is an operand that is no finite number as JSON writes one (`Infinity`,
    /// `0x10`: WireMock's own reading refuses hex too).
    @Test func numberMatchersConvertToComparisons() throws {
        let (report, backend, _) = try Self.convert(#"""
            { "mappings": [
              { "request": { "method": "GET", "urlPath": "/v1/statements",
                  "queryParameters": { "year": { "greaterThanEqualNumber": 2020 }, "month": { "lessThanNumber": "13" },
                                       "page": { "greaterThanNumber": 0 }, "size": { "lessThanEqualNumber": 100 },
                                       "v": { "equalToNumber": 2 } } },
                "response": { "status": 200, "body": "statements" } },
              { "request": { "method": "GET", "urlPath": "/v1/odd", "queryParameters": { "n": { "not": { "greaterThanNumber": 1 } } } },
                "response": { "status": 200 } },
              { "request": { "method": "GET", "urlPath": "/v1/odder", "queryParameters": { "n": { "lessThanNumber": "many" } } },
                "response": { "status": 200 } },
              { "request": { "method": "GET", "urlPath": "/v1/endless", "queryParameters": { "n": { "lessThanNumber": "Infinity" } } },
                "response": { "status": 200 } },
              { "request": { "method": "GET", "urlPath": "/v1/hex", "queryParameters": { "n": { "lessThanNumber": "0x10" } } },
                "response": { "status": 200 } }
            ] }
            """#)
        #expect(report.routes == 1, "\(report.skipped)")
        #expect(report.skipped.contains { $0.reason.contains("not of greaterThanNumber") }, "\(report.skipped)")
        #expect(report.skipped.filter { $0.reason.contains("lessThanNumber is not a number") }.count == 3,
                "an operand is a finite number: \(report.skipped)")
        let replay = try #require(report.replay)
        #expect(replay.replayed == 1 && replay.matched == 1, "\(replay.mismatched) \(replay.notReplayed)")
        #expect(answer(backend, "/v1/statements?year=2020&month=12&page=1&size=100&v=2.0").text == "statements")
        for wrong in ["year=2019.9&month=12&page=1&size=100&v=2", "year=2020&month=13&page=1&size=100&v=2",
                      "year=2020&month=12&page=0&size=100&v=2", "year=2020&month=12&page=1&size=101&v=2",
                      "year=2020&month=12&page=1&size=100&v=3"] {
            #expect(answer(backend, "/v1/statements?" + wrong).status == .notFound, "\(wrong)")
        }
    }

    /// Without response templating WireMock serves `{{` as written, in a text body too: the
    /// converted route is no template, so `{{name}}` reaches the client as it stands.
    @Test func aTextBodyWithBracesAndNoTemplatingIsServedAsWritten() throws {
        let (report, backend, _) = try Self.convert("""
            { "mappings": [
              { "request": { "method": "GET", "urlPath": "/v1/letter" },
                "response": { "status": 200, "body": "Dear {{name}}, your balance is {{balance}}.",
                              "headers": { "Content-Type": "text/plain" } } }
            ] }
            """)
        #expect(report.routes == 1 && report.replay?.matched == 1, "\(report.skipped) \(String(describing: report.replay))")
        #expect(answer(backend, "/v1/letter").text == "Dear {{name}}, your balance is {{balance}}.")
    }

    /// A `jsonBody`'s `1` and `0` stay numbers and its `true` and `false` booleans: the mapping's
    /// JSON is read by Foundation, whose `1` also casts to `true` (`"page": 1` was served as
    /// `"page": true`, and the replay, reading both sides the same way, called it a match).
    @Test func aJSONBodysOneAndZeroStayNumbers() throws {
        let (report, backend, _) = try Self.convert("""
            { "mappings": [
              { "request": { "method": "GET", "urlPath": "/v1/accounts" },
                "response": { "status": 200, "jsonBody": { "page": 1, "offset": 0, "more": true, "closed": false,
                                                           "limits": [1, 0, 1.5, true] } } }
            ] }
            """)
        #expect(report.routes == 1 && report.replay?.matched == 1, "\(report.skipped) \(String(describing: report.replay))")
        let body = try JSONValue.parse(answer(backend, "/v1/accounts").body)
        #expect(body == .object(["page": .number(1), "offset": .number(0), "more": .bool(true), "closed": .bool(false),
                                 "limits": .array([.number(1), .number(0), .number(1.5), .bool(true)])]), "\(body)")
    }

    /// An `equalToJson` operand written as an object holds `1` and `0` as numbers, not as
    /// `true` and `false`: the same converter reads it as reads a `jsonBody`.
    @Test func anEqualToJsonOperandsOneAndZeroAreNumbers() throws {
        let (report, backend, _) = try Self.convert("""
            { "mappings": [
              { "request": { "method": "POST", "url": "/v1/consents",
                  "bodyPatterns": [ { "equalToJson": { "version": 1, "retries": 0, "live": true } } ] },
                "response": { "status": 201 } }
            ] }
            """)
        #expect(report.routes == 1, "\(report.skipped)")
        func status(_ body: String) -> Int {
            Int(backend.engine.answer(EngineRequest(method: "POST", target: "/v1/consents", headers: [.contentType: "application/json"],
                                                    body: Array(body.utf8))).status.code)
        }
        #expect(status(#"{"version":1,"retries":0,"live":true}"#) == 201)
        #expect(status(#"{"version":true,"retries":false,"live":true}"#) == 404, "1 and 0 are numbers")
        #expect(status(#"{"version":1,"retries":0,"live":1}"#) == 404, "true is a boolean")
    }

    /// WireMock's `applyTruncationLast` is JSON's `true` or `false`: a `1` is no boolean, so the
    /// mapping is refused with the reason, not read as `true`.
    @Test func applyTruncationLastIsABooleanNotANumber() throws {
        let (report, _, _) = try Self.convert("""
            { "mappings": [
              { "request": { "method": "GET", "urlPath": "/v1/statements",
                  "queryParameters": { "from": { "after": "now -30 days", "truncateExpected": "first day of month",
                                                 "applyTruncationLast": true } } },
                "response": { "status": 200, "body": "yes" } },
              { "request": { "method": "GET", "urlPath": "/v1/payments",
                  "queryParameters": { "from": { "after": "now -30 days", "truncateExpected": "first day of month",
                                                 "applyTruncationLast": 1 } } },
                "response": { "status": 200, "body": "no" } }
            ] }
            """)
        #expect(report.routes == 1, "\(report.skipped)")
        #expect(report.skipped.count == 1 && report.skipped[0].reason.contains("applyTruncationLast is true or false, not 1"),
                "\(report.skipped)")
    }

    /// A mapping whose request another route answers first is listed as shadowed by that route,
    /// also when that route's name holds the mapping's (`balance` and `balance-any`, or a name
    /// the recorder repeated gaining `-2`): the replay names the route that answered exactly.
    @Test func aMappingAnsweredByARouteWhoseNameHoldsItsOwnIsShadowed() throws {
        let (report, _, _) = try Self.convert("""
            { "mappings": [
              { "name": "balance", "request": { "method": "GET", "urlPath": "/v1/accounts/1/balance" },
                "response": { "status": 200, "body": "one" } },
              { "name": "balance-any", "priority": 1, "request": { "method": "GET", "urlPathPattern": "/v1/accounts/[^/]+/balance" },
                "response": { "status": 200, "body": "any" } }
            ] }
            """)
        let replay = try #require(report.replay)
        #expect(replay.mismatched.isEmpty, "\(replay.mismatched)")
        #expect(replay.notReplayed.count == 1 && replay.notReplayed[0].source == "mappings/m.json mappings[0]"
                && replay.notReplayed[0].reason.contains("answered first by") && replay.notReplayed[0].reason.contains("[balance-any]"),
                "\(replay.notReplayed)")
        #expect(replay.matched == 1)
    }

    /// The replay's request carries a query value, and its name, as it is, whatever it holds: `&`,
    /// `=` and `+` (a search for "fees & charges", a base64 cursor) are percent-encoded, so the
    /// value is not split into two parameters or read as a space, and the converted route answers it.
    @Test func theReplaySendsAQueryValueWithAmpersandsEqualsAndPlusWhole() throws {
        let (report, backend, _) = try Self.convert(#"""
            { "mappings": [
              { "request": { "method": "GET", "urlPath": "/v1/search",
                  "queryParameters": { "q": { "equalTo": "fees & charges" }, "cursor": { "equalTo": "a+b/c=" },
                                       "tag+kind": { "equalTo": "x" } } },
                "response": { "status": 200, "body": "found" } }
            ] }
            """#)
        #expect(report.routes == 1 && report.skipped.isEmpty, "\(report.skipped)")
        let replay = try #require(report.replay)
        #expect(replay.replayed == 1 && replay.matched == 1,
                "a name is sent whole too (a + in it is no space): \(replay.mismatched) \(replay.notReplayed)")
        #expect(answer(backend, "/v1/search?q=fees%20%26%20charges&cursor=a%2Bb%2Fc%3D&tag%2Bkind=x").text == "found")
    }

    /// A response header WireMock is given as a list is sent once per value (two cookies stay
    /// two), written as a list in the route file.
    @Test func aListValuedResponseHeaderStaysOneFieldPerValue() throws {
        let (report, backend, out) = try Self.convert("""
            { "request": { "method": "POST", "urlPath": "/v1/login" },
              "response": { "status": 200, "headers": { "Set-Cookie": ["session=abc; HttpOnly", "csrf=xyz; Path=/"],
                                                        "Vary": "Accept" }, "body": "in" } }
            """)
        #expect(report.routes == 1 && report.skipped.isEmpty, "\(report.skipped)")
        let plan = answer(backend, "/v1/login", method: "POST")
        #expect(plan.headers[values: .setCookie] == ["session=abc; HttpOnly", "csrf=xyz; Path=/"])
        #expect(plan.headers[values: .vary] == ["Accept"])
        let files = FileManager.default.enumerator(atPath: out.url.appendingPathComponent("routes").path)?.compactMap { $0 as? String } ?? []
        let yaml = try files.filter { $0.hasSuffix(".yaml") }.map {
            try String(contentsOf: out.url.appendingPathComponent("routes/" + $0), encoding: .utf8)
        }.joined()
        #expect(yaml.contains("Set-Cookie:\n") || yaml.contains("Set-Cookie: ["), "\(yaml)")
    }

    /// `equalTo` with `templated: true` works its value out per request: a template is refused
    /// by name rather than compared as written; without `{{` it is a plain value.
    @Test func aTemplatedEqualToIsRefusedUnlessItHoldsNoTemplate() throws {
        let (report, backend, _) = try Self.convert("""
            { "mappings": [
              { "request": { "method": "GET", "urlPath": "/v1/echo",
                  "headers": { "X-Account": { "equalTo": "{{request.query.account}}", "templated": true } } },
                "response": { "status": 200 } },
              { "request": { "method": "GET", "urlPath": "/v1/plain",
                  "headers": { "X-Mode": { "equalTo": "live", "templated": true } } },
                "response": { "status": 200, "body": "plain" } }
            ] }
            """)
        #expect(report.routes == 1)
        #expect(report.skipped.contains { $0.reason.contains("equalTo is templated ({{request.query.account}})") }, "\(report.skipped)")
        let plain = backend.engine.answer(EngineRequest(method: "GET", target: "/v1/plain", headers: [HTTPField.Name("X-Mode")!: "live"], body: []))
        #expect(plain.text == "plain")
    }

    /// A scenario whose last state goes back to `Started` repeats from its first answer.
    @Test func aScenarioThatReturnsToStartedLoops() throws {
        let (report, backend, _) = try Self.convert("""
            { "mappings": [
              { "scenarioName": "flip", "requiredScenarioState": "Started", "newScenarioState": "Off",
                "request": { "method": "GET", "urlPath": "/v1/switch" }, "response": { "status": 200, "body": "on" } },
              { "scenarioName": "flip", "requiredScenarioState": "Off", "newScenarioState": "Started",
                "request": { "method": "GET", "urlPath": "/v1/switch" }, "response": { "status": 200, "body": "off" } }
            ] }
            """)
        #expect(report.routes == 1 && report.skipped.isEmpty, "\(report.skipped)")
        #expect((0..<5).map { _ in answer(backend, "/v1/switch").text } == ["on", "off", "on", "off", "on"])
    }

    /// A mapping that requires no state is served in every state no later mapping requires:
    /// "fail, then succeed" (a 400 that moves to `firstAttempt`, a 200 there that moves on) is
    /// WireMock's 400, 200, 400, 200…, a looping sequence; one that a lower `priority` puts first
    /// in every state shadows the rest, which is listed.
    @Test func aMappingWithoutAStateIsServedWhereNoLaterOneIs() throws {
        let (report, backend, _) = try Self.convert("""
            { "mappings": [
              { "scenarioName": "retry", "newScenarioState": "firstAttempt",
                "request": { "method": "GET", "url": "/v1/invoices" }, "response": { "status": 400, "body": "failed" } },
              { "scenarioName": "retry", "requiredScenarioState": "firstAttempt", "newScenarioState": "secondAttempt",
                "request": { "method": "GET", "url": "/v1/invoices" }, "response": { "status": 200, "body": "paid" } },
              { "scenarioName": "shadow", "priority": 1,
                "request": { "method": "GET", "url": "/v1/shadow" }, "response": { "status": 200, "body": "always" } },
              { "scenarioName": "shadow", "requiredScenarioState": "Started", "newScenarioState": "Next",
                "request": { "method": "GET", "url": "/v1/shadow" }, "response": { "status": 200, "body": "never" } }
            ] }
            """)
        #expect(report.routes == 1, "\(report.skipped)")
        #expect((0..<5).map { _ in answer(backend, "/v1/invoices").status.code } == [400, 200, 400, 200, 400])
        #expect(report.replay?.matched == 1, "\(String(describing: report.replay))")
        #expect(report.skipped.map(\.source) == ["mappings/m.json mappings[3]"], "\(report.skipped)")
        #expect(report.skipped.first?.reason.contains("another mapping takes precedence") == true)
    }

    /// WireMock's recorder writes a response's `statusMessage`; the answer converts (HTTP/2 has
    /// no reason phrase, and the stub sends the standard one).
    @Test func aRecordedStatusMessageIsNoReasonToRefuse() throws {
        let (report, backend, _) = try Self.convert("""
            { "request": { "method": "POST", "urlPath": "/v1/consents" },
              "response": { "status": 201, "statusMessage": "Created", "body": "made" } }
            """)
        #expect(report.routes == 1 && report.skipped.isEmpty, "\(report.skipped)")
        #expect(answer(backend, "/v1/consents", method: "POST").status.code == 201)
    }

    /// `base64Body` is bytes: they are served as they were, not as their base64 text. A mapping
    /// with no `response` answers 200 with no body, as WireMock does; text that is not base64 is
    /// refused, naming the field.
    @Test func aBase64BodyIsServedAsItsBytesAndNoResponseIsA200() throws {
        let bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF, 0x0A]
        let (report, backend, _) = try Self.convert("""
            { "mappings": [
              { "request": { "method": "GET", "urlPath": "/v1/statement.png" },
                "response": { "status": 200, "base64Body": "\(Data(bytes).base64EncodedString())",
                              "headers": { "Content-Type": "image/png" } } },
              { "request": { "method": "DELETE", "urlPath": "/v1/cards/c1" } },
              { "request": { "method": "GET", "urlPath": "/v1/broken" }, "response": { "status": 200, "base64Body": "not base64!" } }
            ] }
            """)
        #expect(report.routes == 2)
        #expect(report.skipped.count == 1 && report.skipped.first?.reason.contains("base64Body is not base64") == true, "\(report.skipped)")
        let image = answer(backend, "/v1/statement.png")
        #expect(image.status == .ok)
        #expect(Array(image.body) == bytes)
        #expect(image.headers[.contentType] == "image/png")
        let deleted = answer(backend, "/v1/cards/c1", method: "DELETE")
        #expect(deleted.status == .ok)
        #expect(deleted.body.isEmpty)
    }
}

private extension WirePlan {
    var text: String { String(decoding: body, as: UTF8.self) }
}

/// WireMock's scenarios, converted: on random chains of states, the route answers request after
/// request as WireMock's state machine would (a mapping serves in its `requiredScenarioState`
/// and moves the scenario to its `newScenarioState`), or the scenario is listed and not written
/// when no route-file sequence can say what WireMock does.
@Suite struct WireMockScenarioModelTests {
    private struct Mapping {
        var required: String?
        var next: String?
        var path = "/v1/orders"
        var body: String
    }

    /// What WireMock answers for `count` requests to mappings added in this order: in each state
    /// the one added last of those that require it or require no state, which moves the scenario
    /// to its `newScenarioState`; nil where no mapping serves the state (WireMock's 404).
    private static func wireMock(_ mappings: [Mapping], count: Int) -> [String?] {
        var state = "Started"
        return (0..<count).map { _ in
            guard let mapping = mappings.last(where: { $0.required == state || $0.required == nil }) else { return nil }
            if let next = mapping.next { state = next }
            return mapping.body
        }
    }

    /// Whether a route-file sequence says WireMock's `answers` (three times as many as states):
    /// every mapping answers, and the answers end on one they keep, or repeat from the first.
    private static func sayable(_ answers: [String?], _ mappings: [Mapping]) -> Bool {
        let all = answers.compactMap { $0 }
        guard all.count == answers.count, Set(all) == Set(mappings.map(\.body)) else { return false }
        let keeps = (0..<mappings.count).contains { first in all[first...].allSatisfy { $0 == all[first] } }
        let repeats = (1...mappings.count).contains { period in (0..<(all.count - period)).allSatisfy { all[$0] == all[$0 + period] } }
        return keeps || repeats
    }

    @Test(arguments: 0..<36 as Range<UInt64>)
    func aConvertedScenarioAnswersAsWireMocksStateMachine(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let names = ["Started"] + ["Placed", "Paid", "Shipped"].shuffled(using: &generator).prefix(Int.random(in: 0...3, using: &generator))
        var mappings = names.indices.map { Mapping(required: names[$0], next: $0 + 1 < names.count ? names[$0 + 1] : nil, body: "r\($0)") }
        // How the chain ends: it stays, stays by naming itself, loops to Started, goes back to
        // a middle state, or moves to a state no mapping serves.
        switch Int.random(in: 0..<5, using: &generator) {
        case 1: mappings[mappings.count - 1].next = names.last
        case 2: mappings[mappings.count - 1].next = "Started"
        case 3 where names.count > 2:
            mappings[mappings.count - 1].next = names[Int.random(in: 1..<(names.count - 1), using: &generator)]
        case 4:
            mappings[mappings.count - 1].next = "Cancelled"
        default: break
        }
        // A mapping that requires no state is served in every state no later mapping requires.
        if names.count > 1, Int.random(in: 0..<3, using: &generator) == 0 {
            mappings[Int.random(in: 0..<mappings.count, using: &generator)].required = nil
        }
        mappings.shuffle(using: &generator)
        let count = 3 * mappings.count + 3
        let expected = Self.wireMock(mappings, count: count)
        let expressible = Self.sayable(expected, mappings)
        let json = mappings.map { mapping in
            var fields = [#""scenarioName": "order""#]
            if let required = mapping.required { fields.append(#""requiredScenarioState": "\#(required)""#) }
            if let next = mapping.next { fields.append(#""newScenarioState": "\#(next)""#) }
            fields.append(#""request": { "method": "GET", "urlPath": "\#(mapping.path)" }"#)
            fields.append(#""response": { "status": 200, "body": "\#(mapping.body)" }"#)
            return "{ " + fields.joined(separator: ", ") + " }"
        }.joined(separator: ",\n")
        let (report, backend, _) = try WireMockMappingTests.convert(#"{ "mappings": [\#(json)] }"#)
        let context = Comment(rawValue: "states \(names), WireMock answers \(expected)\n\(json)")
        if expressible {
            #expect(report.routes == 1 && report.skipped.isEmpty, "\(report.skipped); \(context)")
            let answers = (0..<count).map { _ in
                let plan = backend.engine.answer(EngineRequest(method: "GET", target: "/v1/orders", headers: [:], body: []))
                return String?(String(decoding: plan.body, as: UTF8.self))
            }
            #expect(answers == expected, context)
        } else {
            #expect(report.routes == 0, context)
            #expect(report.skipped.contains { $0.reason.contains("scenario \"order\"") && $0.reason.contains("not converted") },
                    "\(report.skipped); \(context)")
        }
    }
}
