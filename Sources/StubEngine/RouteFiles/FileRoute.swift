package import HTTPTypes

/// One route from a route file, compiled: what it matches and how it answers.
package struct FileRoute: Sendable {
    /// How a route picks among its responses that have no `when`.
    package enum Mode: Sendable, Equatable {
        case first
        /// In order, kept per session; after the last, repeat the last or start again.
        case sequence(loop: Bool)
        /// A seeded draw per request.
        case random
    }

    package let id: String
    /// `routes/users.yaml:12`.
    package let location: String
    package let pattern: RoutePattern
    package let condition: RequestCondition
    /// The folder defaults' conditional responses, then the route's own, in order.
    package let responses: [RouteResponse]
    package let mode: Mode
    package let priority: Int
    /// Headers the folder defaults add to every response.
    package let defaultHeaders: [(name: HTTPField.Name, value: ResponseTemplate)]
    /// How the journal names it: `GET /api/users/{id} [users.get]`.
    package let journalName: String
    /// False when every request gets the same choice with no draws: mode `first`, no `times` or
    /// `probability`, no templates and no latency. Such a route answers without the session lock.
    package let isStateless: Bool

    package init(id: String, location: String, pattern: RoutePattern, condition: RequestCondition, responses: [RouteResponse],
         mode: Mode, priority: Int, defaultHeaders: [(name: HTTPField.Name, value: ResponseTemplate)]) {
        self.id = id
        self.location = location
        self.pattern = pattern
        self.condition = condition
        self.responses = responses
        self.mode = mode
        self.priority = priority
        self.defaultHeaders = defaultHeaders
        self.journalName = "\(pattern.description) [\(id)]"
        let templated = defaultHeaders.contains { !$0.value.isLiteral } || responses.contains { response in
            if case .template = response.body { return true }
            return response.headers.contains { !$0.value.isLiteral }
        }
        self.isStateless = mode == .first && !templated && responses.allSatisfy {
            $0.behaviour.times == nil && $0.behaviour.probability == nil && $0.behaviour.latency == nil
        }
    }

    /// Literal segments count more than parameters; used to order routes of equal priority.
    package var specificity: Int {
        pattern.segments.reduce(0) { total, segment in
            switch segment {
            case .literal: total + 3
            case .parameter, .wildcard: total + 2
            case .rest: total
            }
        } + (condition.isEmpty ? 0 : 1)
    }

    /// Two routes with the same key can never be told apart.
    package var ambiguityKey: String {
        let shape = pattern.segments.map { segment -> String in
            switch segment {
            case .literal(let text): text
            case .parameter, .wildcard: "{}"
            case .rest: "**"
            }
        }.joined(separator: "/")
        return "\(pattern.method ?? "*") /\(shape) #\(priority) \(condition.signature)"
    }
}
