public import Foundation

/// A request relative to the API's base URL, before middleware.
public struct HTTPRequestData: Sendable, Hashable {
    /// `GET`, `POST`, and so on.
    public var method: String
    /// Path under the base URL, e.g. `/v1/accounts`.
    public var path: String
    /// Query items, sent in order.
    public var query: [URLQueryItem]
    /// Header names as sent; lookups are case-insensitive through `header(_:)`.
    public var headers: [String: String]
    /// The body, already encoded (JSON); nil for none.
    public var body: Data?
    /// False for calls that must never carry or refresh a token (sign-in, refresh).
    public var requiresAuthentication: Bool

    /// A request; authenticated unless told otherwise.
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
    /// The HTTP status.
    public var status: Int
    /// Header names lower-cased.
    public var headers: [String: String]
    /// The body as received (empty for none).
    public var body: Data

    /// A response; header names are lower-cased here.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
    }

    /// The value of header `name`, whatever its case.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}
