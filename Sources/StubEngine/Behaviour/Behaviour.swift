/// A behaviour as installed: a spec, its compiled route, and where it came from.
package struct Behaviour: Sendable {
    /// Where a behaviour was installed from; earlier sources win.
    package enum Source: String, Codable, Sendable { case header, admin, scenario }

    package let id: String
    package let spec: BehaviourSpec
    package let source: Source
    /// Session namespace it applies to; nil for every session.
    package let session: String?
    package let pattern: RoutePattern
    package let exceptions: [RoutePattern]

    /// Compiles a spec; throws the first problem.
    package init(id: String, spec: BehaviourSpec, source: Source, session: String?) throws(BehaviourError) {
        if let problem = spec.problems().first {
            throw BehaviourError(path: problem.path, reason: problem.reason)
        }
        self.id = id
        self.spec = spec
        self.source = source
        self.session = session
        do throws(RoutePatternError) {
            self.pattern = try RoutePattern(spec.route)
            var exceptions: [RoutePattern] = []
            for text in spec.except ?? [] { exceptions.append(try RoutePattern(text)) }
            self.exceptions = exceptions
        } catch {
            throw BehaviourError(path: "route", reason: error.reason)
        }
    }

    /// Whether the behaviour's route, and none of its exceptions, takes the request. Which
    /// session's behaviours are asked is the index's to decide (`BehaviourIndex`, by scope), once.
    package func matches(method: String, pathSegments: [Substring]) -> Bool {
        guard pattern.match(method: method, pathSegments: pathSegments) != nil else { return false }
        return !exceptions.contains { $0.match(method: method, pathSegments: pathSegments) != nil }
    }
}

/// An invalid behaviour, with the field at fault.
package struct BehaviourError: Error, Sendable, CustomStringConvertible {
    package let path: String
    package let reason: String
    /// Set when the spec is fine but the book is full.
    package var limit: Int?

    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    package static func limitReached(_ limit: Int) -> BehaviourError {
        var error = BehaviourError(path: "", reason: "\(limit) admin behaviours are installed, the most allowed; remove some "
                                   + "(DELETE /__stubbank/behaviours/{id}, or DELETE /__stubbank/behaviours for a session) "
                                   + "or start with a larger --max-behaviours")
        error.limit = limit
        return error
    }
    package var description: String { path.isEmpty ? reason : "\(path): \(reason)" }
}
