import Foundation

/// Checks the tags of a template at load time, so a name that can never have a value is a load
/// error with its line instead of an empty string at run time.
package enum TemplateTags {
    /// Names a template may start with.
    package static let roots: Set<String> = Set(["path", "query", "headers", "body", "session", "counter", "request",
                                                 "uuid", "now", "random", "fake"])
        .union(StringHelpers.names)

    /// Problems in `text`, for a route whose path template declares `parameters`.
    package static func problems(in text: String, parameters: Set<String>) -> [String] {
        guard text.contains("{{") else { return [] }
        var problems: [String] = []
        var open: [String] = []
        var scanner = text[...]
        while let start = scanner.range(of: "{{") {
            guard let end = scanner[start.upperBound...].range(of: "}}") else {
                problems.append("a tag opened with {{ is never closed")
                break
            }
            var tag = scanner[start.upperBound..<end.lowerBound]
            var after = end.upperBound
            if tag.first == "{", scanner[after...].first == "}" {
                tag = tag.dropFirst()
                after = scanner.index(after: after)
            }
            let kind = tag.first.map { "#^/&>!=%<$".contains($0) ? $0 : " " } ?? " "
            let name = (kind == " " ? tag : tag.dropFirst()).trimmingCharacters(in: .whitespaces)
            switch kind {
            case "!", "%": break
            case ">", "<", "$", "=":
                problems.append("{{\(kind)…}} (partials, blocks, delimiters) is not supported in route files")
            case "/":
                if open.last == name { open.removeLast() } else {
                    problems.append("{{/\(name)}} closes a section that is not open")
                }
            case "#", "^":
                if topLevel(open), let problem = check(name, parameters: parameters) { problems.append(problem) }
                if topLevel(open), name == "now" || name == "random" || name == "fake" {
                    problems += argumentProblems(of: name, after: scanner[after...])
                }
                open.append(name)
            default:
                // Inside a section names are relative to the section's value, so only top-level ones are checked.
                if topLevel(open), let problem = check(name, parameters: parameters) { problems.append(problem) }
            }
            scanner = scanner[after...]
        }
        if let unclosed = open.last { problems.append("section {{#\(unclosed)}} is never closed with {{/\(unclosed)}}") }
        return problems
    }

    /// Whether names here are read from the top: outside sections, or inside string helpers only.
    private static func topLevel(_ open: [String]) -> Bool {
        open.allSatisfy { StringHelpers.names.contains($0) }
    }

    private static func check(_ name: String, parameters: Set<String>) -> String? {
        guard name != "." else { return nil }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let root = parts.first, roots.contains(root) else {
            return "{{\(name)}} names nothing; a template can use \(roots.sorted().joined(separator: ", "))"
        }
        if root == "path", parts.count > 1, !parameters.contains(parts[1]) {
            let declared = parameters.sorted().map { "{\($0)}" }.joined(separator: ", ")
            let known = parameters.isEmpty ? "this route's path has no {parameters}" : "the path declares \(declared)"
            return "{{\(name)}}: {\(parts[1])} is not a path parameter; \(known)"
        }
        if ["uuid", "now", "random", "fake", "counter", "session"].contains(root) || StringHelpers.names.contains(root), parts.count > 1 {
            return "{{\(name)}}: \(root) has no fields"
        }
        return nil
    }

    /// Checks the literal argument of a `now`, `random` or `fake` section.
    private static func argumentProblems(of name: String, after rest: Substring) -> [String] {
        guard let close = rest.range(of: "{{/\(name)}}") else { return [] }
        let argument = String(rest[..<close.lowerBound])
        do {
            if name == "fake" {
                let kind = argument.trimmingCharacters(in: .whitespaces)
                return FakeData.kinds[kind] == nil
                    ? ["{{#fake}}\(kind){{/fake}}: the kinds are \(FakeData.kinds.keys.sorted().joined(separator: ", "))"] : []
            }
            if name == "now" { _ = try NowSpec(argument) } else { _ = try RandomSpec(argument) }
            return []
        } catch {
            return [error.reason]
        }
    }
}
