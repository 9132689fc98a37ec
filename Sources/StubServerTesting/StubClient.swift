public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif
public import HTTPTypes

/// Sends requests to a test's stub and gives back what came back, typed: method, path, fields
/// and body in; status, fields and body out (as HummingbirdTesting's client does). A fault the
/// stub serves (a reset, a hang past the timeout) is thrown as the platform's `URLError`.
public struct StubClient: Sendable {
    /// The stub's base URL; a path is appended to it as given.
    public let baseURL: URL
    let session: URLSession

    /// A client for the stub at `baseURL`, through `session`.
    public init(baseURL: URL, session: URLSession) {
        self.baseURL = baseURL
        self.session = session
    }

    /// A client for a stub listening on `port` of 127.0.0.1 (one `stubbank serve --port` started,
    /// or a live `TestStub`'s), through an ephemeral `URLSession` of its own.
    public init(port: Int) {
        self.init(baseURL: URL(string: "http://127.0.0.1:\(port)")!, session: URLSession(configuration: .ephemeral))
    }

    /// Sends `method path` (with its query, and a session prefix if the test wants one) and
    /// returns the answer, whatever its status.
    public func execute(_ method: HTTPRequest.Method, _ path: String, headers: HTTPFields = [:], body: [UInt8]? = nil,
                        timeout: TimeInterval = 10) async throws -> StubClientResponse {
        guard let url = url(path) else { throw URLError(.badURL) }
        var request = URLRequest(url: url)
        request.httpMethod = method.rawValue
        request.timeoutInterval = timeout
        for field in headers { request.addValue(field.value, forHTTPHeaderField: field.name.rawName) }
        request.httpBody = body.map { Data($0) }
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        var fields = HTTPFields()
        for (name, value) in http.allHeaderFields {
            guard let text = name as? String, let name = HTTPField.Name(text), let value = value as? String else { continue }
            fields.append(HTTPField(name: name, value: value))
        }
        return StubClientResponse(status: HTTPResponse.Status(code: http.statusCode), headers: fields, body: Array(data))
    }

    /// `path` (with its query) on the stub: appended to the base URL as written, so a query stays
    /// a query; nil when the result is no URL.
    func url(_ path: String) -> URL? { URL(string: baseURL.absoluteString + path) }

    /// Sends `value` as a JSON body (`Content-Type: application/json`).
    public func execute(_ method: HTTPRequest.Method, _ path: String, json value: some Encodable, headers: HTTPFields = [:],
                        timeout: TimeInterval = 10) async throws -> StubClientResponse {
        var headers = headers
        headers[.contentType] = "application/json"
        return try await execute(method, path, headers: headers, body: Array(try JSONEncoder().encode(value)), timeout: timeout)
    }
}

/// What a stub answered.
public struct StubClientResponse: Sendable {
    /// The status.
    public let status: HTTPResponse.Status
    /// The header fields.
    public let headers: HTTPFields
    /// The body's bytes.
    public let body: [UInt8]

    /// The body as UTF-8 text.
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// The body decoded as JSON.
    public func decode<T: Decodable>(_ type: T.Type, using decoder: JSONDecoder = JSONDecoder()) throws -> T {
        try decoder.decode(type, from: Data(body))
    }
}
