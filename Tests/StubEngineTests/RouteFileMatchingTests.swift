import Foundation
import Testing
@testable import StubEngine
import StubFormats
import HTTPTypes

/// `equals` with WireMock's `equalToJson` options and json-unit placeholders, the negative and
/// containment matchers, whole-body text, regex paths and literal responses: each through the
/// route-file loader and the engine, with no HTTP.
@Suite struct RouteFileMatchingTests {
    private func engine(_ yaml: String) throws -> EngineProbe {
        let (routes, problems) = load(yaml)
        #expect(problems.isEmpty, "\(problems)")
        return EngineProbe(sources: [FileRouteSource(routes: routes, state: FileRouteState(seed: 1), clock: Date.init)])
    }

    private func load(_ yaml: String) -> (FileRouteSet, [FixtureProblem]) { RouteFolder.load(yaml) }

    private func json(_ text: String) -> JSONValue { try! JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) }

    private func equals(_ expected: String, _ options: JSONEquality = JSONEquality()) throws -> ValueMatcher {
        try ValueMatcher(.equals(json(expected)), equality: options)
    }

    @Test func ignoreArrayOrderPairsEachItemWithADifferentOne() throws {
        let matcher = try equals(#"[1, 2, 2]"#, JSONEquality(ignoreArrayOrder: true))
        #expect(matcher.matches(json("[2, 1, 2]")))
        #expect(!matcher.matches(json("[1, 1, 2]")), "each expected item needs its own actual item")
        #expect(!matcher.matches(json("[2, 2, 1, 3]")), "an extra item without ignoreExtraElements")
        #expect(!(try equals(#"[1, 2]"#)).matches(json("[2, 1]")), "order counts by default")
        // The first expected object could take either actual one; the search must try the other.
        let objects = try equals(#"[{"a": "${json-unit.any-number}"}, {"a": 1, "b": 2}]"#,
                                 JSONEquality(ignoreArrayOrder: true, ignoreExtraElements: true))
        #expect(objects.matches(json(#"[{"a": 1, "b": 2}, {"a": 5}]"#)))
    }

    @Test func ignoreExtraElementsAllowsMoreFieldsAndItemsAtAnyDepth() throws {
        let matcher = try equals(#"{"a": {"b": [1]}}"#, JSONEquality(ignoreExtraElements: true))
        #expect(matcher.matches(json(#"{"a": {"b": [1, 2], "c": 3}, "d": 4}"#)))
        #expect(!matcher.matches(json(#"{"a": {"b": [2, 1]}}"#)), "without ignoreArrayOrder the given items lead")
        #expect(!matcher.matches(json(#"{"a": {"c": 3}}"#)))
        #expect(!(try equals(#"{"a": 1}"#)).matches(json(#"{"a": 1, "b": 2}"#)))
        #expect((try equals(#"{"a": 1}"#)).matches(json(#"{"a": 1.0}"#)), "numbers compare by value")
    }

    @Test func placeholdersMatchAKindOfValue() throws {
        let matcher = try equals(#"""
            {"s": "${json-unit.any-string}", "n": "${json-unit.any-number}", "b": "${json-unit.any-boolean}",
             "i": "${json-unit.ignore}", "gone": "${json-unit.ignore-element}", "d": "${json-unit.regex}\\d{4}-\\d{2}",
             "old": "#{json-unit.any-string}"}
            """#)
        let good = #"{"s": "x", "n": 2.5, "b": false, "i": null, "d": "2026-11", "old": ""}"#
        #expect(matcher.matches(json(good)))
        #expect(matcher.matches(json(good.replacingOccurrences(of: "\"i\": null", with: "\"i\": 1, \"gone\": [1]"))))
        #expect(!matcher.matches(json(good.replacingOccurrences(of: "\"s\": \"x\"", with: "\"s\": 1"))))
        #expect(!matcher.matches(json(good.replacingOccurrences(of: "2.5", with: "\"2.5\""))))
        #expect(!matcher.matches(json(good.replacingOccurrences(of: "false", with: "\"false\""))))
        #expect(!matcher.matches(json(good.replacingOccurrences(of: "\"i\": null, ", with: ""))), "ignore needs the field")
        #expect(!matcher.matches(json(good.replacingOccurrences(of: "2026-11", with: "2026-11-26"))), "the regex covers the whole value")
        #expect(throws: ValueMatcherError.self) { try equals(#""${json-unit.matches:custom}x""#) }
        #expect(throws: ValueMatcherError.self) { try equals(#""${json-unit.regex}[""#) }
    }

    @Test func textMatchersAndTheirNegations() throws {
        #expect(try ValueMatcher(.contains("Bearer ")).matches(.string("Bearer abc")))
        #expect(!(try ValueMatcher(.contains("Bearer ")).matches(nil)))
        #expect(try ValueMatcher(.doesNotContain("curl")).matches(nil), "a missing value contains nothing")
        #expect(!(try ValueMatcher(.doesNotContain("curl")).matches(.string("curl/8"))))
        #expect(try ValueMatcher(.doesNotMatch("on|yes")).matches(.string("only")), "the pattern must cover the whole value")
        #expect(!(try ValueMatcher(.doesNotMatch("on|yes")).matches(.string("on"))))
        #expect(try ValueMatcher(.equals(.string("Application/JSON")), equality: JSONEquality(caseInsensitive: true))
                .matches(.string("application/json")))
        #expect(throws: ValueMatcherError.self) { try ValueMatcher(.matches("a"), equality: JSONEquality(ignoreArrayOrder: true)) }
        let anyNumber = try ValueMatcher(.equals(.string("${json-unit.any-number}")))
        for text in ["42", "12.50", "-3e2", " 7 "] {
            #expect(anyNumber.matches(.string(text)), "query text \"\(text)\" reads as a number")
        }
        for text in ["nan", "inf", "0x10", "12,50", "", "twelve"] {
            #expect(!anyNumber.matches(.string(text)), "\"\(text)\" is no number as JSON writes one")
        }
    }

    /// Which route answers when several match: the higher `priority` first, wherever it is
    /// written; then the more specific route (a literal segment before a parameter, `**` last,
    /// and a route with request conditions before the same path without); then the order in the file.
    @Test func precedenceIsPriorityThenSpecificityThenOrder() throws {
        let probe = try engine("""
            routes:
              - id: any
                request: { path: "/v1/**" }
                responses: [ { status: 200, body: any } ]
              - id: param
                request: { path: "/v1/accounts/{id}" }
                responses: [ { status: 200, body: param } ]
              - id: literal
                request: { path: /v1/accounts/savings }
                responses: [ { status: 200, body: literal } ]
              - id: plain
                request: { path: /v1/cards }
                responses: [ { status: 200, body: plain } ]
              - id: conditioned
                request: { path: /v1/cards, headers: { X-Any: { present: true } } }
                responses: [ { status: 200, body: conditioned } ]
              - id: first-of-two
                request: { path: "/v1/pair/{x}" }
                responses: [ { status: 200, body: first } ]
              - id: second-of-two
                request: { path: "/v1/{y}/b" }
                responses: [ { status: 200, body: second } ]
              - id: urgent
                priority: 10
                request: { path: "/v1/**", method: DELETE }
                responses: [ { status: 200, body: urgent } ]
              - id: low
                priority: -1
                request: { path: /v1/loans }
                responses: [ { status: 200, body: low } ]
            """)
        func body(_ target: String, method: String = "GET", headers: [String: String] = [:]) -> String {
            String(decoding: probe.answer(target, method: method, headers: headers).body, as: UTF8.self)
        }
        #expect(body("/v1/accounts/savings") == "literal")
        #expect(body("/v1/accounts/current") == "param")
        #expect(body("/v1/other") == "any")
        #expect(body("/v1/cards", headers: ["X-Any": "1"]) == "conditioned", "conditions make a route more specific")
        #expect(body("/v1/cards") == "plain")
        #expect(body("/v1/pair/b") == "first", "as specific: the one written first")
        #expect(body("/v1/cards/b") == "second", "a literal route beside a parameter (/v1/cards) does not hide /v1/{y}/b")
        #expect(body("/v1/accounts/savings", method: "DELETE") == "urgent", "a higher priority beats a literal path")
        #expect(body("/v1/loans") == "any", "a negative priority loses even to `**`")
    }

    /// A 404 names the routes the request nearly matched, closest first: the same path under
    /// another method before any path that differs, and among those the fewest edits away.
    /// The number comparisons, on a JSON body's number, a body's text, a query and a header:
    /// each bound on both sides, compared by value; a value that is missing or no number never
    /// matches, and the near miss says why.
    @Test func numberComparisonsCompareByValueOnBothSidesOfTheirBound() throws {
        let probe = try engine("""
            routes:
              - request:
                  method: POST
                  path: /v1/transfers
                  body: { $.amount.value: { greaterThan: 1000 } }
                responses: [ { status: 403, body: { error: sca_required } } ]
              - request: { method: POST, path: /v1/transfers }
                responses: [ { status: 201 } ]
              - request:
                  method: GET
                  path: /v1/transactions
                  query: { min: { greaterThanOrEqual: 10 }, max: { lessThan: 99.5 } }
                  headers: { X-Page-Size: { lessThanOrEqual: 50 }, X-Version: { equalsNumber: 2 } }
                responses: [ { status: 200 } ]
            """)
        func transfer(_ amount: String) -> Int { Int(probe.answer("/v1/transfers", method: "POST", body: #"{"amount":{"value":\#(amount)}}"#).status.code) }
        #expect(transfer("1000.01") == 403 && transfer(#""1500.50""#) == 403, "a number, or text that is one")
        #expect(transfer("1000") == 201 && transfer(#""1000.00""#) == 201 && transfer("999") == 201, "greaterThan is strict")
        #expect(transfer(#""lots""#) == 201 && transfer("null") == 201 && transfer(#""NaN""#) == 201 && transfer(#""inf""#) == 201,
                "no number, no match: NaN and inf are words, not JSON numbers")
        #expect(Int(probe.answer("/v1/transfers", method: "POST", body: "{}").status.code) == 201)

        func list(_ query: String, size: String = "50", version: String = "2.0") -> Int {
            Int(probe.answer("/v1/transactions?" + query, headers: ["X-Page-Size": size, "X-Version": version]).status.code)
        }
        #expect(list("min=10&max=99.49") == 200, "both ends of the range, the header at its bound, 2.0 equal to 2")
        #expect(list("min=9.99&max=20") == 404 && list("min=10&max=99.5") == 404)
        #expect(list("min=1e1&max=20", version: "2") == 200, "1e1 is 10")
        #expect(list("min=10&max=20", size: "51") == 404 && list("min=10&max=20", version: "2.1") == 404)
        #expect(list("max=20") == 404, "a missing value never compares")
        let miss = probe.answer("/v1/transactions?min=ten&max=20", headers: ["X-Page-Size": "5", "X-Version": "2"])
        #expect(String(decoding: miss.body, as: UTF8.self).contains("expected a number at least 10"), "\(String(decoding: miss.body, as: UTF8.self))")
    }

    /// A body matcher's near miss says why: a body that is no JSON is called so, and an empty
    /// body is simply missing the value, not called "not JSON".
    @Test func aBodyMatchersNearMissSaysWhetherTheBodyWasJSON() throws {
        let probe = try engine("""
            routes:
              - request:
                  method: POST
                  path: /v1/payees
                  body: { $.name: { equals: Ada } }
                responses: [ { status: 201 } ]
            """)
        func miss(_ body: String) -> String { String(decoding: probe.answer("/v1/payees", method: "POST", body: body).body, as: UTF8.self) }
        #expect(probe.answer("/v1/payees", method: "POST", body: #"{"name":"Ada"}"#).status.code == 201)
        #expect(miss("name=Ada").contains("body is not JSON, so $.name"), "\(miss("name=Ada"))")
        let empty = miss("")
        #expect(empty.contains("body $.name") && !empty.contains("not JSON"), "\(empty)")
    }

    @Test func aNumberComparisonNeedsANumber() {
        let (_, problems) = load("""
            routes:
              - request: { method: GET, path: /v1/x, query: { n: { greaterThan: ten } } }
                responses: [ { status: 200 } ]
            """)
        #expect(problems.contains { $0.reason.contains("greaterThan must be a number") && $0.line == 2 }, "\(problems)")
    }

    /// A response header written as a list goes once per item, in order, and replaces what
    /// `defaults.headers` gives for that name; a single value replaces it as before.
    @Test func aHeaderWrittenAsAListIsSentOncePerItem() throws {
        let probe = try engine("""
            defaults:
              headers: { Set-Cookie: from-defaults=1, Cache-Control: no-store, X-Trace: default }
            routes:
              - request: { method: POST, path: /v1/session }
                responses:
                  - status: 201
                    headers:
                      Set-Cookie: ['session={{request.id}}; HttpOnly; Secure', 'csrf=xyz; Path=/']
                      X-Trace: own
            """)
        let plan = probe.answer("/v1/session", method: "POST")
        let cookies = plan.headers[values: .setCookie]
        #expect(cookies.count == 2 && cookies[0].hasPrefix("session=") && cookies[0].hasSuffix("; HttpOnly; Secure")
                && cookies[1] == "csrf=xyz; Path=/", "\(cookies)")
        #expect(!cookies[0].contains("{{"), "each item is a template")
        #expect(plan.headers[values: HTTPField.Name("X-Trace")!] == ["own"])
        #expect(plan.headers[.cacheControl] == "no-store")
        let (_, problems) = load("""
            routes:
              - request: { method: GET, path: /v1/x }
                responses:
                  - status: 200
                    headers: { X-A: [], X-B: [{ nested: 1 }] }
            """)
        #expect(problems.count == 2 && problems.allSatisfy { $0.reason.contains("a list of texts") && $0.line == 5 }, "\(problems)")
    }

    @Test func nearMissesAreRankedMethodThenPathDistance() throws {
        let probe = try engine("""
            routes:
              - request: { path: /v1/card, method: GET }
                responses: [ { status: 200 } ]
              - request: { path: /v1/cards, method: GET }
                responses: [ { status: 200 } ]
              - request: { path: /v1/cardholders/list, method: GET }
                responses: [ { status: 200 } ]
            """)
        let plan = probe.answer("/v1/cards", method: "POST")
        #expect(plan.status == .notFound)
        let object = try JSONSerialization.jsonObject(with: Data(plan.body)) as? [String: Any]
        let details = (object?["error"] as? [String: Any])?["details"] as? [[String: Any]] ?? []
        #expect(details.compactMap { $0["path"] as? String } == ["GET /v1/cards", "GET /v1/card", "GET /v1/cardholders/list"])
        #expect((details.first?["message"] as? String)?.contains("method is POST; this route takes GET") == true)
    }

    /// A query parameter sent without `=` (`?debug`) is there, with an empty value: `present`
    /// holds, `absent` does not, and a template reads it as empty. A `+` is a space.
    @Test func aBareQueryParameterIsPresentAndEmpty() throws {
        #expect(QueryString.parse("debug&b=&c=1+2&c=3") == ["debug": [""], "b": [""], "c": ["1 2", "3"]])
        let probe = try engine("""
            routes:
              - id: debug
                request: { path: /v1/flags, query: { debug: { present: true } } }
                responses: [ { status: 200, body: "debug=[{{query.debug}}]" } ]
              - id: plain
                request: { path: /v1/flags, query: { debug: { absent: true } } }
                responses: [ { status: 200, body: plain } ]
            """)
        #expect(String(decoding: probe.answer("/v1/flags?debug").body, as: UTF8.self) == "debug=[]")
        #expect(String(decoding: probe.answer("/v1/flags?other=1").body, as: UTF8.self) == "plain")
    }

    /// `equals` with a list on a repeated query parameter takes every value in order; items
    /// written as YAML numbers or booleans compare as their text, as query values are text.
    @Test func aListOfNumbersEqualsARepeatedParameterInOrder() throws {
        let probe = try engine("""
            routes:
              - id: pair
                request: { path: /v1/ids, query: { id: { equals: [3, 9] }, on: { equals: [true] } } }
                responses: [ { status: 200, body: pair } ]
            """)
        #expect(probe.answer("/v1/ids?id=3&id=9&on=true").status == .ok)
        #expect(probe.answer("/v1/ids?id=9&id=3&on=true").status == .notFound, "order counts")
        #expect(probe.answer("/v1/ids?id=3&on=true").status == .notFound, "a value short")
        #expect(probe.answer("/v1/ids?id=3&id=9&id=9&on=true").status == .notFound, "a value over")
        #expect(probe.answer("/v1/ids?id=3&id=10&on=true").status == .notFound)
        #expect(probe.answer("/v1/ids?id=3&id=9&on=TRUE").status == .notFound)
    }

    /// Any other matcher on a repeated query parameter holds when one of its values satisfies
    /// it, as WireMock reads a single matcher on a repeated parameter; the near miss names them all.
    @Test func aSingleMatcherOnARepeatedParameterHoldsForOneOfItsValues() throws {
        let probe = try engine("""
            routes:
              - id: nine
                request: { path: /v1/ids, query: { id: { equals: "9" }, tag: { matches: "^b.*" } } }
                responses: [ { status: 200, body: nine } ]
            """)
        #expect(probe.answer("/v1/ids?id=3&id=9&tag=a&tag=bb").status == .ok)
        #expect(probe.answer("/v1/ids?id=9&id=3&tag=bb&tag=a").status == .ok, "in any place")
        let miss = probe.answer("/v1/ids?id=3&id=4&tag=bb")
        #expect(miss.status == .notFound && String(decoding: miss.body, as: UTF8.self).contains("3&4"), "\(String(decoding: miss.body, as: UTF8.self))")
    }

    /// Two routes whose tests are the same, written in another order, can never be told apart:
    /// the second is refused at load.
    @Test func theSameTestsInAnotherOrderAreTheSameRoute() {
        let (_, problems) = RouteFolder.load("""
            routes:
              - id: first
                request: { path: /v1/pay, query: { a: { equals: "1" }, b: { equals: "2" } }, headers: { X-A: { equals: x } } }
                responses: [ { status: 200 } ]
              - id: second
                request: { path: /v1/pay, headers: { X-A: { equals: x } }, query: { b: { equals: "2" }, a: { equals: "1" } } }
                responses: [ { status: 201 } ]
            """)
        #expect(problems.contains { $0.line == 5 && $0.reason.contains("\"second\" can never be told apart") }, "\(problems)")
    }

    /// Routes that differ in one test alone, of any kind, can be told apart and both load; the
    /// same test written twice cannot, whatever its kind.
    @Test func routesThatDifferInAnyOneTestAreTwoRoutes() {
        let differing: [(String, String)] = [
            (#"path: /v1/pay, query: { a: "1" }"#, #"path: /v1/pay, query: { a: "2" }"#),
            ("path: /v1/pay, headers: { X-A: x }", "path: /v1/pay, headers: { X-A: y }"),
            ("path: /v1/pay, cookies: { s: x }", "path: /v1/pay, cookies: { s: y }"),
            (#"path: /v1/pay, body: { "$.a": 1 }"#, #"path: /v1/pay, body: { "$.a": 2 }"#),
            ("path: /v1/pay, bodyText: { contains: x }", "path: /v1/pay, bodyText: { contains: y }"),
            (#"path: /v1/pay, xpath: { "//a": x }"#, #"path: /v1/pay, xpath: { "//a": y }"#),
            (#"path: /v1/pay, bodyXml: "<a>1</a>""#, #"path: /v1/pay, bodyXml: "<a>2</a>""#),
            ("path: /v1/pay, parts: [ { bodyText: x } ]", "path: /v1/pay, parts: [ { bodyText: y } ]"),
            (#"pathPattern: "/v1/pay/.+""#, #"pathPattern: "/v1/pay/[0-9]+""#),
            (#"path: "/v1/pay/{id}", params: { id: "1" }"#, #"path: "/v1/pay/{id}", params: { id: "2" }"#),
        ]
        func problems(_ first: String, _ second: String) -> [FixtureProblem] {
            RouteFolder.load("""
                routes:
                  - id: one
                    request: { method: POST, \(first) }
                    responses: [ { status: 200 } ]
                  - id: two
                    request: { method: POST, \(second) }
                    responses: [ { status: 201 } ]
                """).1
        }
        for (first, second) in differing {
            #expect(problems(first, second).isEmpty, "\(first) / \(second): \(problems(first, second))")
            #expect(problems(first, first).contains { $0.reason.contains("\"two\" can never be told apart") },
                    "\(first) twice: \(problems(first, first))")
        }
    }

    /// A response with `probability: 0.3` is considered about three times in ten, drawn from
    /// the seed: the same seed draws the same answers, and one that is passed over falls to the
    /// next response. Out of 0...1 is refused at load.
    @Test func aResponsesProbabilityIsSeededAndPassesToTheNext() throws {
        let yaml = """
            routes:
              - id: flaky
                request: { path: /v1/flaky }
                responses:
                  - { status: 503, probability: 0.3 }
                  - { status: 200 }
            """
        func draws() throws -> [Int] {
            let probe = try engine(yaml)
            return (0..<400).map { _ in Int(probe.answer("/v1/flaky").status.code) }
        }
        let first = try draws()
        let failures = first.filter { $0 == 503 }.count
        #expect((80...160).contains(failures), "\(failures) of 400 at 0.3")
        #expect(Set(first) == [200, 503])
        #expect(try draws() == first, "the same seed, the same draws")
        let (_, problems) = load(yaml.replacingOccurrences(of: "0.3", with: "1.5"))
        #expect(problems.map(\.reason) == ["routes[0].responses[0].probability must be between 0 and 1"], "\(problems)")
    }

    /// `Prefer` as RFC 7240 writes it: a value may be quoted, preferences are separated by `,` or
    /// `;`, and `code=` with `example=` takes the response that has both.
    @Test func preferPicksANamedOrCodedResponseQuotedOrNot() throws {
        let probe = try engine("""
            routes:
              - id: pay
                request: { path: /v1/payments }
                responses:
                  - { name: ok, status: 201, body: ok }
                  - { name: declined, status: 422, body: declined }
                  - { name: limit, status: 422, body: limit }
            """)
        func body(_ prefer: String) -> String {
            String(decoding: probe.answer("/v1/payments", headers: ["Prefer": prefer]).body, as: UTF8.self)
        }
        #expect(body(#"example="declined""#) == "declined")
        #expect(body("example=limit") == "limit")
        #expect(body("respond-async, code=422") == "declined")
        #expect(body(#"code=422; example="limit""#) == "limit")
        let neither = probe.answer("/v1/payments", headers: ["Prefer": "code=201, example=limit"])
        #expect(neither.status.code == 404, "no response is both, and the answer says which there are")
        #expect(String(decoding: neither.body, as: UTF8.self)
                    .contains("has no response for Prefer: code=201, example=limit; it has codes 201, 422; examples ok, declined, limit"),
                "\(String(decoding: neither.body, as: UTF8.self))")
        // The envelope's detail names the header and what it may ask for, examples included.
        let envelope = try JSONSerialization.jsonObject(with: Data(neither.body)) as? [String: Any]
        let details = (envelope?["error"] as? [String: Any])?["details"] as? [[String: String]]
        #expect(details == [["code": "prefer_unmatched", "path": "Prefer", "message": "available: codes 201, 422; examples ok, declined, limit"]],
                "\(String(decoding: neither.body, as: UTF8.self))")
    }

    @Test func theRouteFileSpellsThemAndTheEngineServesThem() throws {
        let probe = try engine(#"""
            routes:
              - id: consent
                request:
                  method: POST
                  pathPattern: '/v1/consents(/.+)?'
                  headers:
                    Content-Type: { equals: APPLICATION/JSON, caseInsensitive: true }
                    X-Debug: { doesNotMatch: 'on|yes' }
                  body:
                    $: { equals: { ids: [1, 2], at: '${json-unit.any-string}' }, ignoreArrayOrder: true, ignoreExtraElements: true }
                responses:
                  - status: 201
                    template: false
                    headers: { X-Echo: '{{path.id}}' }
                    body: 'as written: {{request.body}}'
              - id: search
                request:
                  method: GET
                  urlPattern: '/v1/search\?q=[a-z]+'
                responses:
                  - status: 200
              - id: xml
                request:
                  method: POST
                  path: /v1/xml
                  bodyText: { contains: '<Document' }
                responses:
                  - status: 202
            """#)
        let headers = ["Content-Type": "application/json"]
        let created = probe.answer("/v1/consents/x", method: "POST", headers: headers, body: #"{"ids": [2, 1], "at": "now", "more": 1}"#)
        #expect(created.status.code == 201)
        #expect(String(decoding: created.body, as: UTF8.self) == "as written: {{request.body}}")
        #expect(created.headers[.init("X-Echo")!] == "{{path.id}}")
        #expect(probe.answer("/v1/consents", method: "POST", headers: headers, body: #"{"ids": [2, 1], "at": 1}"#).status.code == 404)
        #expect(probe.answer("/v1/consents", method: "POST", headers: headers.merging(["X-Debug": "on"]) { $1 },
                             body: #"{"ids": [1, 2], "at": "t"}"#).status.code == 404)
        #expect(probe.answer("/v2/consents", method: "POST", headers: headers, body: #"{"ids": [1, 2], "at": "t"}"#).status.code == 404)

        #expect(probe.answer("/v1/search?q=abc").status.code == 200)
        #expect(probe.answer("/v1/search?q=abc&page=2").status.code == 404, "urlPattern covers the query as sent")
        #expect(probe.answer("/v1/search").status.code == 404)

        #expect(probe.answer("/v1/xml", method: "POST", body: "<?xml?><Document/>").status.code == 202)
        let miss = probe.answer("/v1/xml", method: "POST", body: "{}")
        #expect(miss.status.code == 404)
        #expect(String(decoding: miss.body, as: UTF8.self).contains("bodyText expected to contain"), "the near miss says why")
    }

    /// A `when` that holds wins wherever it is listed, also on a route with no state (the fast
    /// path once took the first response without `when` when it came first).
    @Test func aWhenListedAfterAPlainResponseStillWins() throws {
        let probe = try engine("""
            routes:
              - request: { method: GET, path: /v1/accounts }
                responses:
                  - status: 200
                  - name: empty
                    when: { query: { filter: none } }
                    status: 204
            """)
        #expect(probe.answer("/v1/accounts?filter=none").status.code == 204)
        #expect(probe.answer("/v1/accounts").status.code == 200)
    }

    /// `and`, `or`, and the matchers of every value of a repeated query parameter or header
    /// (WireMock's `hasExactly` and `includes`).
    @Test func logicalAndMultiValueMatchers() throws {
        let probe = try engine("""
            routes:
              - request:
                  method: GET
                  path: /v1/accounts
                  query:
                    id: { hasExactly: [ 3, { matches: '9|10' } ] }
                  headers:
                    Accept: { or: [ { equals: application/json }, { contains: '+json' } ] }
                    X-Trace: { and: [ { contains: 'app-' }, { doesNotContain: test } ] }
                responses: [{ status: 200 }]
              - request:
                  method: GET
                  path: /v1/cards
                  headers:
                    X-Feature: { includes: [ dark-mode ] }
                responses: [{ status: 200 }]
            """)
        let headers = ["Accept": "application/vnd.bank+json", "X-Trace": "app-1"]
        #expect(probe.answer("/v1/accounts?id=9&id=3", headers: headers).status.code == 200, "any order")
        #expect(probe.answer("/v1/accounts?id=3&id=9&id=10", headers: headers).status.code == 404, "hasExactly: as many values as matchers")
        #expect(probe.answer("/v1/accounts?id=3&id=4", headers: headers).status.code == 404)
        #expect(probe.answer("/v1/accounts?id=3&id=9", headers: ["Accept": "text/html", "X-Trace": "app-1"]).status.code == 404, "or")
        let test = probe.answer("/v1/accounts?id=3&id=9", headers: ["Accept": "application/json", "X-Trace": "app-test"])
        #expect(test.status.code == 404, "and")
        #expect(String(decoding: test.body, as: UTF8.self).contains(#"header X-Trace expected not to contain \"test\""#))
        let miss = probe.answer("/v1/accounts?id=3&id=4", headers: headers)
        #expect(String(decoding: miss.body, as: UTF8.self).contains(#"none matches ~9|10"#), "the near miss names the matcher no value meets")
        #expect(probe.answer("/v1/cards", headers: ["X-Feature": "dark-mode"]).status.code == 200)
        #expect(probe.answer("/v1/cards", headers: ["X-Feature": "beta"]).status.code == 404)
        let (_, problems) = load("""
            routes:
              - request: { method: GET, path: /a, query: { id: { and: [] } } }
                responses: [{ status: 200 }]
            """)
        #expect(problems.map(\.description).contains { $0.contains("r.yaml:2") && $0.contains("needs a list of one or more matchers") }, "\(problems)")
    }

    @Test func mistakesAreRefusedWithTheLineAndTheReason() {
        let (_, both) = load("""
            routes:
              - request: { method: GET, path: /a, pathPattern: '/a.*' }
                responses: [{ status: 200 }]
            """)
        #expect(both.map(\.description).contains { $0.contains("r.yaml:2") && $0.contains("more than one of path, pathPattern and urlPattern") },
                "\(both)")
        // In either order: a path after a pattern does not quietly narrow it.
        let (_, patternFirst) = load("""
            routes:
              - request:
                  method: GET
                  pathPattern: '/a/.*'
                  path: /a/b
                responses: [{ status: 200 }]
            """)
        #expect(patternFirst.map(\.description).contains { $0.contains("r.yaml:5") && $0.contains("more than one of path, pathPattern and urlPattern") },
                "\(patternFirst)")
        let (_, regex) = load("""
            routes:
              - request: { method: GET, urlPattern: '/a(' }
                responses: [{ status: 200 }]
            """)
        #expect(regex.map(\.description).contains { $0.contains("urlPattern") && $0.contains("invalid regular expression") }, "\(regex)")
        // A bad pattern is refused on its own line, not on the request's first.
        let (_, blockRegex) = load("""
            routes:
              - request:
                  method: GET
                  pathPattern: '/a('
                responses: [{ status: 200 }]
            """)
        #expect(blockRegex.map(\.description).contains { $0.contains("r.yaml:4")
                    && $0.contains(#"request.pathPattern: invalid regular expression "/a(": expected ')'"#) },
                "\(blockRegex)")
        // The reason says what is wrong with the pattern, wherever a pattern is written.
        let (_, reasons) = load("""
            routes:
              - request:
                  method: POST
                  path: /a
                  query: { n: { matches: 'a{2,1}' }, m: { doesNotMatch: '[0-9' }, k: { matches: 'a)|(b' } }
                  body: { $.id: { equals: '${json-unit.regex}*x' } }
                responses: [{ status: 200 }]
            """)
        for reason in [#"invalid regular expression "a{2,1}": range lower bound '2' must be less than or equal to upper bound '1'"#,
                       #"invalid regular expression "[0-9": expected ']'"#,
                       // It would close the group that anchors it, and read as `\A(?:a)|(b)\z`.
                       #"invalid regular expression "a)|(b": closing ')' does not balance any groups openings"#,
                       "invalid regular expression in ${json-unit.regex}*x: quantifier '*' must appear after expression"] {
            #expect(reasons.map(\.description).contains { $0.contains(reason) }, "\(reason): \(reasons)")
        }
        // A matcher's text that is not text is refused naming the matcher, where it sits.
        for matcher in ["matches", "doesNotMatch", "contains", "doesNotContain"] {
            let (_, notText) = load("""
                routes:
                  - request:
                      method: GET
                      path: /a
                      query: { q: { \(matcher): [a] } }
                    responses: [{ status: 200 }]
                """)
            #expect(notText.map(\.description).contains { $0.contains("r.yaml:5") && $0.contains("request.query.q.\(matcher) must be text") }, "\(notText)")
        }
        let (_, option) = load("""
            routes:
              - request:
                  method: GET
                  path: /a
                  query: { q: { matches: 'x', ignoreArrayOrder: true } }
                responses: [{ status: 200 }]
            """)
        #expect(option.map(\.description).contains { $0.contains("r.yaml:5") && $0.contains("go with equals") }, "\(option)")
        let (_, placeholder) = load("""
            routes:
              - request:
                  method: POST
                  path: /a
                  body: { $: { equals: { a: '${json-unit.any-strin}' } } }
                responses: [{ status: 200 }]
            """)
        #expect(placeholder.map(\.description).contains { $0.contains("the placeholders are json-unit.any-string") }, "\(placeholder)")
        let (_, two) = load("""
            routes:
              - request: { method: GET, path: /a, headers: { X: { contains: a, doesNotContain: b } } }
                responses: [{ status: 200 }]
            """)
        #expect(two.map(\.description).contains { $0.contains("takes exactly one of equals, matches, doesNotMatch") }, "\(two)")
    }

    @Test func routesThatDifferOnlyInTheirOptionsAreToldApart() {
        let (routes, problems) = load("""
            routes:
              - request: { method: POST, path: /a, body: { $: { equals: [1, 2] } } }
                responses: [{ status: 200 }]
              - request: { method: POST, path: /a, body: { $: { equals: [1, 2], ignoreArrayOrder: true } } }
                responses: [{ status: 201 }]
              - request: { method: GET, pathPattern: '/a' }
                responses: [{ status: 200 }]
              - request: { method: GET, urlPattern: '/a' }
                responses: [{ status: 200 }]
            """)
        #expect(problems.isEmpty, "\(problems)")
        #expect(routes.count == 4)
    }

    /// A body file's extension sets the answer's type, for every extension the docs list; any
    /// other file goes as bytes.
    @Test func aBodyFilesExtensionSetsItsType() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("types-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("routes/bodies"), withIntermediateDirectories: true)
        let expected = [
            "json": "application/json", "txt": "text/plain; charset=utf-8", "html": "text/html; charset=utf-8",
            "xml": "application/xml", "csv": "text/csv; charset=utf-8", "pdf": "application/pdf", "png": "image/png",
            "jpg": "image/jpeg", "jpeg": "image/jpeg", "svg": "image/svg+xml", "bin": "application/octet-stream",
        ]
        var yaml = "routes:\n"
        for ext in expected.keys.sorted() {
            try Data((ext == "json" ? "{}" : "body").utf8).write(to: root.appendingPathComponent("routes/bodies/a.\(ext)"))
            yaml += "  - request: { method: GET, path: /files/\(ext) }\n    responses: [{ bodyFile: bodies/a.\(ext) }]\n"
        }
        try yaml.write(to: root.appendingPathComponent("routes/files.yaml"), atomically: true, encoding: .utf8)
        var problems: [FixtureProblem] = []
        let routes = RouteFileLoader(root: root).load(problems: &problems)
        #expect(problems.isEmpty, "\(problems)")
        let probe = EngineProbe(sources: [FileRouteSource(routes: routes, state: FileRouteState(seed: 1), clock: Date.init)])
        for (ext, type) in expected {
            #expect(probe.answer("/files/\(ext)").headers[.contentType] == type, ".\(ext)")
        }
    }

    @Test func aJSONBodyWithADefaultsFieldIsABodyNotARouteFile() throws {
        // Stripe's tax settings answer with {"defaults": {...}, "head_office": ...}.
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("defaults-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("routes/bodies"), withIntermediateDirectories: true)
        try #"{"defaults": {"tax_code": null}, "head_office": null, "object": "tax.settings"}"#
            .write(to: root.appendingPathComponent("routes/bodies/settings.json"), atomically: true, encoding: .utf8)
        try "routes:\n  - request: { method: GET, path: /v1/tax/settings }\n    responses: [{ bodyFile: bodies/settings.json }]\n"
            .write(to: root.appendingPathComponent("routes/tax.yaml"), atomically: true, encoding: .utf8)
        var problems: [FixtureProblem] = []
        let routes = RouteFileLoader(root: root).load(problems: &problems)
        #expect(problems.isEmpty, "\(problems)")
        let probe = EngineProbe(sources: [FileRouteSource(routes: routes, state: FileRouteState(seed: 1), clock: Date.init)])
        #expect(String(decoding: probe.answer("/v1/tax/settings").body, as: UTF8.self).contains("head_office"))
    }
}
