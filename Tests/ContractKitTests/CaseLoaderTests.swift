import ContractKit
import Foundation
import StubControl
import Testing
import StubFormats

@Suite struct CaseLoaderTests {
    /// A client with two operations; `status.get` also reports a key of its own.
    static func client() -> ContractClient {
        let client = ContractClient(name: "loader-test")
        client.register("status.get", reports: ExpectationKey.standard.union([.domain("maintenanceWindow")])) { _ in
            OperationReport(domain: DomainReport(), presentation: PresentationReport(state: "content"))
        }
        client.register("accounts.list") { _ in
            OperationReport(domain: DomainReport(), presentation: PresentationReport(state: "content"))
        }
        return client
    }

    func load(_ files: [String: String]) throws -> CaseLoader.Result {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cases-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        for (name, text) in files { try Data(text.utf8).write(to: url.appendingPathComponent(name)) }
        return CaseLoader(directory: url, client: Self.client()).load()
    }

    @Test func aMalformedFileIsReportedWithLineAndTheRestStillLoad() throws {
        let result = try load([
            "good.yaml": "id: status.ok\nwhen: status.get\nexpect:\n  data: { http: 200 }\n",
            "broken.yaml": "cases:\n  - id: x\n    when: status.get\n    expect: { data: { http: \"two hundred\" } }\n",
            "syntax.yaml": "id: y\nwhen: [unclosed\n",
        ])
        #expect(result.cases.map(\.id) == ["status.ok"])
        let broken = try #require(result.problems.first { $0.file == "cases/broken.yaml" })
        #expect(broken.line == 4)
        #expect(broken.reason.contains("data.http must be a whole number"))
        #expect(result.problems.contains { $0.file == "cases/syntax.yaml" && $0.line != nil })
    }

    /// A case file's YAML error reads as a route file's: the parser's problem on one line, and
    /// for a route written bare in a `{ }` mapping (YAML reads `{id}` as a mapping), how to quote it.
    @Test func aBarePathInAFlowMappingIsRefusedSayingToQuoteIt() throws {
        let result = try load(["bare.yaml": """
            id: a
            when: accounts.list
            given:
              - behaviour: { route: GET /v1/accounts/{id}, status: 503 }
            expect:
              data: { http: 503 }
            """])
        let problem = try #require(result.problems.first)
        #expect(result.cases.isEmpty && problem.file == "cases/bare.yaml" && problem.line == 4, "\(result.problems)")
        #expect(problem.reason.hasPrefix("invalid YAML: ") && problem.reason.hasSuffix("must be quoted: path: \"/users/{id}\")")
                && !problem.reason.contains("\n"), "\(problem.reason)")
    }

    @Test func anUnknownKeyIsALoadErrorListingTheKnownKeys() throws {
        let result = try load(["typo.yaml": "id: t\nwhen: status.get\nexpect:\n  domain:\n    eror: offline\n"])
        let problem = try #require(result.problems.first)
        #expect(result.cases.isEmpty)
        #expect(problem.line == 5)
        #expect(problem.reason.contains("unknown expectation key domain.eror (did you mean error?)"))
        #expect(problem.reason.contains("known keys: data.fault, data.http, data.replayed, data.requests, data.served, data.transport, data.urlError, domain.count"))
    }

    @Test func aKeyTheOperationDoesNotReportIsALoadError() throws {
        let result = try load(["other.yaml": "id: a\nwhen: accounts.list\nexpect:\n  domain: { maintenanceWindow: 2 }\n"])
        let problem = try #require(result.problems.first)
        #expect(problem.line == 4)
        #expect(problem.reason.contains("operation accounts.list does not report domain.maintenanceWindow"))
        // The operation that declares it may expect it.
        #expect(try load(["own.yaml": "id: s\nwhen: status.get\nexpect:\n  domain: { maintenanceWindow: 2 }\n"]).problems.isEmpty)
    }

    /// A case's behaviour is the control library's typed `StubBehaviour`: the stub's own JSON,
    /// read when the case loads, so a misspelt field or an unknown fault is a load error with its
    /// line rather than a 422 in the middle of a run.
    @Test func aCasesBehaviourIsTypedAndAWrongOneIsRefusedAtLoad() throws {
        let good = try load(["down.yaml": """
            id: d
            when: status.get
            given:
              - behaviour:
                  route: GET /v1/status
                  status: 503
                  error: { code: maintenance, retryable: true }
                  latency: { type: lognormal, medianMs: 300, sigma: 0.5, maxMs: 2000 }
                  times: 2
            expect:
              data: { http: 503 }
            """])
        #expect(good.problems.isEmpty)
        var expected = StubBehaviour.status(503, on: "GET /v1/status", for: .requests(2))
        expected.error = StubBehaviour.ErrorBody(code: "maintenance", retryable: true)
        expected.delay = .lognormal(median: .milliseconds(300), sigma: 0.5, cap: .seconds(2))
        #expect(good.cases.first?.given?.first?.behaviour == expected)

        let misspelt = try load(["typo.yaml": "id: t\nwhen: status.get\ngiven:\n  - behaviour:\n      route: GET /v1/status\n"
            + "      statuss: 503\nexpect:\n  data: { http: 503 }\n"])
        let problem = try #require(misspelt.problems.first)
        #expect(misspelt.cases.isEmpty)
        #expect(problem.line == 6)
        #expect(problem.reason.contains("unknown field statuss"))
        let fault = try load(["fault.yaml": "id: f\nwhen: status.get\ngiven:\n  - behaviour: { route: GET /v1/status, fault: resett }\n"
            + "expect:\n  data: { http: 503 }\n"])
        #expect(fault.problems.first?.reason.contains("unknown fault resett") == true)
        #expect(fault.problems.first?.line == 4)
    }

    @Test func unknownFieldsAndLayersAreRefusedWithASuggestion() throws {
        let result = try load(["fields.yaml": "id: f\nwhen: status.get\ngivn: []\nexpect:\n  domian: { error: offline }\n"])
        #expect(result.problems.contains { $0.line == 3 && $0.reason.contains("unknown field givn (did you mean given?)") })
        #expect(result.problems.contains { $0.line == 5 && $0.reason.contains("unknown layer domian (did you mean domain?)") })
    }

    @Test func anUnregisteredOperationLoadsAndIsLeftToRunAsNotCovered() throws {
        let result = try load(["other.yaml": "id: z\nwhen: transfers.submit\nexpect: { domain: { success: true } }\n"])
        #expect(result.problems.isEmpty)
        #expect(result.cases.map(\.when) == ["transfers.submit"])
    }

    @Test func everyOperationExpandsIntoOneCasePerRegisteredOperation() throws {
        let result = try load(["every.yaml": """
            id: offline
            when: "*"
            given: [{ offline: true }]
            expect: { presentation: { alert: offline, actions: [retry] } }
            """])
        #expect(result.problems.isEmpty, "\(result.problems)")
        #expect(result.cases.map(\.id) == ["accounts.list.offline", "status.get.offline"])
        #expect(result.cases.map(\.when) == ["accounts.list", "status.get"])
        let except = try load(["every.yaml": "id: offline\nwhen: \"*\"\nexcept: [status.get]\nexpect: { domain: { error: offline } }\n"])
        #expect(except.cases.map(\.id) == ["accounts.list.offline"])
        let misplaced = try load(["one.yaml": "id: o\nwhen: status.get\nexcept: [accounts.list]\nexpect: {}\n"])
        #expect(misplaced.problems.first?.reason.contains("except only goes with when: \"*\"") == true)
    }

    @Test func duplicateIdsAreRefused() throws {
        let result = try load([
            "a.yaml": "id: same\nwhen: status.get\nexpect: {}\n",
            "b.yaml": "id: same\nwhen: status.get\nexpect: {}\n",
        ])
        #expect(result.cases.count == 1)
        #expect(result.problems.first?.reason.contains("duplicate case id same") == true)
    }
}
