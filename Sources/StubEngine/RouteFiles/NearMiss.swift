import StubFormats
/// A route that almost matched an unmatched request, and the first reason it did not.
package struct NearMiss: Sendable, Equatable {
    /// `GET /api/users/{id}`.
    package let route: String
    /// `routes/users.yaml:3`, or `built-in bank`.
    package let source: String
    package let reason: String
    /// Lower is closer: conditions failed (0), method differs (1), path differs (2 + edit distance).
    package let rank: Int

    /// Explains how `pattern` fails `method` and `segments`, or nil when both match.
    package static func explain(_ pattern: RoutePattern, method: String, segments: [Substring], source: String) -> NearMiss? {
        if let reason = pathMismatch(pattern, segments) {
            let wanted = Array("\(method) /\(segments.joined(separator: "/"))".utf8)
            let distance = Spelling.distance(wanted, Array(pattern.description.utf8))
            return NearMiss(route: pattern.description, source: source, reason: reason, rank: 2 + distance)
        }
        if let expected = pattern.method, expected != method {
            return NearMiss(route: pattern.description, source: source, reason: "method is \(method); this route takes \(expected)", rank: 1)
        }
        return nil
    }

    private static func pathMismatch(_ pattern: RoutePattern, _ segments: [Substring]) -> String? {
        for (index, segment) in pattern.segments.enumerated() {
            switch segment {
            case .rest:
                return nil
            case .literal(let literal):
                guard index < segments.count else {
                    return "path ends after segment \(index); the route continues with /\(literal)"
                }
                if segments[index] != literal {
                    return "path segment \(index + 1) is \"\(segments[index])\"; the route has \"\(literal)\""
                }
            case .parameter(let name):
                guard index < segments.count else { return "path ends before {\(name)}" }
            case .wildcard:
                guard index < segments.count else { return "path ends before segment \(index + 1)" }
            }
        }
        if segments.count > pattern.segments.count {
            return "path has \(segments.count - pattern.segments.count) more segment(s) than \(pattern.path)"
        }
        return nil
    }

    /// The closest `limit` misses, closest first.
    package static func closest(_ misses: [NearMiss], limit: Int = 3) -> [NearMiss] {
        Array(misses.sorted { ($0.rank, $0.route) < ($1.rank, $1.route) }.prefix(limit))
    }
}
