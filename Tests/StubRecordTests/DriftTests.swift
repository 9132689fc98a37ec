import AsyncHTTPClient
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import StubServer
@testable import StubRecord
import Testing
import StubFormats

/// Drift against a recording of the bank finds nothing; plant a renamed field and a changed
/// type in the recording, and drift reports exactly those.
@Suite struct DriftTests {
    /// A route with a wildcard, one segment (`*`) or the rest (`**`), has no one path drift could
    /// ask the upstream for: it is skipped, not asked for with a star in its path.
    @Test func aWildcardRouteHasNoOnePathToAskFor() {
        #expect(DriftCheck.hasOnePath("/v1/accounts/{accountId}"))
        #expect(!DriftCheck.hasOnePath("/v1/files/*"))
        #expect(!DriftCheck.hasOnePath("/v1/files/**"))
    }

    @Test func plantedDriftIsReportedExactly() async throws {
        try await RecordTestSupport.withScratch("drift") { out, client in try await check(out: out, client: client) }
    }

    private func check(out: URL, client: HTTPClient) async throws {
        // 1. Drift of the bank against itself, through the recording proxy: nothing, and the
        //    recording now holds every GET route drift asks for.
        let recording = try Recording(out: out, redactor: Redactor(), sequences: false)
        let clean = try await StubApplication.make(backend: try RecordTestSupport.backend(RecordTestSupport.stubs)).test(.live) { bank in
            let bankPort = try #require(bank.port)
            let token = try await Self.signIn(client, port: bankPort)
            let proxy = RecordingProxy(upstream: URL(string: "http://127.0.0.1:\(bankPort)")!, client: client, recording: recording) { _ in }
            return try await RecordServer.make(proxy: proxy, host: "127.0.0.1", port: 0, logger: RecordTestSupport.quiet).test(.live) { proxied in
                let upstream = URL(string: "http://127.0.0.1:\(try #require(proxied.port))")!
                return try await DriftCheck(upstream: upstream, stubs: RecordTestSupport.stubs, headers: [("Authorization", "Bearer \(token)")],
                                            persona: "alex").run(client: client, logger: RecordTestSupport.quiet)
            }
        }
        #expect(clean.findings.isEmpty, "\(clean.console())")
        #expect(clean.compared.count >= 8)
        #expect(!clean.isBreaking)
        #expect(clean.console().hasSuffix("\nNo breaking drift."))
        // 2. Plant: the accounts list renames `name` to `nickname`, and `balance.amount` becomes a number.
        let list = out.appendingPathComponent("routes/bodies/get-v1-accounts-200-0.json")
        var body = try JSONDecoder().decode(JSONValue.self, from: Data(contentsOf: list))
        body = Self.plant(body)
        try JSONEncoder().encode(body).write(to: list)
        //    And the status route answers 503 with an error envelope where the bank answers 200:
        //    one finding, the status; bodies of two different statuses are not compared field by field.
        let statusRoutes = out.appendingPathComponent("routes/status.yaml")
        let routeText = try String(contentsOf: statusRoutes, encoding: .utf8)
        #expect(routeText.contains("path: /v1/status"), "\(routeText)")
        try """
            routes:
              - request: { method: GET, path: /v1/status }
                responses: [ { status: 503, body: { error: { code: maintenance, retryable: true } } } ]
            """.write(to: statusRoutes, atomically: true, encoding: .utf8)
        // Its recorded body file is no route's now (the loader refuses a stray one).
        let bodies = out.appendingPathComponent("routes/bodies")
        for name in try FileManager.default.contentsOfDirectory(atPath: bodies.path) where name.hasPrefix("get-v1-status-") {
            try FileManager.default.removeItem(at: bodies.appendingPathComponent(name))
        }
        // 3. Drift of the bank against the planted recording, served alone.
        let drifted = try await StubApplication.make(backend: try RecordTestSupport.backend(out)).test(.live) { served in
            let upstream = URL(string: "http://127.0.0.1:\(try #require(served.port))")!
            return try await DriftCheck(upstream: upstream, stubs: RecordTestSupport.stubs, headers: [], persona: "alex")
                .run(client: client, logger: RecordTestSupport.quiet)
        }
        #expect(drifted.findings.map(\.description) == [
            "BREAKING GET /v1/accounts: type changed: $.data[*].balance.amount is string in the stub, number upstream",
            "BREAKING GET /v1/accounts: field removed: the stub has $.data[*].name (string); upstream does not",
            "BREAKING GET /v1/status: status changed: status 200 in the stub, 503 upstream",
            "additive GET /v1/accounts: field added: upstream has $.data[*].nickname (string); the stub does not",
        ])
        #expect(drifted.isBreaking)
        let console = drifted.console().split(separator: "\n").map(String.init)
        #expect(console.first?.hasPrefix("Drift against http://127.0.0.1:") == true)
        #expect(console.contains("  " + drifted.findings[0].description))
        #expect(console.last?.hasPrefix("Breaking drift: the stub no longer matches the upstream") == true)
        #expect(drifted.markdown().contains("| breaking | `GET /v1/accounts` | `$.data[*].balance.amount` | type changed | string | number |"))
        let json = try JSONSerialization.jsonObject(with: try drifted.json()) as? [String: Any]
        #expect((json?["findings"] as? [Any])?.count == 4)
    }

    private static func plant(_ body: JSONValue) -> JSONValue {
        guard case .object(var top) = body, case .array(let items)? = top["data"] else { return body }
        top["data"] = .array(items.map { item in
            guard case .object(var account) = item else { return item }
            account["nickname"] = account.removeValue(forKey: "name")
            if case .object(var balance)? = account["balance"], let text = balance["amount"]?.text, let number = Double(text) {
                balance["amount"] = .number(number)
                account["balance"] = .object(balance)
            }
            return .object(account)
        })
        return .object(top)
    }

    private static func signIn(_ client: HTTPClient, port: Int) async throws -> String {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/v1/auth/token")
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(string: #"{"grant_type":"password","username":"alex","password":"pass_good"}"#))
        let response = try await client.execute(request, timeout: .seconds(10))
        let body = try await response.body.collect(upTo: 1 << 16)
        let object = try JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [String: Any]
        return try #require(object?["access_token"] as? String)
    }

    /// The first line counts breaking and additive findings apart, in every form.
    @Test func theSummaryCountsBreakingAndAdditiveApart() {
        func finding(_ breaking: Bool, _ path: String) -> DriftFinding {
            DriftFinding(route: "GET /v1/a", path: path, change: breaking ? .typeChanged : .fieldAdded, stub: "string",
                         upstream: "number", breaking: breaking)
        }
        let report = DriftReport(upstream: "https://bank.example", compared: ["GET /v1/a", "GET /v1/b"],
                                 findings: [finding(true, "$.a"), finding(true, "$.b"), finding(false, "$.c")], skipped: [])
        #expect(report.console().split(separator: "\n").first
                == "Drift against https://bank.example: 2 GET routes compared, 2 breaking, 1 additive")
        #expect(report.markdown().components(separatedBy: "| additive |").count == 2)
        #expect(report.markdown().components(separatedBy: "| breaking |").count == 3)
        let additive = DriftReport(upstream: "u", compared: [], findings: [finding(false, "$.c")], skipped: [])
        #expect(additive.console().hasPrefix("Drift against u: 0 GET routes compared, 0 breaking, 1 additive"))
        #expect(!additive.isBreaking && additive.console().hasSuffix("No breaking drift."))
    }

    @Test func shapesCompareByKindFieldEnumAndNull() {
        func shape(_ json: String) -> JSONShape {
            JSONShape(try! JSONDecoder().decode(JSONValue.self, from: Data(json.utf8)))
        }
        let stub = shape(#"{"status":"active","note":"x","items":[{"id":"a"}]}"#)
        let upstream = shape(#"{"status":"frozen","note":null,"items":[{"id":1}]}"#)
        let findings = ShapeDiff.compare(stub: stub, upstream: upstream, route: "GET /r")
        #expect(findings.map(\.change) == [.typeChanged, .becameNullable, .newEnumValue])
        #expect(findings.map(\.path) == ["$.items[*].id", "$.note", "$.status"])
        #expect(findings.allSatisfy { $0.breaking })
    }

    /// A new enum value is one the upstream sends and the stub never does; a value only the
    /// stub sends is not drift the app meets.
    @Test func aNewEnumValueIsTheUpstreamsNotTheStubs() {
        func shape(_ json: String) -> JSONShape {
            JSONShape(try! JSONDecoder().decode(JSONValue.self, from: Data(json.utf8)))
        }
        let stub = shape(#"[{"status":"active"},{"status":"closed"}]"#)
        let upstream = shape(#"[{"status":"active"},{"status":"closed"},{"status":"frozen"}]"#)
        let found = ShapeDiff.compare(stub: stub, upstream: upstream, route: "GET /v1/cards")
        #expect(found.map(\.change) == [.newEnumValue])
        #expect(found.first?.upstream == "frozen" && found.first?.stub == "active, closed")
        #expect(ShapeDiff.compare(stub: upstream, upstream: stub, route: "GET /v1/cards").isEmpty,
                "the stub knowing a value the upstream did not send this time is no drift")
    }

    /// A field is taken as an enum while the stub sends at most 12 distinct words in it; with
    /// more, it is data (names, codes), and a new value upstream is no drift.
    @Test func aFieldWithUpToTwelveWordsIsAnEnumAndWithMoreIsData() {
        func shape(_ values: [String]) -> JSONShape {
            JSONShape(.array(values.map { .object(["kind": .string($0)]) }))
        }
        let words = (0..<13).map { "kind-" + String(UnicodeScalar(UInt8(ascii: "a") + UInt8($0))) }
        let twelve = ShapeDiff.compare(stub: shape(Array(words.prefix(12))), upstream: shape(words), route: "GET /v1/r")
        #expect(twelve.map(\.change) == [.newEnumValue] && twelve.first?.upstream == "kind-m", "\(twelve)")
        let thirteen = ShapeDiff.compare(stub: shape(words), upstream: shape(words + ["kind-z"]), route: "GET /v1/r")
        #expect(thirteen.isEmpty, "\(thirteen)")
    }

    /// A route drift could not replay is listed in every form of the report, and a report with
    /// none says nothing of skipping.
    @Test func whatWasSkippedIsInEveryForm() throws {
        var report = DriftReport(upstream: "https://sandbox.bank.example", compared: ["GET /v1/accounts"], findings: [],
                                 skipped: ["GET /v1/cards/{cardId}: no list gave a cardId"])
        #expect(report.console().contains("  skipped: GET /v1/cards/{cardId}: no list gave a cardId"))
        #expect(report.markdown().contains("- skipped: GET /v1/cards/{cardId}: no list gave a cardId"))
        let json = try JSONSerialization.jsonObject(with: report.json()) as? [String: Any]
        #expect(json?["skipped"] as? [String] == report.skipped)
        report.skipped = []
        #expect(!report.markdown().contains("skipped") && !report.console().contains("skipped"))
    }

    /// Lists are replayed before the routes whose parameters their ids fill, whatever order the
    /// stub lists them in; only GET routes are replayed.
    @Test func listsAreReplayedBeforeTheRoutesTheirIdsFill() {
        let order = DriftCheck.replayOrder(["GET /v1/accounts/{accountId}", "POST /v1/transfers", "GET /v1/accounts",
                                            "GET /v1/accounts/{accountId}/transactions", "GET /v1/status"])
        #expect(order == ["GET /v1/accounts", "GET /v1/status", "GET /v1/accounts/{accountId}", "GET /v1/accounts/{accountId}/transactions"])
    }

    /// A list's ids go under its last segment (from `data[*].id` or a bare array, the first list
    /// seen kept); each `{param}` takes the first id listed under the segment before it, and a
    /// route with a parameter no list filled is not replayed.
    @Test func aListsIdsFillTheParameterAfterItsSegment() {
        var ids: [String: [String]] = [:]
        DriftCheck.collectIds(.object(["data": .array([.object(["id": .string("acc_1")]), .object(["id": .string("acc_2")])])]), under: "/v1/accounts", into: &ids)
        DriftCheck.collectIds(.array([.object(["id": .string("txn_9")])]), under: "/v1/accounts/{accountId}/transactions", into: &ids)
        DriftCheck.collectIds(.array([.object(["id": .string("acc_3")])]), under: "/v1/accounts", into: &ids)
        DriftCheck.collectIds(.array([.object(["id": .string("x")])]), under: "/v1/accounts/{accountId}", into: &ids)
        #expect(ids == ["accounts": ["acc_1", "acc_2"], "transactions": ["txn_9"]])
        #expect(DriftCheck.fill("/v1/accounts/{accountId}/transactions/{transactionId}", ids: ids) == "/v1/accounts/acc_1/transactions/txn_9")
        #expect(DriftCheck.fill("/v1/status", ids: ids) == "/v1/status")
        #expect(DriftCheck.fill("/v1/cards/{cardId}", ids: ids) == nil, "no list of cards was seen")
        #expect(DriftCheck.fill("/{id}", ids: ids) == nil)
    }
}
