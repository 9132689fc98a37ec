import StubFormats
import StubEngine
/// Matches requests to routes, and explains a miss: 405 with `Allow`, or 404 naming the closest routes.
package struct RouteTable: Sendable {
    package let routes: [Route]
    /// For each request segment count, the indices of the routes that can match it, in
    /// declaration order (which is precedence order). Counts past the end use `overflow`.
    private let candidatesByCount: [[Int]]
    /// Routes ending in `**`, which match any longer path.
    private let overflow: [Int]

    package init(routes: [Route]) {
        self.routes = routes
        let longest = routes.map { $0.pattern.minimumSegmentCount + 1 }.max() ?? 0
        candidatesByCount = (0...longest).map { count in
            routes.indices.filter { routes[$0].pattern.canMatch(segmentCount: count) }
        }
        overflow = routes.indices.filter { routes[$0].pattern.canMatch(segmentCount: .max) }
    }

    package enum Match {
        case found(Route, parameters: [String: String])
        /// The path exists but not with this method.
        case methodNotAllowed(allowed: [String])
        case notFound(suggestions: [String])
    }

    package func match(method: String, pathSegments: [Substring]) -> Match {
        var allowed: [String] = []
        let count = pathSegments.count
        for index in count < candidatesByCount.count ? candidatesByCount[count] : overflow {
            guard let parameters = routes[index].pattern.matchPath(pathSegments) else { continue }
            if routes[index].pattern.method == method { return .found(routes[index], parameters: parameters) }
            allowed.append(routes[index].pattern.method ?? "*")
        }
        if !allowed.isEmpty { return .methodNotAllowed(allowed: allowed) }
        return .notFound(suggestions: suggestions(for: method, path: "/" + pathSegments.joined(separator: "/")))
    }

    /// Up to three routes closest to the request by edit distance on "METHOD /path".
    package func suggestions(for method: String, path: String) -> [String] {
        let wanted = Array("\(method) \(path)".utf8)
        return routes
            .map { ($0.pattern.description, Spelling.distance(wanted, Array($0.pattern.description.utf8))) }
            .sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }
            .prefix(3)
            .map(\.0)
    }
}
