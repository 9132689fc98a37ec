import Foundation
import StubServer
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Talks to the stub's admin API (over HTTP, so `--base-url` works too): installs a case's
/// behaviours and reads its session's journal.
struct AdminClient: Sendable {
    let baseURL: URL
    /// Sent as `X-Stub-Admin-Token` when the stub was started with one.
    let token: String?

    struct AdminError: Error, CustomStringConvertible {
        let description: String
    }

    /// Installs a behaviour for one session.
    func install(_ behaviour: JSONValue, session: String) async throws {
        var request = URLRequest(url: url("behaviours", ["session": session]))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONEncoder().encode(behaviour)
        let (data, status) = try await send(request)
        guard status == 201 else {
            throw AdminError(description: "the stub refused the behaviour (\(status)): \(String(decoding: data, as: UTF8.self))")
        }
    }

    /// Lets the session's access tokens run out now (the stub's `POST /__stubbank/tokens/expire`).
    func expireTokens(session: String) async throws {
        var request = URLRequest(url: url("tokens/expire", ["session": session]))
        request.httpMethod = "POST"
        let (data, status) = try await send(request)
        guard status == 200 else {
            throw AdminError(description: "the stub could not expire the session's tokens (\(status)): \(String(decoding: data.prefix(300), as: UTF8.self))")
        }
    }

    /// The session's journal entries, oldest first (at most `limit`, the newest).
    func journal(session: String, limit: Int = 2_000) async throws -> [JournalEntry] {
        let (data, status) = try await send(URLRequest(url: url("journal", ["session": session, "limit": String(limit)])))
        guard status == 200 else {
            throw AdminError(description: "could not read the stub's journal (\(status)): \(String(decoding: data.prefix(300), as: UTF8.self))")
        }
        return try JSONDecoder().decode(WireList<JournalEntry>.self, from: data).data.reversed()
    }

    private func url(_ path: String, _ query: [String: String]) -> URL {
        var components = URLComponents(url: baseURL.appendingPathComponent("__stubbank/\(path)"), resolvingAgainstBaseURL: false)!
        components.queryItems = query.map { URLQueryItem(name: $0.key, value: $0.value) }
        return components.url!
    }

    private func send(_ request: URLRequest) async throws -> (Data, Int) {
        var request = request
        request.timeoutInterval = 15
        if let token { request.setValue(token, forHTTPHeaderField: "X-Stub-Admin-Token") }
        let (data, response) = try await URLSession.shared.data(for: request)
        return (data, (response as? HTTPURLResponse)?.statusCode ?? 0)
    }
}
