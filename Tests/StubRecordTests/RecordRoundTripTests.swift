import AsyncHTTPClient
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import StubImport
import StubServer
@testable import StubRecord
import Testing
import StubFormats
import StubEngine
import BuiltInBank

/// The built-in bank plays the real backend on one port; the proxy records it on another; then
/// the recording is served alone, with the bank off, and answers the same requests the same way,
/// redacted.
@Suite struct RecordRoundTripTests {
    /// Method, path, status and body of each request, sent through `client` to `port`.
    private static func exchanges(_ client: HTTPClient, port: Int) async throws -> [(String, Int, String)] {
        var results: [(String, Int, String)] = []
        func send(_ method: HTTPMethod, _ path: String, body: String? = nil, token: String? = nil) async throws -> String {
            var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
            request.method = method
            if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
            if let body {
                request.headers.add(name: "Content-Type", value: "application/json")
                request.body = .bytes(ByteBuffer(string: body))
            }
            let response = try await client.execute(request, timeout: .seconds(10))
            let text = String(buffer: try await response.body.collect(upTo: 1 << 20))
            results.append(("\(method.rawValue) \(path)", Int(response.status.code), text))
            return text
        }
        let login = try await send(.POST, "/v1/auth/token", body: #"{"grant_type":"password","username":"alex","password":"pass_good"}"#)
        let token = try #require((try JSONSerialization.jsonObject(with: Data(login.utf8)) as? [String: Any])?["access_token"] as? String)
        for path in ["/v1/accounts", "/v1/accounts/acc_alex_current", "/v1/accounts/acc_alex_savings",
                     "/v1/accounts/acc_alex_current/transactions?limit=5", "/v1/beneficiaries", "/v1/cards", "/v1/atms",
                     "/v1/accounts/acc_nobody"] {
            _ = try await send(.GET, path, token: token)
        }
        return results
    }

    @Test func aRecordingServesWhatTheBackendAnsweredRedacted() async throws {
        try await RecordTestSupport.withScratch("recorded") { out, client in try await roundTrip(out: out, client: client) }
    }

    private func roundTrip(out: URL, client: HTTPClient) async throws {
        let recording = try Recording(out: out, redactor: Redactor(), sequences: false)
        let lines = LockedLines()
        // 1. Record the bank through the proxy.
        let original = try await StubApplication.make(backend: try RecordTestSupport.backend(RecordTestSupport.stubs)).test(.live) { bank in
            let bankPort = try #require(bank.port)
            let upstream = try #require(URL(string: "http://127.0.0.1:\(bankPort)"))
            let proxy = RecordingProxy(upstream: upstream, client: client, recording: recording) { lines.add($0) }
            return try await RecordServer.make(proxy: proxy, host: "127.0.0.1", port: 0, logger: RecordTestSupport.quiet).test(.live) { proxied in
                try await Self.exchanges(client, port: try #require(proxied.port))
            }
        }
        #expect(lines.all.count == 9, "a line per exchange: \(lines.all)")
        #expect(lines.all.allSatisfy { $0.hasPrefix("● ") })
        // 2. The folder passes the PII check and serves alone, with the bank off.
        #expect(try RedactionCheck(rules: RedactionRules()).check(folder: out).isEmpty)
        let replayed = try await StubApplication.make(backend: try RecordTestSupport.backend(out)).test(.live) { served in
            try await Self.exchanges(client, port: try #require(served.port))
        }
        let settings = try String(contentsOf: out.appendingPathComponent("stubbank.yaml"), encoding: .utf8)
        #expect(settings.contains("bank: false"))
        // 3. Same statuses; same bodies once the original is redacted the same way.
        let redactor = Redactor()
        #expect(replayed.map(\.1) == original.map(\.1))
        for (before, after) in zip(original, replayed) where before.0 != "POST /v1/auth/token" {
            let expected = redactor.redact(json: try JSONDecoder().decode(JSONValue.self, from: Data(before.2.utf8)))
            let seen = try JSONDecoder().decode(JSONValue.self, from: Data(after.2.utf8))
            #expect(seen == expected, "\(before.0)")
        }
        // The IBAN is a valid fake, the same in the list and in the account.
        let list = try #require(replayed.first { $0.0 == "GET /v1/accounts" }?.2)
        let one = try #require(replayed.first { $0.0 == "GET /v1/accounts/acc_alex_current" }?.2)
        let iban = try #require(one.firstMatch(of: /"iban" : "([A-Z0-9]+)"/)?.output.1)
        #expect(IBAN.isValid(String(iban)) && list.contains(String(iban)))
        #expect(!list.contains("DE89370400440532013000"))
        // Ids become parameters; the two accounts answered differently, so each keeps its own route.
        let routes = try String(contentsOf: out.appendingPathComponent("routes/accounts.yaml"), encoding: .utf8)
        #expect(routes.contains("path: /v1/accounts/{accountId}"))
        #expect(routes.contains("equals: acc_alex_savings"))
    }

    /// An upstream that does not answer gives the caller a 502 in the stub's error envelope
    /// (valid JSON whatever the error says, with the caller's request id), a line saying so, and
    /// nothing in the recording.
    @Test func anUpstreamThatDoesNotAnswerIsA502InTheEnvelopeAndIsNotRecorded() async throws {
        try await RecordTestSupport.withScratch("unanswered") { out, client in
            let recording = try Recording(out: out, redactor: Redactor(), sequences: false)
            let lines = LockedLines()
            // Nothing listens on port 1, so the connection is refused at once.
            let upstream = try #require(URL(string: "http://127.0.0.1:1/api"))
            let upstreamClient = HTTPClient(eventLoopGroupProvider: .singleton, configuration: RecordingProxy.upstreamConfiguration)
            let proxy = RecordingProxy(upstream: upstream, client: upstreamClient, recording: recording) { lines.add($0) }
            do {
                try await RecordServer.make(proxy: proxy, host: "127.0.0.1", port: 0, logger: RecordTestSupport.quiet).test(.live) { proxied in
                    var request = HTTPClientRequest(url: "http://127.0.0.1:\(try #require(proxied.port))/v1/accounts")
                    request.headers.add(name: "X-Request-Id", value: "ios-run-7")
                    // Refused at once: the proxy does not retry the connection until its 10 s connect
                    // timeout while the app waits.
                    let response = try await client.execute(request, timeout: .seconds(8))
                    let body = try await response.body.collect(upTo: 1 << 20)
                    #expect(response.status == .badGateway)
                    #expect(response.headers["X-Request-Id"] == ["ios-run-7"])
                    let envelope = try JSONDecoder().decode(WireErrorEnvelope.self, from: Data(body.readableBytesView))
                    #expect(envelope.error.code == "bad_gateway" && envelope.error.requestId == "ios-run-7" && envelope.error.retryable)
                    #expect(envelope.error.message.hasPrefix("The upstream http://127.0.0.1:1/api did not answer: "), "\(envelope.error.message)")
                }
            } catch {
                try? await upstreamClient.shutdown()
                throw error
            }
            try await upstreamClient.shutdown()
            #expect(lines.all.count == 1 && lines.all.first?.hasPrefix("✗ GET /v1/accounts: the upstream did not answer") == true,
                    "\(lines.all)")
            let written = (try? FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("routes").path)) ?? []
            #expect(written.isEmpty, "\(written)")
        }
    }

    @Test func identifiersBecomeParameters() {
        #expect(PathTemplate.make("/v1/accounts/acc_alex_current/transactions").template == "/v1/accounts/{accountId}/transactions")
        #expect(PathTemplate.make("/v2/users/42/cards/7f1c0d9e-1a2b-4c3d-8e9f-001122334455").template == "/v2/users/{userId}/cards/{cardId}")
        #expect(PathTemplate.make("/v1/me/categories").template == "/v1/me/categories")
        #expect(PathTemplate.make("/v1/status").parameters.isEmpty)
    }

    /// A parameter is named after the segment before it, made singular: `-ies` becomes `-y`, a
    /// final `s` goes, `-` and `_` join in camel case, and a name already taken gets a number.
    @Test func parametersAreNamedAfterTheSegmentBeforeThem() {
        #expect(PathTemplate.make("/v1/categories/42").template == "/v1/categories/{categoryId}")
        #expect(PathTemplate.make("/v1/companies/acc_1/payees/7").template == "/v1/companies/{companyId}/payees/{payeeId}")
        #expect(PathTemplate.make("/v1/standing-orders/so_12").template == "/v1/standing-orders/{standingOrderId}")
        #expect(PathTemplate.make("/v1/direct_debits/9").template == "/v1/direct_debits/{directDebitId}")
        // A name in snake case is a name, not an identifier: the segment before it says which.
        #expect(PathTemplate.make("/v1/payment_intents/pi_3MtwBw").template == "/v1/payment_intents/{paymentIntentId}")
        #expect(PathTemplate.make("/v1/accounts/acc_1/direct_debits").template == "/v1/accounts/{accountId}/direct_debits")
        #expect(PathTemplate.make("/v1/customers/cus_9/payment_methods/pm_2").template
                == "/v1/customers/{customerId}/payment_methods/{paymentMethodId}")
        #expect(PathTemplate.make("/v1/cards/42/cards/43").template == "/v1/cards/{cardId}/cards/{cardId2}")
        #expect(PathTemplate.make("/42/x").template == "/{id}/x")
        #expect(PathTemplate.make("/v1/42/43").template == "/v1/{id}/{id2}", "after an identifier, or a version, the name is id")
        #expect(PathTemplate.make("/v1/me").parameters.isEmpty)
        // A collection written in capitals (some banks' APIs) still names its parameter in camel case.
        #expect(PathTemplate.make("/v1/Accounts/42").template == "/v1/Accounts/{accountId}")
        #expect(PathTemplate.make("/v1/Standing-Orders/so_1").template == "/v1/Standing-Orders/{standingOrderId}")
    }

    /// A text answer (`text/plain`, `text/csv`, XML, or no type) is kept as text and redacted like
    /// any other; only bytes that are not text go to a file as they are. A CSV statement export
    /// holds the customer's e-mail address and IBAN as much as a JSON one does.
    @Test func aTextAnswerIsKeptAsTextAndRedacted() throws {
        let statement = "date,payee,iban\n2026-11-20,Alex Morgan <alex.morgan@gmail.com>,GB29NWBK60161331926819\n"
        for type in ["text/plain; charset=utf-8", "text/csv", "application/xml", nil] {
            let exchange = RecordedExchange(method: "GET", path: "/v1/statement", query: nil, requestHeaders: [], requestBody: [],
                                            status: 200, responseHeaders: type.map { [("Content-Type", $0)] } ?? [],
                                            responseBody: Array(statement.utf8))
            let route = try #require(RecordedRouteSet(redactor: Redactor(), sequences: false).build([exchange]).groups.values.first?.first)
            guard case .text(let text)? = route.responses.first?.body else {
                Issue.record("\(type ?? "no type"): kept as \(String(describing: route.responses.first?.body))")
                continue
            }
            #expect(!text.contains("alex.morgan@gmail.com") && !text.contains("GB29NWBK60161331926819"), "\(type ?? "no type"): \(text)")
        }
        let image = RecordedExchange(method: "GET", path: "/v1/logo", query: nil, requestHeaders: [], requestBody: [], status: 200,
                                     responseHeaders: [("Content-Type", "image/png")], responseBody: [0x89, 0x50, 0x4E, 0x47])
        let logo = try #require(RecordedRouteSet(redactor: Redactor(), sequences: false).build([image]).groups.values.first?.first)
        #expect(logo.responses.first?.body == .file(name: "body.bin", bytes: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test func sequencesKeepEveryAnswerInOrder() {
        func exchange(_ body: String) -> RecordedExchange {
            RecordedExchange(method: "GET", path: "/v1/status", query: nil, requestHeaders: [], requestBody: [], status: 200,
                             responseHeaders: [("Content-Type", "application/json"), ("Date", body)], responseBody: Array(body.utf8))
        }
        let exchanges = [exchange(#"{"n":1}"#), exchange(#"{"n":1}"#), exchange(#"{"n":2}"#)]
        let plain = RecordedRouteSet(redactor: Redactor(), sequences: false).build(exchanges)
        #expect(plain.groups["status.yaml"]?.first?.responses.count == 1)
        #expect(plain.notes.first?.reason.contains("--sequences") == true)
        let sequenced = RecordedRouteSet(redactor: Redactor(), sequences: true).build(exchanges)
        let route = sequenced.groups["status.yaml"]?.first
        #expect(route?.mode == "sequence")
        #expect(route?.responses.count == 2, "the identical repeat is stored once; Date does not make it differ")
        // HTTP/2 writes header names in lower case: the same answer through it is no new answer.
        let lower = RecordedExchange(method: "GET", path: "/v1/status", query: nil, requestHeaders: [], requestBody: [], status: 200,
                                     responseHeaders: [("content-type", "application/json")], responseBody: Array(#"{"n":1}"#.utf8))
        let mixed = RecordedRouteSet(redactor: Redactor(), sequences: true).build([exchanges[0], lower])
        #expect(mixed.groups["status.yaml"]?.first?.responses.count == 1, "\(String(describing: mixed.groups["status.yaml"]))")
    }

    /// A route's origin, written above it in its file, counts the values its path parameter took
    /// when they shared one answer, and says nothing of a count when there was one value.
    @Test func theOriginCountsTheValuesThatSharedAnAnswer() throws {
        func exchange(_ id: Int) -> RecordedExchange {
            RecordedExchange(method: "GET", path: "/v1/accounts/\(id)", query: nil, requestHeaders: [], requestBody: [], status: 200,
                             responseHeaders: [("Content-Type", "application/json")], responseBody: Array(#"{"n":1}"#.utf8))
        }
        let two = try #require(RecordedRouteSet(redactor: Redactor(), sequences: false).build([exchange(1), exchange(2)])
            .groups.values.first?.first)
        #expect(two.origin.hasSuffix(" (2 values, one answer)"), "\(two.origin)")
        let one = try #require(RecordedRouteSet(redactor: Redactor(), sequences: false).build([exchange(1)]).groups.values.first?.first)
        #expect(one.path != "/v1/accounts/1", "the id became a parameter, or this proves nothing: \(one.path)")
        #expect(!one.origin.contains("values"), "\(one.origin)")
    }

    /// Paths whose ids would be the same slug (`/v1/fx_rates` and `/v1/fx-rates`) still get ids
    /// of their own: the loader refuses a folder whose ids repeat.
    @Test func pathsOfOneSlugGetIdsOfTheirOwn() {
        let exchanges = ["/v1/fx_rates", "/v1/fx-rates"].map { path in
            RecordedExchange(method: "GET", path: path, query: nil, requestHeaders: [], requestBody: [], status: 200,
                             responseHeaders: [("Content-Type", "application/json")], responseBody: Array(#"{"n":1}"#.utf8))
        }
        let ids = RecordedRouteSet(redactor: Redactor(), sequences: false).build(exchanges).groups.values.flatMap { $0 }.map(\.id)
        #expect(ids.count == 2 && Set(ids).count == 2, "\(ids)")
    }

    /// A path recorded with values that answer differently becomes one route per value, each
    /// matching its own value and numbered in the order recorded (`-1`, `-2`), whether two or
    /// three; values that all answer alike stay one route without a number.
    @Test func valuesThatAnswerDifferentlyAreRoutesNumberedInOrder() throws {
        func exchange(_ id: String, _ body: String) -> RecordedExchange {
            RecordedExchange(method: "GET", path: "/v1/accounts/\(id)", query: nil, requestHeaders: [], requestBody: [], status: 200,
                             responseHeaders: [("Content-Type", "application/json")], responseBody: Array(body.utf8))
        }
        let base = RouteFileWriter.slug("GET /v1/accounts/{accountId}")
        for count in [2, 3] {
            let exchanges = (1...count).map { exchange("acc_\($0)", #"{"n":\#($0)}"#) }
            let routes = RecordedRouteSet(redactor: Redactor(), sequences: false).build(exchanges).groups.values.flatMap { $0 }
            #expect(routes.map(\.id) == (1...count).map { "\(base)-\($0)" }, "\(count) values")
            #expect(routes.map { $0.params.map(\.0) } == Array(repeating: ["accountId"], count: count))
        }
        let alike = (1...2).map { exchange("acc_\($0)", #"{"n":1}"#) }
        let one = RecordedRouteSet(redactor: Redactor(), sequences: false).build(alike).groups.values.flatMap { $0 }
        #expect(one.map(\.id) == [base])
    }

    /// The same answer at three moments differs only in what changes on every answer (`Date`,
    /// `Server`'s build, the request id, `Age`): one response, without those fields, and with the
    /// fields that mean something to the client.
    @Test func fieldsThatChangeOnEveryAnswerAreLeftOutSoRepeatsCompareEqual() throws {
        let exchanges = (1...3).map { second in
            RecordedExchange(method: "GET", path: "/v1/status", query: nil, requestHeaders: [], requestBody: [], status: 200,
                             responseHeaders: [("Content-Type", "application/json"), ("Date", "Fri, 20 Nov 2026 09:00:0\(second) GMT"),
                                               ("Server", "bank-edge/\(second)"), ("X-Request-Id", "req-\(second)"), ("Age", "\(second)"),
                                               ("Cache-Control", "no-store")],
                             responseBody: Array(#"{"ok":true}"#.utf8))
        }
        let output = RecordedRouteSet(redactor: Redactor(), sequences: true).build(exchanges)
        let route = try #require(output.groups["status.yaml"]?.first)
        #expect(route.responses.count == 1 && route.mode != "sequence")
        let names = try #require(route.responses.first).headers.map { $0.0.lowercased() }
        #expect(names == ["cache-control"])
    }

    /// Repeats of a field are joined, as RFC 9110 allows, but not `Set-Cookie`'s (RFC 6265):
    /// each cookie stays a field of its own, and the route file lists them.
    @Test func repeatedFieldsAreJoinedButCookiesStayApart() {
        let merged = RecordedRouteSet.merged([("Vary", "Accept"), ("Set-Cookie", "a=1"), ("vary", "Origin"), ("set-cookie", "b=2; Path=/")])
        #expect(merged.map { "\($0.0): \($0.1)" } == ["Vary: Accept, Origin", "Set-Cookie: a=1", "set-cookie: b=2; Path=/"])
        #expect(RouteFileWriter.grouped(merged).map { "\($0.0)=\($0.1)" } == [#"Vary=["Accept, Origin"]"#, #"Set-Cookie=["a=1", "b=2; Path=/"]"#])
    }

    /// Every field a recording leaves out: the connection's own (hop-by-hop, RFC 9110 §7.6.1),
    /// the transport's (length, `Alt-Svc`, HSTS), and what the stub sets itself (request id,
    /// signature); the rest is kept as the bank sent it.
    @Test func theConnectionsAndTheStubsOwnFieldsAreLeftOut() throws {
        let left = ["Date", "Server", "Content-Length", "Transfer-Encoding", "Connection", "Keep-Alive", "X-Request-Id",
                    "X-Signature", "Age", "Via", "Alt-Svc", "Strict-Transport-Security", "Upgrade", "Proxy-Connection", "TE", "Trailer"]
        let kept = ["Content-Type", "Cache-Control", "ETag", "Location", "X-RateLimit-Remaining", "Retry-After"]
        let exchange = RecordedExchange(method: "GET", path: "/v1/status", query: nil, requestHeaders: [], requestBody: [], status: 200,
                                        responseHeaders: (left + kept).map { ($0, $0 == "Content-Type" ? "application/json" : "v") },
                                        responseBody: Array(#"{"ok":true}"#.utf8))
        let output = RecordedRouteSet(redactor: Redactor(), sequences: false).build([exchange])
        let route = try #require(output.groups["status.yaml"]?.first)
        // A JSON body's Content-Type is the route file's own (written from the body), so it goes too.
        let response = try #require(route.responses.first)
        #expect(Set(response.headers.map { $0.0.lowercased() }) == Set(kept.dropFirst().map { $0.lowercased() }))
    }
}

/// Lines the proxy reports, collected across tasks.
final class LockedLines: Sendable {
    private let lines = NIOLockedValueBox([String]())
    func add(_ line: String) { lines.withLockedValue { $0.append(line) } }
    var all: [String] { lines.withLockedValue { $0 } }
}

/// The connection's own fields (RFC 9110 §7.6.1, and the length and host each hop sets) stop at
/// the proxy both ways, in whatever case they were written.
@Suite struct ProxiedFieldsTests {
    static let connectionFields = [("Host", "127.0.0.1:8080"), ("Connection", "keep-alive"), ("Keep-Alive", "timeout=5"),
                                   ("Transfer-Encoding", "chunked"), ("TE", "trailers"), ("Trailer", "X-Sum"), ("Upgrade", "h2c"),
                                   ("Proxy-Connection", "keep-alive"), ("Content-Length", "999")]

    @Test func theCallersConnectionFieldsAreNotForwardedOrRecorded() throws {
        var fields = HTTPFields()
        for (name, value) in Self.connectionFields + [("Authorization", "Bearer t"), ("X-Trace", "a"), ("x-trace", "b")] {
            fields.append(HTTPField(name: try #require(HTTPField.Name(name)), value: value))
        }
        let forwarded = RecordingProxy.forwarded(fields)
        #expect(forwarded.map(\.0) == ["Authorization", "X-Trace", "x-trace"])
        #expect(forwarded.map(\.1) == ["Bearer t", "a", "b"])
    }

    @Test func theUpstreamsConnectionFieldsAreNotPassedBack() {
        let spellings: [(String) -> String] = [{ $0 }, { $0.lowercased() }, { $0.uppercased() }]
        for spelled in spellings {
            let upstream = Self.connectionFields.map { (spelled($0.0), $0.1) } + [("Content-Type", "application/json"), ("ETag", "\"1\"")]
            let response = RecordingProxy.response(200, upstream, Array(#"{"a":1}"#.utf8))
            // The one length is the proxy's own, of the body it sends.
            #expect(response.headers.filter { $0.name != .contentLength }.map(\.name.canonicalName).sorted() == ["content-type", "etag"],
                    "\(upstream.map(\.0))")
            #expect(response.headers[values: .contentLength] == ["7"], "\(upstream.map(\.0))")
        }
    }
}

@Suite struct RecordedPathTests {
    @Test func sessionPrefixesAreTheCallersNotTheAPIs() {
        #expect(RecordingProxy.withoutSession("/_s/case-1/v1/accounts") == "/v1/accounts")
        #expect(RecordingProxy.withoutSession("/_s/case-1/__stubbank/reset") == "/__stubbank/reset")
        #expect(RecordingProxy.withoutSession("/v1/accounts") == "/v1/accounts")
        #expect(RecordingProxy.withoutSession("/_s/case-1") == "/", "a session's bare prefix is the API's root")
    }

    /// A StubBank upstream's admin API is forwarded but never recorded, with or without the
    /// caller's session prefix; a path that only starts with the same letters is the API's.
    @Test func theAdminAPIIsNotRecordedUnderASessionEither() {
        for path in ["/__stubbank", "/__stubbank/reset", "/_s/case-1/__stubbank/behaviours", "/_s/case-1/__stubbank"] {
            #expect(RecordingProxy.isStubAdmin(path), "\(path)")
        }
        for path in ["/v1/accounts", "/__stubbankish", "/_s/case-1/v1/__stubbank", "/_s/__stubbank"] {
            #expect(!RecordingProxy.isStubAdmin(path), "\(path)")
        }
    }

    /// The upstream's path is a prefix, however its URL was written.
    @Test func theUpstreamsPathPrefixesEveryRequest() throws {
        for written in ["https://bank.example/api", "https://bank.example/api/", "https://bank.example/api//"] {
            let upstream = try #require(URL(string: written))
            #expect(RecordingProxy.target(upstream, path: "/v1/accounts", query: "page=2") == "https://bank.example/api/v1/accounts?page=2", "\(written)")
        }
        #expect(RecordingProxy.target(try #require(URL(string: "http://127.0.0.1:8080")), path: "/v1/x", query: nil) == "http://127.0.0.1:8080/v1/x")
    }
}
