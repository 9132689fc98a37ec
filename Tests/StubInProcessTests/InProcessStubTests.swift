import BankingData
import BankingDomain
import BuiltInBank
import Foundation
import HTTPTypes
import Logging
import StubControl
import StubEngine
@testable import StubInProcess
import StubServer
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The stub answering URLSession inside the test process: the same route files, bank, sessions,
/// behaviours and journal as over a socket, faults as the platform's URLError, delays on an
/// injected clock, and a stub per test with nothing shared.
///
/// Every wait here is on a `TestClock`: a test waits minutes, hours or days of virtual time in
/// moments. A stub that slept on the wall clock as well would run for those minutes or days, and
/// the suite's time limit fails it. The limit is three minutes, not a stopwatch beside each wait:
/// a busy two-core machine once stalled every running test for a minute.
@Suite(.timeLimit(.minutes(3))) struct InProcessStubTests {
    static let stubs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Stubs")

    /// `GET path` through the stub's own session, as the code under test would send it.
    func get(_ url: URL, _ stub: InProcessStub, timeout: TimeInterval = 10) async throws -> (Data, HTTPURLResponse) {
        var request = URLRequest(url: url)
        request.timeoutInterval = timeout
        let (data, response) = try await stub.urlSession.data(for: request)
        return (data, try #require(response as? HTTPURLResponse))
    }

    /// The `URLError` code a request ends with, or nil when it is answered.
    func failure(_ url: URL, _ stub: InProcessStub, timeout: TimeInterval = 10) async -> URLError.Code? {
        do {
            _ = try await get(url, stub, timeout: timeout)
            return nil
        } catch let error as URLError {
            return error.code
        } catch {
            Issue.record("not a URLError: \(error)")
            return nil
        }
    }

    @Test func aRouteAnswersInProcessWhatItAnswersOverASocket() async throws {
        let stub = try InProcessStub(stubs: Self.stubs, bank: .builtIn)
        let (inProcess, response) = try await get(stub.baseURL.appendingPathComponent("v1/atms"), stub)
        var logger = Logger(label: "in-process-tests")
        logger.logLevel = .critical
        let host = try await LiveStub.start(stubs: Self.stubs, logger: logger)
        var request = URLRequest(url: host.baseURL.appendingPathComponent("v1/atms"))
        request.timeoutInterval = 10
        let (overSocket, socketResponse) = try await URLSession.shared.data(for: request)
        await host.stop()
        #expect(response.statusCode == 200)
        #expect(response.statusCode == (socketResponse as? HTTPURLResponse)?.statusCode)
        #expect(response.value(forHTTPHeaderField: "Content-Type") == (socketResponse as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type"))
        #expect(response.value(forHTTPHeaderField: "X-Request-Id") != nil)
        #expect(inProcess == overSocket)
        #expect(inProcess.count > 1000)
    }

    /// Many requests at once on one session: swift-corelibs-foundation's URLSession keeps its
    /// tasks in a table only its own queue may touch, and a protocol that answered from another
    /// thread crashed it now and then under this load. Answers that need no wait are given on
    /// URLSession's own queue.
    @Test func manyConcurrentRequestsOnOneSessionAllAnswer() async throws {
        let stub = try InProcessStub(stubs: Self.stubs, bank: .builtIn)
        let url = stub.baseURL.appendingPathComponent("v1/status")
        let answered = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<16 {
                group.addTask {
                    var ok = 0
                    for _ in 0..<400 where try await get(url, stub).1.statusCode == 200 { ok += 1 }
                    return ok
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(answered == 6400)
    }

    /// Requests sent at once on the stub's own session may be decided at once, on other threads
    /// than URLSession's queue (`NothingStoredCache`): each still gets its own answer.
    @Test func requestsSentAtOnceEachGetTheirOwnAnswer() async throws {
        let stub = try InProcessStub(stubs: Self.stubs)
        try stub.route("GET /v1/echo/{n}") { request in .text("n=\(request.parameters["n"] ?? "")") }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for round in 0..<200 {
                        let n = "\(task)-\(round)"
                        let (body, response) = try await get(stub.baseURL.appendingPathComponent("v1/echo/\(n)"), stub)
                        #expect(response.statusCode == 200 && String(decoding: body, as: UTF8.self) == "n=\(n)")
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    @Test func theReferenceClientSignsInReadsAndPaysThroughItsOwnLayers() async throws {
        let stub = try InProcessStub(stubs: Self.stubs, bank: .builtIn)
        let client = await BankingClient(transport: URLSessionTransport(baseURL: stub.baseURL, session: stub.urlSession),
                                         signingKey: APIEnvironment.dev.signingKey)
        _ = try await client.auth.signIn(username: "alex", password: "pass_good")
        let accounts = try await client.accounts.accounts()
        #expect(accounts.count == 3)
        let account = try await client.accounts.account(id: "acc_alex_current")
        let key = "in-process-\(UUID().uuidString)"
        let draft = TransferDraft(fromAccountId: account.id, beneficiaryId: "ben_sam", amount: Money(25, .eur), reference: "Pizza")
        let first = try await client.transfers.submit(draft, idempotencyKey: key)
        #expect(try await client.transfers.submit(draft, idempotencyKey: key) == first)
        #expect(try await client.accounts.account(id: account.id).availableBalance.amount == account.availableBalance.amount - 25)
    }

    @Test func aSessionPerTestWithTypedBehavioursAndTheJournal() async throws {
        let stub = try InProcessStub(stubs: Self.stubs, bank: .builtIn)
        try await stub.control.withSession(prefix: "unit") { session in
            try await session.install(.status(503, on: "GET /v1/status", headers: ["Retry-After": "120"], for: .requests(1)))
            let (_, first) = try await get(session.baseURL.appendingPathComponent("v1/status"), stub)
            #expect(first.statusCode == 503)
            #expect(first.value(forHTTPHeaderField: "Retry-After") == "120")
            #expect(try await get(session.baseURL.appendingPathComponent("v1/status"), stub).1.statusCode == 200)
            let seen = try await session.waitForRequest("GET /v1/status", within: .seconds(5))
            #expect(seen.status == 503)
            #expect(try await session.requests(matching: "GET /v1/status").map(\.status) == [503, 200])
        }
    }

    @Test func theReferenceClientMeetsAFaultAsOnADevice() async throws {
        let stub = try InProcessStub(stubs: Self.stubs, bank: .builtIn)
        let session = try await stub.control.makeSession()
        try await session.install(.fault(.reset, on: "GET /v1/status"))
        let client = await BankingClient(transport: URLSessionTransport(baseURL: session.baseURL, session: stub.urlSession),
                                         signingKey: APIEnvironment.dev.signingKey)
        await #expect(throws: BankingError.connectionLost) { _ = try await client.status.status() }
        #expect(try await session.requests(matching: "GET /v1/status").first?.fault == "reset")
    }

    static var platformFaults: [(StubBehaviour.Fault, URLError.Code)] {
        #if canImport(Darwin)
        [(.reset, .networkConnectionLost), (.resetAfter, .networkConnectionLost), (.empty, .networkConnectionLost),
         (.truncated, .networkConnectionLost), (.hang, .timedOut)]
        #else
        [(.reset, .networkConnectionLost), (.resetAfter, .networkConnectionLost), (.empty, .badServerResponse),
         (.truncated, .unknown), (.hang, .timedOut)]
        #endif
    }

    @Test(arguments: platformFaults)
    func eachFaultIsThePlatformsURLError(fault: StubBehaviour.Fault, expected: URLError.Code) async throws {
        let clock = TestClock()
        let stub = try InProcessStub(stubs: Self.stubs, bank: .builtIn, clock: clock)
        let session = try await stub.control.makeSession()
        try await session.install(.fault(fault, on: "GET /v1/atms"))
        // The hang's timeout of a day passes on the virtual clock (on the wall clock, the suite's
        // time limit would end it).
        #expect(await failure(session.baseURL.appendingPathComponent("v1/atms"), stub, timeout: 86_400) == expected)
        #expect(clock.elapsed == (fault == .hang ? .seconds(86_400) : .zero))
        #expect(try await session.requests(matching: "GET /v1/atms").first?.fault == fault.rawValue)
    }

    /// A hang lasts until the client gives up, however long it is willing to wait: URLRequest's
    /// default 60 s, 90 s, or no limit at all (URLSession's resource timeout, 7 days, ends it).
    @Test(arguments: [60, 90, TimeInterval.infinity])
    func aHangLastsUntilTheRequestsOwnTimeout(timeout: TimeInterval) async throws {
        let clock = TestClock()
        let stub = try InProcessStub(stubs: Self.stubs, bank: .builtIn, clock: clock)
        let session = try await stub.control.makeSession()
        try await session.install(.fault(.hang, on: "GET /v1/atms"))
        #expect(await failure(session.baseURL.appendingPathComponent("v1/atms"), stub, timeout: timeout) == .timedOut)
        #expect(clock.elapsed == (timeout.isFinite ? .seconds(timeout) : .seconds(7 * 86_400)))
    }

    /// A `TestClock` is also the stub's `now`: a template reads it, and moving the clock moves it.
    @Test func aTestClockIsTheStubsNow() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stubbank-now-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("routes"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("""
            routes:
              - request: { method: GET, path: /now }
                responses:
                  - status: 200
                    body: '{{#now}}epoch{{/now}}'
            """.utf8).write(to: folder.appendingPathComponent("routes/now.yaml"))
        let clock = TestClock(Date(timeIntervalSince1970: 1_800_000_000))
        let stub = try InProcessStub(stubs: folder, clock: clock)
        func now() async throws -> String {
            var request = URLRequest(url: stub.baseURL.appendingPathComponent("now"))
            request.timeoutInterval = 10
            return String(decoding: try await stub.urlSession.data(for: request).0, as: UTF8.self)
        }
        #expect(try await now() == "1800000000")
        clock.advance(by: .seconds(90))
        #expect(try await now() == "1800000090")
    }

    @Test func aDelayTakesVirtualTimeNotWallTime() async throws {
        let clock = TestClock()
        let stub = try InProcessStub(stubs: Self.stubs, bank: .builtIn, clock: clock)
        let session = try await stub.control.makeSession()
        // Ten minutes of virtual delay (the longest a behaviour allows) inside a twenty-minute
        // timeout. Had the stub slept on the wall clock as well, the request would take ten
        // minutes, and the suite's time limit of three ends it.
        try await session.install(.delay(.seconds(600), on: "GET /v1/status"))
        #expect(try await get(session.baseURL.appendingPathComponent("v1/status"), stub, timeout: 1200).1.statusCode == 200)
        #expect(clock.elapsed == .seconds(600))
    }

    @Test func aDelayPastTheRequestsTimeoutTimesOutAtTheTimeout() async throws {
        let clock = TestClock()
        let stub = try InProcessStub(stubs: Self.stubs, bank: .builtIn, clock: clock)
        let session = try await stub.control.makeSession()
        try await session.install(.delay(.seconds(90), on: "GET /v1/status"))
        #expect(await failure(session.baseURL.appendingPathComponent("v1/status"), stub, timeout: 5) == .timedOut)
        #expect(clock.elapsed == .seconds(5))
        #expect(try await session.requests(matching: "GET /v1/status").first?.status == nil)
    }

    /// A delay exactly as long as the timeout times out, as URLSession's timer fires first; one
    /// just under it is answered.
    @Test func aDelayAsLongAsTheTimeoutTimesOut() async throws {
        let stub = try InProcessStub(stubs: Self.stubs, bank: .builtIn, clock: TestClock())
        let session = try await stub.control.makeSession()
        try await session.install(.delay(.seconds(5), on: "GET /v1/status"))
        #expect(await failure(session.baseURL.appendingPathComponent("v1/status"), stub, timeout: 5) == .timedOut)
        #expect(await failure(session.baseURL.appendingPathComponent("v1/status"), stub, timeout: 5.001) == nil)
    }

    /// The timeout a wait is held to is the request's `timeoutInterval`; none (zero or less, as
    /// a hand-built `URLRequest` may carry) is URLSession's default of 60 s, never an instant one.
    @Test func aRequestWithoutATimeoutWaitsUpToTheDefault() async throws {
        let stub = try InProcessStub(stubs: Self.stubs, bank: .builtIn, clock: TestClock())
        let session = try await stub.control.makeSession()
        try await session.install(.delay(.seconds(5), on: "GET /v1/status"))
        for (given, expected) in [(0.0, Duration.seconds(60)), (-1, .seconds(60)), (2.5, .milliseconds(2500))] {
            let url = session.baseURL.appendingPathComponent("v1/status")
            var request = URLRequest(url: url)
            request.timeoutInterval = given
            let located = try #require(InProcessHosts.shared.locate(url))
            guard case .later(let pending) = stub.exchange.start(request, url: url, at: located, body: Data()) else {
                Issue.record("a delayed answer has to wait"); continue
            }
            #expect(pending.timeout == expected, "timeoutInterval \(given)")
        }
    }

    /// A request the app cancels while the stub delays it: URLSession ends it as cancelled, and
    /// the stub stops waiting (`stopLoading`) and journals it unanswered at once, rather than
    /// answering it when the delay is over (which, on Linux, crashes URLSession). No bound here
    /// is on time a busy machine could miss: the delay is 30 s, the journal is looked at within 10.
    @Test func aCancelledRequestStopsTheStubWaitingOnIt() async throws {
        let stub = try InProcessStub(stubs: Self.stubs, bank: .builtIn)
        let session = try await stub.control.makeSession()
        try await session.install(.delay(.seconds(30), on: "GET /v1/status"))
        let url = session.baseURL.appendingPathComponent("v1/status")
        let request = Task { await failure(url, stub) }
        try await Task.sleep(for: .milliseconds(500))  // the stub has it and waits
        request.cancel()
        #expect(await request.value == .cancelled)
        let seen = try await session.waitForRequest("GET /v1/status", within: .seconds(10))
        #expect(seen.status == nil, "journalled unanswered when the wait was cancelled, not after 30 s: \(seen)")
    }

    @Test func offlineFailsAtOnceAndTheStubSeesNothing() async throws {
        let stub = try InProcessStub(stubs: Self.stubs, bank: .builtIn)
        let session = try await stub.control.makeSession()
        stub.isOffline = true
        #expect(await failure(session.baseURL.appendingPathComponent("v1/status"), stub) == .notConnectedToInternet)
        stub.isOffline = false
        #expect(try await session.requests().isEmpty)
        #expect(try await get(session.baseURL.appendingPathComponent("v1/status"), stub).1.statusCode == 200)
    }

    @Test func stubsInParallelShareNothing() async throws {
        let statuses = [500, 502, 503, 504, 429, 418, 451, 507]
        try await withThrowingTaskGroup(of: (Int, Int).self) { group in
            for status in statuses {
                group.addTask {
                    let stub = try InProcessStub(stubs: Self.stubs, bank: .builtIn)
                    let session = try await stub.control.makeSession()
                    try await session.install(.status(status, on: "GET /v1/status"))
                    let (_, response) = try await get(session.baseURL.appendingPathComponent("v1/status"), stub)
                    #expect(try await session.requests().count == 1)
                    return (status, response.statusCode)
                }
            }
            for try await (asked, seen) in group { #expect(asked == seen) }
        }
    }

    @Test func aRequestForAnotherHostIsNotTheStubs() async throws {
        let stub = try InProcessStub(stubs: Self.stubs, bank: .builtIn)
        #expect(StubURLProtocol.canInit(with: URLRequest(url: stub.baseURL.appendingPathComponent("v1/status"))))
        #expect(!StubURLProtocol.canInit(with: URLRequest(url: URL(string: "http://127.0.0.1:1/v1/status")!)))
        #expect(!StubURLProtocol.canInit(with: URLRequest(url: URL(string: "http://other.stubbank.invalid/v1/status")!)))
        // A URL that ends inside or just after its scheme's `://` is no stub's, and is not read past its end.
        for text in ["a:/", "a:", "x:", "mailto:x", "http:/", "http://"] {
            let url = try #require(URL(string: text), "\(text)")
            #expect(!StubURLProtocol.canInit(with: URLRequest(url: url)), "\(text)")
        }
    }

    /// The stub's own sessions store nothing (a lookup could only miss, and a real cache costs
    /// more than the answer; on Linux their cache is `NothingStoredCache`, which finds nothing,
    /// keeps nothing it is given and has no folder), and an app's own cache never keeps a stub's
    /// answer, however cacheable it says it is: the next request is the stub's again. (On Linux
    /// the last half held, when tried, with a protocol that allowed storage: swift-corelibs-foundation
    /// stored nothing a custom protocol answered. It states the contract the protocol's
    /// `.notAllowed` keeps elsewhere.)
    @Test func noURLCacheEverServesAStubsAnswer() async throws {
        let stub = try InProcessStub(stubs: Self.stubs)
        #if canImport(FoundationNetworking)
        for cache in [stub.urlSession.configuration.urlCache, stub.configuration.urlCache] {
            let cache = try #require(cache as? NothingStoredCache)
            let url = stub.baseURL.appendingPathComponent("v1/anything")
            let request = URLRequest(url: url)
            let response = try #require(HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1",
                                                        headerFields: ["Cache-Control": "max-age=600"]))
            cache.storeCachedResponse(CachedURLResponse(response: response, data: Data("kept?".utf8)), for: request)
            #expect(cache.cachedResponse(for: request) == nil)
            #expect(cache.currentDiskUsage == 0 && cache.currentMemoryUsage == 0)
        }
        #else
        #expect(stub.urlSession.configuration.urlCache == nil)
        #expect(stub.configuration.urlCache == nil)
        #endif
        #expect(stub.configuration.protocolClasses?.first == StubURLProtocol.self)
        let counter = Counter()
        try stub.route("GET /v1/cacheable") { _ in
            .text("answer \(counter.next())", headers: ["Cache-Control": "public, max-age=600", "ETag": "\"e\""])
        }
        let app = URLSessionConfiguration.ephemeral
        app.urlCache = URLCache(memoryCapacity: 1 << 20, diskCapacity: 0, diskPath: nil)
        stub.install(into: app)
        let session = URLSession(configuration: app)
        let url = stub.baseURL.appendingPathComponent("v1/cacheable")
        for expected in 1...2 {
            let (body, _) = try await session.data(for: URLRequest(url: url))
            #expect(String(decoding: body, as: UTF8.self) == "answer \(expected)")
        }
    }

    /// Apple's URLSession hands a custom protocol the body as a stream: it is read whole, past
    /// the 16 KiB of one read.
    @Test func aBodyGivenAsAStreamIsReadWhole() {
        var request = URLRequest(url: URL(string: "http://x.stubbank.invalid/v1/upload")!)
        let big = Data((0..<40_000).map { UInt8($0 % 251) })
        request.httpBodyStream = InputStream(data: big)
        #expect(StubURLProtocol.body(of: request) == big)
        request.httpBody = Data("given".utf8)
        #expect(StubURLProtocol.body(of: request) == Data("given".utf8), "httpBody, when there is one, is the body")
        #expect(StubURLProtocol.body(of: URLRequest(url: URL(string: "http://x.stubbank.invalid/")!)).isEmpty)
    }

    /// A body reaches the stub with its `Content-Length`, as URLSession sends it over a socket, so
    /// "what the app sent" reads the same in process.
    @Test func aRequestsBodyArrivesWithItsLength() async throws {
        let stub = try InProcessStub(stubs: Self.stubs, bank: .builtIn)
        let session = try await stub.control.makeSession()
        var request = URLRequest(url: session.baseURL.appendingPathComponent("v1/auth/token"))
        request.httpMethod = "POST"
        request.timeoutInterval = 10
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let body = Data(#"{"grant_type":"password","username":"alex","password":"not-the-password"}"#.utf8)
        request.httpBody = body
        _ = try await stub.urlSession.data(for: request)
        let sent = try #require(try await session.requests(matching: "POST /v1/auth/token").first)
        #expect(sent.header("Content-Length") == String(body.count))
    }

    /// A request without a body goes without `Content-Length`, as URLSession sends a GET over a
    /// socket; a POST with an empty body says 0 only when the app set it.
    @Test func aRequestWithoutABodyHasNoLength() async throws {
        let stub = try InProcessStub(stubs: Self.stubs)
        try stub.route("* /v1/echo-length") { request in .text(request.header("content-length") ?? "none") }
        let (body, _) = try await get(stub.baseURL.appendingPathComponent("v1/echo-length"), stub)
        #expect(String(decoding: body, as: UTF8.self) == "none")
        var post = URLRequest(url: stub.baseURL.appendingPathComponent("v1/echo-length"))
        post.httpMethod = "POST"
        post.httpBody = Data("abc".utf8)
        let (sent, _) = try await stub.urlSession.data(for: post)
        #expect(String(decoding: sent, as: UTF8.self) == "3")
    }

    /// Repeated fields of an answer arrive in one `HTTPURLResponse` field, joined with ", " as
    /// URLSession joins them off a socket, and none is lost.
    @Test func repeatedAnswerFieldsArriveJoined() throws {
        var fields = HTTPFields()
        fields.append(HTTPField(name: .init("Link")!, value: "</v1/a?page=2>; rel=\"next\""))
        fields.append(HTTPField(name: .init("Link")!, value: "</v1/a?page=9>; rel=\"last\""))
        fields.append(HTTPField(name: .contentType, value: "application/json"))
        let url = try #require(URL(string: "http://x.stubbank.invalid/v1/a"))
        let response = try #require(InProcessExchange.urlResponse(status: 200, headers: fields, url: url))
        #expect(response.value(forHTTPHeaderField: "Link") == "</v1/a?page=2>; rel=\"next\", </v1/a?page=9>; rel=\"last\"")
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json")
    }

    /// A host name is case-insensitive (RFC 3986 §3.2.2): the stub's host written in capitals
    /// still reaches it, and the answer is the stub's.
    @Test func theStubsHostInCapitalsIsStillTheStubs() async throws {
        let stub = try InProcessStub(stubs: Self.stubs, bank: .builtIn)
        let shouted = try #require(URL(string: "http://\(stub.baseURL.host!.uppercased())/v1/status"))
        #expect(StubURLProtocol.canInit(with: URLRequest(url: shouted)))
        let (_, response) = try await get(shouted, stub)
        #expect(response.statusCode == 200)
        #expect(response.value(forHTTPHeaderField: "X-Request-Id")?.hasPrefix("req_") == true)
    }

    /// The stub is found from the URL's text: its host with a user, a port, a query or a
    /// fragment around it is still the stub's; a host one digit short or long, with a letter
    /// that is not a hex digit, or with the suffix misspelt is not. A stub that is gone takes
    /// its host with it.
    @Test func theStubIsFoundByItsHostWhateverSurroundsIt() throws {
        var stub: InProcessStub? = try InProcessStub(stubs: Self.stubs)
        let host = try #require(stub?.baseURL.host)
        #expect(host.count == 16 + ".stubbank.invalid".count)
        #expect(host.prefix(16).allSatisfy { $0.isHexDigit })
        for text in ["http://\(host)", "http://\(host)/", "https://\(host):8443/v1/a?b=c#d", "http://alex:pw@\(host)/v1/a",
                     "http://a@b@\(host)/v1", "http://\(host)?q=1", "http://\(host)#top", "HTTP://\(host.uppercased())/V1"] {
            let url = try #require(URL(string: text), "\(text)")
            #expect(InProcessHosts.shared.locate(url)?.target === stub?.target, "\(text)")
            #expect(InProcessHosts.isStubHost(url), "\(text)")
        }
        let digits = host.prefix(16)
        for text in ["http://\(digits.dropLast()).stubbank.invalid/", "http://\(digits)0.stubbank.invalid/",
                     "http://\(digits.dropLast())g.stubbank.invalid/", "http://\(digits).stubbank.invalld/",
                     "http://\(digits).stubbank.invalid.example/", "http://other.example/\(host)", "http://other.example/?h=\(host)",
                     "http://\(host)@other.example/"] {
            let url = try #require(URL(string: text), "\(text)")
            #expect(InProcessHosts.shared.locate(url)?.target == nil, "\(text)")
            #expect(!InProcessHosts.isStubHost(url), "\(text)")
        }
        let url = try #require(stub?.baseURL)
        stub = nil
        #expect(InProcessHosts.shared.locate(url)?.target == nil)
        #expect(InProcessHosts.host(id: 0xAB) == "00000000000000ab.stubbank.invalid")
    }

    /// A request for a stub that is gone is still the protocol's (its host has a stub's shape),
    /// and fails at once saying why, rather than going on to a DNS lookup of `.invalid`.
    @Test func aRequestForAStubThatIsGoneFailsSayingSo() async throws {
        var stub: InProcessStub? = try InProcessStub(stubs: Self.stubs)
        let configuration = try #require(stub?.configuration)
        let url = try #require(stub?.baseURL.appendingPathComponent("v1/status"))
        stub = nil
        #expect(StubURLProtocol.canInit(with: URLRequest(url: url)))
        let session = URLSession(configuration: configuration)
        do {
            _ = try await session.data(for: URLRequest(url: url))
            Issue.record("a request for a gone stub was answered")
        } catch let error as URLError {
            #expect(error.code == .cannotConnectToHost)
            #expect(error.localizedDescription.contains("is gone"), "\(error.localizedDescription)")
        }
    }

    /// The seed a test gives decides every random draw (a behaviour's probability here): the
    /// same seed twice draws the same, another seed draws otherwise.
    @Test func theSeedGivenDecidesEveryDraw() async throws {
        func draws(seed: UInt64) async throws -> [Int] {
            let stub = try InProcessStub(stubs: Self.stubs, seed: seed)
            try stub.route("GET /v2/rates") { _ in .json(#"{"EUR":"1.00"}"#) }
            var flaky = StubBehaviour.status(503, on: "GET /v2/rates")
            flaky.probability = 0.5
            return try await stub.control.withSession { session in
                _ = try await session.install(flaky)
                var statuses: [Int] = []
                for _ in 0..<24 { statuses.append(try await get(session.baseURL.appendingPathComponent("v2/rates"), stub).1.statusCode) }
                return statuses
            }
        }
        let seven = try await draws(seed: 7)
        #expect(Set(seven) == [200, 503])
        #expect(try await draws(seed: 7) == seven)
        #expect(try await draws(seed: 1) != seven)
    }

    /// The engine hears the host and port as the URL writes them, as a socket's `Host` would
    /// carry them, so the admin API's same-origin check passes a page of the stub's own origin;
    /// and the path and query as they would go on the wire: still percent-encoded, `/` for no
    /// path, without the fragment.
    @Test func theAuthorityIsTheHostAndPortAsWritten() async throws {
        let stub = try InProcessStub(stubs: Self.stubs)
        let host = try #require(stub.baseURL.host)
        let shouted = host.prefix(16) + host.dropFirst(16).uppercased()
        for (text, authority, target) in [("http://\(host)/v1", host, "/v1"),
                                          ("https://alex:pw@\(host):8443/v1?a=b#c", "\(host):8443", "/v1?a=b"),
                                          ("http://\(shouted)", "\(shouted)", "/"), ("http://\(host):80?q=%2F", "\(host):80", "/?q=%2F"),
                                          ("http://\(host)/a%2Fb/%2520#x?y", host, "/a%2Fb/%2520")] {
            let url = try #require(URL(string: text), "\(text)")
            let located = try #require(InProcessHosts.shared.locate(url), "\(text)")
            #expect(located.authority == authority, "\(text)")
            #expect(located.requestTarget == target, "\(text)")
        }
        let url = try #require(URL(string: "http://\(host):8443/__stubbank/journal"))
        var same = URLRequest(url: url)
        same.setValue("http://\(host):8443", forHTTPHeaderField: "Origin")
        let sameResponse = try await stub.urlSession.data(for: same).1 as? HTTPURLResponse
        #expect(sameResponse?.statusCode == 200)
        var other = URLRequest(url: url)
        other.setValue("http://\(host):9000", forHTTPHeaderField: "Origin")
        let otherResponse = try await stub.urlSession.data(for: other).1 as? HTTPURLResponse
        #expect(otherResponse?.statusCode == 403)
    }

    /// The stub decides a request when URLSession creates its protocol, before `startLoading`:
    /// with a URL cache, swift-corelibs-foundation creates it off the session's serial queue, so
    /// the engine's work leaves that queue. A `GET`, a `HEAD` and a request with a body are
    /// decided then; a request without a body whose method may carry one (an upload task's,
    /// perhaps, whose body the protocol never sees) waits for `startLoading`, where its task is known.
    @Test func aRequestIsDecidedWhenItsProtocolIsMadeUnlessItMayBeAnUpload() throws {
        let stub = try InProcessStub(stubs: Self.stubs, bank: .builtIn)
        func made(_ method: String, body: Data? = nil, stream: Bool = false) -> Int {
            var request = URLRequest(url: stub.baseURL.appendingPathComponent("v1/status"))
            request.httpMethod = method
            if stream { request.httpBodyStream = InputStream(data: body ?? Data()) } else { request.httpBody = body }
            let before = stub.backend.journal.entries().count
            _ = StubURLProtocol(request: request, cachedResponse: nil, client: nil)
            return stub.backend.journal.entries().count - before
        }
        #expect(made("GET") == 1)
        #expect(made("HEAD") == 1)
        #expect(made("POST", body: Data("{}".utf8)) == 1)
        #expect(made("PUT", body: Data("{}".utf8), stream: true) == 1)
        #expect(made("POST") == 0)
        #expect(made("DELETE") == 0)
    }

    @Test func anUploadTasksBodyCannotReachAURLProtocolAndTheFailureSaysSo() async throws {
        let stub = try InProcessStub(stubs: Self.stubs, bank: .builtIn)
        var request = URLRequest(url: stub.baseURL.appendingPathComponent("v1/auth/token"))
        request.httpMethod = "POST"
        request.timeoutInterval = 10
        do {
            _ = try await stub.urlSession.upload(for: request, from: Data(#"{"username":"alex"}"#.utf8))
            Issue.record("an upload task was answered without its body")
        } catch let error as URLError {
            #expect(error.code == .unsupportedURL)
            #expect(error.localizedDescription.contains("httpBody"))
        }
        #expect(stub.backend.journal.entries().isEmpty, "the stub saw an upload task's request without its body")
        request.httpBody = Data(#"{"username":"alex","password":"pass_good"}"#.utf8)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        #expect(try await stub.urlSession.data(for: request).1 is HTTPURLResponse)
    }

    @Test func aMalformedStubsFolderIsRefusedWithTheFileAndTheReason() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("in-process-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("routes"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("routes:\n  - request: { method: GET }\n".utf8).write(to: folder.appendingPathComponent("routes/broken.yaml"))
        #expect { _ = try InProcessStub(stubs: folder) } throws: { error in
            "\(error)".contains("broken.yaml")
        }
    }

    /// The bank comes only when a test asks for it: the same folder without `bank:` serves its
    /// route files, and a bank path is the near-miss 404, not the bank's answer.
    @Test func withoutTheBankOnlyTheRouteFilesAnswer() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("in-process-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("routes"), withIntermediateDirectories: true)
        for bankFolder in ["personas", "common"] {
            try FileManager.default.copyItem(at: Self.stubs.appendingPathComponent(bankFolder), to: folder.appendingPathComponent(bankFolder))
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("""
        routes:
          - request: { method: GET, path: /v2/rates }
            responses:
              - { status: 200, body: { EUR: "1.00" } }
        """.utf8).write(to: folder.appendingPathComponent("routes/rates.yaml"))
        let alone = try InProcessStub(stubs: folder)
        let (rates, ratesResponse) = try await get(alone.baseURL.appendingPathComponent("v2/rates"), alone)
        #expect(ratesResponse.statusCode == 200)
        #expect(String(decoding: rates, as: UTF8.self).contains("EUR"))
        #expect(try await get(alone.baseURL.appendingPathComponent("v1/atms"), alone).1.statusCode == 404)
        let withBank = try InProcessStub(stubs: folder, bank: .builtIn)
        #expect(try await get(withBank.baseURL.appendingPathComponent("v1/atms"), withBank).1.statusCode == 200)
        #expect(try await get(withBank.baseURL.appendingPathComponent("v2/rates"), withBank).1.statusCode == 200)
    }

    /// URLSession joins a repeated field before the stub sees it, but over a socket (the same
    /// route in `.live` mode) a field can come twice, in two cases: an inline route sees it once,
    /// under its first spelling, its values joined in order.
    @Test func anInlineRouteSeesAFieldSentTwiceOnceWithBothValues() {
        var fields = HTTPFields()
        fields.append(HTTPField(name: HTTPField.Name("X-Tag")!, value: "a"))
        fields.append(HTTPField(name: HTTPField.Name("Accept")!, value: "*/*"))
        fields.append(HTTPField(name: HTTPField.Name("x-tag")!, value: "b"))
        var request = StubRequest.verification(path: "/p")
        request.headers = fields
        let inline = InlineRequest(request, parameters: [:])
        #expect(inline.headers == ["X-Tag": "a, b", "Accept": "*/*"])
        #expect(inline.header("X-TAG") == "a, b")
    }
}

/// Counts the calls of an inline route, from whatever thread the engine calls it on.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func next() -> Int {
        lock.withLock {
            value += 1
            return value
        }
    }
}
