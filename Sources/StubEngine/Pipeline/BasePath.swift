/// The path prefix of `stubbank.yaml`'s `basePath` (an OpenAPI document's `servers` path, say):
/// a request may carry it before a route's path or not, and reaches the same route either way,
/// so an app configured with `https://host/open-banking/v4.0/aisp` and a test calling
/// `/accounts` both work. Applied after the session prefix (`/_s/<session>/…`).
package enum BasePath {
    /// Removes `basePath` from the front of the exchange's path when it is there, as whole segments.
    package static func strip(_ exchange: inout RouteExchange, basePath: String?) {
        guard let basePath, exchange.request.path.hasPrefix(basePath) else { return }
        let rest = exchange.request.path.dropFirst(basePath.count)
        guard rest.isEmpty || rest.hasPrefix("/") else { return }
        exchange.request.path = rest.isEmpty ? "/" : String(rest)
        exchange.request.pathSegments = RoutePattern.segments(of: exchange.request.path)
    }

    /// Why `path` cannot be a base path, nil when it can: `/a/b`, no trailing `/`, no `{…}`.
    package static func problem(_ path: String) -> String? {
        guard path.hasPrefix("/"), path.count > 1 else { return "must start with / and name at least one segment, e.g. /api/v1" }
        guard !path.hasSuffix("/") else { return "must not end with /" }
        guard !path.contains("{"), !path.contains("?"), !path.contains("*"), !path.contains("//") else {
            return "must be a plain path: no {parameters}, query, wildcards or empty segments"
        }
        return nil
    }
}
