package import HTTPTypes

/// A request as a transport read it, handed to `Engine.answer`: the method, the target (path and
/// query, as on the request line), the header fields and the whole body.
package struct EngineRequest: Sendable {
    package var method: String
    /// The origin-form target, `/path?query`.
    package var target: String
    package var headers: HTTPFields
    package var body: [UInt8]
    /// The `Host` (or `:authority`) the client named.
    package var authority: String?
    /// Why the transport could not read the body (too large, cut, too slow): the engine answers
    /// with it, in the request's session and in the journal, instead of routing.
    package var refusal: APIError?

    package init(method: String, target: String, headers: HTTPFields, body: [UInt8] = [], authority: String? = nil,
                 refusal: APIError? = nil) {
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
        self.authority = authority
        self.refusal = refusal
    }

    /// The target split at its first `?`: the path, and the raw query when there is one.
    package var pathAndQuery: (path: String, query: String?) {
        guard let mark = target.utf8.firstIndex(of: UInt8(ascii: "?")) else { return (target, nil) }
        return (String(target[..<mark]), String(target[target.index(after: mark)...]))
    }
}
