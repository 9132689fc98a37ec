public import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The network `Resource`: URLSession against a base URL, with the app's timeout.
public struct URLSessionResource: Resource {
    /// Where requests go, e.g. `https://api.mybank.example` (a stub session prefix is fine).
    public let baseURL: URL
    /// Seconds before a request gives up.
    public let timeout: TimeInterval
    private let session: URLSession

    /// A resource with its own ephemeral URLSession.
    public init(baseURL: URL, timeout: TimeInterval = 30) {
        self.baseURL = baseURL
        self.timeout = timeout
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration)
    }

    /// Fetches the request; a non-2xx status or a transport failure becomes a `NetworkError`.
    public func fetch(_ request: ResourceRequest) async throws(NetworkError) -> Data {
        var urlRequest = URLRequest(url: baseURL.appendingPathComponent(request.path), timeoutInterval: timeout)
        urlRequest.httpMethod = request.method
        urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
        let data: Data, response: URLResponse
        do {
            (data, response) = try await session.data(for: urlRequest)
        } catch {
            throw NetworkError.from(error)
        }
        guard let http = response as? HTTPURLResponse else { throw NetworkError.invalidData }
        guard (200..<300).contains(http.statusCode) else {
            throw NetworkError.from(status: http.statusCode, retryAfter: http.value(forHTTPHeaderField: "Retry-After"))
        }
        return data
    }
}
