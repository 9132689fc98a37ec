package import HTTPTypes

/// A request as routes see it: parsed once, body already collected.
package struct StubRequest: Sendable {
    package var method: String
    package var path: String
    package var pathSegments: [Substring]
    /// Query parameters; a repeated name keeps every value.
    package var query: [String: [String]]
    package var headers: HTTPFields
    package var body: [UInt8]
    /// Session namespace from `X-Stub-Session`, `default` when absent.
    package var session: String
    package var requestId: String
    /// Captured `{name}` path parameters.
    package var parameters: [String: String] = [:]
    /// The `Host` the client named (HTTP/1's `Host` header becomes the request's authority).
    package var authority: String?
    /// The query as sent, without `?`; nil when there was none.
    package var rawQuery: String?

    /// A request with no query, headers or body, in the `verify` session, for checks that call a
    /// route directly (`stubbank verify`). The server builds its requests with
    /// `RouteExchange.init(method:path:…)`.
    package static func verification(_ method: String = "GET", path: String,
                                      parameters: [String: String] = [:]) -> StubRequest {
        StubRequest(method: method, path: path, pathSegments: RoutePattern.segments(of: path), query: [:], headers: [:],
                    body: [], session: "verify", requestId: "verify", parameters: parameters)
    }

    /// The path and the query as sent: `/v1/atms?lat=51.5`.
    package var url: String { rawQuery.map { path + "?" + $0 } ?? path }

    package func parameter(_ name: String) -> String { parameters[name] ?? "" }

    /// The single value of a query parameter; repeating it is a 400.
    package func queryValue(_ name: String) throws(APIError) -> String? {
        guard let values = query[name] else { return nil }
        guard values.count == 1 else { throw APIError.field(name, "\(name) may be given only once") }
        return values[0]
    }

    /// The token of `Authorization: Bearer <token>` (the scheme in any case), without the spaces
    /// and tabs around it. Read on every authenticated request, so it stays off Foundation's
    /// `trimmingCharacters`, which bridges through `NSString`.
    package var bearerToken: String? {
        guard let value = headers[.authorization] else { return nil }
        let parts = value.utf8.split(separator: UInt8(ascii: " "), maxSplits: 1)
        guard parts.count == 2, parts[0].count == 6,
              zip(parts[0], "bearer".utf8).allSatisfy({ $0 | 0x20 == $1 }) else { return nil }
        let blank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = parts[1].firstIndex(where: { !blank($0) }),
              let last = parts[1].lastIndex(where: { !blank($0) }) else { return "" }
        return String(Substring(value.utf8[first...last]))
    }
}

import Foundation
