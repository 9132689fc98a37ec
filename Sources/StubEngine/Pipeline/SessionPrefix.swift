package import HTTPTypes

/// Where a request's session comes from: the base-URL prefix `/_s/<session>/…` or the
/// `X-Stub-Session` header. Both name the same session; `default` when neither is given.
package enum SessionPrefix {
    package static let marker = "/_s/"
    package static let header = HTTPField.Name("X-Stub-Session")!

    /// Sets the exchange's session and strips any prefix from its path.
    package static func apply(to exchange: inout RouteExchange) throws(APIError) {
        let (session, path) = try resolve(path: exchange.request.path, headers: exchange.request.headers)
        exchange.request.session = session
        if path != exchange.request.path {
            exchange.request.path = path
            exchange.request.pathSegments = RoutePattern.segments(of: path)
        }
    }

    /// The session named by `X-Stub-Session`, `default` when absent.
    package static func session(from headers: HTTPFields) throws(APIError) -> String {
        guard headers.contains(header), let value = headers[header] else { return "default" }
        guard isValid(value) else {
            throw APIError.field("X-Stub-Session", "X-Stub-Session must be 1 to 64 letters, digits, '-', '_' or '.'")
        }
        return value
    }

    /// The session and the path with any prefix removed; 400 when the name is invalid or the
    /// prefix and the header disagree.
    package static func resolve(path: String, headers: HTTPFields) throws(APIError) -> (session: String, path: String) {
        let fromHeader = try session(from: headers)
        guard let (name, remainder) = split(path) else { return (fromHeader, path) }
        guard isValid(name) else {
            throw APIError.field("path", "The session in /_s/<session>/ must be 1 to 64 letters, digits, '-', '_' or '.'")
        }
        if headers.contains(header), fromHeader != name {
            throw APIError.field("X-Stub-Session", "X-Stub-Session \"\(fromHeader)\" disagrees with the session \"\(name)\" in the path; send one")
        }
        return (String(name), remainder)
    }

    /// The name in a path's `/_s/<name>` prefix, as written (not yet checked), and the path
    /// after it (`/` when nothing follows); nil for a path without the prefix. The recorder
    /// reads a caller's prefix with this too (`RecordingProxy.withoutSession`).
    package static func split(_ path: String) -> (name: Substring, rest: String)? {
        guard path.hasPrefix(marker) else { return nil }
        let afterMarker = path.dropFirst(marker.count)
        let name = afterMarker.prefix { $0 != "/" }
        let rest = afterMarker.dropFirst(name.count)
        return (name, rest.isEmpty ? "/" : String(rest))
    }

    package static func isValid(_ name: some StringProtocol) -> Bool {
        (1...64).contains(name.count) && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }
    }
}
