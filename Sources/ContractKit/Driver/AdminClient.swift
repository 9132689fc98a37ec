import Foundation
import StubServer
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Talks to the stub's admin API to arrange a case (over HTTP, so `--base-url` works too).
struct AdminClient: Sendable {
    let baseURL: URL

    struct AdminError: Error, CustomStringConvertible {
        let description: String
    }

    /// Installs a behaviour for one session.
    func install(_ behaviour: JSONValue, session: String) async throws {
        var components = URLComponents(url: baseURL.appendingPathComponent("/__stubbank/behaviours"), resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "session", value: session)]
        var request = URLRequest(url: components.url!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONEncoder().encode(behaviour)
        let (data, response) = try await URLSession.shared.data(for: request)
        guard let http = response as? HTTPURLResponse, http.statusCode == 201 else {
            throw AdminError(description: "the stub refused the behaviour: \(String(decoding: data, as: UTF8.self))")
        }
    }
}
