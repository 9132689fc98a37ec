import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import StubServer
@testable import BuiltInBank
@testable import StubEngine
import StubServerTesting

/// What goes wrong below the routes still gets a valid response with the error envelope, and
/// slow or abandoned connections do not hold the stub's resources.
@Suite struct HTTPLayerTests {
    private func live(_ configure: @escaping (inout StubServerConfiguration) -> Void = { _ in },
                      _ body: @escaping @Sendable (Int, StubBackend) async throws -> Void) async throws {
        let backend = try makeBackend { configure(&$0); $0.port = 0 }
        try await withStub(backend, mode: .live) { client in
            try await body(try #require(client.port), backend)
        }
    }

    /// The status line and the error code of an answer, or the raw text when it is not one.
    private func answer(_ port: Int, _ request: String) async throws -> (status: String, code: String?) {
        let answer = try await RawHTTPClient(port: port).send(request, timeout: .seconds(5))
        #expect(answer.ending == .closedByStub, "the stub closes a connection it refuses")
        let text = answer.text
        let status = text.components(separatedBy: "\r\n").first ?? ""
        let body = text.components(separatedBy: "\r\n\r\n").dropFirst().joined()
        let json = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any]
        return (status, (json?["error"] as? [String: Any])?["code"] as? String)
    }

    @Test func http11WithoutHostIs400() async throws {
        try await live { port, _ in
            let missing = try await answer(port, "GET /v1/status HTTP/1.1\r\n\r\n")
            #expect(missing.status == "HTTP/1.1 400 Bad Request")
            #expect(missing.code == "missing_host")
            let twice = try await answer(port, "GET /v1/status HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n")
            #expect(twice.code == "duplicate_host")
            // HTTP/1.0 needs no Host, and its connection closes after the answer.
            let old = try await answer(port, "GET /v1/status HTTP/1.0\r\n\r\n")
            #expect(old.status.hasSuffix("200 OK"))
        }
    }

    @Test func parserErrorsGetTheEnvelope() async throws {
        try await live { port, _ in
            let post = "POST /v1/auth/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            let duplicate = try await answer(port, post + "Content-Length: 5\r\nContent-Length: 6\r\n\r\nhello")
            #expect(duplicate.status == "HTTP/1.1 400 Bad Request")
            #expect(duplicate.code == "invalid_content_length")
            let notANumber = try await answer(port, post + "Content-Length: abc\r\n\r\nhello")
            #expect(notANumber.code == "invalid_content_length")
            let chunk = try await answer(port, post + "Transfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n")
            #expect(chunk.status == "HTTP/1.1 400 Bad Request", "a malformed chunk is the client's error, not 413")
            #expect(chunk.code == "invalid_chunk")
            let huge = try await answer(port, "GET /v1/status HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "a", count: 100_000))\r\n\r\n")
            #expect(huge.status == "HTTP/1.1 431 Request Header Fields Too Large")
            #expect(huge.code == "headers_too_large")
        }
    }

    /// A refusal made below the routes (here a parser error on a kept-alive connection) says it
    /// closes the connection, and waits for the answer in flight before it, whether the event loop
    /// answered that at once or the full path answers it later (a delay), so the answers keep
    /// their order.
    @Test(arguments: ["", "X-Stub-Delay: 300\r\n"])
    func aRefusalSaysItClosesAndWaitsForTheAnswerInFlight(_ first: String) async throws {
        try await live { port, _ in
            let text = try await RawHTTPClient(port: port).send("GET /v1/status HTTP/1.1\r\nHost: x\r\n\(first)\r\n"
                + "GET /v1/status HTTP/1.1\r\nHost: x\r\nContent-Length: zz\r\n\r\n", timeout: .seconds(5)).text
            let statuses = text.matches(of: /HTTP\/1\.1 \d{3}/).map { String($0.output) }
            #expect(statuses == ["HTTP/1.1 200", "HTTP/1.1 400"], "\(text)")
            let refusal = text.components(separatedBy: "HTTP/1.1 400").dropFirst().joined()
            let head = refusal.components(separatedBy: "\r\n\r\n").first ?? ""
            #expect((head + "\r\n").lowercased().contains("\r\nconnection: close\r\n"), "\(head)")
        }
    }

    /// The header limit runs from a request's first byte: a head sent a byte at a time (a
    /// slowloris client) gets 408 when the limit passes, long before it would have ended.
    @Test func aHeadSentAByteAtATimeStillTimesOut() async throws {
        try await live({ $0.connectionLimits.headerSeconds = 0.5 }) { port, _ in
            let head = Array("GET /v1/status HTTP/1.1\r\nHost: x\r\nX-Slow: \(String(repeating: "a", count: 150))".utf8)
            // 180 bytes 30 ms apart take over 5 s to send; the writing stops when the 408 arrives.
            let answer = try await RawHTTPClient(port: port).send(parts: head.map { [$0] }, pause: .milliseconds(30),
                                                                  timeout: .seconds(15), until: .firstResponse())
            #expect(answer.text.hasPrefix("HTTP/1.1 408"), "\(answer.text.prefix(200))")
            // Had the limit restarted as bytes arrived, the 408 would come 0.5 s after the last
            // byte. A busy machine slows the writer as much as the stub, so no stopwatch: the
            // answer must come while the head is still going out.
            #expect(answer.bytesWritten < head.count, "the 408 came after all \(head.count) bytes: the limit restarted as bytes arrived")
        }
    }

    /// What the stub reads and drops of a body it already answered (413) is bounded: past
    /// `discardBytes` it closes the connection, so a client cannot make it read for ever.
    @Test func drainingAnAnsweredBodyIsBounded() async throws {
        try await live({ $0.maxBodyBytes = 1024; $0.connectionLimits.discardBytes = 256 * 1024 }) { port, _ in
            let size = 16 * 1024 * 1024
            let head = "POST /v1/support/tickets HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(size)\r\n\r\n"
            let piece = [UInt8](repeating: UInt8(ascii: "x"), count: 64 * 1024)
            await #expect(throws: RawHTTPClient.WriteStalled.self) {
                _ = try await RawHTTPClient(port: port).send(parts: [Array(head.utf8)] + Array(repeating: piece, count: size / piece.count),
                                                             timeout: .seconds(20))
            }
        }
    }

    @Test func slowHeadersGet408() async throws {
        try await live({ $0.connectionLimits.headerSeconds = 0.3 }) { port, _ in
            let slow = try await answer(port, "GET /v1/status HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            #expect(slow.status == "HTTP/1.1 408 Request Timeout")
            #expect(slow.code == "header_timeout")
        }
    }

    @Test func slowBodyGets408() async throws {
        try await live({ $0.connectionLimits.bodySeconds = 0.3 }) { port, _ in
            let slow = try await answer(port, "POST /v1/auth/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                + "Content-Length: 100\r\n\r\n{\"grant_type\":")
            #expect(slow.status == "HTTP/1.1 408 Request Timeout")
            #expect(slow.code == "body_timeout")
        }
    }

    @Test func idleConnectionIsClosed() async throws {
        // Two seconds: the request must reach the stub before the connection's first idle
        // deadline, which a busy machine (every suite at once) once missed at 0.3 s.
        try await live({ $0.connectionLimits.idleSeconds = 2 }) { port, _ in
            // The read gives up after 30 s; the stub's close must end it first. When every suite
            // starts at once, the machine can be so busy that the idle deadline passes before the
            // request is read (the stub then closes the connection unanswered, as it should): that
            // attempt says nothing about closing after an answer, so it is made again.
            var answer = try await RawHTTPClient(port: port).send("GET /v1/status HTTP/1.1\r\nHost: x\r\n\r\n", timeout: .seconds(30))
            for _ in 1..<4 where answer.text.isEmpty && answer.ending == .closedByStub {
                answer = try await RawHTTPClient(port: port).send("GET /v1/status HTTP/1.1\r\nHost: x\r\n\r\n", timeout: .seconds(30))
            }
            #expect(answer.text.hasPrefix("HTTP/1.1 200 OK"))
            #expect(answer.ending == .closedByStub)
        }
    }

    @Test func twentyMegabyteUploadSees413() async throws {
        try await live { port, _ in
            let body = "\"" + String(repeating: "x", count: 20 * 1024 * 1024) + "\""
            let client = StubClient(port: port)
            let answer = try await client.execute(.post, "/v1/auth/token", headers: [.contentType: "application/json"],
                                              body: Array(body.utf8), timeout: 30)
            #expect(answer.status == .contentTooLarge, "\(answer.status) \(answer.text)")
        }
    }

    /// A client that writes all 20 MB before it reads gets its 413 whatever it says about the
    /// connection: the stub drains the rest of the body instead of leaving the client blocked
    /// on a full socket buffer until its own timeout.
    @Test(arguments: [
        ("HTTP/1.1", "Connection: close\r\n", false),
        ("HTTP/1.1", "Connection: close\r\n", true),
        ("HTTP/1.1", "", false),
        ("HTTP/1.1", "", true),
        ("HTTP/1.0", "", false),
        ("HTTP/1.0", "Connection: keep-alive\r\n", false),
    ])
    func anOverLimitBodyWrittenBeforeReadingGets413(version: String, connection: String, chunked: Bool) async throws {
        try await live { port, _ in
            let size = 20 * 1024 * 1024
            let framing = chunked ? "Transfer-Encoding: chunked\r\n" : "Content-Length: \(size)\r\n"
            let head = "POST /v1/support/tickets \(version)\r\nHost: x\r\nContent-Type: application/json\r\n\(connection)\(framing)\r\n"
            // The body goes out in 64 KiB writes, each after the one before; none is read until all went.
            let piece = [UInt8](repeating: UInt8(ascii: "x"), count: 64 * 1024)
            let body: [[UInt8]] = chunked
                ? Array(repeating: Array((String(piece.count, radix: 16) + "\r\n").utf8) + piece + Array("\r\n".utf8), count: size / piece.count)
                    + [Array("0\r\n\r\n".utf8)]
                : Array(repeating: piece, count: size / piece.count)
            let response = try await RawHTTPClient(port: port).send(parts: [Array(head.utf8)] + body, timeout: .seconds(20),
                                                                    until: .firstResponse())
            let answer = response.text
            #expect(answer.hasPrefix("HTTP/1.1 413"), "\(version) \(connection) chunked: \(chunked): \(answer.prefix(200))")
            #expect(answer.contains("\"payload_too_large\""), "\(answer.prefix(400))")
        }
    }

    @Test func abandonedDelayIsReleasedAtOnce() async throws {
        try await live { port, backend in
            try await RawHTTPClient(port: port).sendAndClose("GET /v1/status HTTP/1.1\r\nHost: x\r\nX-Stub-Delay: 600000\r\n"
                + "X-Stub-Session: gone\r\n\r\n")
            // The abandoned request is journalled, with no status, when its wait ends.
            let entry = try await eventually("the abandoned request is journalled") { backend.journal.entries(session: "gone").first }
            #expect(entry.status == nil)
            #expect(entry.path == "/v1/status")
        }
    }

    /// A body of exactly the limit is read; one byte more is refused with 413.
    @Test func aBodyOfExactlyTheLimitIsRead() async throws {
        try await live({ $0.maxBodyBytes = 16 }) { port, _ in
            func status(_ bytes: Int) async throws -> String {
                let body = String(repeating: " ", count: bytes - 2) + "{}"
                let text = try await RawHTTPClient(port: port).send("POST /v1/auth/token HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                    + "Content-Type: application/json\r\nContent-Length: \(bytes)\r\n\r\n" + body, timeout: .seconds(5)).text
                return String(text.prefix(12))
            }
            let (atLimit, over) = (try await status(16), try await status(17))
            #expect(atLimit.hasPrefix("HTTP/1.1 4") && atLimit != "HTTP/1.1 413", "a body of the limit's size is read: \(atLimit)")
            #expect(over == "HTTP/1.1 413")
        }
    }

    /// A wait that ends (here the delay elapsed) takes its hook off the stop signal, so hooks do
    /// not pile up over a long session's delayed requests.
    @Test func aWaitThatEndsLeavesNothingOnTheStopSignal() async throws {
        try await live { port, backend in
            for _ in 0..<3 {
                let answer = try await RawHTTPClient(port: port).send("GET /v1/status HTTP/1.1\r\nHost: x\r\nX-Stub-Delay: 20\r\n"
                    + "Connection: close\r\n\r\n", timeout: .seconds(5))
                #expect(answer.text.hasPrefix("HTTP/1.1 200"))
            }
            #expect(backend.stopSignal.waiting == 0)
        }
    }

    /// Timeouts name whole seconds as people write them, and fractions as they are.
    @Test func timeoutMessagesNameTheirSeconds() {
        #expect(HTTPLayerError.bodyTimeout(seconds: 5).message == "The request's body did not arrive within 5 s of its headers.")
        #expect(HTTPLayerError.headerTimeout(seconds: 0.5).message
            == "The request's headers did not arrive within 0.5 s of its first byte.")
    }

    /// The `Date` header is RFC 9110's IMF-fixdate: a two-digit day, and every field fixed width.
    @Test func theDateHeaderIsFixedWidth() {
        #expect(HTTPDateCache.format(784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT", "RFC 9110's own example")
        #expect(HTTPDateCache.format(1_796_000_000) == "Mon, 30 Nov 2026 00:53:20 GMT")
        #expect(HTTPDateCache.format(0) == "Thu, 01 Jan 1970 00:00:00 GMT")
    }

    @Test func stopSignalEndsDelaysHangsAndBandwidthPauses() async throws {
        try await live { port, backend in
            // One byte a second: the ATM list would take most of an hour.
            _ = try backend.behaviours.add(BehaviourSpec(route: "GET /v1/atms", bandwidth: Bandwidth(bytesPerSecond: 1, chunkBytes: 1)),
                                           session: nil)
            let raw = RawHTTPClient(port: port)
            async let delayed = raw.send("GET /v1/status HTTP/1.1\r\nHost: x\r\nX-Stub-Delay: 600000\r\n\r\n", timeout: .seconds(10))
            async let hanging = raw.send("GET /v1/status HTTP/1.1\r\nHost: x\r\nX-Stub-Fault: hang\r\n\r\n", timeout: .seconds(10))
            async let trickling = raw.send("GET /v1/atms HTTP/1.1\r\nHost: x\r\n\r\n", timeout: .seconds(10))
            try await eventually("three requests wait on the stop") { backend.stopSignal.waiting == 3 }
            backend.stopSignal.fire()
            // Every connection closes at once, by the stub, not by the read's 10 s timeout.
            let (delayedAnswer, hangingAnswer, trickled) = try await (delayed, hanging, trickling)
            #expect(delayedAnswer.bytes.isEmpty && delayedAnswer.ending == .closedByStub)
            #expect(hangingAnswer.bytes.isEmpty && hangingAnswer.ending == .closedByStub)
            #expect(trickled.ending == .closedByStub)
            let partial = trickled.text
            #expect(partial.hasPrefix("HTTP/1.1 200 OK"), "the head went out before the pause")
            #expect(!partial.hasSuffix("]}"), "the body was cut short, not finished")
        }
    }
}
