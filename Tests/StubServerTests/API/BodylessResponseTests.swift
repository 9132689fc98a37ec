import Foundation
import HTTPTypes
import HummingbirdTesting
import StubServerTesting
import Testing
@testable import StubServer
@testable import BuiltInBank
@testable import StubEngine
import StubFormats

/// 204, 304 and answers to HEAD carry no body, whatever asked for them, so a keep-alive client
/// reads the next answer correctly; and behaviours cannot set framing headers or a 1xx.
@Suite struct BodylessResponseTests {
    /// Sends `first` and then a plain GET on the same connection; returns both raw answers.
    private func pipelined(_ backend: StubBackend, first: String) async throws -> (first: String, second: String) {
        try await withStub(backend, mode: .live) { client in
            let port = try #require(client.port)
            let second = "GET /v1/status HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
            let text = try await RawHTTPClient(port: port).send(first + second).text
            let parts = text.components(separatedBy: "HTTP/1.1 ")
            #expect(parts.count == 3, "expected two answers, got: \(text)")
            guard parts.count == 3 else { return ("", "") }
            return ("HTTP/1.1 " + parts[1], "HTTP/1.1 " + parts[2])
        }
    }

    /// The head of an answer ends the answer: nothing follows its blank line.
    private func expectNoBody(_ answer: String, status: Int) {
        #expect(answer.hasPrefix("HTTP/1.1 \(status)"), "\(answer)")
        #expect(answer.hasSuffix("\r\n\r\n"), "a body followed the head: \(answer)")
        #expect(!answer.lowercased().contains("content-type:"), "\(answer)")
        #expect(!answer.lowercased().contains("transfer-encoding:"), "\(answer)")
    }

    @Test func statusHeader204DropsTheRoutesBody() async throws {
        let answers = try await pipelined(try makeBackend(), first:
            "GET /v1/status HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Stub-Status: 204\r\nX-Stub-Fault: malformed\r\n\r\n")
        expectNoBody(answers.first, status: 204)
        #expect(answers.second.hasPrefix("HTTP/1.1 200") && answers.second.contains("\"status\""))
    }

    @Test func adminBehaviour304DropsTheRoutesBody() async throws {
        let backend = try makeBackend()
        try backend.behaviours.add(BehaviourSpec(route: "GET /v1/status", status: 304, times: 1), session: nil)
        let answers = try await pipelined(backend, first: "GET /v1/status HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        expectNoBody(answers.first, status: 304)
        #expect(answers.second.hasPrefix("HTTP/1.1 200"))
    }

    @Test func headGetsHeadersButNoBody() async throws {
        let stubs = try ScratchStubs()
        try stubs.write("routes/ping.yaml", "routes:\n  - request: { method: HEAD, path: /ping }\n    responses: [ { body: { ok: true } } ]\n")
        let answers = try await pipelined(try makeBackend(stubs: stubs.url), first: "HEAD /ping HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(answers.first.hasPrefix("HTTP/1.1 200"))
        #expect(answers.first.hasSuffix("\r\n\r\n"), "a body followed the head: \(answers.first)")
        #expect(answers.second.hasPrefix("HTTP/1.1 200") && answers.second.contains("\"status\""))
    }

    @Test func adminRefusesA1xxAndFramingHeadersNamingTheField() async throws {
        try await withStub(try makeBackend()) { client in
            for (body, field) in [(#"{"route":"GET /v1/status","status":101}"#, "status"),
                                  (#"{"route":"GET /v1/status","headers":{"Content-Length":"5"}}"#, "headers.Content-Length"),
                                  (#"{"route":"GET /v1/status","headers":{"transfer-encoding":"chunked"}}"#, "headers.transfer-encoding"),
                                  (#"{"route":"GET /v1/status","headers":{"Bad Header":"x"}}"#, "headers.Bad Header")] {
                let response = try await client.send(.post, "/__stubbank/behaviours", json: body)
                #expect(response.status == .badRequest, "\(body)")
                #expect((response.errorBody["details"] as? [[String: Any]])?.first?["path"] as? String == field, "\(body)")
            }
        }
    }

    @Test func scenarioWithAFramingHeaderIsRefusedWithItsLine() throws {
        let stubs = try ScratchStubs()
        try stubs.write("scenarios/chunky.yaml", """
            name: chunky
            description: tries to frame the body itself
            behaviours:
              - route: "GET /v1/status"
                headers: { Transfer-Encoding: chunked }
            """)
        do {
            _ = try FixtureLoader(root: stubs.url).load()
            Issue.record("the scenario loaded")
        } catch {
            let problem = try #require(error.problems.first)
            #expect(problem.file == "scenarios/chunky.yaml")
            #expect(problem.line == 5)
            #expect(problem.reason.contains("headers.Transfer-Encoding"))
        }
    }
}
