public import Foundation

/// One test's namespace in the stub: its base URL for the app, its behaviours and its journal.
public struct StubSession: Sendable {
    /// The session's name, such as `test-3f9a0c1e`.
    public let name: String
    let control: StubControlClient

    /// How often a wait reads the journal.
    static let pollInterval = Duration.milliseconds(50)

    /// The base URL the app should use: `<stub>/_s/<name>`, so every request carries the session.
    public var baseURL: URL { control.baseURL.appendingPathComponent("_s").appendingPathComponent(name) }

    /// What to merge into `XCUIApplication.launchEnvironment`: `STUBBANK_BASE_URL` (or the key the
    /// app reads) set to `baseURL`.
    ///
    /// With `offline: true` the app is launched against a port nothing listens on (loopback port
    /// 1, same session path): every connection is refused at once, so the platform reports
    /// `cannotConnectToHost`, which apps read as "offline", and nothing reaches the stub. To lose
    /// the connection after launch instead, install `.offline()`, which drops every connection
    /// (`networkConnectionLost`).
    public func launchEnvironment(key: String = "STUBBANK_BASE_URL", offline: Bool = false) -> [String: String] {
        guard offline else { return [key: baseURL.absoluteString] }
        var refused = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)!
        refused.host = "127.0.0.1"
        refused.port = 1
        return [key: refused.url!.absoluteString]
    }

    /// `launchEnvironment(key: "STUBBANK_BASE_URL")`.
    public var launchEnvironment: [String: String] { launchEnvironment() }

    // MARK: Behaviours

    /// Installs a behaviour for this session only; returns its id for `remove(_:)`.
    @discardableResult
    public func install(_ behaviour: StubBehaviour) async throws(StubControlError) -> String {
        try await install(json: try StubControlClient.encode(behaviour.json))
    }

    /// Installs a behaviour written in the stub's own JSON (as a contract case's `given:` holds it).
    @discardableResult
    public func install(json: Data) async throws(StubControlError) -> String {
        let data = try await control.transport.send("POST", "behaviours", query: ["session": name], body: json, expect: [201])
        struct Installed: Decodable { var id: String }
        return try control.transport.decode(Installed.self, data, from: "behaviours").id
    }

    /// Removes one installed behaviour.
    public func remove(_ id: String) async throws(StubControlError) {
        _ = try await control.transport.send("DELETE", "behaviours/\(id)", expect: [204])
    }

    /// Removes every behaviour of this session.
    public func removeBehaviours() async throws(StubControlError) {
        _ = try await control.transport.send("DELETE", "behaviours", query: ["session": name], expect: [204])
    }

    /// Lets the session's access tokens run out now, so the app's next call meets a real 401
    /// and must refresh.
    public func expireTokens() async throws(StubControlError) {
        _ = try await control.transport.send("POST", "tokens/expire", query: ["session": name], expect: [200])
    }

    /// Clears the session: behaviours, journal, route-file counters and the bank's state.
    public func reset() async throws(StubControlError) {
        _ = try await control.transport.send("POST", "reset", query: ["session": name], expect: [200])
    }

    /// The end of a test: the same as `reset()`, so nothing it installed outlives it.
    public func end() async throws(StubControlError) { try await reset() }

    // MARK: The journal

    /// The session's requests matching `matcher`, oldest first (at most the newest 2,000).
    public func requests(matching matcher: RequestMatcher = .any) async throws(StubControlError) -> [StubExchange] {
        let data = try await control.transport.send("GET", "journal", query: ["session": name, "limit": "2000"], expect: [200])
        struct Page: Decodable { var data: [StubExchange] }
        return try control.transport.decode(Page.self, data, from: "journal").data.reversed().filter(matcher.matches)
    }

    /// One exchange in full: what the app sent (headers and body) and what the stub answered.
    /// `try await session.detail(of: exchange).request?.decode(TransferRequest.self)`. The
    /// journal keeps bodies for its newest 200 exchanges; an older one comes back with `note` set.
    public func detail(of exchange: StubExchange) async throws(StubControlError) -> StubExchangeDetail {
        let data = try await control.transport.send("GET", "journal/\(exchange.sequence)", expect: [200])
        return try control.transport.decode(StubExchangeDetail.self, data, from: "journal/\(exchange.sequence)")
    }

    /// Waits, at most `timeout`, until the app has sent a request matching `matcher`, and gives it back:
    /// the oldest such request in the session. With `after`, only requests later than that journal
    /// sequence count (`after: earlier.sequence` waits for the next one).
    @discardableResult
    public func waitForRequest(_ matcher: RequestMatcher, within timeout: Duration = .seconds(5),
                               after sequence: Int? = nil) async throws(StubControlError) -> StubExchange {
        let deadline = control.clock.now.advanced(by: timeout)
        while true {
            let seen = try await requests()
            if let found = seen.first(where: { matcher.matches($0) && $0.sequence > (sequence ?? 0) }) { return found }
            guard control.clock.now < deadline else {
                let others = seen.suffix(5).map { "\($0.method) \($0.path) → \($0.status.map(String.init) ?? $0.fault ?? "?")" }
                throw StubControlError(status: nil, code: "request_not_seen", message: "no \(matcher) reached session \(name) within \(timeout)"
                                       + (others.isEmpty ? "; it received nothing" : "; it received: \(others.joined(separator: ", "))"))
            }
            try await pause()
        }
    }

    /// Watches for `duration` and fails as soon as more than `count` requests match `matcher`
    /// (by default, more than have arrived so far): "no second transfer within 2 s".
    public func expectNoFurtherRequest(_ matcher: RequestMatcher, within duration: Duration,
                                       beyond count: Int? = nil) async throws(StubControlError) {
        let before: Int
        if let count { before = count } else { before = try await requests(matching: matcher).count }
        let deadline = control.clock.now.advanced(by: duration)
        while true {
            let now = try await requests(matching: matcher)
            if now.count > before, let extra = now.dropFirst(before).first {
                throw StubControlError(status: nil, code: "unexpected_request",
                                       message: "\(matcher) reached session \(name) again "
                                           + "(\(extra.method) \(extra.path), sequence \(extra.sequence)); "
                                           + "at most \(before) \(before == 1 ? "was" : "were") expected")
            }
            guard control.clock.now < deadline else { return }
            try await pause()
        }
    }

    private func pause() async throws(StubControlError) {
        do { try await control.clock.sleep(for: Self.pollInterval) } catch { throw .cancelled }
    }
}
