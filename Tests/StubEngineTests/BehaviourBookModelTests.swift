import Foundation
import NIOConcurrencyHelpers
import Testing
@testable import StubEngine

/// The behaviour book's order and lifetime rules, checked against the plainest reading of them:
/// a list searched in precedence order. `BehaviourIndex` answers through buckets (by session,
/// method and path shape) and counts what each scope can reach; whatever it skips, it must
/// answer as this list does, after any mix of installs, removals, clears, scenarios, expiries
/// and `times`.
///
/// The rules the model spells out (Docs/Behaviours.md, "Which behaviour wins"):
/// - admin behaviours before the scenario's; among admin ones, the request's session's before
///   every session's, the newest first in each; the scenario's in file order;
/// - a behaviour whose `expiresInSeconds` is up is passed over (and dropped) from that instant;
/// - `times: n` answers n requests and then goes;
/// - a full book drops the expired before refusing; `list` and `count` drop the expired.
@Suite struct BehaviourBookModelTests {
    private struct Entry {
        let behaviour: Behaviour
        var remaining: Int?
        let expiresAt: Date?
    }

    /// The book as a list: admin entries oldest first (so the newest is last), the scenario's in
    /// file order.
    private struct Model {
        var admin: [Entry] = []
        var scenario: [Entry] = []
        let limit: Int

        /// Walks the candidates in precedence order, dropping the expired it passes over, and
        /// fires the first that matches: the book's `decide`.
        mutating func decide(method: String, segments: [Substring], session: String, now: Date) -> String? {
            let ownFirst = admin.indices.reversed().filter { admin[$0].behaviour.session == session }
                + admin.indices.reversed().filter { admin[$0].behaviour.session == nil }
            for index in ownFirst where admin[index].behaviour.matches(method: method, pathSegments: segments) {
                if let expiry = admin[index].expiresAt, expiry <= now {
                    admin.remove(at: index)
                    return decide(method: method, segments: segments, session: session, now: now)
                }
                return Self.fire(&admin, at: index)
            }
            for index in scenario.indices where scenario[index].behaviour.session.map({ $0 == session }) ?? true
                && scenario[index].behaviour.matches(method: method, pathSegments: segments) {
                if let expiry = scenario[index].expiresAt, expiry <= now {
                    scenario.remove(at: index)
                    return decide(method: method, segments: segments, session: session, now: now)
                }
                return Self.fire(&scenario, at: index)
            }
            return nil
        }

        private static func fire(_ entries: inout [Entry], at index: Int) -> String {
            let id = entries[index].behaviour.id
            if let remaining = entries[index].remaining {
                if remaining <= 1 { entries.remove(at: index) } else { entries[index].remaining = remaining - 1 }
            }
            return id
        }

        mutating func dropExpired(now: Date) {
            admin.removeAll { $0.expiresAt.map { $0 <= now } ?? false }
        }

        /// `list(session:)`: session-scoped admin entries (any session's) before global ones,
        /// newest first in each, then the scenario's; filtered to what the session can see.
        mutating func list(session: String?, now: Date) -> [String] {
            dropExpired(now: now)
            let scoped = admin.reversed().filter { $0.behaviour.session != nil }
            let global = admin.reversed().filter { $0.behaviour.session == nil }
            return (scoped + global + scenario)
                .filter { session == nil || $0.behaviour.session == nil || $0.behaviour.session == session }
                .map(\.behaviour.id)
        }
    }

    private static let routes = [
        "GET /v1/accounts", "* /v1/accounts", "GET /v1/accounts/{id}", "GET /v1/accounts/*", "* /v1/**",
        "POST /v1/accounts", "GET /v1/accounts/acc_1", "GET /v1/accounts/acc_1/transactions", "GET /v1/accounts/**",
    ]
    private static let paths = ["/v1/accounts", "/v1/accounts/acc_1", "/v1/accounts/acc_2", "/v1/accounts/acc_1/transactions", "/v2/x"]
    private static let sessions: [String?] = [nil, nil, "a", "b"]

    private static func randomSpec(_ generator: inout SeededGenerator) -> BehaviourSpec {
        var spec = BehaviourSpec(route: routes.randomElement(using: &generator)!, status: 500 + Int.random(in: 0..<4, using: &generator))
        if Int.random(in: 0..<4, using: &generator) == 0 { spec.except = ["GET /v1/accounts/acc_2"] }
        spec.times = [nil, nil, 1, 2, 3].randomElement(using: &generator)!
        spec.expiresInSeconds = [nil, nil, 1, 2.5].randomElement(using: &generator)!
        return spec
    }

    /// Removing a behaviour takes back only what it added to the index's reach (its own shape
    /// and number of segments): for every pair of routes, with one removed, the other fires
    /// wherever the list model says it does.
    @Test func removingOneBehaviourLeavesTheOtherReachable() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        for kept in Self.routes {
            for removed in Self.routes where removed != kept {
                let book = BehaviourBook(seed: 1, limit: 6, clock: { now })
                let keep = try book.install(BehaviourSpec(route: kept, status: 503), session: nil)
                let gone = try book.install(BehaviourSpec(route: removed, status: 500), session: nil)
                #expect(book.remove(id: gone.behaviour.id))
                var model = Model(limit: 6)
                model.admin = [Entry(behaviour: keep.behaviour, remaining: nil, expiresAt: nil)]
                for method in ["GET", "POST"] {
                    for path in Self.paths {
                        let segments = RoutePattern.segments(of: path)
                        #expect(book.decide(method: method, pathSegments: segments, session: "default").behaviourId
                                == model.decide(method: method, segments: segments, session: "default", now: now),
                                "\(method) \(path), \(kept) kept, \(removed) removed")
                    }
                }
            }
        }
    }

    /// However a session's behaviours go (removed by id, cleared with their session, used up by
    /// `times`, expired), the index keeps nothing of that session and no empty bucket: a UI-test
    /// run that installs behaviours in many sessions holds no more after them than before.
    @Test func theIndexKeepsNothingOfASessionWhoseBehavioursAreGone() throws {
        var index = BehaviourIndex()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let segments = RoutePattern.segments(of: "/v1/accounts")
        for number in 0..<24 {
            let session = "s\(number)", id = "bhv_\(number)"
            let route = ["GET /v1/accounts", "GET /v1/*", "GET /v1/**"][number % 3]
            let behaviour = try Behaviour(id: id, spec: BehaviourSpec(route: route, status: 503), source: .admin, session: session)
            let way = number % 4
            index.insert(.init(behaviour: behaviour, generator: SeededGenerator(seed: 1), remaining: way == 2 ? 1 : nil,
                               expiresAt: way == 3 ? now : nil))
            #expect(index.scopes.sessions == 1 && index.scopes.buckets == 1)
            switch way {
            case 0:
                let removed = index.remove(id: id)
                #expect(removed)
            case 1:
                let removed = index.removeAll(session: session)
                #expect(removed == 1)
            case 2:
                let fired = index.first(method: "GET", pathSegments: segments, session: session, now: now) { entry in
                    (entry.behaviour.id, entry.remaining == 1)
                }
                #expect(fired == id, "times: 1 answers once and goes")
            default:
                let fired = index.first(method: "GET", pathSegments: segments, session: session, now: now) { entry in
                    (entry.behaviour.id, false)
                }
                #expect(fired == nil, "an expired behaviour is passed over and dropped")
            }
            #expect(index.isEmpty && index.scopes.sessions == 0 && index.scopes.buckets == 0,
                    "\(route), way \(way): \(index.count) entries, \(index.scopes)")
        }
    }

    @Test(arguments: 0..<24 as Range<UInt64>)
    func theBookAnswersAsAListSearchedInPrecedenceOrder(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let clock = NIOLockedValueBox(start)
        let book = BehaviourBook(seed: 1, limit: 6, clock: { clock.withLockedValue { $0 } })
        var model = Model(limit: 6)
        var now: Date { clock.withLockedValue { $0 } }
        for step in 0..<120 {
            let context = Comment(rawValue: "seed \(seed), step \(step)")
            switch Int.random(in: 0..<20, using: &generator) {
            case 0..<5:
                let spec = Self.randomSpec(&generator)
                let session = Self.sessions.randomElement(using: &generator)!
                if model.admin.count >= model.limit { model.dropExpired(now: now) }
                if model.admin.count >= model.limit {
                    #expect(throws: BehaviourError.self, context) { try book.add(spec, session: session) }
                } else {
                    let installed = try book.install(spec, session: session)
                    #expect(installed.remaining == spec.times, context)
                    #expect(installed.expiresAt == spec.expiresInSeconds.map { now.addingTimeInterval($0) }, context)
                    model.admin.append(Entry(behaviour: installed.behaviour, remaining: spec.times, expiresAt: installed.expiresAt))
                }
            case 5:
                guard let victim = model.admin.randomElement(using: &generator) else { continue }
                #expect(book.remove(id: victim.behaviour.id), context)
                #expect(!book.remove(id: victim.behaviour.id), "a second remove finds nothing; \(context)")
                model.admin.removeAll { $0.behaviour.id == victim.behaviour.id }
            case 6:
                let session = Self.sessions.randomElement(using: &generator)!
                let gone = model.admin.filter { session == nil || $0.behaviour.session == session }.count
                #expect(book.clear(session: session) == gone, context)
                model.admin.removeAll { session == nil || $0.behaviour.session == session }
            case 7:
                let specs = (0..<Int.random(in: 0...3, using: &generator)).map { _ in Self.randomSpec(&generator) }
                let scenario = specs.isEmpty ? nil : Scenario(name: "s\(step)", description: "", behaviours: specs)
                try book.setScenario(scenario)
                model.scenario = specs.indices.map { position in
                    let behaviour = try! Behaviour(id: "s\(step)#\(position)", spec: specs[position], source: .scenario, session: nil)
                    return Entry(behaviour: behaviour, remaining: specs[position].times,
                                 expiresAt: specs[position].expiresInSeconds.map { now.addingTimeInterval($0) })
                }
            case 8:
                clock.withLockedValue { $0 = $0.addingTimeInterval([0.5, 1, 2].randomElement(using: &generator)!) }
            case 9:
                let session = Self.sessions.randomElement(using: &generator)!
                #expect(book.list(session: session).map(\.behaviour.id) == model.list(session: session, now: now), context)
            case 10:
                model.dropExpired(now: now)
                #expect(book.count == model.admin.count, context)
            default:
                let method = Bool.random(using: &generator) ? "GET" : "POST"
                let segments = RoutePattern.segments(of: Self.paths.randomElement(using: &generator)!)
                let session = Self.sessions.randomElement(using: &generator)! ?? "default"
                let expected = model.decide(method: method, segments: segments, session: session, now: now)
                let decided = book.decide(method: method, pathSegments: segments, session: session)
                #expect(decided.behaviourId == expected, "\(method) \(segments.joined(separator: "/")) in \(session); \(context)")
            }
        }
        #expect(book.list().map(\.behaviour.id) == model.list(session: nil, now: now), "seed \(seed), at the end")
    }
}
