import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import StubServer
@testable import BuiltInBank
@testable import StubEngine
import StubFormats

/// Every problem a route file can have is refused at load with its file, line and reason.
@Suite struct RouteFileLoaderTests {
    private func problems(_ files: [String: String]) throws -> [FixtureProblem] {
        let stubs = try ScratchStubs(routes: files)
        do {
            _ = try FixtureLoader(root: stubs.url).load()
            return []
        } catch {
            return error.problems
        }
    }

    private func only(_ files: [String: String]) throws -> FixtureProblem {
        let found = try problems(files)
        #expect(found.count == 1, "\(found)")
        return try #require(found.first)
    }

    private let good = """
        routes:
          - id: a
            request: { method: GET, path: "/a/{id}" }
            responses:
              - status: 200
                body: { id: "{{path.id}}" }
        """

    @Test func aGoodFileLoads() throws {
        let stubs = try ScratchStubs(routes: ["routes/a.yaml": good])
        let set = try FixtureLoader(root: stubs.url).load()
        #expect(set.routes.count == 1)
        #expect(set.settings.bank == false)
        #expect(set.bank.personas.isEmpty)
    }

    @Test func unknownFieldNamesItsLineAndSuggests() throws {
        let problem = try only(["routes/a.yaml": good.replacingOccurrences(of: "status: 200", with: "statsu: 200")])
        #expect(problem.file == "routes/a.yaml")
        #expect(problem.line == 5)
        #expect(problem.reason.contains("unknown field \"statsu\""))
        #expect(problem.reason.contains("did you mean \"status\""))
    }

    @Test func badRegexAndJSONPath() throws {
        let found = try problems(["routes/a.yaml": """
            routes:
              - request:
                  path: /a
                  query: { q: { matches: "([a-z" } }
                  body: { "amount.currency": EUR }
                responses: [ { status: 200 } ]
            """])
        #expect(found.count == 2)
        #expect(found.contains { $0.line == 4 && $0.reason.contains("invalid regular expression") })
        #expect(found.contains { $0.line == 5 && $0.reason.contains("must start with $") })
    }

    @Test func templateNamingAMissingParameter() throws {
        let problem = try only(["routes/a.yaml": good.replacingOccurrences(of: "{{path.id}}", with: "{{path.userId}}")])
        #expect(problem.line == 6)
        #expect(problem.reason.contains("{userId} is not a path parameter"))
        #expect(problem.reason.contains("{id}"))
    }

    @Test func bodyFileOutsideTheStubsFolderOrMissing() throws {
        let outside = try only(["routes/a.yaml": """
            routes:
              - request: { path: /a }
                responses:
                  - bodyFile: ../../../../etc/passwd
            """])
        #expect(outside.line == 4)
        #expect(outside.reason.contains("outside the stubs directory") || outside.reason.contains("not found"))
        let missing = try only(["routes/a.yaml": """
            routes:
              - request: { path: /a }
                responses:
                  - bodyFile: bodies/nope.json
            """])
        #expect(missing.line == 4)
        #expect(missing.reason.contains("bodies/nope.json not found"))
    }

    /// A symlink inside the folder that points out of it is refused like a `..` path.
    @Test func bodyFileThroughASymlinkOutOfTheFolder() throws {
        let stubs = try ScratchStubs(routes: ["routes/a.yaml": """
            routes:
              - request: { path: /a }
                responses:
                  - bodyFile: secret.txt
            """])
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("stubbank-secret-\(UUID().uuidString).txt")
        try Data("secret".utf8).write(to: outside)
        defer { try? FileManager.default.removeItem(at: outside) }
        try FileManager.default.createSymbolicLink(at: stubs.url.appendingPathComponent("routes/secret.txt"), withDestinationURL: outside)
        #expect(throws: FixtureLoadError.self) { try FixtureLoader(root: stubs.url).load() }
        do { _ = try FixtureLoader(root: stubs.url).load() } catch {
            #expect(error.problems.first?.reason.contains("outside the stubs directory") == true)
        }
    }

    @Test func duplicateIdsAcrossFiles() throws {
        let problem = try only(["routes/a.yaml": good, "routes/b.yaml": good.replacingOccurrences(of: "/a/{id}", with: "/b/{id}")])
        #expect(problem.file == "routes/b.yaml")
        #expect(problem.line == 2)
        #expect(problem.reason.contains("duplicate route id \"a\"; first used at routes/a.yaml:2"))
    }

    @Test func routesThatCanNeverBeToldApart() throws {
        let problem = try only(["routes/a.yaml": good, "routes/b.yaml": good
            .replacingOccurrences(of: "id: a", with: "id: b").replacingOccurrences(of: "/a/{id}", with: "/a/{other}")
            .replacingOccurrences(of: "{{path.id}}", with: "x")])
        #expect(problem.file == "routes/b.yaml")
        #expect(problem.reason.contains("can never be told apart from the route at routes/a.yaml:2"))
        // A priority or a condition tells them apart.
        #expect(try problems(["routes/a.yaml": good, "routes/b.yaml": good.replacingOccurrences(of: "id: a", with: "id: b")
            .replacingOccurrences(of: "path: \"/a/{id}\" }", with: "path: \"/a/{id}\", headers: { X-Beta: \"1\" } }")]).isEmpty)
        #expect(try problems(["routes/a.yaml": good, "routes/b.yaml": good.replacingOccurrences(of: "id: a", with: "id: b")
            .replacingOccurrences(of: "    request:", with: "    priority: 1\n    request:")]).isEmpty)
    }

    @Test func invalidStatusesHeadersAndBodies() throws {
        let found = try problems(["routes/a.yaml": """
            routes:
              - request: { path: /a }
                responses:
                  - status: 101
                  - status: 204
                    body: { x: 1 }
                  - headers: { Content-Length: "5" }
                  - fault: explode
                  - latency: { type: fixed, ms: -1 }
            """])
        #expect(found.contains { $0.line == 4 && $0.reason.contains("1xx") })
        #expect(found.contains { $0.line == 6 && $0.reason.contains("never carries a body") })
        #expect(found.contains { $0.line == 7 && $0.reason.contains("Content-Length is set by the server") })
        #expect(found.contains { $0.line == 8 && $0.reason.contains("fault must be one of") })
        #expect(found.contains { $0.line == 9 && $0.reason.contains("latency.ms") })
    }

    @Test func invalidYAMLAndAMissingPath() throws {
        let yaml = try only(["routes/a.yaml": "routes:\n  - request: { path: /a\n"])
        #expect(yaml.reason.hasPrefix("invalid YAML"))
        #expect(yaml.line != nil)
        let noPath = try only(["routes/a.yaml": "routes:\n  - request: { method: GET }\n    responses: [ { status: 200 } ]\n"])
        #expect(noPath.line == 2)
        #expect(noPath.reason.contains("needs a path"))
        // A route's params name the path's own parameters; a typo would test nothing.
        let typo = try only(["routes/a.yaml": "routes:\n  - request:\n      path: /v1/accounts/{accountId}\n"
                             + "      params: { acountId: { matches: '[0-9]+' } }\n    responses: [ { status: 200 } ]\n"])
        #expect(typo.line == 4 && typo.reason.contains("params.acountId: the path /v1/accounts/{accountId} has no {acountId}"),
                "\(typo)")
    }

    @Test func aJSONFileThatIsNeitherRouteNorBody() throws {
        let problem = try only(["routes/a.yaml": good, "routes/stray.json": #"{"rotues": []}"#])
        #expect(problem.file == "routes/stray.json")
        #expect(problem.reason.contains("neither"))
        // Named by a bodyFile, the same kind of file is a body.
        #expect(try problems(["routes/a.yaml": """
            routes:
              - request: { path: /a }
                responses: [ { bodyFile: bodies/a.json } ]
            """, "routes/bodies/a.json": #"{"rotues": []}"#]).isEmpty)
    }

    @Test func aJSONRouteFileHasLinesToo() throws {
        let problem = try only(["routes/a.json": """
            {
              "routes": [
                { "request": { "path": "/a" },
                  "responses": [ { "staus": 200 } ] }
              ]
            }
            """])
        #expect(problem.line == 4)
        #expect(problem.reason.contains("unknown field \"staus\""))
    }

    @Test func defaultsOncePerFolderAndOnlyConditional() throws {
        let found = try problems([
            "routes/a.yaml": "defaults:\n  headers: { X-A: \"1\" }\n",
            "routes/b.yaml": "defaults:\n  responses:\n    - status: 401\n",
        ])
        #expect(found.contains { $0.file == "routes/b.yaml" && $0.reason.contains("already has defaults in routes/a.yaml") })
        let unconditional = try only(["routes/b.yaml": "defaults:\n  responses:\n    - status: 401\n"])
        #expect(unconditional.reason.contains("needs a `when`"))
    }

    /// `serve`'s banner says what `validate` checks, against which document.
    @Test func theBannerSaysWhatRequestsAreCheckedAgainst() throws {
        let route = "routes:\n  - request: { path: /accounts }\n    responses: [ { body: { ok: true } } ]\n"
        let stubs = try ScratchStubs(routes: ["routes/a.yaml": route])
        try stubs.write("api.yaml", "openapi: 3.0.3\ninfo: { title: t, version: '1' }\npaths: {}\n")
        for (validate, expected) in [("off", nil), ("requests", "api.yaml (parameters and bodies)"),
                                     ("[requests, credentials]", "api.yaml (parameters and bodies, credentials)"),
                                     ("[credentials]", "api.yaml (credentials)")] {
            try stubs.write("stubbank.yaml", "bank: false\ndocument: api.yaml\nvalidate: \(validate)\n")
            #expect(try makeBackend(stubs: stubs.url).requestChecks == expected, "\(validate)")
        }
    }

    @Test func settingsFileTurnsTheBankOnOrOff() throws {
        let stubs = try ScratchStubs()
        try stubs.write("stubbank.yaml", "bank: false\n")
        #expect(try FixtureLoader(root: stubs.url).load().settings.bank == false)
        try stubs.write("stubbank.yaml", "bnak: false\n")
        #expect(throws: FixtureLoadError.self) { try FixtureLoader(root: stubs.url).load() }
        try stubs.write("stubbank.yaml", "bank: true\n")
        #expect(try FixtureLoader(root: stubs.url).load().settings.bank == true)
    }

    @Test func aBasePathIsAPlainPrefixAndRoutesAnswerWithAndWithoutIt() async throws {
        let route = "routes:\n  - request: { path: /accounts }\n    responses: [ { body: { ok: true } } ]\n"
        let stubs = try ScratchStubs(routes: ["routes/a.yaml": route])
        for (text, reason) in [("api/v1", "must start with /"), ("/api/", "must not end with /"), ("/api/{version}", "plain path"),
                               ("/api\nvalidate: requests", "needs document"), ("/api\nvalidate: maybe", "requests or off"),
                               ("/api\ndocument: missing.yaml", "does not exist")] {
            try stubs.write("stubbank.yaml", "bank: false\nbasePath: \(text)\n")
            #expect {
                try FixtureLoader(root: stubs.url).load()
            } throws: { error in
                "\(error)".contains("stubbank.yaml") && "\(error)".contains(reason)
            }
        }
        // A document to check requests against must have paths: one with components alone is named.
        try stubs.write("nopaths.yaml", "openapi: 3.1.0\ninfo: { title: t, version: '1' }\ncomponents: { schemas: { A: { type: string } } }\n")
        try stubs.write("stubbank.yaml", "bank: false\ndocument: nopaths.yaml\nvalidate: requests\n")
        #expect {
            try FixtureLoader(root: stubs.url).load()
        } throws: { error in
            "\(error)".contains("nopaths.yaml: is not an OpenAPI document (it has no paths)")
        }
        try stubs.write("stubbank.yaml", "bank: false\nbasePath: /open-banking/v4.0\n")
        let backend = try makeBackend(stubs: stubs.url)
        try await withStub(backend) { client in
            for path in ["/open-banking/v4.0/accounts", "/accounts", "/_s/sim-1/open-banking/v4.0/accounts"] {
                let answer = try await client.send(.get, path)
                #expect(answer.status == .ok, "\(path)")
            }
            for path in ["/open-banking/v4.0x/accounts", "/open-banking/accounts"] {
                let answer = try await client.send(.get, path)
                #expect(answer.status == .notFound, "\(path): only the whole prefix is taken off")
            }
        }
    }
}
