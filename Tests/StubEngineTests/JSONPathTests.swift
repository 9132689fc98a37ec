import Foundation
import HTTPTypes
import Testing
@testable import StubEngine
import StubFormats

/// JSON paths as Jayway JsonPath (so WireMock's `matchesJsonPath`) reads them: wildcards, deep
/// scans, slices, unions, functions and filters, checked against what Jayway's documentation
/// and evaluators give, then through a route file and the engine.
@Suite struct JSONPathTests {
    private let body: JSONValue = {
        let text = #"""
            {"accounts": [
               {"id": "a", "type": "current", "balance": 120.5, "tags": ["x"], "owner": {"id": "o1"}},
               {"id": "b", "type": "savings", "balance": 0, "tags": [], "note": null}],
             "owner": {"name": "Ann", "odd key": true},
             "total": 2}
            """#
        return try! JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }()

    private func found(_ path: String) throws -> [JSONValue] { try JSONPath(path).values(in: body) }

    private func ids(_ path: String) throws -> [String] { try found(path).compactMap(\.text) }

    @Test func stepsFindWhatJaywayFinds() throws {
        #expect(try ids("$.accounts[*].id") == ["a", "b"])
        #expect(try ids("$.accounts.*.id") == ["a", "b"])
        #expect(try ids("$..id") == ["a", "o1", "b"], "every depth, in document order")
        #expect(try found("$..total") == [.number(2)], "the top level too")
        #expect(try ids("$.accounts[-1].id") == ["b"], "a negative index counts from the end")
        #expect(try ids("$.accounts[-2].id") == ["a"])
        #expect(try ids("$.accounts[-3].id").isEmpty)
        #expect(try ids("$.accounts[0:1].id") == ["a"])
        #expect(try ids("$.accounts[1:].id") == ["b"])
        #expect(try ids("$.accounts[:-1].id") == ["a"])
        #expect(try ids("$.accounts[::-1].id") == ["b", "a"])
        #expect(try ids("$.accounts[1::9223372036854775807].id") == ["b"], "a step past Int's range is not an overflow")
        #expect(try ids("$.accounts[0:-9223372036854775807:-9223372036854775807].id") == ["a"])
        #expect(try ids("$.accounts[::0].id").isEmpty)
        #expect(try ids("$.accounts[0,1].type") == ["current", "savings"])
        #expect(try ids("$.owner['name','missing']") == ["Ann"])
        #expect(try found("$.owner.*") == [.string("Ann"), .bool(true)], "members by name")
        #expect(try found("$.accounts[1].note") == [.null], "a null is found")
        #expect(try found("$.accounts[1].none").isEmpty)
        #expect(try found("$.total[*]").isEmpty, "a wildcard on a number finds nothing")
    }

    @Test func functionsApplyToWhatThePathFound() throws {
        #expect(try found("$.accounts.length()") == [.number(2)])
        #expect(try found("$.accounts.size()") == [.number(2)])
        #expect(try found("$.owner.name.length()") == [.number(3)])
        #expect(try found("$.accounts[*].balance.sum()") == [.number(120.5)])
        #expect(try found("$.accounts[*].balance.max()") == [.number(120.5)])
        #expect(try found("$.accounts[*].balance.min()") == [.number(0)])
        #expect(try found("$.accounts[*].balance.avg()") == [.number(60.25)])
        #expect(try found("$.owner.keys()") == [.array([.string("name"), .string("odd key")])])
        #expect(try ids("$.accounts[*].id.first()") == ["a"])
        #expect(try ids("$.accounts[*].id.last()") == ["b"])
        #expect(try found("$.missing.length()").isEmpty)
        #expect(try found("$.accounts[*].id.sum()").isEmpty, "no numbers, no sum")
    }

    /// A quoted name reads backslash escapes: its own quote, a backslash, and `\n`, `\t` and `\r`
    /// as the characters they stand for; in a filter's text too.
    @Test func aQuotedNameReadsItsEscapes() throws {
        let text = #"{"it's": 1, "say \"hi\"": 2, "back\\slash": 3, "two\nlines": 4, "tab\there": 5, "cr\rhere": 6, "q": "a'b"}"#
        let object = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        func value(_ path: String) throws -> [JSONValue] { try JSONPath(path).values(in: object) }
        #expect(try value(#"$['it\'s']"#) == [.number(1)])
        #expect(try value(#"$["say \"hi\""]"#) == [.number(2)])
        #expect(try value(#"$['back\\slash']"#) == [.number(3)])
        #expect(try value(#"$['two\nlines']"#) == [.number(4)])
        #expect(try value(#"$['tab\there']"#) == [.number(5)])
        #expect(try value(#"$['cr\rhere']"#) == [.number(6)])
        #expect(try value(#"$['two\\nlines']"#).isEmpty, "an escaped backslash is not the start of an escape")
        #expect(try value(#"$[?(@.q == 'a\'b')].q"#) == [.string("a'b")])
    }

    @Test func definitePathsAreNamesAndSingleIndexes() throws {
        for path in ["$", "$.a", "$['a'].b[0]", "$.a[-1]", "$.a.length()", "$.a[*].b.sum()"] {
            #expect(try JSONPath(path).isDefinite, "\(path)")
        }
        for path in ["$..a", "$.a[*]", "$.a.*", "$.a[0,1]", "$.a[0:1]", "$[?(@.a)]", "$['a','b']"] {
            #expect(try !JSONPath(path).isDefinite, "\(path)")
        }
    }

    @Test func filtersTestEachItemOrTheObjectItself() throws {
        #expect(try ids("$.accounts[?(@.type == 'current')].id") == ["a"])
        #expect(try ids(#"$.accounts[?(@.type == "savings")].id"#) == ["b"])
        #expect(try ids("$.accounts[?@.type == 'savings'].id") == ["b"], "RFC 9535's filter, without brackets")
        #expect(try found("$[?(@.total == 2)]") == [body], "on an object, the object itself")
        #expect(try found("$[?(@.total == 3)]").isEmpty)
        #expect(try ids("$.accounts[?(@.balance > 100 && @.tags.size() == 1)].id") == ["a"])
        #expect(try ids("$.accounts[?(@.balance >= 120.5)].id") == ["a"])
        #expect(try ids("$.accounts[?(@.balance < 120.5)].id") == ["b"])
        #expect(try ids("$.accounts[?(@.balance <= 0 || @.type == 'current')].id") == ["a", "b"])
        #expect(try ids("$.accounts[?(@.type > 'r')].id") == ["b"], "texts compare as texts")
        #expect(try ids("$.accounts[?(@.balance > '100')].id").isEmpty, "a number and a text have no order")
        #expect(try ids("$.accounts[?(!(@.type == 'current'))].id") == ["b"])
        #expect(try ids("$.accounts[?(@.note)].id") == ["b"], "a null is there")
        #expect(try ids("$.accounts[?(!@.note)].id") == ["a"])
        #expect(try ids("$.accounts[?(@.owner.id == 'o1')].id") == ["a"])
        #expect(try ids("$.accounts[?(@.type == $.accounts[1].type)].id") == ["b"], "$ is the whole body")
        #expect(try ids("$..[?(@.id == 'o1')].id") == ["o1"])
    }

    @Test func comparisonsFollowJaywaysEvaluators() throws {
        #expect(try found("$[?(@.total == '2')]").count == 1, "a number equals text that is that number")
        #expect(try found("$[?(@.total == '2.0')]").count == 1)
        #expect(try found("$[?(@.total == 'two')]").isEmpty)
        #expect(try found("$[?(@.total === '2')]").isEmpty, "=== asks for the same kind")
        #expect(try found("$[?(@.total === 2)]").count == 1)
        #expect(try found("$[?(@.total !== '2')]").count == 1)
        #expect(try ids("$.accounts[?(@.missing == 'x')].id").isEmpty)
        #expect(try ids("$.accounts[?(@.missing != 'x')].id") == ["a", "b"], "a negation holds for what is not there")
        #expect(try ids("$.accounts[?(@.missing < 1)].id").isEmpty)
        #expect(try ids("$.accounts[?(@.type in ['savings', 'isa'])].id") == ["b"])
        #expect(try ids("$.accounts[?(@.type IN ['savings'])].id") == ["b"], "word operators in any case")
        #expect(try ids("$.accounts[?(@.type nin ['savings'])].id") == ["a"])
        #expect(try ids("$.accounts[?(@.missing nin ['savings'])].id") == ["a", "b"])
        #expect(try ids("$.accounts[?(@.balance in [0, 1])].id") == ["b"])
        #expect(try ids("$.accounts[?(@.tags subsetof ['x', 'y'])].id") == ["a", "b"], "the empty list is a subset")
        #expect(try ids("$.accounts[?(@.tags anyof ['x', 'y'])].id") == ["a"])
        #expect(try ids("$.accounts[?(@.tags noneof ['x'])].id") == ["b"])
        #expect(try ids("$.accounts[?(@.tags contains 'x')].id") == ["a"])
        #expect(try ids("$.accounts[?(@.type contains 'rren')].id") == ["a"])
        #expect(try ids("$.accounts[?(@.tags all ['x'])].id") == ["a"])
        #expect(try ids("$.accounts[?(@.tags empty true)].id") == ["b"])
        #expect(try ids("$.accounts[?(@.type empty false)].id") == ["a", "b"])
        #expect(try ids("$.accounts[?(@.type size 7)].id") == ["a", "b"])
        #expect(try ids("$.accounts[?(@.owner size 1)].id") == ["a"])
    }

    @Test func aRegexMatchesTheWholeTextWithItsFlags() throws {
        #expect(try ids("$.accounts[?(@.type =~ /cur.*/)].id") == ["a"])
        #expect(try ids("$.accounts[?(@.type =~ /cur/)].id").isEmpty, "the whole text, as Java's matches()")
        #expect(try ids("$.accounts[?(@.id =~ /B/i)].id") == ["b"])
        #expect(try ids("$.accounts[?(@.id =~ /B/)].id").isEmpty)
        #expect(try ids("$.accounts[?(@.balance =~ /0/)].id") == ["b"], "a number as written")
        #expect(try ids("$.accounts[?(@.tags =~ /x/)].id") == ["a"], "a list when one item matches")
        #expect(try ids("$.accounts[?(@.missing =~ /.*/)].id") == ["a", "b"], "what is not there is empty text to Jayway")
        #expect(try ids(#"$.accounts[?(@.type =~ /a\/b|current/)].id"#) == ["a"], "an escaped slash stays in the pattern")
        #expect(try ids("$.accounts[?(@.['id'] =~ /[a-z]+/)].id") == ["a", "b"], "Spring Cloud Contract's @.['name']")
    }

    @Test(arguments: [
        ("$[?(@.a == )]", "no value at column"),
        ("$[?(@.a =~ /x/q)]", "the flags are i, m, s and x"),
        ("$[?(@.a =~ /(/)]", "invalid regular expression"),
        ("$[?(@.a =~ /x)]", "without its closing /"),
        ("$.a.foo()", "the functions are length()"),
        ("$.a.length().b", "a function comes last"),
        ("$[?(@.a == 'x']", "without ')'"),
        ("$[?(@.a == 'x)]", "without its closing '"),
        ("$[?('x')]", "with no comparison"),
        ("$[?(@.a in ['x')]", "a list without ']'"),
        ("$.a[1:2", "without ']'"),
        ("a.b", "must start with $"),
    ])
    func badPathsSayWhy(_ path: String, _ reason: String) {
        #expect {
            try JSONPath(path)
        } throws: { error in
            let text = (error as? ValueMatcherError)?.reason ?? ""
            return text.contains(reason) && text.contains("JSON path")
        }
    }

    @Test func aRouteFileTestsTheValuesAnIndefinitePathFinds() throws {
        let (routes, problems) = RouteFolder.load("""
            routes:
              - request:
                  method: POST
                  path: /v1/fraudcheck
                  body:
                    "$[?(@.loanAmount > 1000)]": { present: true }
                    "$.items[*].currency": GBP
                    "$.items[?(@.blocked == true)]": { absent: true }
                responses: [ { status: 200, body: FRAUD } ]
            """)
        #expect(problems.isEmpty, "\(problems)")
        let probe = EngineProbe(sources: [FileRouteSource(routes: routes, state: FileRouteState(seed: 1), clock: Date.init)])
        func status(_ body: String) -> Int { Int(probe.answer("/v1/fraudcheck", method: "POST", body: body).status.code) }
        #expect(status(#"{"loanAmount": 99999, "items": [{"currency": "EUR"}, {"currency": "GBP"}]}"#) == 200, "one item is GBP")
        #expect(status(#"{"loanAmount": 500, "items": [{"currency": "GBP"}]}"#) == 404, "the filter finds nothing")
        #expect(status(#"{"loanAmount": 99999, "items": [{"currency": "EUR"}]}"#) == 404)
        #expect(status(#"{"loanAmount": 99999, "items": []}"#) == 404, "no item, no GBP")
        #expect(status(#"{"loanAmount": 99999, "items": [{"currency": "GBP", "blocked": true}]}"#) == 404)
        let miss = String(decoding: probe.answer("/v1/fraudcheck", method: "POST", body: #"{"loanAmount": 5, "items": []}"#).body,
                          as: UTF8.self)
        #expect(miss.contains("$[?(@.loanAmount > 1000)]"), "the near miss names the path: \(miss)")
    }

    /// A definite path that finds a list: a matcher about one value tests its items (as WireMock's
    /// `matchesJsonPath` with a value pattern does); `equals` with a list, `present`, `absent`,
    /// `hasExactly` and `includes` test the list itself, an empty one included.
    @Test func aDefinitePathToAListTestsItsItems() throws {
        let (routes, problems) = RouteFolder.load("""
            routes:
              - id: vip
                request: { method: POST, path: /v1/tags, body: { "$.tags": vip } }
                responses: [ { status: 200, body: VIP } ]
              - id: regex
                request: { method: POST, path: /v1/tags, body: { "$.tags": { matches: "s[0-9]+" } } }
                responses: [ { status: 201, body: REGEX } ]
              - id: whole
                request: { method: POST, path: /v1/tags, body: { "$.tags": { equals: [a, b] } } }
                responses: [ { status: 202, body: WHOLE } ]
              - id: empty
                request: { method: POST, path: /v1/tags, body: { "$.tags": { present: true }, "$.kind": empty } }
                responses: [ { status: 203, body: EMPTY } ]
              - id: none
                request: { method: POST, path: /v1/tags, body: { "$.tags": { equals: [] }, "$.kind": none } }
                responses: [ { status: 205 } ]
              - id: untagged
                request: { method: POST, path: /v1/tags, body: { "$.tags": { absent: true }, "$.kind": untagged } }
                responses: [ { status: 206 } ]
              - id: limit
                request: { method: POST, path: /v1/tags, body: { "$.limits": { greaterThan: 100 } } }
                responses: [ { status: 204 } ]
            """)
        #expect(problems.isEmpty, "\(problems)")
        let probe = EngineProbe(sources: [FileRouteSource(routes: routes, state: FileRouteState(seed: 1), clock: Date.init)])
        func status(_ body: String) -> Int { Int(probe.answer("/v1/tags", method: "POST", body: body).status.code) }
        #expect(status(#"{"tags": ["a", "vip"]}"#) == 200, "one item is vip")
        #expect(status(#"{"tags": ["s12", "x"]}"#) == 201, "one item matches the whole regex")
        #expect(status(#"{"tags": ["s12x"]}"#) == 404, "the regex matches an item whole, not the list's text")
        #expect(status(#"{"tags": ["a", "b"]}"#) == 202, "a list under equals is the whole list")
        #expect(status(#"{"tags": ["b", "a"]}"#) == 404)
        #expect(status(#"{"tags": [], "kind": "empty"}"#) == 203, "an empty list is present")
        #expect(status(#"{"tags": [], "kind": "none"}"#) == 205, "an empty list has no item that is vip, and equals []")
        #expect(status(#"{"kind": "untagged"}"#) == 206)
        #expect(status(#"{"tags": [], "kind": "untagged"}"#) == 404, "an empty list is there")
        #expect(status(#"{"limits": [50, 150]}"#) == 204, "one item is above 100")
        #expect(status(#"{"limits": [50, 100]}"#) == 404)
        #expect(status(#"{"tags": "vip"}"#) == 200, "one value is tested as before")
    }

    /// The body an import's replay sends for a `matchesJsonPath`: the path finds the value in it.
    @Test func anExampleIsWhatThePathFinds() throws {
        func example(_ text: String, _ leaf: JSONValue? = nil) throws -> String? {
            try JSONPath(text).example(leaf: leaf) { $0 == "(?i)[0-9]{3}" ? "123" : nil }.map { String(decoding: WireJSON.encode($0), as: UTF8.self) }
        }
        #expect(try example("$.a.b", .string("x")) == #"{"a":{"b":"x"}}"#)
        #expect(try example("$['odd name']") == #"{"odd name":"example"}"#)
        #expect(try example("$.items[*].currency", .string("GBP")) == #"{"items":[{"currency":"GBP"}]}"#)
        #expect(try example("$.items[2]", .number(1)) == #"{"items":[1,1,1]}"#)
        #expect(try example("$.items[-2]", .number(1)) == #"{"items":[1,1]}"#)
        #expect(try example("$.items[1:3]", .number(1)) == #"{"items":[1,1]}"#)
        #expect(try example("$.items[3:1]", .number(1)) == nil, "an empty slice finds nothing")
        #expect(try example("$..id", .number(4)) == #"{"id":4}"#)
        #expect(try example("$[?(@.amount > 100)]") == #"{"amount":101}"#, "on a body that is one object")
        #expect(try example("$[?(100 >= @.amount)]") == #"{"amount":100}"#, "a value on the left is mirrored")
        #expect(try example("$[?(@.code =~ /[0-9]{3}/i)]") == #"{"code":"123"}"#, "the regex is sampled with its flags")
        #expect(try example("$[?(5 < @.n && @.m < 5)]") == #"{"m":4,"n":6}"#, "a value on the left is mirrored")
        #expect(try example("$.items[?(@.id == 7 && @.kind != 'card')].name", .string("n"))
                == #"{"items":[{"id":7,"kind":"cardx","name":"n"}]}"#)
        #expect(try example("$.tags[?(@ in ['a', 'b'])]") == #"{"tags":["a"]}"#, "@ alone: the item is the value")
        #expect(try example("$[?(@.code.length() >= 1 && @.code.size() <= 3)]") == #"{"code":["x","x","x"]}"#)
        #expect(try example("$[?(@.tags anyof ['a', 'b'] || @.x)]") == #"{"tags":["a"]}"#)
        #expect(try example("$[?(@.tags size 2 && @.c contains 'x' && @.e empty true)]") == #"{"c":"x","e":[],"tags":["x","x"]}"#)
        #expect(try example("$[?(@.s nin ['example'])]") == #"{"s":"other"}"#)
        #expect(try example("$[?(@.a == 1 && @.a == 2)]") == nil, "no value is both")
        for none in ["$.items.length()", "$[?(!(@.a))]", "$[?(@.a == $.b)]", "$[?(@.a =~ /x/)]", "$[?(@.a < 'b')]"] {
            #expect(try example(none) == nil, "\(none)")
        }
        #expect(JSONPath.merge(.object(["a": .array([.number(1)])]), .object(["a": .array([.number(1), .number(2)]), "b": .null]))
                == .object(["a": .array([.number(1), .number(2)]), "b": .null]))
    }

    @Test func aRouteFileRefusesABadPathWithItsLine() {
        let (_, problems) = RouteFolder.load("""
            routes:
              - request:
                  path: /a
                  body:
                    "$[?(@.a =~ /x/q)]": { present: true }
                responses: [ { status: 200 } ]
            """)
        #expect(problems.count == 1)
        #expect(problems.first?.line == 5 && problems.first?.reason.contains("the flags are i, m, s and x") == true, "\(problems)")
    }
}

/// Every JSON path Spring Cloud Contract writes into the WireMock stubs it generates, as its own
/// repository holds them (`Tests/ImportFixtures/spring-cloud-contract`, Apache 2.0).
@Suite struct SpringCloudContractPathTests {
    static let paths: [String] = {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ImportFixtures/spring-cloud-contract/json-paths.txt")
        return ((try? String(contentsOf: file, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }()

    @Test func everyPathItWritesIsRead() throws {
        #expect(Self.paths.count == 72)
        var refused: [String] = []
        for path in Self.paths {
            do { _ = try JSONPath(path) } catch { refused.append("\(path): \(error.reason)") }
        }
        #expect(refused.isEmpty, "\(refused)")
    }

    /// What a few of them find in the body their contract was written for.
    @Test func theyFindWhatTheirContractsSent() throws {
        func finds(_ path: String, _ body: String) throws -> Bool {
            !(try JSONPath(path).values(in: try JSONDecoder().decode(JSONValue.self, from: Data(body.utf8)))).isEmpty
        }
        #expect(try finds("$[*].['fruitsILike'][?(@ == 'apple')]", #"[{"fruitsILike": ["apple", "pear"]}]"#))
        #expect(try !finds("$[*].['fruitsILike'][?(@ == 'plum')]", #"[{"fruitsILike": ["apple", "pear"]}]"#))
        let place = #"[{"place": {"bounding_box": {"coordinates": [[[-77.119759, 38.791645], [-76.909393, 38.995548]]]}}}]"#
        #expect(try finds("$[*].['place'].['bounding_box'].['coordinates'][*][*][?(@ == -76.909393)]", place))
        #expect(try !finds("$[*].['place'].['bounding_box'].['coordinates'][*][*][?(@ == -76.9)]", place))
        #expect(try finds("$[?(@.valueWithMinMax.size() >= 1 && @.valueWithMinMax.size() <= 3)]", #"{"valueWithMinMax": [1, 2]}"#))
        #expect(try !finds("$[?(@.valueWithMinMax.size() >= 1 && @.valueWithMinMax.size() <= 3)]", #"{"valueWithMinMax": []}"#))
        #expect(try finds("$[?(@.['key1'] =~ /(^foo$|^bar$)?/)]", #"{"key1": "bar"}"#))
        #expect(try finds("$[?(@.['client.id'] =~ /[0-9]{10}/)]", #"{"client.id": "1234567890"}"#), "a dot inside a quoted name")
        #expect(try !finds("$[?(@.['client.id'] =~ /[0-9]{10}/)]", #"{"client": {"id": "1234567890"}}"#))
        #expect(try finds("$.['errors'][*][?(@.['providerValue'] == 'Test')]", #"{"errors": [{"providerValue": "Test"}]}"#))
    }
}
