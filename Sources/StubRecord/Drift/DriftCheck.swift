public import AsyncHTTPClient
public import Foundation
public import Logging
import NIOCore
import NIOHTTP1
import StubServer
import StubFormats

/// `stubbank drift`: replays the stub's GET routes against the upstream and compares the shapes
/// of the answers (`ShapeDiff`).
///
/// The stub runs in this process. For the built-in bank it answers as `persona`, signed in
/// with the persona's own password from its fixtures. A parameter such as `{accountId}` takes
/// the first `id` the stub listed under the segment before it (`/v1/accounts` → `accountId`);
/// a route with a parameter nothing fills, or with a wildcard, is skipped and said so.
public struct DriftCheck: Sendable {
    /// The real backend the stub's GET routes are replayed against.
    public var upstream: URL
    /// The stubs folder whose routes are compared.
    public var stubs: URL
    /// Sent to the upstream only: `Authorization: Bearer …` and the like.
    public var headers: [(String, String)]
    /// The persona whose answers are compared with the backend's.
    public var persona: String

    /// A check of `stubs` against `upstream`, sending `headers` (e.g. a token) to the upstream.
    public init(upstream: URL, stubs: URL, headers: [(String, String)], persona: String) {
        self.upstream = upstream
        self.stubs = stubs
        self.headers = headers
        self.persona = persona
    }

    /// Replays every GET route and reports the schema-level differences; `progress` hears each route.
    public func run(client: HTTPClient, logger: Logger, progress: @escaping @Sendable (String) -> Void = { _ in }) async throws -> DriftReport {
        let host = try await LiveStub.start(stubs: stubs, logger: logger)
        do {
            let report = try await compare(host: host, client: client, progress: progress)
            await host.stop()
            return report
        } catch {
            await host.stop()
            throw error
        }
    }

    private func compare(host: LiveStub, client: HTTPClient, progress: @Sendable (String) -> Void) async throws -> DriftReport {
        var stubHeaders: [(String, String)] = []
        if host.backend.bankEnabled {
            stubHeaders.append(("Authorization", "Bearer " + (try await signIn(host: host, client: client))))
        }
        var report = DriftReport(upstream: upstream.absoluteString, compared: [], findings: [], skipped: [])
        var ids: [String: [String]] = [:]
        for pattern in Self.replayOrder(host.backend.routeDescriptions.map(\.pattern)) {
            let template = String(pattern.dropFirst(4))
            guard Self.hasOnePath(template) else { report.skipped.append("\(pattern): a wildcard has no one path to ask for"); continue }
            guard let path = Self.fill(template, ids: ids) else {
                report.skipped.append("\(pattern): no id for its parameter in the stub's lists")
                continue
            }
            let route = "GET " + template
            let mine = try await fetch(client, host.baseURL, path, stubHeaders)
            let theirs: (status: Int, body: JSONValue?)
            do {
                theirs = try await fetch(client, upstream, path, headers)
            } catch {
                report.skipped.append("\(route): the upstream did not answer \(path) (\(error))")
                continue
            }
            progress("\(route) \(path): stub \(mine.status), upstream \(theirs.status)")
            report.compared.append(route)
            if let body = mine.body { Self.collectIds(body, under: template, into: &ids) }
            if mine.status != theirs.status {
                report.findings.append(DriftFinding(route: route, path: "$", change: .statusChanged, stub: String(mine.status),
                                                    upstream: String(theirs.status), breaking: true))
                continue
            }
            guard let stubBody = mine.body, let upstreamBody = theirs.body else { continue }
            report.findings += ShapeDiff.compare(stub: JSONShape(stubBody), upstream: JSONShape(upstreamBody), route: route)
        }
        report.findings.sort { ($0.breaking ? 0 : 1, $0.route, $0.path) < ($1.breaking ? 0 : 1, $1.route, $1.path) }
        return report
    }

    private func signIn(host: LiveStub, client: HTTPClient) async throws -> String {
        let config = stubs.appendingPathComponent("personas/\(persona)/persona.json")
        guard let data = try? Data(contentsOf: config),
              let password = (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?["password"] as? String else {
            throw RecordError("no persona \(persona) in \(stubs.path)/personas; choose one with --persona")
        }
        var request = HTTPClientRequest(url: host.baseURL.absoluteString + "/v1/auth/token")
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        let body = try JSONSerialization.data(withJSONObject: ["grant_type": "password", "username": persona, "password": password])
        request.body = .bytes(ByteBuffer(bytes: body))
        let response = try await client.execute(request, timeout: .seconds(10))
        let bytes = try await response.body.collect(upTo: 1 << 20)
        let object = try? JSONSerialization.jsonObject(with: Data(bytes.readableBytesView)) as? [String: Any]
        guard let token = object?["access_token"] as? String else {
            throw RecordError("could not sign in to the stub as \(persona) (status \(response.status.code))")
        }
        return token
    }

    private func fetch(_ client: HTTPClient, _ base: URL, _ path: String,
                       _ headers: [(String, String)]) async throws -> (status: Int, body: JSONValue?) {
        var base = base.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        var request = HTTPClientRequest(url: base + path)
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        request.headers.add(name: "Accept", value: "application/json")
        let response = try await client.execute(request, timeout: .seconds(30))
        let bytes = try await response.body.collect(upTo: 32 << 20)
        return (Int(response.status.code), try? JSONDecoder().decode(JSONValue.self, from: Data(bytes.readableBytesView)))
    }

    /// Whether drift can ask the upstream for `template` at all: a wildcard, one segment (`*`) or
    /// the rest (`**`), has no one path.
    static func hasOnePath(_ template: String) -> Bool { !template.contains("*") }

    /// The GET routes in the order they are replayed: those without parameters first, because
    /// their lists give the ids the others need; otherwise as the stub lists them.
    static func replayOrder(_ patterns: [String]) -> [String] {
        let gets = patterns.filter { $0.hasPrefix("GET ") }
        return gets.filter { !$0.contains("{") } + gets.filter { $0.contains("{") }
    }

    /// The template with each `{param}` replaced by an id listed under the segment before it.
    static func fill(_ template: String, ids: [String: [String]]) -> String? {
        let segments = template.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        var out: [String] = []
        for (index, segment) in segments.enumerated() {
            guard segment.hasPrefix("{") else { out.append(segment); continue }
            guard index > 0, let id = ids[segments[index - 1]]?.first else { return nil }
            out.append(id)
        }
        return out.joined(separator: "/")
    }

    /// Ids of a list answer (`data[*].id`, or a top-level array's `id`s) under the last literal segment.
    static func collectIds(_ body: JSONValue, under template: String, into ids: inout [String: [String]]) {
        guard let last = template.split(separator: "/").last.map(String.init), !last.hasPrefix("{") else { return }
        var items: [JSONValue] = []
        if case .array(let list) = body { items = list }
        if case .object(let members) = body, case .array(let list)? = members["data"] { items = list }
        let found = items.compactMap { item -> String? in
            guard case .object(let fields) = item else { return nil }
            return fields["id"]?.text
        }
        if !found.isEmpty, ids[last] == nil { ids[last] = found }
    }
}
