import Foundation
import StubServer
import StubServerTesting
import Testing

/// A team's route-file test, written only with the public testing library.
@Suite struct StubServerTestingTests {
    /// A scratch stubs folder with one route file, removed afterwards.
    private func withRoutes<T: Sendable>(_ yaml: String, _ body: (URL) async throws -> T) async throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stubbank-testing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("routes"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(yaml.utf8).write(to: folder.appendingPathComponent("routes/api.yaml"))
        return try await body(folder)
    }

    private let dueDate = """
        routes:
          - id: due
            request: { method: GET, path: /api/due }
            responses:
              - body: { due: "{{#now}}+1d date{{/now}}" }
          - id: probe
            request: { method: HEAD, path: /api/due }
            responses:
              - body: { due: "never sent" }
        """

    @Test func theTemplatesReadTheTestClock() async throws {
        try await withRoutes(dueDate) { stubs in
            try await withStub(.live, stubs: stubs, clock: TestClock(Date(timeIntervalSince1970: 1_767_139_200))) { stub in
                let first = try await stub.raw!.send("GET /api/due HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                #expect(first.status == 200)
                #expect(String(decoding: first.rest, as: UTF8.self).contains("2026-01-01"))
                stub.clock.advance(by: 86_400)
                let next = try await stub.raw!.send("GET /api/due HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                #expect(String(decoding: next.rest, as: UTF8.self).contains("2026-01-02"))
            }
        }
    }

    @Test func aHeadAnswerCarriesNoBody() async throws {
        try await withRoutes(dueDate) { stubs in
            try await withStub(.live, stubs: stubs) { stub in
                let answer = try await stub.raw!.send("HEAD /api/due HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                #expect(answer.status == 200)
                #expect(answer.header("content-type") == "application/json")
                #expect(answer.rest.isEmpty)
            }
        }
    }

    @Test func eventuallySeesTheJournalAndGivesUpInTime() async throws {
        try await withRoutes(dueDate) { stubs in
            try await withStub(.live, stubs: stubs) { stub in
                _ = try await stub.raw!.send("GET /api/due HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                try await eventually("the request is journalled") { stub.journalCount == 1 }
                await #expect(throws: EventuallyTimeout.self) {
                    try await eventually("a second request", timeout: .milliseconds(50)) { stub.journalCount == 2 }
                }
            }
        }
    }

    /// What ended a raw read: the stub's close, the first whole answer on a kept-alive
    /// connection, or the timeout, which a test tells apart from a close.
    @Test func aRawReadSaysWhatEndedIt() async throws {
        let big = dueDate + """

              - id: big
                request: { method: GET, path: /api/big }
                responses:
                  - body: { text: "\(String(repeating: "x", count: 300_000))" }
            """
        try await withRoutes(big) { stubs in
            try await withStub(.live, stubs: stubs) { stub in
                let raw = try #require(stub.raw)
                let closed = try await raw.send("GET /api/due HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                #expect(closed.ending == .closedByStub)
                // Kept alive: the stub never closes, so the read waits for its timeout...
                let waited = try await raw.send("GET /api/due HTTP/1.1\r\nHost: x\r\n\r\n", timeout: .seconds(2))
                #expect(waited.ending == .timedOut)
                #expect(waited.status == 200)
                // ...or stops at the end of the first answer, its body whole by Content-Length
                // (300 kB: it arrives in many reads, the first with only part of the body).
                let first = try await raw.send("GET /api/big HTTP/1.1\r\nHost: x\r\n\r\n", timeout: .seconds(30), until: .firstResponse())
                #expect(first.ending == .endReached)
                let length = try #require(first.header("content-length").flatMap { Int($0) })
                #expect(length > 300_000)
                #expect(first.rest.count == length)
                #expect(first.rest.last == UInt8(ascii: "}"))
                let head = try await raw.send("HEAD /api/due HTTP/1.1\r\nHost: x\r\n\r\n", timeout: .seconds(30),
                                              until: .firstResponse(bodyless: true))
                #expect(head.ending == .endReached && head.rest.isEmpty)
            }
        }
    }

    /// Parts sent `pause` apart are bounded by `timeout` too: a request that would take ten
    /// seconds to write ends at the timeout, and says so. The first part goes out at once and the
    /// next a second later, long after the half-second timeout: one byte is written, not ten.
    @Test func pacedPartsEndAtTheTimeout() async throws {
        try await withRoutes(dueDate) { stubs in
            try await withStub(.live, stubs: stubs) { stub in
                let raw = try #require(stub.raw)
                let parts = Array("GET /api/due HTTP/1.1\r\nHost: x\r\n".utf8).prefix(10).map { [$0] }
                let answer = try await raw.send(parts: parts, pause: .seconds(1), timeout: .milliseconds(500))
                #expect(answer.ending == .timedOut && answer.bytes.isEmpty)
                #expect(answer.bytesWritten <= 1, "the writing went on past the timeout: \(answer.bytesWritten) of 10 bytes")
            }
        }
    }

    /// A request sent whole says so: every byte went out, at once or in paced parts. The stub's
    /// header limit is ten minutes here, so a busy machine slow to send the parts (CI once stalled
    /// every test for a minute) still gets its answer, not a 408.
    @Test func aWholeRequestSaysAllItsBytesWentOut() async throws {
        try await withRoutes(dueDate) { stubs in
            try await withStub(.live, stubs: stubs, configure: { $0.connectionLimits.headerSeconds = 600 }) { stub in
                let raw = try #require(stub.raw)
                let request = Array("GET /api/due HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8)
                let whole = try await raw.send(request)
                #expect(whole.status == 200 && whole.bytesWritten == request.count)
                let parts = [Array(request.prefix(10)), Array(request.dropFirst(10))]
                let paced = try await raw.send(parts: parts, pause: .milliseconds(1), timeout: .seconds(300))
                #expect(paced.status == 200 && paced.bytesWritten == request.count, "\(paced.text.prefix(100))")
            }
        }
    }

    @Test func aPortNobodyListensOnThrowsInsteadOfWaiting() async throws {
        await #expect(throws: (any Error).self) {
            _ = try await RawHTTPClient(port: 1).send("GET / HTTP/1.1\r\nHost: x\r\n\r\n", timeout: .seconds(2))
        }
    }
}
