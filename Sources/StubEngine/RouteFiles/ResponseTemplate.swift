import Foundation
package import Mustache

/// A header value or body that may hold Mustache tags, compiled once at load.
///
/// Text is rendered as written. A JSON body written inline in YAML is a tree whose string leaves
/// are templates: each leaf is rendered and then JSON-encoded, so a substituted value can never
/// break the document. A `.json` body file is rendered as text with JSON string escaping.
package enum ResponseTemplate: Sendable {
    case literal(String)
    case text(MustacheTemplate)
    case json(TemplateJSON)

    /// Compiles `text`; a text without tags stays literal.
    package static func compile(_ text: String, escaping: TemplateEscaping) throws(TemplateProblem) -> ResponseTemplate {
        guard text.contains("{{") else { return .literal(text) }
        _ = registerJSONEscaping
        let pragma = escaping == .json ? "{{% CONTENT_TYPE: JSON}}" : "{{% CONTENT_TYPE: TEXT}}"
        do {
            return .text(try MustacheTemplate(string: pragma + text))
        } catch {
            throw TemplateProblem(reason: "invalid template: \(Self.describe(error))")
        }
    }

    /// Whether rendering needs request data (false for literals).
    package var isLiteral: Bool {
        if case .literal = self { return true }
        return false
    }

    package func render(_ scope: TemplateScope) -> String {
        switch self {
        case .literal(let text): return text
        case .text(let template): return template.render(scope.values)
        case .json(let tree):
            var out = ""
            tree.write(to: &out, scope: scope)
            return out
        }
    }

    private static func describe(_ error: any Error) -> String {
        if let parser = error as? MustacheTemplate.ParserError {
            return "\(parser.error) at line \(parser.context.lineNumber), column \(parser.context.columnNumber)"
        }
        return "\(error)"
    }

    /// Escaping for values substituted into a JSON string: quotes, backslashes and control characters.
    private static let registerJSONEscaping: Void = MustacheContentTypes.register(JSONStringEscaping(), named: "JSON")
}

/// How substituted values are escaped.
package enum TemplateEscaping: Sendable { case none, json }

/// A template that cannot be used, with the reason.
package struct TemplateProblem: Error, Sendable {
    package let reason: String
}

/// Escapes text for the inside of a JSON string literal.
package struct JSONStringEscaping: MustacheContentType {
    package func escapeText(_ text: String) -> String { TemplateJSON.escaped(text) }
}

/// An inline JSON body whose string leaves may be templates; keys keep the order they were written in.
package indirect enum TemplateJSON: Sendable {
    case null
    case bool(Bool)
    /// A number as JSON text.
    case number(String)
    case string(ResponseTemplate)
    case array([TemplateJSON])
    case object([(key: String, value: TemplateJSON)])

    package var hasTemplates: Bool {
        switch self {
        case .string(let template): return !template.isLiteral
        case .array(let items): return items.contains { $0.hasTemplates }
        case .object(let fields): return fields.contains { $0.value.hasTemplates }
        default: return false
        }
    }

    package func write(to out: inout String, scope: TemplateScope?) {
        switch self {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .number(let text): out += text
        case .string(let template):
            out += "\""
            if case .literal(let text) = template {
                out += Self.escaped(text)
            } else if let scope {
                out += Self.escaped(template.render(scope))
            }
            out += "\""
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                item.write(to: &out, scope: scope)
            }
            out += "]"
        case .object(let fields):
            out += "{"
            for (index, field) in fields.enumerated() {
                if index > 0 { out += "," }
                out += "\"" + Self.escaped(field.key) + "\":"
                field.value.write(to: &out, scope: scope)
            }
            out += "}"
        }
    }

    package static func escaped(_ text: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let c where c.value < 0x20 || c.value == 0x2028 || c.value == 0x2029:
                out += "\\u" + String(c.value, radix: 16, zeroPaddedTo: 4)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
