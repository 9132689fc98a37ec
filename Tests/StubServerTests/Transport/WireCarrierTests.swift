import HTTPTypes
import NIOConcurrencyHelpers
@testable import StubEngine
@testable import StubServer
import Testing

/// A client end that records what the carrier did to it; its waits end as the test says.
final class RecordingConnection: StubConnection {
    private let log = NIOLockedValueBox<[String]>([])
    let waitEnds: ConnectionWait.Outcome

    init(waitEnds: ConnectionWait.Outcome = .elapsed) { self.waitEnds = waitEnds }

    /// What happened, in order: `wait 250`, `reset`, `close`, `hang 30`, `cut`.
    var events: [String] { log.withLockedValue { $0 } }

    func wait(milliseconds: Double?, stop: StopSignal) async -> ConnectionWait.Outcome {
        log.withLockedValue { $0.append("wait \(milliseconds.map { String(Int($0)) } ?? "-")") }
        return waitEnds
    }

    func reset() async { log.withLockedValue { $0.append("reset") } }
    func closeWithoutResponse() async { log.withLockedValue { $0.append("close") } }
    func hang(limitSeconds: Int, stop: StopSignal) async { log.withLockedValue { $0.append("hang \(limitSeconds)") } }
    func cutBody() async { log.withLockedValue { $0.append("cut") } }
    var isLoopbackPeer: Bool { true }
}

/// The Hummingbird and in-process transports carry out the engine's plan through `WireCarrier`:
/// the wait, the drop, the body's pacing, and the journal entry of a delayed plan.
@Suite struct WireCarrierTests {
    private let stop = StopSignal()

    private func plan(_ headers: [String: String] = [:], backend: StubBackend) -> WirePlan {
        var fields = HTTPFields()
        for (name, value) in headers { fields[HTTPField.Name(name)!] = value }
        return backend.engine.answer(EngineRequest(method: "GET", target: "/v1/atms", headers: fields))
    }

    /// Runs `plan` to its end: what was written, and whether it ended in a drop.
    private func carry(_ plan: WirePlan, on connection: RecordingConnection) async -> (body: [UInt8], dropped: ConnectionDropped.How?) {
        var written: [UInt8] = []
        do {
            try await WireCarrier.waitThenDrop(plan, connection: connection, stop: stop)
            try await WireCarrier.writeBody(plan, connection: connection, stop: stop) { written += $0 }
            return (written, nil)
        } catch let dropped as ConnectionDropped {
            return (written, dropped.how)
        } catch {
            Issue.record("unexpected \(error)")
            return (written, nil)
        }
    }

    @Test func aPlanWithNothingToWaitForIsWrittenWhole() async throws {
        let backend = try makeBackend()
        let plan = plan(backend: backend)
        let connection = RecordingConnection()
        let (body, dropped) = await carry(plan, on: connection)
        #expect(body == plan.body && dropped == nil && connection.events.isEmpty)
    }

    @Test func theDelayIsWaitedThenTheAnswerGoesOutAndIsJournalledWithItsStatus() async throws {
        let backend = try makeBackend()
        let plan = plan(["X-Stub-Delay": "250"], backend: backend)
        #expect(backend.journal.entries().isEmpty)
        let connection = RecordingConnection()
        let (body, dropped) = await carry(plan, on: connection)
        #expect(connection.events == ["wait 250"] && dropped == nil && body == plan.body)
        #expect(backend.journal.entries().first?.status == 200)
    }

    @Test func aClientGoneDuringTheDelayIsCutAndJournalledWithNoStatus() async throws {
        let backend = try makeBackend()
        let connection = RecordingConnection(waitEnds: .clientGone)
        let (body, dropped) = await carry(plan(["X-Stub-Delay": "250"], backend: backend), on: connection)
        #expect(connection.events == ["wait 250", "cut"] && dropped == .cut && body.isEmpty)
        let entry = try #require(backend.journal.entries().first)
        #expect(entry.status == nil && entry.path == "/v1/atms")
    }

    @Test func eachDropActsOnTheConnectionAfterTheDelay() async throws {
        let backend = try makeBackend { $0.hangLimitSeconds = 9 }
        for (fault, event, how) in [("reset", "reset", ConnectionDropped.How.reset), ("empty", "close", .closeWithoutResponse),
                                    ("hang", "hang 9", .hang(limitSeconds: 9))] {
            let connection = RecordingConnection()
            let (body, dropped) = await carry(plan(["X-Stub-Fault": fault, "X-Stub-Delay": "10"], backend: backend), on: connection)
            #expect(connection.events == ["wait 10", event] && dropped == how && body.isEmpty, "\(fault)")
        }
    }

    @Test func aTruncatedBodySendsAboutHalfThenCuts() async throws {
        let backend = try makeBackend()
        let plan = plan(["X-Stub-Fault": "truncated"], backend: backend)
        let connection = RecordingConnection()
        let (body, dropped) = await carry(plan, on: connection)
        #expect(body == Array(plan.body.prefix(plan.body.count / 2)) && dropped == .cut && connection.events == ["cut"])
        #expect(plan.headers[.contentLength] == String(plan.body.count), "the head promised the whole body")
    }

    @Test func aPacedBodyPausesBetweenChunksAndIsCutWhenTheClientLeaves() async throws {
        let backend = try makeBackend()
        var plan = plan(backend: backend)
        plan.pacing = .paced(Bandwidth(bytesPerSecond: 1000, chunkBytes: 100))
        let connection = RecordingConnection()
        let (body, dropped) = await carry(plan, on: connection)
        let chunks = (plan.body.count + 99) / 100
        #expect(body == plan.body && dropped == nil)
        #expect(connection.events == Array(repeating: "wait 100", count: chunks - 1))
        let leaving = RecordingConnection(waitEnds: .clientGone)
        let (partial, cut) = await carry(plan, on: leaving)
        #expect(partial == Array(plan.body.prefix(100)) && cut == .cut && leaving.events == ["wait 100", "cut"])
    }
}
