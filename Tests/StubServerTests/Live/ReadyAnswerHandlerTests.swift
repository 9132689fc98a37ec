import HTTPTypes
import NIOCore
import NIOEmbedded
import NIOHTTP1
import NIOConcurrencyHelpers
import Testing
@testable import StubServer
@testable import BuiltInBank
@testable import StubEngine

/// Which requests `ReadyAnswerHandler` offers to the event-loop answer, and what it writes.
@Suite struct ReadyAnswerHandlerTests {
    /// A channel whose answerer writes every path but `/pass` (declined) and `/wait` (a plan that
    /// waits, kept in `handoff`), and counts what it was offered.
    private func channel(handoff: PlanHandoff = PlanHandoff()) throws -> (EmbeddedChannel, NIOLockedValueBox<[String]>) {
        let offered = NIOLockedValueBox<[String]>([])
        let handler = ReadyAnswerHandler(serverName: "StubBank", handoff: handoff) { request in
            offered.withLockedValue { $0.append(request.path ?? "") }
            var plan = WirePlan(requestId: "r", status: .ok, headers: [.contentLength: "2"], body: Array("ok".utf8))
            switch request.path {
            case "/pass": return nil
            case "/wait":
                plan.delayMs = 100
                return .handOn(planKey: handoff.keep(plan))
            default: return .write(plan)
            }
        }
        return (EmbeddedChannel(handler: handler), offered)
    }

    private func head(_ path: String, version: HTTPVersion = .http1_1, _ headers: [(String, String)] = []) -> HTTPServerRequestPart {
        .head(HTTPRequestHead(version: version, method: .GET, uri: path, headers: HTTPHeaders([("Host", "x")] + headers)))
    }

    /// The parts handed on to Hummingbird, as `head /path`, `body` and `end`.
    private func handedOn(_ channel: EmbeddedChannel) throws -> [String] {
        var parts: [String] = []
        while let part = try channel.readInbound(as: HTTPServerRequestPart.self) {
            switch part {
            case .head(let head): parts.append("head \(head.uri)")
            case .body: parts.append("body")
            case .end: parts.append("end")
            }
        }
        return parts
    }

    /// The answers written, as `status body`.
    private func written(_ channel: EmbeddedChannel, framedHere: Bool = true) throws -> [String] {
        var answers: [String] = []
        var current = ""
        while let part = try channel.readOutbound(as: HTTPServerResponsePart.self) {
            switch part {
            case .head(let head):
                if framedHere {
                    #expect(head.headers["Server"] == ["StubBank"] && head.headers["Date"].count == 1 && head.headers["Content-Length"] == ["2"])
                }
                current = "\(head.status.code)"
            case .body(.byteBuffer(let buffer)): current += " " + String(buffer: buffer)
            case .body: current += " ?"
            case .end: answers.append(current)
            }
        }
        return answers
    }

    @Test func aReadyRequestIsAnsweredHereAndNothingGoesOn() throws {
        let (channel, offered) = try channel()
        try channel.writeInbound(head("/ready"))
        #expect(try written(channel).isEmpty, "nothing is answered before the request's end")
        try channel.writeInbound(HTTPServerRequestPart.end(nil))
        #expect(try written(channel) == ["200 ok"])
        #expect(try handedOn(channel).isEmpty)
        #expect(offered.withLockedValue { $0 } == ["/ready"])
    }

    @Test func aRequestTheAnswerDeclinesGoesOnWhole() throws {
        let (channel, _) = try channel()
        try channel.writeInbound(head("/pass"))
        try channel.writeInbound(HTTPServerRequestPart.end(nil))
        #expect(try handedOn(channel) == ["head /pass", "end"])
        #expect(try written(channel).isEmpty)
    }

    @Test func requestsThatChangeTheConnectionOrCarryABodyAreNeverOffered() throws {
        let cases: [HTTPServerRequestPart] = [
            head("/close", [("Connection", "close")]),
            head("/close-listed", [("Connection", "keep-alive, Close")]),
            head("/old", version: .http1_0),
            head("/body", [("Content-Length", "2")]),
            head("/chunked", [("Transfer-Encoding", "chunked")]),
            head("/continue", [("Expect", "100-continue")]),
            head("/upgrade", [("Connection", "Upgrade"), ("Upgrade", "websocket")]),
        ]
        for part in cases {
            let (channel, offered) = try channel()
            try channel.writeInbound(part)
            try channel.writeInbound(HTTPServerRequestPart.end(nil))
            #expect(offered.withLockedValue { $0 }.isEmpty)
            #expect(try handedOn(channel).count == 2)
        }
    }

    @Test func whileAHandedOnRequestIsUnansweredEveryRequestGoesOn() throws {
        let (channel, offered) = try channel()
        try channel.writeInbound(head("/pass"))
        try channel.writeInbound(HTTPServerRequestPart.end(nil))
        try channel.writeInbound(head("/ready"))
        try channel.writeInbound(HTTPServerRequestPart.end(nil))
        #expect(try handedOn(channel) == ["head /pass", "end", "head /ready", "end"])
        // Hummingbird answers both; then the connection is idle and the next is answered here.
        for _ in 0..<2 {
            try channel.writeOutbound(HTTPServerResponsePart.head(HTTPResponseHead(version: .http1_1, status: .ok)))
            try channel.writeOutbound(HTTPServerResponsePart.end(nil))
        }
        #expect(try written(channel, framedHere: false) == ["200", "200"])
        try channel.writeInbound(head("/ready"))
        try channel.writeInbound(HTTPServerRequestPart.end(nil))
        #expect(try written(channel) == ["200 ok"])
        #expect(offered.withLockedValue { $0 } == ["/pass", "/ready"])
    }

    @Test func aPlanThatWaitsGoesOnWithItsKeyAndHummingbirdTakesIt() throws {
        let handoff = PlanHandoff()
        let (channel, _) = try channel(handoff: handoff)
        try channel.writeInbound(head("/wait"))
        try channel.writeInbound(HTTPServerRequestPart.end(nil))
        guard case .head(let head) = try channel.readInbound(as: HTTPServerRequestPart.self) else {
            Issue.record("expected the head handed on")
            return
        }
        let key = try #require(head.headers[PlanHandoff.header.rawName].first)
        #expect(handoff.take(key)?.delayMs == 100, "the plan decided on the event loop is the one Hummingbird carries out")
        #expect(handoff.take(key) == nil, "a plan is taken once")
        #expect(try written(channel).isEmpty)
    }

    @Test func aConnectionThatClosesBeforeHummingbirdReadsTheRequestLeavesNoPlanBehind() throws {
        let handoff = PlanHandoff()
        let (channel, _) = try channel(handoff: handoff)
        try channel.writeInbound(head("/wait"))
        try channel.writeInbound(HTTPServerRequestPart.end(nil))
        #expect(handoff.count == 1)
        _ = try channel.finish()
        #expect(handoff.count == 0)
    }
}
