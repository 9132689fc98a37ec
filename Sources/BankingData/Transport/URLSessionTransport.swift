public import Foundation

#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// The live transport: URLSession against a base URL.
public struct URLSessionTransport: HTTPTransport {
    /// Every request path is resolved against it; a StubBank session URL (`…/_s/NAME`) works as is.
    public let baseURL: URL
    private let session: URLSession

    /// - Parameters:
    ///   - timeout: per-request timeout in seconds
    public init(baseURL: URL, timeout: TimeInterval = 30, session: URLSession? = nil) {
        self.baseURL = baseURL
        if let session {
            self.session = session
        } else {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.timeoutIntervalForRequest = timeout
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            self.session = URLSession(configuration: configuration)
        }
    }

    /// Sends `request` and returns the status, headers and body; a transport failure throws the `URLError`.
    public func send(_ request: HTTPRequestData) async throws -> HTTPResponseData {
        guard var components = URLComponents(url: baseURL.appendingPathComponent(request.path), resolvingAgainstBaseURL: false) else {
            throw URLError(.badURL)
        }
        if !request.query.isEmpty { components.queryItems = request.query }
        guard let url = components.url else { throw URLError(.badURL) }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method
        urlRequest.timeoutInterval = session.configuration.timeoutIntervalForRequest
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let data: Data
        let response: URLResponse
        if let body = request.body {
            // The body goes in the request, not in an upload task: a URLProtocol (an in-process
            // stub in a unit test) sees a request's body but never an upload task's.
            urlRequest.httpBody = body
            #if canImport(FoundationNetworking)
            // On Linux, libcurl retries a request whose kept-alive connection was reset, and
            // FoundationNetworking cannot replay the body: the POST hangs until it times out
            // instead of failing as "connection lost". A fresh session means a fresh connection.
            let oneOff = URLSession(configuration: session.configuration)
            defer { oneOff.finishTasksAndInvalidate() }
            (data, response) = try await oneOff.data(for: urlRequest)
            #else
            (data, response) = try await session.data(for: urlRequest)
            #endif
        } else {
            (data, response) = try await session.data(for: urlRequest)
        }
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return HTTPResponseData(status: http.statusCode, headers: headers, body: data)
    }
}
