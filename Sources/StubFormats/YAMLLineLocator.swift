public import Yams

/// Finds where a value sits in a YAML text, so problems found after decoding (which know only
/// a coding path) can still name a line. Used for scenario files and contract cases.
public enum YAMLLineLocator {
    /// The 1-based line of the node at `path` (mapping keys and sequence indices), or of the
    /// deepest node on the path that exists.
    public static func line(of path: [String], in text: String) -> Int? {
        guard var node = try? Yams.compose(yaml: text) else { return nil }
        var best = node.mark?.line
        for key in path {
            let next: Node?
            if let index = Int(key), case .sequence(let sequence) = node {
                next = sequence.indices.contains(index) ? sequence[index] : nil
            } else {
                next = node[key]
            }
            guard let next else { break }
            node = next
            best = node.mark?.line ?? best
        }
        return best
    }

    /// The line of a YAML syntax error.
    public static func line(of error: YamlError) -> Int? {
        switch error {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _):
            return mark.line
        case .duplicatedKeysInMapping(_, let context):
            return context.mark.line
        default:
            return nil
        }
    }

    /// The line a decoding error points at, through its coding path or its underlying YAML error.
    public static func line(of error: DecodingError, in text: String) -> Int? {
        let context: DecodingError.Context
        switch error {
        case .keyNotFound(_, let c), .typeMismatch(_, let c), .valueNotFound(_, let c), .dataCorrupted(let c): context = c
        @unknown default: return nil
        }
        if let yaml = context.underlyingError as? YamlError { return line(of: yaml) }
        return line(of: context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }, in: text)
    }

    /// A YAML syntax error as one line for a problem list: the parser's problem, with a hint for
    /// the commonest slip, a path template written bare in a flow mapping
    /// (`request: { path: /users/{id} }`), where YAML reads `{id}` as a mapping. Route files,
    /// scenario files and contract cases all say it this way.
    public static func summary(of error: YamlError, in text: String) -> String {
        let problem = summary(of: error)
        guard let number = line(of: error), number >= 1,
              let written = text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(number - 1).first,
              hasBarePathParameter(written) else { return problem }
        return problem + " (a path with {name} in a { } mapping must be quoted: path: \"/users/{id}\")"
    }

    /// Whether the line has a `/{` outside quotes: a path parameter YAML would read as a mapping.
    package static func hasBarePathParameter(_ line: Substring) -> Bool {
        var quote: Character?
        var previous: Character = " "
        for character in line {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "{", previous == "/" {
                return true
            }
            previous = character
        }
        return false
    }

    private static func summary(of error: YamlError) -> String {
        switch error {
        case .scanner(_, let problem, _, _), .parser(_, let problem, _, _), .composer(_, let problem, _, _):
            return problem
        case .duplicatedKeysInMapping(let duplicates, _):
            return "duplicated keys \(duplicates.joined(separator: ", "))"
        default:
            return "\(error)"
        }
    }
}
