import Foundation
import NIOConcurrencyHelpers
import Testing
@testable import StubEngine

@Suite struct BehaviourBookTests {
    private let accounts = RoutePattern.segments(of: "/v1/accounts")

    @Test func timesRetiresABehaviourAfterNRequests() throws {
        let book = BehaviourBook(seed: 1)
        try book.add(BehaviourSpec(route: "GET /v1/accounts", status: 503, times: 2), session: nil)
        let statuses = (0..<3).map { _ in book.decide(method: "GET", pathSegments: accounts, session: "default").status }
        #expect(statuses == [503, 503, nil])
        #expect(book.list().isEmpty)
    }

    /// With nothing installed a lookup skips the lock; every way in and out of the book keeps
    /// that shortcut honest.
    @Test func theEmptyBookShortcutFollowsEveryChange() throws {
        let book = BehaviourBook(seed: 1)
        let decide = { book.decide(method: "GET", pathSegments: accounts, session: "default").status }
        #expect(decide() == nil)
        try book.add(BehaviourSpec(route: "GET /v1/accounts", status: 503, times: 1), session: nil)
        #expect(decide() == 503)
        #expect(decide() == nil, "the behaviour retired after its one request")
        try book.add(BehaviourSpec(route: "GET /v1/accounts", status: 502), session: nil)
        #expect(decide() == 502)
        #expect(book.clear(session: nil) == 1)
        #expect(decide() == nil)
        try book.setScenario(Scenario(name: "s", description: "", behaviours: [BehaviourSpec(route: "* /v1/**", status: 500)]))
        #expect(decide() == 500)
        try book.setScenario(nil)
        #expect(decide() == nil)
        let added = try book.add(BehaviourSpec(route: "GET /v1/accounts", status: 504), session: nil)
        #expect(decide() == 504)
        #expect(book.remove(id: added.id))
        #expect(decide() == nil)
    }

    /// Every part of a behaviour reaches the decision it fires, each as the spec gives it; a
    /// field left out would make that one part of a UI test's behaviour silently do nothing.
    @Test func aFiredBehaviourCarriesEachPartOfItsSpec() throws {
        let book = BehaviourBook(seed: 1)
        let error = ErrorOverride(code: "card_frozen", message: "Frozen", displayMessage: "Your card is frozen.", retryable: false)
        try book.add(BehaviourSpec(route: "GET /v1/accounts", status: 423, headers: ["Retry-After": "5"], error: error,
                                   latency: LatencyModel(type: .fixed, ms: 250), bandwidth: Bandwidth(bytesPerSecond: 512),
                                   fault: .truncated, tamperSignature: true), session: nil)
        let decision = book.decide(method: "GET", pathSegments: accounts, session: "default")
        #expect(decision.behaviourId == "bhv_1")
        #expect(decision.status == 423)
        #expect(decision.headers == ["Retry-After": "5"])
        #expect(decision.error == error)
        #expect(decision.delayMs == 250)
        #expect(decision.bandwidth == Bandwidth(bytesPerSecond: 512))
        #expect(decision.fault == .truncated)
        #expect(decision.tamperSignature)
        try book.add(BehaviourSpec(route: "GET /v1/cards", status: 500), session: nil)
        let plain = book.decide(method: "GET", pathSegments: RoutePattern.segments(of: "/v1/cards"), session: "default")
        #expect(plain.status == 500 && !plain.tamperSignature && plain.fault == nil && plain.bandwidth == nil && plain.delayMs == 0)
    }

    @Test func probabilityIsReproducibleForASeed() throws {
        func run(seed: UInt64) throws -> [Bool] {
            let book = BehaviourBook(seed: seed)
            try book.add(BehaviourSpec(route: "* /v1/**", status: 500, probability: 0.2), session: nil)
            return (0..<500).map { _ in book.decide(method: "GET", pathSegments: accounts, session: "s").status != nil }
        }
        let first = try run(seed: 7)
        let again = try run(seed: 7)
        let other = try run(seed: 8)
        #expect(first == again)
        #expect(first != other)
        let rate = Double(first.filter { $0 }.count) / Double(first.count)
        #expect(rate > 0.12 && rate < 0.28)
    }

    @Test func sessionScopedBehavioursDoNotLeak() throws {
        let book = BehaviourBook(seed: 0)
        try book.add(BehaviourSpec(route: "GET /v1/accounts", status: 503), session: "a")
        #expect(book.decide(method: "GET", pathSegments: accounts, session: "a").status == 503)
        #expect(book.decide(method: "GET", pathSegments: accounts, session: "b").status == nil)
    }

    @Test func sessionBehaviourWinsOverGlobalAndAdminOverScenario() throws {
        let book = BehaviourBook(seed: 0)
        try book.setScenario(Scenario(name: "s", description: "", behaviours: [BehaviourSpec(route: "* /v1/**", status: 500)]))
        #expect(book.decide(method: "GET", pathSegments: accounts, session: "x").status == 500)
        try book.add(BehaviourSpec(route: "GET /v1/accounts", status: 429), session: nil)
        try book.add(BehaviourSpec(route: "GET /v1/accounts", status: 403), session: "x")
        #expect(book.decide(method: "GET", pathSegments: accounts, session: "x").status == 403)
        #expect(book.decide(method: "GET", pathSegments: accounts, session: "y").status == 429)
    }

    @Test func exceptExemptsRoutes() throws {
        let book = BehaviourBook(seed: 0)
        try book.add(BehaviourSpec(route: "* /v1/**", except: ["GET /v1/status"], status: 503), session: nil)
        #expect(book.decide(method: "GET", pathSegments: RoutePattern.segments(of: "/v1/status"), session: "d").status == nil)
        #expect(book.decide(method: "GET", pathSegments: accounts, session: "d").status == 503)
    }

    @Test func invalidSpecsNameTheField() {
        let book = BehaviourBook(seed: 0)
        let error = #expect(throws: BehaviourError.self) {
            try book.add(BehaviourSpec(route: "GET /v1/accounts", status: 503, probability: 1.5), session: nil)
        }
        #expect(error?.path == "probability")
        #expect(throws: BehaviourError.self) { try book.add(BehaviourSpec(route: "GET /v1/accounts"), session: nil) }
    }

    /// A scenario's behaviours keep file order: of two on one route, the first listed wins.
    @Test func aScenariosFirstListedBehaviourWins() throws {
        let book = BehaviourBook(seed: 0)
        try book.setScenario(Scenario(name: "outage", description: "", behaviours: [
            BehaviourSpec(route: "GET /v1/accounts", status: 503), BehaviourSpec(route: "* /v1/**", status: 500),
        ]))
        #expect(book.decide(method: "GET", pathSegments: accounts, session: "d").status == 503)
        #expect(book.decide(method: "GET", pathSegments: RoutePattern.segments(of: "/v1/cards"), session: "d").status == 500)
        #expect(book.list().map(\.behaviour.spec.status) == [503, 500], "listed in the file's order")
    }

    /// A session's list holds its own behaviours and those for every session, not another's.
    @Test func aSessionsListHoldsItsOwnAndEverySessionsBehaviours() throws {
        let book = BehaviourBook(seed: 0)
        try book.add(BehaviourSpec(route: "GET /v1/accounts", status: 429), session: nil)
        try book.add(BehaviourSpec(route: "GET /v1/accounts", status: 403), session: "a")
        try book.add(BehaviourSpec(route: "GET /v1/accounts", status: 418), session: "b")
        #expect(Set(book.list(session: "a").compactMap(\.behaviour.spec.status)) == [429, 403])
        #expect(Set(book.list(session: "c").compactMap(\.behaviour.spec.status)) == [429])
        #expect(book.list().count == 3)
    }

    /// A behaviour that expires in 30 s fires until then, and not at the instant it expires;
    /// a full book makes room by dropping the expired before refusing the next.
    @Test func aBehaviourExpiresAtItsInstantAndExpiredOnesMakeRoom() throws {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let now = NIOLockedValueBox(start)
        let book = BehaviourBook(seed: 0, limit: 2, clock: { now.withLockedValue { $0 } })
        try book.add(BehaviourSpec(route: "GET /v1/accounts", status: 503, expiresInSeconds: 30), session: nil)
        now.withLockedValue { $0 = start.addingTimeInterval(29.999) }
        #expect(book.decide(method: "GET", pathSegments: accounts, session: "d").status == 503)
        now.withLockedValue { $0 = start.addingTimeInterval(30) }
        #expect(book.decide(method: "GET", pathSegments: accounts, session: "d").status == nil)

        try book.add(BehaviourSpec(route: "GET /v1/a", status: 500, expiresInSeconds: 5), session: nil)
        try book.add(BehaviourSpec(route: "GET /v1/b", status: 500), session: nil)
        #expect(throws: BehaviourError.self) { try book.add(BehaviourSpec(route: "GET /v1/c", status: 500), session: nil) }
        now.withLockedValue { $0 = start.addingTimeInterval(40) }
        try book.add(BehaviourSpec(route: "GET /v1/c", status: 500), session: nil)
        #expect(book.list().compactMap { $0.behaviour.spec.route } .sorted() == ["GET /v1/b", "GET /v1/c"])
    }
}
