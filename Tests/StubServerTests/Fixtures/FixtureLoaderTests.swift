import Foundation
import Testing
@testable import StubServer
@testable import BuiltInBank
@testable import StubEngine
import StubFormats

@Suite struct FixtureLoaderTests {
    @Test func loadsTheRepositoryStubs() throws {
        let fixtures = try FixtureLoader(root: repositoryStubs).load()
        #expect(Set(fixtures.bank.personas.keys).isSuperset(of: ["alex", "empty", "overdrawn", "busy", "locked"]))
        #expect(Set(fixtures.scenarios.keys) == ["offline", "maintenance", "session-expiry", "flaky", "slow-3g", "rate-limited", "tampered-signature"])
        #expect(fixtures.bank.personas["busy"]!.transactions.count >= 10_000)
        #expect(fixtures.bank.personas["empty"]!.accounts.isEmpty)
        #expect(fixtures.bank.atms.count >= 5)
        let alex = fixtures.bank.personas["alex"]!
        #expect(Set(alex.accounts.map(\.currency)).count > 1)
        #expect(alex.transactions.contains { $0.pendingTransactionId != nil })
        #expect(alex.transactions.contains { $0.status == "rejected" })
    }

    @Test func busyHistoryIsDeterministic() throws {
        let first = try FixtureLoader(root: repositoryStubs).load().bank.personas["busy"]!.transactions
        let second = try FixtureLoader(root: repositoryStubs).load().bank.personas["busy"]!.transactions
        #expect(first == second)
        #expect(first == TransactionOrdering.sorted(first))
    }

    @Test func malformedJSONIsReportedWithFileAndLine() throws {
        let scratch = try ScratchStubs()
        try scratch.write("personas/alex/cards.json", "{\n  \"data\": [\n    {\"id\": \"x\",,}\n  ]\n}\n")
        let error = #expect(throws: FixtureLoadError.self) { try FixtureLoader(root: scratch.url).load() }
        let problem = try #require(error?.problems.first)
        #expect(problem.file == "personas/alex/cards.json")
        #expect(problem.line == 3)
    }

    @Test func wrongTypeIsLocatedOnItsLine() throws {
        let scratch = try ScratchStubs()
        try scratch.write("personas/empty/profile.json", """
            {
              "id": "cus_empty", "username": "empty", "firstName": "Erin", "lastName": "Novak",
              "email": "e@example.com",
              "phone": 12345,
              "locale": "de-DE", "customerSince": "2026-11-19"
            }
            """)
        let error = #expect(throws: FixtureLoadError.self) { try FixtureLoader(root: scratch.url).load() }
        let problem = try #require(error?.problems.first)
        #expect(problem.file == "personas/empty/profile.json")
        #expect(problem.line == 4)
        #expect(problem.reason.contains("phone"))
    }

    @Test func brokenReferencesAreRefused() throws {
        let scratch = try ScratchStubs()
        try scratch.write("personas/overdrawn/cards.json", """
            {"data": [{"id": "c", "accountId": "acc_missing", "type": "debit", "brand": "visa", "last4": "0000",
              "holderName": "X", "expiry": "2030-01", "status": "active"}], "nextCursor": null}
            """)
        let error = #expect(throws: FixtureLoadError.self) { try FixtureLoader(root: scratch.url).load() }
        #expect(error?.problems.contains { $0.file == "personas/overdrawn/cards.json" && $0.reason.contains("acc_missing") } == true)
    }

    @Test func aSymlinkOutOfTheStubsDirectoryIsRefused() throws {
        let scratch = try ScratchStubs()
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("outside-\(UUID().uuidString).json")
        try Data(#"{"data": [], "nextCursor": null}"#.utf8).write(to: outside)
        defer { try? FileManager.default.removeItem(at: outside) }
        let link = scratch.url.appendingPathComponent("personas/alex/support-tickets.json")
        try FileManager.default.removeItem(at: link)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: outside)
        let error = #expect(throws: FixtureLoadError.self) { try FixtureLoader(root: scratch.url).load() }
        #expect(error?.problems.contains { $0.reason.contains("outside the stubs directory") } == true)
    }

    @Test func badScenarioIsReportedWithLineAndReason() throws {
        let scratch = try ScratchStubs()
        try scratch.write("scenarios/broken.yaml", """
            name: broken
            description: bad on purpose
            behaviours:
              - route: "GET /v1/accounts"
                status: 503
              - route: "FETCH /v1/accounts"
                status: 700
            """)
        let error = #expect(throws: FixtureLoadError.self) { try FixtureLoader(root: scratch.url).load() }
        let problems = error?.problems.filter { $0.file == "scenarios/broken.yaml" } ?? []
        #expect(problems.contains { $0.line == 6 && $0.reason.contains("unknown method FETCH") })
        #expect(problems.contains { $0.line == 7 && $0.reason.contains("status") })
    }

    @Test func invalidYAMLSyntaxHasALine() throws {
        let scratch = try ScratchStubs()
        try scratch.write("scenarios/syntax.yaml", "name: syntax\ndescription: [unclosed\n")
        let error = #expect(throws: FixtureLoadError.self) { try FixtureLoader(root: scratch.url).load() }
        let problem = try #require(error?.problems.first { $0.file == "scenarios/syntax.yaml" })
        #expect(problem.line != nil)
        #expect(problem.reason.hasPrefix("invalid YAML"))
    }

    @Test func scenarioNameMustMatchFile() throws {
        let scratch = try ScratchStubs()
        try scratch.write("scenarios/mine.yaml", "name: other\ndescription: x\n")
        let error = #expect(throws: FixtureLoadError.self) { try FixtureLoader(root: scratch.url).load() }
        #expect(error?.problems.contains { $0.line == 1 && $0.reason.contains("must match the file name") } == true)
    }

    @Test func missingDirectoryIsAClearError() {
        let error = #expect(throws: FixtureLoadError.self) {
            try FixtureLoader(root: URL(fileURLWithPath: "/nonexistent/stubs")).load()
        }
        #expect(error?.description.contains("stubs directory not found") == true)
    }
}
