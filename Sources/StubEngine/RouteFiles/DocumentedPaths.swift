/// The operations of an OpenAPI document by their path templates, found as Prism and the
/// OpenAPI specification find them: a request's path is the operation's whose template takes
/// it, a concrete path before a templated one (`/accounts/me` before `/accounts/{accountId}`),
/// whatever a route file calls its own parameters. The one rule for which documented operation
/// a request (`validate: requests`) or a route file (`verify --contract`) belongs to.
package struct DocumentedPaths<Value: Sendable>: Sendable {
    private struct Entry: Sendable {
        var path: RoutePattern
        var value: Value
    }

    /// By method, then by the path's number of segments; in each list a literal segment comes
    /// before a parameter at the first place two paths differ in kind.
    private let entries: [String: [Int: [Entry]]]

    /// `items`' paths as the document writes them (`/accounts/{accountId}`). A path the route
    /// patterns cannot read (text around a `{parameter}` in one segment) takes nothing.
    package init(_ items: [(method: String, path: String, value: Value)]) {
        var entries: [String: [Int: [Entry]]] = [:]
        for item in items {
            guard let path = try? RoutePattern("\(item.method.uppercased()) \(item.path)"), let method = path.method,
                  path.segments.allSatisfy(Self.isLiteralOrParameter) else { continue }
            entries[method, default: [:]][path.segments.count, default: []].append(Entry(path: path, value: item.value))
        }
        self.entries = entries.mapValues { $0.mapValues { $0.sorted { Self.isMoreConcrete($0.path, than: $1.path) } } }
    }

    /// The operation for a request's path, with its path parameters by the document's names.
    package func value(_ method: String, pathSegments: [Substring]) -> (value: Value, parameters: [String: String])? {
        values(method, pathSegments: pathSegments).first
    }

    /// Every operation that could be the request's, first the one `value` gives: a document may
    /// write one path twice under other parameter names (Xero's `/Contacts/{ContactID}` and
    /// `/Contacts/{ContactNumber}`, which the specification forbids), and then each is the
    /// request's as much as the other. A less concrete path is never among them.
    package func values(_ method: String, pathSegments: [Substring]) -> [(value: Value, parameters: [String: String])] {
        var found: [(Value, [String: String])] = []
        var first: RoutePattern?
        for entry in entries[method]?[pathSegments.count] ?? [] {
            if let first, Self.isMoreConcrete(first, than: entry.path) { break }
            guard let parameters = entry.path.matchPath(pathSegments) else { continue }
            first = first ?? entry.path
            found.append((entry.value, parameters))
        }
        return found
    }

    /// The operation whose path takes every request a route's template takes: a literal
    /// segment of the route's is the document's same literal or one of its parameters, and a
    /// route's parameter is one of the document's. A route with `*` or `**` is no one operation.
    package func value(_ method: String, template: [RoutePattern.Segment]) -> (value: Value, path: RoutePattern)? {
        guard template.allSatisfy(Self.isLiteralOrParameter) else { return nil }
        for entry in entries[method]?[template.count] ?? [] {
            let fits = zip(template, entry.path.segments).allSatisfy { route, documented in
                switch (route, documented) {
                case (.literal(let mine), .literal(let theirs)): mine == theirs
                case (_, .parameter): true
                default: false
                }
            }
            if fits { return (entry.value, entry.path) }
        }
        return nil
    }

    private static func isLiteralOrParameter(_ segment: RoutePattern.Segment) -> Bool {
        switch segment {
        case .literal, .parameter: true
        case .wildcard, .rest: false
        }
    }

    /// Whether `one` has a literal where `other` has a parameter, at the first segment where
    /// they differ in kind.
    private static func isMoreConcrete(_ one: RoutePattern, than other: RoutePattern) -> Bool {
        for (mine, theirs) in zip(one.segments, other.segments) {
            switch (mine, theirs) {
            case (.literal, .parameter): return true
            case (.parameter, .literal): return false
            default: continue
            }
        }
        return false
    }
}
