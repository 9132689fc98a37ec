import HTTPTypes

/// Where a request's session comes from: the base-URL prefix `/_s/<session>/…` or the
/// `X-Stub-Session` header. Both name the same session; `default` when neither is given.
enum SessionPrefix {
    static let marker = "/_s/"

    /// The session and the path with any prefix removed; 400 when the name is invalid or the
    /// prefix and the header disagree.
    static func resolve(path: String, headers: HTTPFields) throws(APIError) -> (session: String, path: String) {
        let fromHeader = try StubResponder.session(from: headers)
        guard path.hasPrefix(marker) else { return (fromHeader, path) }
        let rest = path.dropFirst(marker.count)
        let name = rest.prefix { $0 != "/" }
        let remainder = rest.dropFirst(name.count)
        guard isValid(name) else {
            throw APIError.field("path", "The session in /_s/<session>/ must be 1 to 64 letters, digits, '-', '_' or '.'")
        }
        if headers[StubResponder.sessionHeader] != nil, fromHeader != name {
            throw APIError.field("X-Stub-Session", "X-Stub-Session \"\(fromHeader)\" disagrees with the session \"\(name)\" in the path; send one")
        }
        return (String(name), remainder.isEmpty ? "/" : String(remainder))
    }

    static func isValid(_ name: some StringProtocol) -> Bool {
        (1...64).contains(name.count) && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }
    }
}
