/// One request through the recording proxy and the upstream's answer, as they were on the wire
/// (before redaction, which happens when routes are built).
public struct RecordedExchange: Sendable {
    /// `GET`, `POST`, and so on.
    public var method: String
    /// The path without the query.
    public var path: String
    /// The raw query, without `?`; nil when there was none.
    public var query: String?
    /// The request's headers, in order, as sent.
    public var requestHeaders: [(String, String)]
    /// The request's body (empty for none).
    public var requestBody: [UInt8]
    /// The upstream's status.
    public var status: Int
    /// The upstream's headers, in order, as sent.
    public var responseHeaders: [(String, String)]
    /// The upstream's body, decoded from any content encoding.
    public var responseBody: [UInt8]

    /// An exchange.
    public init(method: String, path: String, query: String?, requestHeaders: [(String, String)], requestBody: [UInt8],
                status: Int, responseHeaders: [(String, String)], responseBody: [UInt8]) {
        self.method = method
        self.path = path
        self.query = query
        self.requestHeaders = requestHeaders
        self.requestBody = requestBody
        self.status = status
        self.responseHeaders = responseHeaders
        self.responseBody = responseBody
    }

    /// The response header `name`, case-insensitively.
    func responseHeader(_ name: String) -> String? {
        responseHeaders.first { $0.0.lowercased() == name.lowercased() }?.1
    }
}
