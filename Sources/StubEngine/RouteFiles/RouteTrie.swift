/// An index of route paths by segment, so finding the candidates for a request costs the depth
/// of its path, not the number of routes.
package struct RouteTrie: Sendable {
    private struct Node: Sendable {
        var literals: [String: Int] = [:]
        /// `{name}` and `*` share one child: both take any single segment.
        var anySegment: Int?
        /// Routes whose path ends here.
        var terminal: [Int] = []
        /// Routes whose path ends here with `**`, matching any rest.
        var rest: [Int] = []
    }

    private var nodes = [Node()]

    package init(patterns: [RoutePattern]) {
        for (index, pattern) in patterns.enumerated() { insert(pattern, index: index) }
    }

    private mutating func insert(_ pattern: RoutePattern, index: Int) {
        var current = 0
        for segment in pattern.segments {
            switch segment {
            case .rest:
                nodes[current].rest.append(index)
                return
            case .literal(let text):
                current = child(of: current, literal: text)
            case .parameter, .wildcard:
                current = child(of: current, literal: nil)
            }
        }
        nodes[current].terminal.append(index)
    }

    private mutating func child(of parent: Int, literal: String?) -> Int {
        if let literal, let existing = nodes[parent].literals[literal] { return existing }
        if literal == nil, let existing = nodes[parent].anySegment { return existing }
        nodes.append(Node())
        if let literal { nodes[parent].literals[literal] = nodes.count - 1 } else { nodes[parent].anySegment = nodes.count - 1 }
        return nodes.count - 1
    }

    /// Indices of every pattern whose path can match `segments`, ascending (precedence order).
    package func candidates(_ segments: [Substring]) -> [Int] {
        var found: [Int] = []
        var stack = [(node: 0, depth: 0)]
        while let (node, depth) = stack.popLast() {
            found += nodes[node].rest
            if depth == segments.count {
                found += nodes[node].terminal
                continue
            }
            if let next = nodes[node].literals[String(segments[depth])] { stack.append((next, depth + 1)) }
            if let next = nodes[node].anySegment { stack.append((next, depth + 1)) }
        }
        return found.count > 1 ? found.sorted() : found
    }
}
