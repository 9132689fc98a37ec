import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import StubServer
@testable import BuiltInBank
@testable import StubEngine
import StubServerTesting

/// The index must pick exactly what a scan of every behaviour in precedence order would pick.
@Suite struct BehaviourIndexTests {
    private static let routes = ["GET /v1/accounts", "GET /v1/accounts/{id}", "* /v1/accounts/acc_1", "GET /v1/**", "/v1/cards/*",
                                 "POST /v1/transfers", "* /**", "GET /v1/accounts/acc_1/transactions", "GET /", "GET /v1"]
    private static let paths = ["/v1/accounts", "/v1/accounts/acc_1", "/v1/accounts/acc_2", "/v1/cards/c1",
                                "/v1/accounts/acc_1/transactions", "/v1/transfers", "/v2/other", "/", "/v1"]

    @Test func indexAgreesWithAPlainScan() throws {
        var generator = SeededGenerator(seed: 42)
        for round in 0..<30 {
            var index = BehaviourIndex()
            var plain: [(number: Int, behaviour: Behaviour)] = []
            for number in 1...40 {
                let route = Self.routes[Int.random(in: 0..<Self.routes.count, using: &generator)]
                let session: String? = [nil, "a", "b"][Int.random(in: 0..<3, using: &generator)]
                let spec = BehaviourSpec(route: route, status: 400 + number)
                let behaviour = try Behaviour(id: "bhv_\(number)", spec: spec, source: .admin, session: session)
                index.insert(.init(behaviour: behaviour, generator: SeededGenerator(seed: 1), remaining: nil))
                plain.append((number, behaviour))
            }
            // Removals must leave the index's per-scope reach right: a scope emptied of one
            // shape must not hide another, and a removed entry must not be found.
            for _ in 0..<15 {
                let gone = plain.remove(at: Int.random(in: 0..<plain.count, using: &generator))
                let removed = index.remove(id: gone.behaviour.id)
                #expect(removed)
            }
            // The old rule: the request's session first, newest first; then global, newest first.
            for path in Self.paths {
                for method in ["GET", "POST"] {
                    for session in ["a", "b", "c"] {
                        let segments = RoutePattern.segments(of: path)
                        let expected = plain.sorted { a, b in
                            let (aGlobal, bGlobal) = (a.behaviour.session == nil, b.behaviour.session == nil)
                            return aGlobal != bGlobal ? !aGlobal : a.number > b.number
                        }.first { ($0.behaviour.session.map { $0 == session } ?? true) && $0.behaviour.matches(method: method, pathSegments: segments) }?
                            .behaviour.id
                        let found = index.first(method: method, pathSegments: segments, session: session, now: Date()) { entry in
                            (entry.behaviour.id, false)
                        }
                        #expect(found == expected, "round \(round): \(method) \(path) in \(session)")
                    }
                }
            }
        }
    }

    @Test func removalAndTimesKeepTheIndexRight() throws {
        let book = BehaviourBook(seed: 1)
        let accounts = RoutePattern.segments(of: "/v1/accounts")
        let once = try book.add(BehaviourSpec(route: "GET /v1/accounts", status: 503, times: 1), session: nil)
        let later = try book.add(BehaviourSpec(route: "GET /v1/accounts", status: 500), session: nil)
        #expect(book.decide(method: "GET", pathSegments: accounts, session: "x").status == 500, "newest first")
        #expect(book.remove(id: later.id))
        #expect(book.decide(method: "GET", pathSegments: accounts, session: "x").status == 503)
        #expect(book.decide(method: "GET", pathSegments: accounts, session: "x").status == nil, "times: 1 used up")
        #expect(!book.remove(id: once.id))
        #expect(book.count == 0)
    }

    @Test func theBookIsCappedWithAClear409() async throws {
        let backend = try makeBackend { $0.maxBehaviours = 3 }
        try await withStub(backend) { client in
            for _ in 0..<3 {
                let added = try await client.send(.post, "/__stubbank/behaviours", json: #"{"route":"GET /v1/cards","status":503}"#)
                #expect(added.status == .created)
            }
            let refused = try await client.send(.post, "/__stubbank/behaviours", json: #"{"route":"GET /v1/cards","status":503}"#)
            #expect(refused.status == .conflict)
            #expect(refused.errorBody["code"] as? String == "behaviour_limit")
            #expect((refused.errorBody["message"] as? String)?.contains("--max-behaviours") == true)
        }
    }

    @Test func listingPages() async throws {
        let backend = try makeBackend()
        try await withStub(backend) { client in
            for status in 500..<505 {
                _ = try await client.send(.post, "/__stubbank/behaviours", json: #"{"route":"GET /v1/cards","status":\#(status)}"#)
            }
            let first = try await client.send(.get, "/__stubbank/behaviours?limit=2")
            #expect(first.dataList.map { ($0["spec"] as? [String: Any])?["status"] as? Int } == [504, 503])
            let cursor = try #require(first.json["nextCursor"] as? String)
            let second = try await client.send(.get, "/__stubbank/behaviours?limit=2&cursor=\(cursor)")
            #expect(second.dataList.map { ($0["spec"] as? [String: Any])?["status"] as? Int } == [502, 501])
            let last = try await client.send(.get, "/__stubbank/behaviours?limit=2&cursor=4")
            #expect(last.dataList.count == 1)
            #expect(last.json["nextCursor"] as? String == nil)
            let bad = try await client.send(.get, "/__stubbank/behaviours?limit=5000")
            #expect(bad.status == .badRequest)
            #expect((bad.errorBody["details"] as? [[String: Any]])?.first?["path"] as? String == "limit")
        }
    }

    @Test func aBehaviourWithAnExpiryTurnsItselfOff() async throws {
        let clock = TestClock()
        let backend = try makeBackend(clock: clock)
        try await withStub(backend) { client in
            let added = try await client.send(.post, "/__stubbank/behaviours", json: #"{"route":"GET /v1/status","status":503,"expiresInSeconds":30}"#)
            #expect(added.status == .created)
            #expect(try await client.send(.get, "/v1/status").status == .serviceUnavailable)
            clock.advance(by: 29)
            #expect(try await client.send(.get, "/v1/status").status == .serviceUnavailable)
            clock.advance(by: 2)
            #expect(try await client.send(.get, "/v1/status").status == .ok, "30 s later the switch is off")
            #expect(try await client.send(.get, "/__stubbank/behaviours").dataList.isEmpty)
            let bad = try await client.send(.post, "/__stubbank/behaviours", json: #"{"route":"GET /v1/status","status":503,"expiresInSeconds":0}"#)
            #expect(bad.status == .badRequest)
            #expect((bad.errorBody["details"] as? [[String: Any]])?.first?["path"] as? String == "expiresInSeconds")
        }
    }
}
