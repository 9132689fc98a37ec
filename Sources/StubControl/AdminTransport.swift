import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends one request to the admin API and turns a refusal into a `StubControlError` that names
/// the field, from the stub's error envelope.
struct AdminTransport: Sendable {
    let baseURL: URL
    let token: String?
    let session: URLSession
    /// The most one admin call waits.
    let timeout: TimeInterval

    func url(_ path: String, _ query: [String: String] = [:]) -> URL {
        var components = URLComponents(url: baseURL.appendingPathComponent("__stubbank/\(path)"), resolvingAgainstBaseURL: false)!
        if !query.isEmpty { components.queryItems = query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) } }
        return components.url!
    }

    /// The answer's body when its status is one of `expected`; the stub's error otherwise.
    func send(_ method: String, _ path: String, query: [String: String] = [:], body: Data? = nil,
              expect expected: Set<Int>) async throws(StubControlError) -> Data {
        var request = URLRequest(url: url(path, query))
        request.httpMethod = method
        request.timeoutInterval = timeout
        if let body {
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let token { request.setValue(token, forHTTPHeaderField: "X-Stub-Admin-Token") }
        let data: Data, response: URLResponse
        do { (data, response) = try await session.data(for: request) } catch { throw .transport(baseURL.absoluteString, error) }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard expected.contains(status) else { throw Self.error(status: status, body: data, method: method, path: path) }
        return data
    }

    func decode<T: Decodable>(_ type: T.Type, _ data: Data, from path: String) throws(StubControlError) -> T {
        do { return try JSONDecoder().decode(type, from: data) } catch {
            throw StubControlError(status: 200, code: "unreadable_answer", message: "the stub's answer to \(path) could not be read: \(error)")
        }
    }

    private struct Envelope: Decodable {
        struct Body: Decodable {
            struct Detail: Decodable { var path: String?; var message: String? }
            var code: String
            var message: String
            var details: [Detail]?
        }
        var error: Body
    }

    static func error(status: Int, body: Data, method: String, path: String) -> StubControlError {
        guard let envelope = try? JSONDecoder().decode(Envelope.self, from: body) else {
            return StubControlError(status: status, code: "unexpected_status",
                                    message: "\(method) /__stubbank/\(path) answered \(status): \(String(decoding: body.prefix(300), as: UTF8.self))")
        }
        let detail = envelope.error.details?.first
        let message = detail?.message.map { "\(envelope.error.message) \($0)" } ?? envelope.error.message
        return StubControlError(status: status, code: envelope.error.code, field: detail?.path, message: message)
    }
}
