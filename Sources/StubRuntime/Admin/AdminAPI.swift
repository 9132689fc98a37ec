import Foundation
package import HTTPTypes
import Logging
import StubFormats
package import StubEngine

/// The control surface under `/__stubbank`: behaviours, scenarios, reset, journal, routes, reload.
///
/// Loopback clients only, unless the server has an admin token, in which case every caller
/// must send it as `X-Stub-Admin-Token`.
package struct AdminAPI {
    package static let prefix = AdminPath.prefix
    package static let tokenHeader = HTTPField.Name("X-Stub-Admin-Token")!
    /// Where the web console lives; the server serves it (`Console`).
    package static let consolePath = prefix + "/ui"

    /// Serves `/__stubbank/ui/…` (the segments after `ui`): the page and its files, whose bytes
    /// only the server embeds.
    package typealias Console = @Sendable (_ request: StubRequest, _ segments: ArraySlice<String>, _ admin: AdminAPI,
                                           _ isLoopbackPeer: Bool) throws(APIError) -> StubResponse

    package let backend: StubBackend
    /// The console, when this transport serves one.
    package var console: Console?

    package init(backend: StubBackend, console: Console? = nil) {
        self.backend = backend
        self.console = console
    }

    /// Whether a (session-stripped) path belongs to the admin API.
    static func owns(_ path: String) -> Bool { AdminPath.owns(path) }

    /// The answer to an admin request: a refused call (a bad field, a missing token) answers
    /// with the error envelope like any other request.
    package func answer(_ request: StubRequest, isLoopbackPeer: Bool) async -> StubResponse {
        do {
            return try await handle(request, isLoopbackPeer: isLoopbackPeer)
        } catch {
            return .error(error, requestId: request.requestId)
        }
    }

    func handle(_ request: StubRequest, isLoopbackPeer: Bool) async throws(APIError) -> StubResponse {
        let segments = request.pathSegments.dropFirst().map(String.init)
        if segments.first == "ui" {
            guard let console else {
                throw APIError(status: .notFound, type: "not_found", code: "route_not_found",
                               message: "The web console is served by `stubbank serve`; this stub (in process) has none.",
                               displayMessage: "Not found.")
            }
            return try console(request, segments.dropFirst(), self, isLoopbackPeer)
        }
        try authorize(request, isLoopbackPeer: isLoopbackPeer)
        let scope = try scopeSession(request)
        switch (request.method, segments) {
        case ("GET", []):
            return .json(AdminIndex(scenario: backend.behaviours.scenarioName, links: Self.links))
        case ("GET", ["routes"]):
            let hits = backend.journal.hits(session: scope)
            return .json(WireList(data: backend.routeDescriptions.map {
                AdminRoute(route: $0.pattern, operationId: $0.operationId, summary: $0.summary, requiresToken: $0.auth, source: $0.source,
                           journalName: $0.journalName, hits: hits[$0.journalName] ?? 0)
            }))
        case ("GET", ["sessions"]):
            return .json(WireList(data: [AdminSession(name: SessionRegistry.permanent, lastUsedAt: nil)]
                + backend.sessions.recent().map { AdminSession(name: $0.session, lastUsedAt: UTCTimestamp.dateTime($0.lastUsed)) }))
        case ("GET", ["behaviours"]):
            let page = try AdminPage(request)
            let all = backend.behaviours.list(session: scope)
            let end = min(all.count, page.offset + page.limit)
            let slice = page.offset < all.count ? Array(all[page.offset..<end]) : []
            let now = backend.behaviours.now
            return .json(WireList(data: slice.map { AdminBehaviour($0, now: now) }, nextCursor: end < all.count ? String(end) : nil))
        case ("POST", ["behaviours"]):
            let spec = try AdminInput.decode(BehaviourSpec.self, from: request, shape: AdminInput.behaviour)
            do {
                let installed = try backend.behaviours.install(spec, session: scope)
                return .json(AdminBehaviour(installed, now: backend.behaviours.now), status: .created)
            } catch {
                if let limit = error.limit {
                    throw APIError.conflict("behaviour_limit", error.reason, display: "Too many behaviours (\(limit)) are installed.")
                }
                throw APIError.field(error.path, error.reason)
            }
        case ("DELETE", ["behaviours"]):
            backend.behaviours.clear(session: scope)
            return .noContent
        case ("DELETE", _) where segments.count == 2 && segments[0] == "behaviours":
            let id = segments[1]
            guard backend.behaviours.remove(id: id) else { throw APIError.notFound("Behaviour \(id)") }
            return .noContent
        case ("GET", ["scenarios"]):
            let scenarios = backend.availableScenarios.values.sorted { $0.name < $1.name }
            return .json(AdminScenarios(active: backend.behaviours.scenarioName,
                                        data: scenarios.map { AdminScenarioSummary(name: $0.name, description: $0.description) }))
        case ("PUT", ["scenario"]):
            let body = try AdminInput.decode(AdminScenarioChoice.self, from: request, shape: AdminInput.scenarioChoice)
            try await activate(body.name)
            return .json(AdminScenarioChoice(name: backend.behaviours.scenarioName))
        case ("DELETE", ["scenario"]):
            try await activate(nil)
            return .noContent
        case ("POST", ["reset"]):
            let bank = backend.bank?.reset(session: scope) ?? (customers: 0, tokens: 0)
            backend.fileRouteState.reset(session: scope)
            let behaviours = backend.behaviours.clear(session: scope)
            let journal = backend.journal.clear(session: scope)
            backend.journal.resetHits(session: scope)
            backend.sessions.forget(scope)
            return .json(AdminResetResult(session: scope, scenario: backend.behaviours.scenarioName, customersRestored: bank.customers,
                                          tokensRevoked: bank.tokens, behavioursRemoved: behaviours, journalEntriesCleared: journal,
                                          routeFileCounters: "reset"))
        case ("POST", ["tokens", "expire"]):
            let expired = backend.bank?.expireAccessTokens(session: scope) ?? 0
            return .json(AdminTokensExpired(session: scope, expired: expired))
        case ("GET", ["journal"]):
            let limit = try request.queryValue("limit").map { text throws(APIError) -> Int in
                guard let value = Int(text), value > 0 else { throw APIError.field("limit", "limit must be a positive whole number") }
                return value
            } ?? 100
            return .json(WireList(data: backend.journal.entries(session: scope, limit: limit)))
        case ("GET", _) where segments.count == 2 && segments[0] == "journal":
            guard let sequence = Int(segments[1]), let detail = backend.journal.detail(sequence: sequence) else {
                throw APIError.notFound("Journal entry \(segments[1])")
            }
            return .json(detail)
        case ("DELETE", ["journal"]):
            backend.journal.clear(session: scope)
            return .noContent
        case ("POST", ["reload"]):
            do {
                let fixtures = try await backend.reload()
                return .json(AdminReloadResult(personas: fixtures.bankFixtures?.personaNames ?? [], scenarios: fixtures.scenarios.keys.sorted(),
                                               routeFiles: fixtures.routes.routes.map(\.id)))
            } catch {
                backend.logger.error("reload failed; still serving the last good stubs\n\(error)")
                throw APIError(status: .unprocessableContent, type: "invalid_request", code: "stubs_invalid",
                               message: "The stubs directory has problems; the last good set is still being served.",
                               displayMessage: "The stubs could not be reloaded.",
                               details: error.problems.map { WireErrorDetail(code: "fixture_problem",
                                   path: $0.file + ($0.line.map { ":\($0)" } ?? ""), message: $0.reason) })
            }
        default:
            if let allowed = Self.methods(for: segments) {
                throw APIError.methodNotAllowed(request.method, path: request.path, allowed: allowed, display: "Not allowed.")
            }
            throw APIError(status: .notFound, type: "not_found", code: "route_not_found",
                           message: "No admin route \(request.method) \(request.path). See GET \(Self.prefix) for the list.",
                           displayMessage: "Not found.")
        }
    }

    private func activate(_ name: String?) async throws(APIError) {
        do {
            try await backend.activateScenario(name)
        } catch {
            throw APIError.field("name", "\(error)", code: "unknown_scenario")
        }
    }

    /// `?session=` or `X-Stub-Session` narrows an admin call to one namespace; absent means all.
    package func scopeSession(_ request: StubRequest) throws(APIError) -> String? {
        if let value = try request.queryValue("session") {
            var headers = HTTPFields()
            headers[SessionPrefix.header] = value
            return try SessionPrefix.session(from: headers)
        }
        return request.headers[SessionPrefix.header] == nil ? nil : request.session
    }

    /// Who may use the admin API (and the console): with `--admin-token`, whoever sends it, as
    /// `X-Stub-Admin-Token` or as the console's cookie; without, loopback clients only. Either
    /// way a browser request from another origin is refused, so a web page the developer happens
    /// to open cannot steer the stub through their browser.
    package func authorize(_ request: StubRequest, isLoopbackPeer: Bool) throws(APIError) {
        try Self.refuseCrossOrigin(request)
        if let token = backend.configuration.adminToken {
            let given = request.headers[Self.tokenHeader] ?? ConsoleCookie.token(in: request.headers) ?? ""
            guard Self.constantTimeEquals(given, token) else {
                throw APIError(status: .unauthorized, type: "authentication", code: "admin_token_required",
                               message: "This server was started with --admin-token; send it as X-Stub-Admin-Token "
                                   + "(or open the console once as \(Self.consolePath)?token=...).",
                               displayMessage: "Not allowed.")
            }
            return
        }
        guard isLoopbackPeer else {
            throw APIError(status: .forbidden, type: "forbidden", code: "admin_loopback_only",
                           message: "The admin API answers loopback clients only. Start the server with --admin-token to allow remote control.",
                           displayMessage: "Not allowed.")
        }
    }

    /// A browser names where a request comes from (`Sec-Fetch-Site`, `Origin`); a request from
    /// a page of another origin gets 403. Clients that send neither (curl, apps, tests) pass.
    static func refuseCrossOrigin(_ request: StubRequest) throws(APIError) {
        let site = request.headers[fetchSite]?.lowercased()
        var foreign = site.map { $0 != "same-origin" && $0 != "none" } ?? false
        if let origin = request.headers[originHeader] {
            let host = origin.split(separator: "://", maxSplits: 1).last.map(String.init) ?? origin
            foreign = foreign || host.lowercased() != (request.authority ?? "").lowercased()
        }
        guard foreign else { return }
        throw APIError(status: .forbidden, type: "forbidden", code: "admin_cross_origin",
                       message: "The admin API refuses requests a browser makes for a page of another origin (Origin: "
                           + "\(request.headers[originHeader] ?? "-"), Sec-Fetch-Site: \(site ?? "-")). Use the console at \(consolePath).",
                       displayMessage: "Not allowed.")
    }

    static let fetchSite = HTTPField.Name("Sec-Fetch-Site")!
    static let originHeader = HTTPField.Name("Origin")!

    /// The methods each admin path takes, for 405 with `Allow`; nil for a path that does not exist.
    static func methods(for segments: [String]) -> [String]? {
        switch segments {
        case [], ["routes"], ["scenarios"], ["events"], ["sessions"]: return ["GET"]
        case ["behaviours"]: return ["GET", "POST", "DELETE"]
        case ["scenario"]: return ["PUT", "DELETE"]
        case ["reset"], ["reload"], ["tokens", "expire"]: return ["POST"]
        case ["journal"]: return ["GET", "DELETE"]
        case let path where path.count == 2 && path[0] == "behaviours": return ["DELETE"]
        case let path where path.count == 2 && path[0] == "journal": return ["GET"]
        default: return nil
        }
    }

    /// Compares tokens without stopping at the first difference, so timing does not reveal
    /// how much of a guess was right (the length may show; it is not secret).
    package static func constantTimeEquals(_ given: String, _ expected: String) -> Bool {
        let a = Array(given.utf8), b = Array(expected.utf8)
        var difference = UInt8(a.count == b.count ? 0 : 1)
        for index in 0..<max(a.count, b.count) {
            difference |= (index < a.count ? a[index] : 0) ^ (index < b.count ? b[index] : 0)
        }
        return difference == 0
    }

    static let links: [String: String] = [
        "routes": "GET \(prefix)/routes?session= (with hit counts)",
        "sessions": "GET \(prefix)/sessions",
        "console": "GET \(prefix)/ui (the web console, in a browser)",
        "behaviours": "GET|POST|DELETE \(prefix)/behaviours, DELETE \(prefix)/behaviours/{id}",
        "scenarios": "GET \(prefix)/scenarios, PUT|DELETE \(prefix)/scenario",
        "reset": "POST \(prefix)/reset",
        "tokens": "POST \(prefix)/tokens/expire",
        "journal": "GET|DELETE \(prefix)/journal?limit=&session=, GET \(prefix)/journal/{sequence} (bodies, redacted)",
        "events": "GET \(prefix)/events?session= (server-sent events, Last-Event-ID)",
        "reload": "POST \(prefix)/reload",
    ]
}
