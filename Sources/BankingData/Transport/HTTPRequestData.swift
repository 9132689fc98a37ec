public import Foundation

/// A request relative to the API's base URL, before middleware.
public struct HTTPRequestData: Sendable, Hashable {
    public var method: String
    /// Path under the base URL, e.g. `/v1/accounts`.
    public var path: String
    public var query: [URLQueryItem]
    /// Header names as sent; lookups are case-insensitive through `header(_:)`.
    public var headers: [String: String]
    public var body: Data?
    /// False for calls that must never carry or refresh a token (sign-in, refresh).
    public var requiresAuthentication: Bool

    public init(method: String, path: String, query: [URLQueryItem] = [], headers: [String: String] = [:],
                body: Data? = nil, requiresAuthentication: Bool = true) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.requiresAuthentication = requiresAuthentication
    }
}

/// A response as received.
public struct HTTPResponseData: Sendable, Hashable {
    public var status: Int
    /// Header names lower-cased.
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
    }

    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}
