public import Foundation
import Yams

/// The team's own redaction rules and allow list, from a YAML file (`--rules FILE`, or
/// `stubbank-redact.yaml` in the folder being checked):
///
/// ```yaml
/// salt: team-salt              # the same salt gives the same fakes in every recording
/// rules:
///   - path: $.data[*].nickname # JSON path; every array index is written [*]
///     kind: name
///   - header: X-Customer-Id
///     kind: token
///   - regex: 'CUST-[0-9]{6}'
///     kind: token
/// allow:                       # values that look like PII but are known fixtures
///   - DE89370400440532013000
/// ```
///
/// Kinds: token, iban, card, email, phone, name, address.
public struct RedactionRules: Sendable {
    /// A regex rule.
    public struct Pattern: @unchecked Sendable {
        /// Compiled once; only read.
        let regex: Regex<AnyRegexOutput>
        /// What a match is.
        let kind: PIIKind
    }

    /// Keys the fakes; the default is fixed, so recordings are reproducible out of the box.
    public var salt = "stubbank"
    /// JSON path (`$.a[*].b`) to kind.
    public var paths: [String: PIIKind] = [:]
    /// Lower-case header name to kind.
    public var headers: [String: PIIKind] = [:]
    /// Text patterns, applied before the preset's shapes.
    public var patterns: [Pattern] = []
    /// Values never reported or replaced.
    public var allow: Set<String> = []

    /// No extra rules: the banking preset alone.
    public init() {}

    /// The file a folder may carry for `redact --check`.
    public static let fileName = "stubbank-redact.yaml"

    /// Loads `file`, or throws every problem with its line.
    public static func load(_ file: URL) throws(RedactionRulesError) -> RedactionRules {
        let name = file.lastPathComponent
        let text: String
        do { text = try String(contentsOf: file, encoding: .utf8) } catch {
            throw RedactionRulesError(problems: ["\(name): cannot read: \(error.localizedDescription)"])
        }
        let root: Node?
        do { root = try Yams.compose(yaml: text) } catch {
            throw RedactionRulesError(problems: ["\(name): not valid YAML: \(error)"])
        }
        var rules = RedactionRules()
        var problems: [String] = []
        func fail(_ node: Node, _ reason: String) { problems.append("\(name):\(node.mark?.line ?? 1): \(reason)") }
        guard let root, let top = root.mapping else {
            throw RedactionRulesError(problems: ["\(name):1: expected a mapping with salt, rules and allow"])
        }
        for (keyNode, value) in top {
            switch keyNode.string {
            case "salt":
                if let salt = value.string, !salt.isEmpty { rules.salt = salt } else { fail(value, "salt must be a non-empty string") }
            case "allow":
                guard let items = value.sequence else { fail(value, "allow must be a list of values"); continue }
                for item in items {
                    if let text = item.string { rules.allow.insert(text) } else { fail(item, "allow holds plain values") }
                }
            case "rules":
                guard let items = value.sequence else { fail(value, "rules must be a list"); continue }
                for item in items { rules.add(item, fail: fail) }
            default:
                fail(keyNode, "unknown key \"\(keyNode.string ?? "")\"; expected salt, rules or allow")
            }
        }
        if !problems.isEmpty { throw RedactionRulesError(problems: problems) }
        return rules
    }

    private mutating func add(_ node: Node, fail: (Node, String) -> Void) {
        guard let mapping = node.mapping else { fail(node, "a rule is a mapping: path, header or regex, and kind"); return }
        var target: (key: String, value: String, node: Node)?
        var kind: PIIKind?
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            switch key {
            case "path", "header", "regex":
                guard target == nil else { fail(keyNode, "a rule has one of path, header or regex"); return }
                guard let text = value.string, !text.isEmpty else { fail(value, "\(key) must be a non-empty string"); return }
                target = (key, text, value)
            case "kind":
                guard let found = value.string.flatMap(PIIKind.init(rawValue:)) else {
                    fail(value, "kind must be one of \(PIIKind.allCases.map(\.rawValue).joined(separator: ", "))")
                    return
                }
                kind = found
            default:
                fail(keyNode, "unknown key \"\(key)\" in a rule; expected path, header, regex and kind")
                return
            }
        }
        guard let target else { fail(node, "a rule needs path, header or regex"); return }
        guard let kind else { fail(node, "a rule needs a kind"); return }
        switch target.key {
        case "path":
            guard target.value.hasPrefix("$") else { fail(target.node, "a path starts with $, e.g. $.data[*].nickname"); return }
            paths[target.value.replacing(/\[[0-9]+\]/, with: "[*]")] = kind
        case "header":
            headers[target.value.lowercased()] = kind
        default:
            do {
                patterns.append(Pattern(regex: try Regex(target.value), kind: kind))
            } catch {
                fail(target.node, "regex does not compile: \(error)")
            }
        }
    }
}

/// A rules file that cannot be used, with every problem as `file:line: reason`.
public struct RedactionRulesError: Error, CustomStringConvertible, Sendable {
    /// One line each.
    public let problems: [String]
    public var description: String { problems.joined(separator: "\n") }
}
