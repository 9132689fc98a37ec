import Foundation
import HTTPTypes
import StubEngine
import StubFormats
import Testing

/// A response's fields in route files, each at its edges: the status range, headers given as
/// lists, inline bodies' numbers, body files by extension (type, templating, escaping), bodies
/// on statuses that never carry one, and `when` naming path parameters.
@Suite struct RouteResponseRulesTests {
    private func reasons(_ response: String, path: String = "/v1/r", files: [String: String] = [:]) -> [String] {
        RouteFolder.load("""
            routes:
              - id: r
                request: { path: "\(path)" }
                responses:
                  - \(response)
            """, files: files).1.map(\.reason)
    }

    private func serve(_ response: String, path: String = "/v1/r", files: [String: String] = [:], target: String = "/v1/r",
                       headers: [String: String] = [:]) throws -> WirePlan {
        let (routes, problems) = RouteFolder.load("""
            routes:
              - id: r
                request: { path: "\(path)" }
                responses:
                  - \(response)
            """, files: files)
        #expect(problems.isEmpty, "\(problems)")
        let probe = EngineProbe(sources: [FileRouteSource(routes: routes, state: FileRouteState(seed: 1), clock: Date.init)])
        return probe.answer(target, headers: headers)
    }

    @Test func aStatusIsAFinalOneFrom200To599() {
        for status in [200, 299, 418, 599] { #expect(reasons("{ status: \(status) }").isEmpty, "\(status)") }
        for status in [100, 101, 199, 600, 0] {
            #expect(reasons("{ status: \(status) }") == ["routes[0].responses[0].status must be from 200 to 599 (1xx is not a final status)"],
                    "\(status)")
        }
    }

    @Test func aHeaderListSendsTheFieldOncePerItem() throws {
        let plan = try serve(#"{ status: 200, headers: { Set-Cookie: ["a=1", "b=2"], X-One: solo } }"#)
        #expect(plan.headers[values: .setCookie] == ["a=1", "b=2"])
        #expect(plan.headers[HTTPField.Name("X-One")!] == "solo")
        #expect(reasons("{ status: 200, headers: { Set-Cookie: [] } }")
                == ["routes[0].responses[0].headers.Set-Cookie must be text, or a list of texts to send the field once for each"])
        #expect(reasons("{ status: 200, headers: { X-A: { b: c } } }").first?.contains("must be text, or a list of texts") == true)
        #expect(reasons("{ status: 200, headers: { X-A: [a, [b]] } }").first?.contains("must be text, or a list of texts") == true)
        #expect(reasons("{ status: 200, headers: { Content-Length: \"3\" } }").first?.contains("is set by the server") == true)
        #expect(reasons("{ status: 200, headers: { \"Bad Name\": x } }").first?.contains("is not a valid header name") == true)
    }

    /// A header the folder defaults template is drawn afresh for each request, as a route's own
    /// templated header is: such a route is not answered as a fixed one.
    @Test func aTemplatedDefaultHeaderIsDrawnForEachRequest() throws {
        let files = ["routes/_defaults.yaml": "defaults:\n  headers: { X-Trace: \"{{#random}}hex 12{{/random}}\" }\n"]
        let (routes, problems) = RouteFolder.load("routes:\n  - id: r\n    request: { path: /v1/r }\n    responses: [{ status: 204 }]\n",
                                                  files: files)
        #expect(problems.isEmpty, "\(problems)")
        let probe = EngineProbe(sources: [FileRouteSource(routes: routes, state: FileRouteState(seed: 1), clock: Date.init)])
        let traces = (0..<3).compactMap { _ in probe.answer("/v1/r").headers[HTTPField.Name("X-Trace")!] }
        #expect(traces.count == 3 && Set(traces).count == 3 && traces.allSatisfy { $0.count == 12 }, "\(traces)")
    }

    @Test func anInlineBodysNumbersAreJSONNumbers() throws {
        for bad in [".inf", "-.inf", ".nan"] {
            #expect(reasons("{ status: 200, body: { n: \(bad) } }") == ["routes[0].responses[0].body.n: \(bad) is not a JSON number"], "\(bad)")
        }
        // A list item is named by its index from 0, as in JSONPath.
        #expect(reasons("{ status: 200, body: { n: [1, .inf] } }") == ["routes[0].responses[0].body.n[1]: .inf is not a JSON number"])
        let plan = try serve("{ status: 200, body: { a: 1.50, b: 1e3, c: -0, d: 12 } }")
        #expect(String(decoding: plan.body, as: UTF8.self) == #"{"a":1.50,"b":1e3,"c":-0,"d":12}"#, "numbers as written")
    }

    /// An inline body's type is what it is written as: text (quoted or not, templated or not)
    /// goes as `text/plain`, a mapping or a list as JSON.
    @Test func anInlineBodysTypeIsWhatItIsWrittenAs() throws {
        let cases: [(body: String, type: String, sent: String)] = [
            ("Service unavailable", "text/plain; charset=utf-8", "Service unavailable"),
            (#""42""#, "text/plain; charset=utf-8", "42"),
            (#""Hello {{request.method}}""#, "text/plain; charset=utf-8", "Hello GET"),
            ("{ ok: true }", "application/json", #"{"ok":true}"#),
            ("[1, 2]", "application/json", "[1,2]"),
        ]
        for (body, type, sent) in cases {
            let plan = try serve("{ status: 200, body: \(body) }")
            #expect(plan.headers[.contentType] == type, "\(body)")
            #expect(String(decoding: plan.body, as: UTF8.self) == sent, "\(body)")
        }
    }

    @Test func aBodyFilesExtensionNamesItsTypeInAnyCase() throws {
        let cases: [(file: String, type: String)] = [
            ("A.JSON", "application/json"), ("b.Json", "application/json"), ("c.txt", "text/plain; charset=utf-8"),
            ("d.XML", "application/xml"), ("e.svg", "image/svg+xml"), ("f.csv", "text/csv; charset=utf-8"),
            ("g.bin", "application/octet-stream"), ("h", "application/octet-stream"),
        ]
        for (file, type) in cases {
            let body = file.lowercased().hasSuffix("json") ? #"{"ok":true}"# : "plain"
            let plan = try serve("{ status: 200, bodyFile: ../bodies/\(file) }", files: ["bodies/\(file)": body])
            #expect(plan.headers[.contentType] == type, "\(file)")
            #expect(String(decoding: plan.body, as: UTF8.self) == body, "\(file)")
        }
    }

    @Test func tagsInTextJSONAndXMLFilesAreRenderedInOthersSentAsWritten() throws {
        let name = #"a "quoted" \ name"#
        let query = "name=" + name.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        func body(_ file: String, _ text: String) throws -> String {
            String(decoding: try serve("{ status: 200, bodyFile: ../bodies/\(file) }", files: ["bodies/\(file)": text],
                                       target: "/v1/r?" + query).body, as: UTF8.self)
        }
        // JSON files escape what they substitute, so the document stays JSON.
        let json = try body("n.json", #"{"name":"{{query.name}}"}"#)
        #expect(try JSONDecoder().decode([String: String].self, from: Data(json.utf8)) == ["name": name], "\(json)")
        #expect(try body("n.xml", "<n>{{query.name}}</n>") == "<n>\(name)</n>")
        #expect(try body("n.txt", "[{{query.name}}]") == "[\(name)]")
        #expect(try body("n.bin", "[{{query.name}}]") == "[{{query.name}}]", "a binary file is bytes")
        // Foundation's reader on Linux takes a trailing comma; a client's may not, so the file is refused.
        let trailing = reasons("{ status: 200, bodyFile: ../bodies/bad.json }", files: ["bodies/bad.json": "{\n  \"a\": 1,\n}"])
        #expect(trailing.first?.contains("bodies/bad.json is not valid JSON (line 3: invalid JSON: a trailing comma before }") == true,
                "\(trailing)")
        let broken = reasons("{ status: 200, bodyFile: ../bodies/bad.json }", files: ["bodies/bad.json": "{\n  \"a\": \n}"])
        #expect(broken.first?.contains("bodies/bad.json is not valid JSON (line 3") == true, "\(broken)")
    }

    @Test func noBodyOn204Or304() throws {
        for status in [204, 304] {
            #expect(reasons("{ status: \(status), body: x }") == ["routes[0].responses[0]: status \(status) never carries a body; remove it"],
                    "\(status)")
            #expect(reasons("{ status: \(status), bodyFile: ../bodies/x.txt }", files: ["bodies/x.txt": "x"])
                    == ["routes[0].responses[0]: status \(status) never carries a body; remove it"], "\(status)")
            #expect(reasons("{ status: \(status) }").isEmpty)
        }
        #expect(reasons("{ status: 200, body: x, bodyFile: ../bodies/x.txt }", files: ["bodies/x.txt": "x"])
                == ["routes[0].responses[0] has both body and bodyFile; keep one"])
    }

    /// A template naming a path parameter its route does not declare is a load error; in the
    /// folder defaults, which serve routes of every path, it is not.
    @Test func aTemplateNamesOnlyTheRoutesPathParameters() {
        #expect(reasons(#"{ status: 200, body: "{{path.id}}" }"#, path: "/v1/r/{id}").isEmpty)
        #expect(reasons(#"{ status: 200, body: "{{path.other}}" }"#, path: "/v1/r/{id}")
                == ["routes[0].responses[0].body: {{path.other}}: {other} is not a path parameter; the path declares {id}"])
        #expect(reasons(#"{ status: 200, headers: { X-Id: "{{path.other}}" } }"#, path: "/v1/r/{id}").first?
            .contains("{other} is not a path parameter") == true)
        let defaults = RouteFolder.load("""
            defaults:
              headers: { X-Account: "{{path.accountId}}" }
            routes:
              - id: r
                request: { path: "/v1/r/{id}" }
                responses: [ { status: 200 } ]
            """).1
        #expect(defaults.isEmpty, "\(defaults)")
    }

    @Test func aWhenNamesOnlyTheRoutesPathParameters() {
        let path = "/v1/{a}/{b}"
        let otherwise = "\n      - { status: 201 }"
        #expect(reasons("{ status: 200, when: { path: { a: { equals: x }, b: { equals: y } } } }" + otherwise, path: path).isEmpty)
        #expect(reasons("{ status: 200, when: { path: { a: { equals: x }, c: { equals: y } } } }" + otherwise, path: path)
                == ["routes[0].responses[0].when.path.c: the route's path has no {c}"])
        #expect(reasons("{ status: 200, when: { path: { c: { equals: x }, d: { equals: y } } } }" + otherwise, path: path)
                == ["routes[0].responses[0].when.path.c: the route's path has no {c}", "routes[0].responses[0].when.path.d: the route's path has no {d}"])
    }
}
