import HTTPTypes

/// One route from a route file, compiled: what it matches and how it answers.
struct FileRoute: Sendable {
    /// How a route picks among its responses that have no `when`.
    enum Mode: Sendable, Equatable {
        case first
        /// In order, kept per session; after the last, repeat the last or start again.
        case sequence(loop: Bool)
        /// A seeded draw per request.
        case random
    }

    let id: String
    /// `routes/users.yaml:12`.
    let location: String
    let pattern: RoutePattern
    let condition: RequestCondition
    /// The folder defaults' conditional responses, then the route's own, in order.
    let responses: [RouteResponse]
    let mode: Mode
    let priority: Int
    /// Headers the folder defaults add to every response.
    let defaultHeaders: [(name: HTTPField.Name, value: ResponseTemplate)]

    /// Literal segments count more than parameters; used to order routes of equal priority.
    var specificity: Int {
        pattern.segments.reduce(0) { total, segment in
            switch segment {
            case .literal: total + 3
            case .parameter, .wildcard: total + 2
            case .rest: total
            }
        } + (condition.isEmpty ? 0 : 1)
    }

    /// Two routes with the same key can never be told apart.
    var ambiguityKey: String {
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
