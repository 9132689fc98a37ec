import Foundation
import StubServerTesting
import StubRuntime
import Testing

/// The testing library's one entry point in both modes, its typed client, the one clock, and the
/// trait that gives each test its own stub: what a team's test target writes.
@Suite struct StubModesTests {
    static let bank = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Stubs")

    @Test(arguments: [StubMode.inProcess, .live])
    func theSameTestPassesInEitherMode(mode: StubMode) async throws {
        try await withStub(mode, stubs: Self.bank) { stub in
            #expect(stub.mode == mode)
            #expect((stub.port != nil) == (mode == .live))
            #expect((stub.raw != nil) == (mode == .live))
            let atms = try await stub.client.execute(.get, "/v1/atms")
            #expect(atms.status == .ok)
            #expect(atms.headers[.contentType] == "application/json")
            #expect(atms.text.contains("\"data\""))
            struct Login: Encodable { var grant_type = "password", username = "alex", password = "pass_good" }
            let token = try await stub.client.execute(.post, "/v1/auth/token", json: Login())
            struct Token: Decodable { var token_type: String }
            #expect(try token.decode(Token.self).token_type == "Bearer")
            let session = try await stub.control.makeSession()
            try await session.install(.status(503, on: "GET /v1/atms"))
            #expect(try await stub.client.execute(.get, "/_s/\(session.name)/v1/atms").status == .serviceUnavailable)
            try stub.route("GET /v1/hello/{name}") { .json(["hello": $0.parameters["name"] ?? ""]) }
            #expect(try await stub.client.execute(.get, "/v1/hello/ada").text == #"{"hello":"ada"}"#)
            try await eventually("every request is journalled") { stub.journalCount >= 4 }
            let count = try await eventually("a count") { stub.journalCount >= 4 ? stub.journalCount : nil }
            #expect(count >= 4)
        }
    }

    /// Both modes start from seed 1 unless a test gives another, so what a template draws is the
    /// same in process and on a socket: a test moved from one mode to the other sees the same data.
    @Test func bothModesDrawTheSameValues() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stubbank-modes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("routes"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("""
            routes:
              - id: code
                request: { method: GET, path: /api/code }
                responses:
                  - body: { code: "{{#random}}alphanumeric 16{{/random}}" }
            """.utf8).write(to: folder.appendingPathComponent("routes/api.yaml"))
        func draws(_ mode: StubMode, seed: UInt64? = nil) async throws -> [String] {
            try await withStub(mode, stubs: folder, configure: { if let seed { $0.seed = seed } }) { stub in
                var texts: [String] = []
                for _ in 0..<2 { texts.append(try await stub.client.execute(.get, "/api/code").text) }
                return texts
            }
        }
        let inProcess = try await draws(.inProcess), live = try await draws(.live)
        #expect(inProcess == live && inProcess.count == 2 && inProcess[0] != inProcess[1], "\(inProcess) \(live)")
        let one = try await draws(.inProcess, seed: 1)
        #expect(one == inProcess, "the default is seed 1")
        let seven = try await draws(.live, seed: 7), sevenInProcess = try await draws(.inProcess, seed: 7)
        #expect(seven != live && seven == sevenInProcess, "a seed a test gives is used in either mode")
    }

    @Test func theTestClockIsTheStubsNowAndInProcessItsWaits() async throws {
        let clock = TestClock(Date(timeIntervalSince1970: 1_767_139_200))      // 2025-12-31
        try await withStub(stubs: Self.bank, clock: clock) { stub in
            let session = try await stub.control.makeSession()
            try await session.install(.delay(.seconds(3), on: "GET /v1/status"))
            let status = try await stub.client.execute(.get, "/_s/\(session.name)/v1/status")
            #expect(status.status == .ok)
            // The delay slept on the test clock (no wall time): had it slept on a real clock,
            // the test clock would not have moved.
            #expect(clock.elapsed == .seconds(3), "the clock says how long the app waited")
            #expect(status.text.contains("2025-12-31T00:00:00Z"), "the stub's now is the clock's, at arrival: \(status.text)")
        }
    }

    @Test(.stubBank(stubs: StubModesTests.bank))
    func theTraitGivesThisTestAStub() async throws {
        let stub = try #require(TestStub.current)
        #expect(stub.mode == .inProcess)
        #expect(try await stub.client.execute(.get, "/v1/status").status == .ok)
        try stub.route("GET /mine") { _ in .text("only this test's") }
        #expect(try await stub.client.execute(.get, "/mine").text == "only this test's")
    }

    @Test(.stubBank(stubs: StubModesTests.bank, mode: .live))
    func aSecondTestGetsAFreshOneOfItsOwn() async throws {
        let stub = try #require(TestStub.current)
        #expect(stub.mode == .live)
        #expect(try await stub.client.execute(.get, "/mine").status == .notFound, "the other test's route is not here")
    }

    /// A route written in Swift sees a field sent twice as one value, joined as HTTP joins it;
    /// its own `Content-Type` is the one that goes out; and a status that is no final answer
    /// (1xx, or past 599) is the stub's 500, never a broken response.
    @Test func anInlineRouteSeesRepeatedFieldsJoinedAndKeepsItsOwnContentType() async throws {
        try await withStub(.live, stubs: Self.bank) { stub in
            try stub.route("GET /v1/tags") { request in
                .json(["tags": request.header("x-tag") ?? "-"], headers: ["Content-Type": "application/vnd.bank.tags+json"])
            }
            let answer = try await stub.raw!.send("GET /v1/tags HTTP/1.1\r\nHost: x\r\nX-Tag: a\r\nx-tag: b\r\nConnection: close\r\n\r\n")
            #expect(answer.status == 200)
            #expect(answer.header("content-type") == "application/vnd.bank.tags+json")
            #expect(String(decoding: answer.rest, as: UTF8.self) == #"{"tags":"a, b"}"#)
            for status in [100, 101, 199, 600] {
                try stub.route("GET /v1/odd/\(status)") { _ in .status(status) }
                let odd = try await stub.client.execute(.get, "/v1/odd/\(status)")
                #expect(odd.status.code == 500, "status \(status)")
                #expect(odd.text.contains("inline_route_status"))
            }
        }
    }

    @Test func outsideATraitThereIsNoCurrentStub() {
        #expect(TestStub.current == nil)
    }
}
