import Foundation
import HTTPTypes
import NIOConcurrencyHelpers
@testable import StubEngine
import Testing

/// A route source that answers `GET /probe` (200, or the status asked for) and counts its answers.
final class ProbeSource: RouteSource {
    let answers = NIOLockedValueBox(0)
    let status: HTTPResponse.Status
    let body: [UInt8]

    init(status: HTTPResponse.Status = .ok, body: String = #"{"ok":true}"#) {
        self.status = status
        self.body = Array(body.utf8)
    }

    func answer(_ exchange: inout RouteExchange) throws(APIError) -> Bool {
        guard exchange.request.path == "/probe" else { return false }
        answers.withLockedValue { $0 += 1 }
        exchange.route = "GET /probe"
        exchange.response = StubResponse(status: status, body: body)
        return true
    }

    func routeName(for request: StubRequest) -> String? { request.path == "/probe" ? "GET /probe" : nil }

    func nearMisses(_ request: StubRequest) -> [NearMiss] { [] }
}

/// A route source that answers `GET /probe` with `{"ok":true}` and the header fields given.
struct HeaderSource: RouteSource {
    let headers: HTTPFields

    func answer(_ exchange: inout RouteExchange) throws(APIError) -> Bool {
        guard exchange.request.path == "/probe" else { return false }
        exchange.route = "GET /probe"
        exchange.response = StubResponse(status: .ok, headers: headers, body: Array(#"{"ok":true}"#.utf8))
        return true
    }

    func routeName(for request: StubRequest) -> String? { request.path == "/probe" ? "GET /probe" : nil }

    func nearMisses(_ request: StubRequest) -> [NearMiss] { [] }
}

/// An engine over `sources`, with what it did to evicted sessions.
struct EngineProbe {
    let engine: Engine
    let evicted = NIOLockedValueBox<[String]>([])
    static let key = "engine-test-key"

    init(sources: [any RouteSource] = [ProbeSource()], basePath: String? = nil, limits: SessionLimits = SessionLimits(),
         hangLimitSeconds: Int = 30) {
        let evicted = self.evicted
        engine = Engine(routes: Engine.Routes(sources: sources, basePath: basePath), behaviours: BehaviourBook(seed: 1),
                        sessions: SessionRegistry(limits: limits, clock: Date.init), journal: RequestJournal(capacity: 100),
                        signer: ResponseSigner(key: Self.key), seed: 1, hangLimitSeconds: hangLimitSeconds) { session, _ in
            evicted.withLockedValue { $0.append(session) }
        }
    }

    func answer(_ target: String, method: String = "GET", headers: [String: String] = [:], body: String = "",
                refusal: APIError? = nil) -> WirePlan {
        var fields = HTTPFields()
        for (name, value) in headers { fields[HTTPField.Name(name)!] = value }
        return engine.answer(EngineRequest(method: method, target: target, headers: fields, body: Array(body.utf8),
                                           authority: "localhost", refusal: refusal))
    }

    var journal: [JournalEntry] { engine.journal.entries() }
}

extension WirePlan {
    /// The `error.code` of the envelope answered, if any.
    var errorCode: String? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else { return nil }
        return (object["error"] as? [String: Any])?["code"] as? String
    }

    var text: String { String(decoding: body, as: UTF8.self) }
}

@Suite struct EngineTests {
    @Test func aRouteAnswerIsSignedFramedAndJournalledOnce() throws {
        let probe = EngineProbe()
        let plan = probe.answer("/probe", headers: ["X-Request-Id": "client-1"])
        #expect(plan.status == .ok && plan.text == #"{"ok":true}"#)
        #expect(!plan.waitsOnTheWire)
        #expect(plan.headers[.contentType] == "application/json")
        #expect(plan.headers[.contentLength] == "11")
        #expect(plan.headers[Engine.requestIdHeader] == "client-1", "a client's plain request id is kept")
        #expect(plan.headers[Engine.signatureHeader] == ResponseSigner(key: EngineProbe.key).signature(for: plan.body))
        let entries = probe.journal
        #expect(entries.count == 1)
        #expect(entries.first?.status == 200 && entries.first?.route == "GET /probe" && entries.first?.requestId == "client-1")
    }

    /// An injected error's envelope says whether the app may retry, as the catalogue decides:
    /// a 503 or a 429 may be retried, a 404 or a 422 may not (the app's retry button hangs on it).
    @Test func anInjectedErrorsEnvelopeSaysWhetherToRetry() throws {
        let probe = EngineProbe()
        for (status, retryable) in [(503, true), (429, true), (500, true), (404, false), (422, false)] {
            let plan = probe.answer("/probe", headers: ["X-Stub-Status": "\(status)"])
            #expect(Int(plan.status.code) == status)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(plan.body)) as? [String: Any])
            let error = try #require(object["error"] as? [String: Any])
            #expect(error["retryable"] as? Bool == retryable, "\(status)")
        }
    }

    /// An injected 401 says how to authenticate, as RFC 9110 §15.5.2 requires of every 401: an
    /// app's token refresh (and URLSession's own challenge handling) reads `WWW-Authenticate`.
    @Test func anInjected401SaysHowToAuthenticate() throws {
        let probe = EngineProbe()
        let plan = probe.answer("/probe", headers: ["X-Stub-Status": "401"])
        #expect(plan.status == .unauthorized)
        #expect(plan.headers[HTTPField.Name("WWW-Authenticate")!] == #"Bearer error="invalid_token""#)
        #expect(plan.errorCode == "invalid_token")
        let other = probe.answer("/probe", headers: ["X-Stub-Status": "403"])
        #expect(other.headers[HTTPField.Name("WWW-Authenticate")!] == nil, "only a 401 challenges")
    }

    /// An answer that names the fields the engine sets (a recording of a bank that sends its own
    /// `Content-Type`, `X-Signature` and `X-Request-Id`) goes out with each field once: the
    /// engine's type and signature, the route's own request id.
    @Test func fieldsTheRouteAlsoNamesGoOutOnce() throws {
        var headers = HTTPFields()
        headers[.contentType] = "text/plain"
        headers[Engine.signatureHeader] = "recorded-signature"
        headers[Engine.requestIdHeader] = "bank-req-9"
        headers[.contentLength] = "11"
        let plan = EngineProbe(sources: [HeaderSource(headers: headers)]).answer("/probe")
        #expect(plan.headers[values: .contentType] == ["application/json"])
        #expect(plan.headers[values: Engine.signatureHeader] == [ResponseSigner(key: EngineProbe.key).signature(for: plan.body)])
        #expect(plan.headers[values: Engine.requestIdHeader] == ["bank-req-9"])
        #expect(plan.headers[values: .contentLength] == ["11"])
    }

    @Test func theStubDrawsARequestIdWhenTheClientsIsMissingOrNotPlain() throws {
        let probe = EngineProbe()
        let first = probe.answer("/probe").requestId
        let second = probe.answer("/probe", headers: ["X-Request-Id": "has spaces"]).requestId
        #expect(first.hasPrefix("req_") && second.hasPrefix("req_") && first != second)
        // A plain id is kept: letters, digits and `-_.:`, up to 128 characters.
        for kept in ["ios-7.2_trace:4f9a", String(repeating: "a", count: 128)] {
            #expect(probe.answer("/probe", headers: ["X-Request-Id": kept]).requestId == kept)
        }
        #expect(probe.answer("/probe", headers: ["X-Request-Id": String(repeating: "a", count: 129)]).requestId.hasPrefix("req_"))
    }

    @Test func theStubsRequestIdsAreTheCounterInBase36() {
        for number in [0, 1, 35, 36, 1_295, 1_296, 46_655, 123_456_789, Int.max] {
            #expect(Engine.requestId(number: number) == "req_" + String(number, radix: 36), "\(number)")
        }
    }

    /// The query starts at the target's first `?`; a `?` after it is part of the query (RFC 3986
    /// allows it there: `?next=/pay?step=2`).
    @Test func theQueryStartsAtTheFirstQuestionMark() throws {
        let request = EngineRequest(method: "GET", target: "/probe?next=/pay?step=2&q=why?", headers: HTTPFields(), body: [],
                                    authority: "localhost")
        #expect(request.pathAndQuery.path == "/probe" && request.pathAndQuery.query == "next=/pay?step=2&q=why?")
        #expect(EngineRequest(method: "GET", target: "/probe?", headers: HTTPFields(), body: []).pathAndQuery.query == "")
        let probe = EngineProbe()
        #expect(probe.answer("/probe?next=/pay?step=2").status.code == 200)
    }

    @Test func theSessionComesFromThePrefixOrTheHeaderAndTheBasePathIsOptional() throws {
        let probe = EngineProbe(basePath: "/api/v1")
        #expect(probe.answer("/_s/alice/api/v1/probe?x=1").status == .ok)
        #expect(probe.answer("/probe", headers: ["X-Stub-Session": "bob"]).status == .ok)
        #expect(probe.answer("/api/v1x/probe").status == .notFound, "a base path is stripped only as whole segments")
        #expect(probe.answer("/_sx/api/v1/probe").status == .notFound, "only /_s/, slash and all, begins a session prefix")
        let entries = probe.journal.reversed().map { "\($0.session) \($0.path) \($0.status ?? 0)" }
        #expect(entries == ["alice /probe?x=1 200", "bob /probe 200", "default /api/v1x/probe 404", "default /_sx/api/v1/probe 404"])
    }

    /// A session name is 1 to 64 letters, digits, `-`, `_` or `.`, in the path or the header;
    /// `/_s/NAME` with nothing after it is that session's `/`.
    @Test func aSessionNameIsOneTo64CharactersAndItsRootIsSlash() throws {
        let probe = EngineProbe()
        let longest = String(repeating: "a", count: 64)
        #expect(probe.answer("/_s/\(longest)/probe").status == .ok)
        #expect(probe.answer("/probe", headers: ["X-Stub-Session": longest]).status == .ok)
        #expect(probe.answer("/_s/\(longest)b/probe").status == .badRequest)
        #expect(probe.answer("/probe", headers: ["X-Stub-Session": longest + "b"]).status == .badRequest)
        #expect(probe.answer("/probe", headers: ["X-Stub-Session": "a/b"]).status == .badRequest)
        _ = probe.answer("/_s/root")
        let newest = try #require(probe.journal.first)
        #expect(newest.session == "root" && newest.path == "/", "\(newest.session) \(newest.path)")
    }

    @Test func anInvalidOrDisagreeingSessionIsA400NamingTheFieldAndTouchesNoSession() throws {
        let probe = EngineProbe(limits: { var limits = SessionLimits(); limits.maxSessions = 1; return limits }())
        _ = probe.answer("/_s/first/probe")
        let bad = probe.answer("/_s/bad!name/probe")
        #expect(bad.status == .badRequest && bad.text.contains("/_s/<session>/"))
        let disagree = probe.answer("/_s/a/probe", headers: ["X-Stub-Session": "b"])
        #expect(disagree.status == .badRequest && disagree.text.contains("X-Stub-Session"))
        let cased = probe.answer("/_s/case-1/probe", headers: ["X-Stub-Session": "Case-1"])
        #expect(cased.status == .badRequest, "session names are compared exactly: Case-1 is another session")
        #expect(probe.evicted.withLockedValue { $0 }.isEmpty, "a refused session evicts nobody")
        _ = probe.answer("/_s/second/probe")
        #expect(probe.evicted.withLockedValue { $0 } == ["first"], "a new session over the limit evicts the least recent")
    }

    @Test func theAdminAPIIsHandedBackBeforeAnyBehaviourAndNotJournalled() throws {
        let probe = EngineProbe()
        let plan = probe.answer("/_s/t1/__stubbank/journal", headers: ["X-Stub-Fault": "reset", "X-Stub-Status": "503"])
        let admin = try #require(plan.admin)
        #expect(admin.path == "/__stubbank/journal" && admin.session == "t1")
        #expect(plan.waitsOnTheWire, "the transport must hand it to the admin handler")
        #expect(probe.journal.isEmpty)
        #expect(probe.answer("/__stubbankx").admin == nil, "only the prefix as a whole segment is the admin API's")
    }

    @Test func aBodyTheTransportRefusedIsAnsweredInTheRequestsSessionAndJournalled() throws {
        let source = ProbeSource()
        let probe = EngineProbe(sources: [source])
        let plan = probe.answer("/_s/s1/probe", method: "POST", refusal: APIError.payloadTooLarge(limit: 10))
        #expect(plan.status == .contentTooLarge)
        #expect(source.answers.withLockedValue { $0 } == 0)
        #expect(probe.journal.first?.session == "s1" && probe.journal.first?.status == 413)
    }

    @Test func anInjectedErrorStatusAnswersTheCannedEnvelopeWithoutRunningTheRouteButNamesIt() throws {
        let source = ProbeSource()
        let probe = EngineProbe(sources: [source])
        let plan = probe.answer("/probe", headers: ["X-Stub-Status": "503"])
        #expect(plan.status == .serviceUnavailable)
        #expect(plan.errorCode != nil)
        #expect(source.answers.withLockedValue { $0 } == 0)
        #expect(probe.journal.first?.route == "GET /probe")
    }

    @Test func anInjectedSuccessStatusReplacesTheRoutesOwnOnceItAnswered() throws {
        let source = ProbeSource()
        let probe = EngineProbe(sources: [source])
        #expect(probe.answer("/probe", headers: ["X-Stub-Status": "202"]).status == .accepted)
        #expect(source.answers.withLockedValue { $0 } == 1)
        #expect(probe.answer("/nowhere", headers: ["X-Stub-Status": "202"]).status == .notFound,
                "a 404 from no route is not a route's answer to override")
    }

    @Test func aMalformedBehaviourHeaderIsA400NamingIt() throws {
        let probe = EngineProbe()
        let plan = probe.answer("/probe", headers: ["X-Stub-Fault": "explode"])
        #expect(plan.status == .badRequest && plan.errorCode == "invalid_stub_header" && plan.text.contains("X-Stub-Fault"))
        #expect(plan.drop == nil)
    }

    @Test func aResetDropsBeforeTheRouteRunsAndIsJournalledWithNoStatus() throws {
        let source = ProbeSource()
        let probe = EngineProbe(sources: [source])
        let plan = probe.answer("/probe", headers: ["X-Stub-Fault": "reset"])
        #expect(plan.drop == .reset && plan.delayMs == 0 && plan.journal == nil)
        #expect(source.answers.withLockedValue { $0 } == 0)
        let entry = try #require(probe.journal.first)
        #expect(entry.status == nil && entry.fault == "reset" && entry.route == nil)
    }

    @Test func aDelayedPlanIsJournalledWhenTheTransportHasWaitedAndWithNoStatusIfTheClientLeft() throws {
        let probe = EngineProbe()
        let delayed = probe.answer("/probe", headers: ["X-Stub-Delay": "250"])
        #expect(delayed.delayMs == 250 && delayed.waitsOnTheWire)
        #expect(probe.journal.isEmpty, "nothing is sent before the wait is over")
        let ticket = try #require(delayed.journal)
        ticket.commit(answered: true)
        ticket.commit(answered: false)
        #expect(probe.journal.map(\.status) == [200], "a ticket is written once")
        let abandoned = probe.answer("/probe", headers: ["X-Stub-Delay": "250"])
        abandoned.journal?.commit(answered: false)
        #expect(probe.journal.first?.status == nil && probe.journal.first?.route == "GET /probe")
    }

    @Test func emptyAndHangEndTheConnectionTheirOwnWay() throws {
        let probe = EngineProbe(hangLimitSeconds: 7)
        #expect(probe.answer("/probe", headers: ["X-Stub-Fault": "empty"]).drop == .closeWithoutResponse)
        #expect(probe.answer("/probe", headers: ["X-Stub-Fault": "hang"]).drop == .hang(limitSeconds: 7))
    }

    @Test func resetAfterLetsTheRouteActThenDropsAndJournalsTheStatusItDecided() throws {
        let source = ProbeSource(status: .created)
        let probe = EngineProbe(sources: [source])
        let plan = probe.answer("/probe", headers: ["X-Stub-Fault": "reset-after"])
        #expect(plan.drop == .reset)
        #expect(source.answers.withLockedValue { $0 } == 1)
        let entry = try #require(probe.journal.first)
        #expect(entry.status == 201 && entry.fault == "reset-after" && entry.route == "GET /probe")
        #expect(probe.answer("/nowhere", headers: ["X-Stub-Fault": "reset-after"]).drop == nil,
                "with no route there is nothing to act on: the 404 goes out")
    }

    @Test func aMalformedBodyIsCutMidTokenAfterSigningTheRouteBody() throws {
        let probe = EngineProbe()
        let plan = probe.answer("/probe", headers: ["X-Stub-Fault": "malformed"])
        #expect((try? JSONSerialization.jsonObject(with: Data(plan.body))) == nil)
        #expect(plan.headers[.contentLength] == String(plan.body.count))
        #expect(plan.headers[Engine.signatureHeader] == ResponseSigner(key: EngineProbe.key).signature(for: Array(#"{"ok":true}"#.utf8)))
        #expect(probe.journal.first?.fault == "malformed")
    }

    @Test func aWrongContentTypeSendsAnHTMLPage() throws {
        let plan = EngineProbe().answer("/probe", headers: ["X-Stub-Fault": "wrong-content-type"])
        #expect(plan.headers[.contentType] == "text/html; charset=utf-8" && plan.text.contains("<html>"))
    }

    @Test func aTruncatedBodyPromisesTheWholeLength() throws {
        let plan = EngineProbe().answer("/probe", headers: ["X-Stub-Fault": "truncated"])
        #expect(plan.pacing == .truncated && plan.headers[.contentLength] == "11" && plan.waitsOnTheWire)
    }

    @Test func noBodyGoesOutFor204304OrHEADWhateverTheFaultAsks() throws {
        let probe = EngineProbe(sources: [ProbeSource(status: .noContent)])
        let noContent = probe.answer("/probe", headers: ["X-Stub-Fault": "truncated"])
        #expect(noContent.body.isEmpty && noContent.pacing == .whole && noContent.headers[.contentType] == nil)
        let head = EngineProbe().answer("/probe", method: "HEAD", headers: ["X-Stub-Fault": "malformed"])
        #expect(head.body.isEmpty && head.headers[.contentLength] == "0")
    }

    @Test func anUnknownPathIsA404AndTheJournalSaysWhy() throws {
        let probe = EngineProbe()
        let plan = probe.answer("/nowhere")
        #expect(plan.status == .notFound && plan.errorCode == "route_not_found")
        #expect(probe.journal.first?.nearMiss == "no routes are loaded")
    }

    @Test func anInstalledBehaviourAppliesInItsSessionOnly() throws {
        let probe = EngineProbe()
        let spec = try JSONDecoder().decode(BehaviourSpec.self, from: Data(#"{"route":"GET /probe","status":503}"#.utf8))
        _ = try probe.engine.behaviours.install(spec, session: "ui-1")
        #expect(probe.answer("/_s/ui-1/probe").status == .serviceUnavailable)
        #expect(probe.answer("/_s/ui-2/probe").status == .ok)
        #expect(probe.answer("/probe").status == .ok)
    }

    /// An injected error carries the behaviour's own code, messages and `retryable`, and the
    /// journal names the route it stands in for; a status under 400 replaces the route's own and
    /// keeps its body.
    @Test func anInjectedStatusCarriesTheBehavioursFieldsAndNamesItsRoute() throws {
        let probe = EngineProbe()
        let down = #"{"route":"GET /probe","status":503,"error":{"code":"core_down","message":"Core banking is down.","#
            + #""displayMessage":"Try again soon.","retryable":false}}"#
        _ = try probe.engine.behaviours.install(try JSONDecoder().decode(BehaviourSpec.self, from: Data(down.utf8)), session: "ui-1")
        let plan = probe.answer("/_s/ui-1/probe")
        #expect(plan.status == .serviceUnavailable)
        let object = try JSONSerialization.jsonObject(with: Data(plan.body)) as? [String: Any]
        let error = try #require(object?["error"] as? [String: Any])
        #expect(error["code"] as? String == "core_down" && error["message"] as? String == "Core banking is down.")
        #expect(error["displayMessage"] as? String == "Try again soon.")
        #expect(error["retryable"] as? Bool == false, "503 is retryable unless the behaviour says not")
        #expect(probe.journal.first?.route == "GET /probe")
        let accepted = #"{"route":"GET /probe","status":202}"#
        _ = try probe.engine.behaviours.install(try JSONDecoder().decode(BehaviourSpec.self, from: Data(accepted.utf8)), session: "ui-2")
        let later = probe.answer("/_s/ui-2/probe")
        #expect(later.status == .accepted)

    }

    /// 400 is the first status that stands in for the route: the route never runs (a POST that
    /// would book a transfer books nothing) and the answer is the error envelope. 399 still runs
    /// the route and keeps its body under the new status.
    @Test func fourHundredIsTheFirstInjectedStatusThatKeepsTheRouteFromRunning() throws {
        let source = ProbeSource()
        let probe = EngineProbe(sources: [source])
        for (session, status) in [("at-400", 400), ("at-399", 399)] {
            let spec = #"{"route":"GET /probe","status":\#(status)}"#
            _ = try probe.engine.behaviours.install(try JSONDecoder().decode(BehaviourSpec.self, from: Data(spec.utf8)), session: session)
        }
        let refused = probe.answer("/_s/at-400/probe")
        #expect(refused.status == .badRequest && refused.errorCode != nil, "the envelope: \(refused.text)")
        #expect(source.answers.withLockedValue { $0 } == 0, "a 400 stands in for the route: it must not run")
        #expect(probe.journal.first?.route == "GET /probe")
        let below = probe.answer("/_s/at-399/probe")
        #expect(below.status.code == 399 && below.text == #"{"ok":true}"#)
        #expect(source.answers.withLockedValue { $0 } == 1)
    }

    @Test func aReloadServesTheNewRoutesFromTheNextRequest() throws {
        let probe = EngineProbe()
        #expect(probe.answer("/probe").status == .ok)
        probe.engine.serve(Engine.Routes(sources: [], basePath: nil))
        #expect(probe.answer("/probe").status == .notFound)
    }
}

/// A route file's own behaviour, through the engine: latency, faults, bandwidth and tampering
/// apply where no header or installed behaviour decided that part.
@Suite struct EngineRouteFileBehaviourTests {
    private func engine(_ yaml: String) throws -> EngineProbe {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("engine-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("routes"), withIntermediateDirectories: true)
        try yaml.write(to: root.appendingPathComponent("routes/probe.yaml"), atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: root) }
        var problems: [FixtureProblem] = []
        let routes = RouteFileLoader(root: root).load(problems: &problems)
        #expect(problems.isEmpty, "\(problems)")
        return EngineProbe(sources: [FileRouteSource(routes: routes, state: FileRouteState(seed: 1), clock: Date.init)])
    }

    private static let route = """
        routes:
          - id: probe
            request: { method: GET, path: /probe }
            latency: { type: fixed, ms: 120 }
            bandwidth: { bytesPerSecond: 1000 }
            tamperSignature: true
            responses:
              - status: 200
                body: { ok: true }
        """

    @Test func theRoutesLatencyBandwidthAndTamperingApply() throws {
        let probe = try engine(Self.route)
        let plan = probe.answer("/probe")
        #expect(plan.delayMs == 120)
        #expect(plan.pacing == .paced(Bandwidth(bytesPerSecond: 1000)))
        #expect(plan.headers[Engine.signatureHeader] != ResponseSigner(key: EngineProbe.key).signature(for: plan.body))
    }

    @Test func aHeaderBehaviourStillPinsWhatItDecides() throws {
        let probe = try engine(Self.route)
        #expect(probe.answer("/probe", headers: ["X-Stub-Delay": "5"]).delayMs == 5)
        #expect(probe.answer("/probe", headers: ["X-Stub-Fault": "truncated"]).pacing == .truncated)
    }

    @Test func aRoutesOwnResetDropsAfterItAnswered() throws {
        let probe = try engine("""
            routes:
              - id: flaky
                request: { method: GET, path: /probe }
                fault: empty
                responses:
                  - status: 200
            """)
        let plan = probe.answer("/probe")
        #expect(plan.drop == .closeWithoutResponse)
        #expect(probe.journal.first?.route != nil && probe.journal.first?.status == nil)
        // A fault a behaviour pinned is not replaced by the route's own.
        let pinned = probe.answer("/probe", headers: ["X-Stub-Fault": "truncated"])
        #expect(pinned.drop == nil && pinned.pacing == .truncated)
    }
    /// An installed behaviour's bandwidth stays pinned on a route file that sets none, and wins
    /// over one that sets its own.
    @Test func anInstalledBandwidthStaysPinnedWhateverTheRouteFileSets() throws {
        let plain = try engine("""
            routes:
              - id: plain
                request: { method: GET, path: /probe }
                responses: [ { status: 200, body: { ok: true } } ]
            """)
        let slow = #"{"route":"GET /probe","bandwidth":{"bytesPerSecond":2000}}"#
        for probe in [plain, try engine(Self.route)] {
            _ = try probe.engine.behaviours.install(try JSONDecoder().decode(BehaviourSpec.self, from: Data(slow.utf8)), session: nil)
            #expect(probe.answer("/probe").pacing == .paced(Bandwidth(bytesPerSecond: 2000)))
        }
    }

    /// An installed behaviour's tampering stays on a route file that says nothing of it (a UI
    /// test's "the signature is wrong" on a recorded route).
    @Test func anInstalledTamperingStaysOnARouteFileThatSetsNone() throws {
        let probe = try engine("""
            routes:
              - id: plain
                request: { method: GET, path: /probe }
                latency: { type: fixed, ms: 1 }
                responses: [ { status: 200, body: { ok: true } } ]
            """)
        let honest = probe.answer("/probe")
        #expect(honest.headers[Engine.signatureHeader] == ResponseSigner(key: EngineProbe.key).signature(for: honest.body))
        let tamper = #"{"route":"GET /probe","tamperSignature":true}"#
        _ = try probe.engine.behaviours.install(try JSONDecoder().decode(BehaviourSpec.self, from: Data(tamper.utf8)), session: nil)
        let plan = probe.answer("/probe")
        #expect(plan.headers[Engine.signatureHeader] != nil)
        #expect(plan.headers[Engine.signatureHeader] != ResponseSigner(key: EngineProbe.key).signature(for: plan.body))
    }
}
