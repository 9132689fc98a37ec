import Foundation
import Logging
import StubControl
import StubServer
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The control library against a real stub (the built-in bank, in process on a free port), as a
/// UI test would use it: a session per test, typed behaviours, and bounded journal waits.
@Suite struct StubControlTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func withStub(_ body: (StubControlClient) async throws -> Void) async throws {
        var logger = Logger(label: "stub-control-tests")
        logger.logLevel = .critical
        let host = try await LiveStub.start(stubs: Self.root.appendingPathComponent("Stubs"), logger: logger)
        do { try await body(StubControlClient(baseURL: host.baseURL)) } catch {
            await host.stop()
            throw error
        }
        await host.stop()
    }

    /// What the app would get for `GET <session>/v1/status`.
    func status(_ session: StubSession) async throws -> (Int, HTTPURLResponse) {
        var request = URLRequest(url: session.baseURL.appendingPathComponent("v1/status"))
        request.timeoutInterval = 10
        let (_, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        return (http.statusCode, http)
    }

    @Test func aSessionIsFreshUniqueAndGivesTheAppItsBaseURL() async throws {
        try await withStub { stub in
            let one = try await stub.makeSession(prefix: "login tests")
            let two = try await stub.makeSession(prefix: "login tests")
            #expect(one.name != two.name)
            #expect(one.name.hasPrefix("logintests-"))
            #expect(one.baseURL.absoluteString == stub.baseURL.absoluteString + "/_s/\(one.name)")
            #expect(one.launchEnvironment == ["STUBBANK_BASE_URL": one.baseURL.absoluteString])
            // Offline: the same session path on a loopback port nothing listens on.
            #expect(one.launchEnvironment(key: "API", offline: true) == ["API": "http://127.0.0.1:1/_s/\(one.name)"])
            #expect(try await one.requests().isEmpty)
        }
    }

    /// `after:` is a mark: only a request journalled after it counts, so a test that sends the
    /// same call twice waits for the second.
    @Test func waitingAfterAMarkSkipsTheRequestsBeforeIt() async throws {
        try await withStub { stub in
            let session = try await stub.makeSession()
            _ = try await status(session)
            let first = try await session.waitForRequest("GET /v1/status")
            await #expect(throws: StubControlError.self) {
                try await session.waitForRequest("GET /v1/status", within: .milliseconds(300), after: first.sequence)
            }
            _ = try await status(session)
            let second = try await session.waitForRequest("GET /v1/status", after: first.sequence)
            #expect(second.sequence > first.sequence)
        }
    }

    /// A call or a wait whose task is cancelled (a UI test stopped, a test's time limit) ends at
    /// once with `cancelled`: not when its own time is up, and not as a stub that is unreachable.
    @Test func aCancelledCallOrWaitEndsAtOnceSayingSo() async throws {
        try await withStub { stub in
            let session = try await stub.makeSession()
            let started = ContinuousClock.now
            let wait = Task { try await session.waitForRequest("GET /v1/never", within: .seconds(60)) }
            try await Task.sleep(for: .milliseconds(200))
            wait.cancel()
            let result = await wait.result
            guard case .failure(let error) = result else { Issue.record("\(result)"); return }
            #expect((error as? StubControlError)?.code == "cancelled", "\(error)")
            #expect(ContinuousClock.now - started < .seconds(20))
            // A call made by a task already cancelled is cancelled in the transport.
            let call = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await session.requests()
            }
            let called = await call.result
            guard case .failure(let callError) = called else { Issue.record("\(called)"); return }
            #expect((callError as? StubControlError)?.code == "cancelled", "\(callError)")
        }
    }

    /// A matcher takes the whole path: `GET /v1/accounts` is not `GET /v1/accounts/1`; `{id}` and
    /// `*` take one segment, `**` the rest, and the query is not part of the path.
    @Test func aRequestMatcherTakesTheWholePath() throws {
        func exchange(_ method: String, _ path: String) throws -> StubExchange {
            let json = #"{"sequence":1,"method":"\#(method)","path":"\#(path)","headers":{},"receivedAt":"2026-11-27T00:00:00Z"}"#
            return try JSONDecoder().decode(StubExchange.self, from: Data(json.utf8))
        }
        let list = try exchange("GET", "/v1/accounts?limit=5")
        let one = try exchange("GET", "/v1/accounts/acc_1")
        #expect(RequestMatcher("GET /v1/accounts").matches(list))
        #expect(!RequestMatcher("GET /v1/accounts").matches(one))
        #expect(!RequestMatcher("GET /v1/accounts/{id}").matches(list))
        #expect(RequestMatcher("GET /v1/accounts/{id}").matches(one))
        #expect(RequestMatcher("* /v1/**").matches(one))
        #expect(!RequestMatcher("POST /v1/accounts").matches(list))
        #expect(RequestMatcher("/v1/accounts/*").matches(one))
        #expect(!RequestMatcher("GET /v1/accounts/acc_1").matches(list), "a literal segment past the path's end")
        #expect(!RequestMatcher("GET /v1/accounts/acc_2").matches(one))
        #expect(RequestMatcher("get /v1/accounts/acc_1").matches(one), "the method in any case")
        #expect(!RequestMatcher("GET /v1/accounts/{acc").matches(one) && !RequestMatcher("GET /v1/accounts/acc}").matches(one),
                "only a whole {name} is a parameter")
    }

    /// `decode` on a message without a body says why there is none: the journal's reason when
    /// it left the body out (too large to keep), else that the message had none.
    @Test func decodingAMessageWithoutABodySaysWhy() throws {
        struct Transfer: Decodable { var amount: String }
        func message(_ json: String) throws -> StubMessage { try JSONDecoder().decode(StubMessage.self, from: Data(json.utf8)) }
        let omitted = try message(#"{"headers":{},"bodyBytes":70000,"bodyOmitted":"70000 bytes, over the 64 KiB the journal keeps"}"#)
        #expect(throws: StubControlError(status: nil, code: "no_body", message: "70000 bytes, over the 64 KiB the journal keeps")) {
            try omitted.decode(Transfer.self)
        }
        let empty = try message(#"{"headers":{},"bodyBytes":0}"#)
        #expect(throws: StubControlError(status: nil, code: "no_body", message: "the message has no body")) { try empty.decode(Transfer.self) }
        #expect(try message(#"{"headers":{},"bodyBytes":16,"body":"{\"amount\":\"5\"}"}"#).decode(Transfer.self).amount == "5")
    }

    @Test func aStatusForNRequestsThenTheRealAnswerAndTheJournalSawBoth() async throws {
        try await withStub { stub in
            let session = try await stub.makeSession()
            try await session.install(.status(503, on: "GET /v1/status", headers: ["Retry-After": "120"], for: .requests(1)))
            let (first, response) = try await status(session)
            #expect(first == 503)
            #expect(response.value(forHTTPHeaderField: "Retry-After") == "120")
            #expect(try await status(session).0 == 200)
            let seen = try await session.waitForRequest("GET /v1/status", within: .seconds(5))
            #expect(seen.status == 503)
            #expect(try await session.requests(matching: "GET /v1/status").map(\.status) == [503, 200])
            #expect(try await session.requests(matching: "POST /v1/transfers").isEmpty)
        }
    }

    @Test func theDetailGivesWhatTheAppSentBodyAndAllWithSecretsMasked() async throws {
        try await withStub { stub in
            let session = try await stub.makeSession()
            var request = URLRequest(url: session.baseURL.appendingPathComponent("v1/auth/token"))
            request.httpMethod = "POST"
            request.timeoutInterval = 10
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.setValue("Bearer secret-value", forHTTPHeaderField: "Authorization")
            request.httpBody = Data(#"{"grant_type":"password","username":"alex","password":"pass_good"}"#.utf8)
            _ = try await URLSession.shared.data(for: request)
            let exchange = try await session.waitForRequest("POST /v1/auth/token")
            #expect(exchange.header("authorization") == "[redacted]")
            #expect(exchange.header("Content-Type") == "application/json")
            #expect(exchange.header("X-Absent") == nil)
            let detail = try await session.detail(of: exchange)
            #expect(detail.exchange == exchange)
            struct Login: Decodable, Equatable { var grant_type: String; var username: String; var password: String }
            let sent = try #require(detail.request)
            #expect(try sent.decode(Login.self) == Login(grant_type: "password", username: "alex", password: "[redacted]"))
            #expect((sent.json as? [String: Any])?["username"] as? String == "alex")
            #expect(sent.bodyBytes == 66)
            #expect(sent.status == nil)
            let answer = try #require(detail.response)
            #expect(answer.status == 200)
            #expect(answer.text?.contains("access_token") == true)
            #expect(detail.note == nil)
        }
    }

    /// A message's body as JSON is any JSON text, a bare string or number too; `decode` reads it
    /// with the decoder the test gives (its date strategy, say).
    @Test func aMessagesBodyReadsAsAnyJSONWithTheDecoderGiven() throws {
        func message(_ body: String) throws -> StubMessage {
            let wire = try JSONSerialization.data(withJSONObject: ["headers": [String: String](), "body": body, "bodyBytes": body.utf8.count])
            return try JSONDecoder().decode(StubMessage.self, from: wire)
        }
        #expect(try message(#""ok""#).json as? String == "ok")
        #expect(try message("42").json as? Int == 42)
        #expect(try message("not json").json == nil)
        struct Stamp: Decodable { var at: Date }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let stamp = try message(#"{"at":"2026-11-27T10:00:00Z"}"#).decode(Stamp.self, using: decoder)
        #expect(stamp.at == Date(timeIntervalSince1970: 1_795_773_600))
    }

    @Test func sessionsDoNotSeeEachOthersBehaviours() async throws {
        try await withStub { stub in
            let broken = try await stub.makeSession(prefix: "broken")
            let healthy = try await stub.makeSession(prefix: "healthy")
            try await broken.install(.status(500, on: "* /**"))
            #expect(try await status(broken).0 == 500)
            #expect(try await status(healthy).0 == 200)
            #expect(try await healthy.requests().count == 1)
        }
    }

    /// `removeBehaviours()` clears the session's own behaviours; another session's stay.
    /// What the app would get for `GET <base>/<path>`.
    func status(of path: String, at base: URL) async throws -> Int {
        var request = URLRequest(url: base.appendingPathComponent(path))
        request.timeoutInterval = 10
        let (_, response) = try await URLSession.shared.data(for: request)
        return try #require(response as? HTTPURLResponse).statusCode
    }

    /// One behaviour goes by its id and the session's others stay; an id that is gone is a typed 404.
    @Test func removingOneBehaviourByItsIdLeavesTheRest() async throws {
        try await withStub { stub in
            let session = try await stub.makeSession(prefix: "one")
            let first = try await session.install(.status(503, on: "GET /v1/status"))
            try await session.install(.status(500, on: "GET /v1/atms"))
            try await session.remove(first)
            #expect(try await status(of: "v1/status", at: session.baseURL) == 200)
            #expect(try await status(of: "v1/atms", at: session.baseURL) == 500)
            do throws(StubControlError) {
                try await session.remove(first)
                Issue.record("a behaviour was removed twice")
            } catch {
                #expect(error.status == 404)
            }
        }
    }

    /// A scenario turned on for the whole stub reaches every session and the root; nil turns it off.
    @Test func aScenarioIsTurnedOnForEverySessionAndOffWithNil() async throws {
        try await withStub { stub in
            let session = try await stub.makeSession(prefix: "scenario")
            #expect(try await status(of: "v1/atms", at: session.baseURL) == 200)
            try await stub.activateScenario("maintenance")
            #expect(try await status(of: "v1/atms", at: session.baseURL) == 503)
            #expect(try await status(of: "v1/atms", at: stub.baseURL) == 503)
            #expect(try await status(of: "v1/status", at: session.baseURL) == 200, "the scenario's own exception")
            try await stub.activateScenario(nil)
            #expect(try await status(of: "v1/atms", at: session.baseURL) == 200)
            await #expect(throws: StubControlError.self) { try await stub.activateScenario("no-such-scenario") }
        }
    }

    @Test func removingBehavioursLeavesOtherSessionsAlone() async throws {
        try await withStub { stub in
            let mine = try await stub.makeSession(prefix: "mine")
            let theirs = try await stub.makeSession(prefix: "theirs")
            try await mine.install(.status(503, on: "GET /v1/status"))
            try await theirs.install(.status(500, on: "GET /v1/status"))
            try await mine.removeBehaviours()
            #expect(try await status(mine).0 == 200)
            #expect(try await status(theirs).0 == 500)
        }
    }

    @Test func offlineAndFaultsDropTheConnection() async throws {
        try await withStub { stub in
            let session = try await stub.makeSession()
            try await session.install(.offline(except: ["GET /v1/atms"]))
            await #expect(throws: URLError.self) { _ = try await status(session) }
            #expect(try await session.requests(matching: "GET /v1/status").first?.fault == "reset")
            try await session.removeBehaviours()
            #expect(try await status(session).0 == 200)
        }
    }

    @Test func aDelayIsServedAndJournalled() async throws {
        try await withStub { stub in
            let session = try await stub.makeSession()
            try await session.install(.delay(.milliseconds(300), on: "GET /v1/status"))
            _ = try await status(session)
            let exchange = try await session.waitForRequest("GET /v1/status")
            #expect((exchange.latencyMs ?? 0) >= 300)
        }
    }

    @Test func aRefusedBehaviourComesBackTypedNamingTheField() async throws {
        try await withStub { stub in
            let session = try await stub.makeSession()
            let error = await #expect(throws: StubControlError.self) { try await session.install(.status(42, on: "GET /v1/status")) }
            #expect(error?.status == 400)
            #expect(error?.field == "status")
            let route = await #expect(throws: StubControlError.self) { try await session.install(.fault(.hang, on: "GET v1/{")) }
            #expect(route?.field == "route")
        }
    }

    @Test func waitsAreBoundedAndSayWhatArrived() async throws {
        try await withStub { stub in
            let session = try await stub.makeSession()
            _ = try await status(session)
            let missing = await #expect(throws: StubControlError.self) {
                try await session.waitForRequest("POST /v1/transfers", within: .milliseconds(200))
            }
            #expect(missing?.code == "request_not_seen")
            #expect(missing?.message.contains("GET /v1/status → 200") == true)
            try await session.expectNoFurtherRequest("POST /v1/transfers", within: .milliseconds(200))
            let extra = await #expect(throws: StubControlError.self) {
                try await session.expectNoFurtherRequest("GET /v1/status", within: .seconds(5), beyond: 0)
            }
            #expect(extra?.code == "unexpected_request")
            // With two beyond the count, the first of them is named.
            _ = try await status(session)
            let seen = try await session.requests(matching: "GET /v1/status")
            let first = try #require(seen.first)
            #expect(seen.count == 2)
            let named = await #expect(throws: StubControlError.self) {
                try await session.expectNoFurtherRequest("GET /v1/status", within: .seconds(5), beyond: 0)
            }
            #expect(named?.message.contains("sequence \(first.sequence))") == true, "\(named?.message ?? "")")
            // Beyond one, the second is the first one too many, and it is the one named.
            let second = try #require(seen.last)
            let beyondOne = await #expect(throws: StubControlError.self) {
                try await session.expectNoFurtherRequest("GET /v1/status", within: .seconds(5), beyond: 1)
            }
            #expect(beyondOne?.message.contains("sequence \(second.sequence))") == true, "\(beyondOne?.message ?? "")")
            #expect(beyondOne?.message.contains("at most 1 was expected") == true, "\(beyondOne?.message ?? "")")
        }
    }

    @Test func withSessionEndsTheSessionWhenTheTestReturnsOrThrows() async throws {
        struct Boom: Error {}
        try await withStub { stub in
            var name = ""
            await #expect(throws: Boom.self) {
                try await stub.withSession { session in
                    name = session.name
                    try await session.install(.status(500, on: "* /**"))
                    _ = try await status(session)
                    throw Boom()
                }
            }
            let after = stub.session(named: name)
            let journal = try await after.requests()
            let answer = try await status(after).0
            #expect(journal.isEmpty)
            #expect(answer == 200, "its behaviour is gone")

            // And when the body returns, the session ends too, and what it returned is given back.
            let (kept, returned) = try await stub.withSession { session in
                try await session.install(.status(503, on: "* /**"))
                return (session.name, try await status(session).0)
            }
            #expect(returned == 503)
            let ended = stub.session(named: kept)
            #expect(try await ended.requests().isEmpty, "its journal is gone")
            #expect(try await status(ended).0 == 200, "its behaviour is gone")
        }
    }

    /// A stub started with an admin token: the client that `fromEnvironment` makes sends
    /// `STUBBANK_ADMIN_TOKEN` and is let in; one without it gets the stub's refusal, typed, its
    /// code and status the envelope's.
    @Test func theAdminTokenComesFromTheEnvironmentAndARefusalIsTyped() async throws {
        var logger = Logger(label: "stub-control-tests")
        logger.logLevel = .critical
        var configuration = StubServerConfiguration(stubsDirectory: Self.root.appendingPathComponent("Stubs"))
        configuration.port = 0
        configuration.adminToken = "team-token-7"
        let host = try await LiveStub.start(configuration: configuration, logger: logger)
        let base = host.baseURL.absoluteString
        let named = StubControlClient.fromEnvironment(["STUBBANK_BASE_URL": base, "STUBBANK_ADMIN_TOKEN": "team-token-7",
                                                       "TEST_RUNNER_STUBBANK_BASE_URL": "http://10.0.0.2:9000"])
        #expect(named.baseURL.absoluteString == base, "STUBBANK_BASE_URL wins over the test runner's copy")
        await #expect(throws: Never.self) { try await named.makeSession().end() }
        let error = await #expect(throws: StubControlError.self) {
            _ = try await StubControlClient.fromEnvironment(["STUBBANK_BASE_URL": base]).makeSession()
        }
        #expect(error?.code == "admin_token_required" && error?.status == 401, "\(String(describing: error))")
        let wrong = await #expect(throws: StubControlError.self) {
            _ = try await StubControlClient(baseURL: host.baseURL, adminToken: "team-token-8").makeSession()
        }
        #expect(wrong?.code == "admin_token_required")
        await host.stop()
    }

    /// Something that answers the admin path but is not a stub (a proxy's error page): the error
    /// says so, with the status and the start of what came back. A stub whose answer cannot be
    /// read (another version's shape) is `unreadable_answer`, naming the path.
    @Test func answersThatAreNotTheStubsSayWhatCameBack() async throws {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [NotAStub.self]
        let session = URLSession(configuration: configuration)
        let proxy = StubControlClient(baseURL: URL(string: "http://proxy.invalid")!, urlSession: session)
        let error = await #expect(throws: StubControlError.self) { _ = try await proxy.makeSession() }
        #expect(error?.code == "unexpected_status" && error?.status == 502, "\(String(describing: error))")
        #expect(error?.message.contains("<h1>Bad Gateway</h1>") == true, "\(String(describing: error?.message))")
        let odd = StubControlClient(baseURL: URL(string: "http://odd.invalid")!, urlSession: session)
        let session2 = try await odd.makeSession()
        let unreadable = await #expect(throws: StubControlError.self) { _ = try await session2.requests() }
        #expect(unreadable?.code == "unreadable_answer" && unreadable?.message.contains("journal") == true,
                "\(String(describing: unreadable))")
    }

    @Test func anUnreachableStubIsATypedErrorNotAHang() async throws {
        let stub = StubControlClient(baseURL: URL(string: "http://127.0.0.1:1")!, timeout: .seconds(5))
        let error = await #expect(throws: StubControlError.self) { _ = try await stub.makeSession() }
        #expect(error?.code == "unreachable")
        #expect(StubControlClient.fromEnvironment(["TEST_RUNNER_STUBBANK_BASE_URL": "http://10.0.0.2:9000"]).baseURL.absoluteString == "http://10.0.0.2:9000")
    }

    @Test func matchersTakeRoutePatterns() {
        #expect(RequestMatcher("GET /v1/accounts/{id}/transactions").description == "GET /v1/accounts/{id}/transactions")
        #expect(RequestMatcher("* /v1/**").method == nil)
    }
}

/// Answers as things that are not a stub do: `proxy.invalid` a gateway's HTML error page,
/// `odd.invalid` any success with a body of another shape.
final class NotAStub: URLProtocol {
    override class func canInit(with request: URLRequest) -> Bool { request.url?.host?.hasSuffix(".invalid") == true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let url = request.url!
        let isProxy = url.host == "proxy.invalid"
        let status = isProxy ? 502 : 200
        let body = isProxy ? "<html><h1>Bad Gateway</h1></html>" : #"{"entries":"not a list"}"#
        let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1",
                                       headerFields: ["Content-Type": isProxy ? "text/html" : "application/json"])!
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: Data(body.utf8))
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}
}
