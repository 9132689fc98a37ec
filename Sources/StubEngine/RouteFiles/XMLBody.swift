import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A request body read as XML, for `bodyXml` and `xpath` in route files (WireMock's `equalToXml`
/// and `matchesXPath`). Elements keep their name as written (`ns:Amount`), its local part, their
/// attributes and their children in order; text is kept as written, and whitespace between
/// elements is dropped. Comments and processing instructions are not kept.
package final class XMLBody: Sendable {
    package let name: String
    package let attributes: [String: String]
    package let children: [Child]

    package enum Child: Sendable {
        case element(XMLBody)
        case text(String)
    }

    package init(name: String, attributes: [String: String], children: [Child]) {
        self.name = name
        self.attributes = attributes
        self.children = children
    }

    /// The name without its namespace prefix: `Amount` for `ns:Amount`.
    package var localName: String { Self.localName(name) }

    package static func localName(_ name: String) -> String {
        name.split(separator: ":", maxSplits: 1).last.map(String.init) ?? name
    }

    /// The child elements, in order.
    package var elements: [XMLBody] {
        children.compactMap { if case .element(let element) = $0 { element } else { nil } }
    }

    /// XPath's string value: the text of the element and all its descendants, in order.
    package var text: String {
        children.map { child in
            switch child {
            case .element(let element): element.text
            case .text(let text): text
            }
        }.joined()
    }

    /// Attributes other than namespace declarations (`xmlns`, `xmlns:p`), by local name.
    package var plainAttributes: [String: String] {
        var result: [String: String] = [:]
        for (name, value) in attributes where name != "xmlns" && !name.hasPrefix("xmlns:") { result[Self.localName(name)] = value }
        return result
    }

    /// How deep elements may nest. Foundation's parser sets no limit, and the tree is walked
    /// recursively (its text, XPath's `//`, the comparison): a body nested deeper is not read as
    /// XML, so a 700 KB `<a><a>…` cannot exhaust the stack. Real documents nest a few dozen deep.
    package static let maxDepth = 256

    /// The document element of `bytes`, or nil when they are not well-formed XML or nest deeper
    /// than `maxDepth`.
    package static func parse(_ bytes: [UInt8]) -> XMLBody? {
        guard !bytes.isEmpty else { return nil }
        let parser = XMLParser(data: Data(bytes))
        let builder = Builder()
        parser.delegate = builder
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        guard parser.parse(), !builder.tooDeep, builder.stack.isEmpty else { return nil }
        return builder.root
    }

    /// Gathers the tree as the parser reads it.
    private final class Builder: NSObject, XMLParserDelegate {
        struct Open {
            var name: String
            var attributes: [String: String]
            var children: [Child] = []
            var text = ""
        }
        var stack: [Open] = []
        var root: XMLBody?
        var tooDeep = false

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            guard stack.count < XMLBody.maxDepth else {
                tooDeep = true
                return parser.abortParsing()
            }
            flushText()
            stack.append(Open(name: elementName, attributes: attributes))
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard !stack.isEmpty else { return }
            stack[stack.count - 1].text += string
        }

        func parser(_ parser: XMLParser, foundCDATA block: Data) {
            guard !stack.isEmpty else { return }
            stack[stack.count - 1].text += String(decoding: block, as: UTF8.self)
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            flushText()
            guard let open = stack.popLast() else { return }
            let element = XMLBody(name: open.name, attributes: open.attributes, children: open.children)
            if stack.isEmpty { root = element } else { stack[stack.count - 1].children.append(.element(element)) }
        }

        /// Text read so far becomes a child, unless it is only the whitespace between elements.
        private func flushText() {
            guard !stack.isEmpty else { return }
            let text = stack[stack.count - 1].text
            stack[stack.count - 1].text = ""
            if !text.allSatisfy(\.isWhitespace) { stack[stack.count - 1].children.append(.text(text)) }
        }
    }
}

/// The XML a request body must be (`bodyXml`, WireMock's `equalToJson`'s sibling `equalToXml`):
/// the same elements by local name, in order, with the same attributes in any order (namespace
/// declarations and prefixes aside) and the same text, trimmed. XMLUnit's placeholders stand for
/// a value: `${xmlunit.ignore}` any, `${xmlunit.isNumber}` a number, `${xmlunit.matchesRegex(…)}`
/// text the expression matches whole, `${xmlunit.isDateTime}` an ISO 8601 date and time.
package struct ExpectedXML: Sendable {
    package let root: XMLBody
    package let source: String

    /// - Throws: the reason, when `source` is not well-formed XML.
    package init(_ source: String) throws(ValueMatcherError) {
        guard let root = XMLBody.parse(Array(source.utf8)) else {
            throw ValueMatcherError(reason: "is not well-formed XML")
        }
        self.root = root
        self.source = source
    }

    /// Why `body` differs, as "at /a/b: reason", or nil when it is the same XML.
    package func mismatch(_ body: XMLBody?) -> String? {
        guard let body else { return "is not XML" }
        return Self.difference(root, body, at: "")
    }

    private static func difference(_ expected: XMLBody, _ actual: XMLBody, at parent: String) -> String? {
        let at = parent + "/" + expected.localName
        guard expected.localName == actual.localName else { return "at \(parent)/: expected <\(expected.localName)>, found <\(actual.localName)>" }
        let want = expected.plainAttributes, have = actual.plainAttributes
        for name in Set(want.keys).union(have.keys).sorted() {
            guard let value = want[name] else { return "at \(at): unexpected attribute \(name)" }
            guard let found = have[name] else { return "at \(at): missing attribute \(name)" }
            if !valueMatches(value, found) { return "at \(at)/@\(name): expected \"\(value)\", found \"\(found)\"" }
        }
        let wanted = expected.elements, had = actual.elements
        if wanted.isEmpty, had.isEmpty {
            let value = expected.text.trimmingCharacters(in: .whitespacesAndNewlines)
            let found = actual.text.trimmingCharacters(in: .whitespacesAndNewlines)
            return valueMatches(value, found) ? nil : "at \(at): expected \"\(value)\", found \"\(found)\""
        }
        guard wanted.count == had.count else { return "at \(at): expected \(wanted.count) child elements, found \(had.count)" }
        for (child, other) in zip(wanted, had) {
            if let why = difference(child, other, at: at) { return why }
        }
        return nil
    }

    /// Whether `found` is `expected`, or what an XMLUnit placeholder in `expected` accepts.
    private static func valueMatches(_ expected: String, _ found: String) -> Bool {
        guard expected.hasPrefix("${xmlunit."), expected.hasSuffix("}") else { return expected == found }
        let body = String(expected.dropFirst("${xmlunit.".count).dropLast())
        switch body {
        case "ignore": return true
        case "isNumber": return Double(found.trimmingCharacters(in: .whitespaces)) != nil
        case "isDateTime": return (try? Date.ISO8601FormatStyle(includingFractionalSeconds: false).parse(found)) != nil
            || (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(found)) != nil
        default:
            guard body.hasPrefix("matchesRegex("), body.hasSuffix(")") else { return expected == found }
            let pattern = String(body.dropFirst("matchesRegex(".count).dropLast())
            return found.range(of: "^(?:" + pattern + ")$", options: .regularExpression) != nil
        }
    }

    /// The placeholders XMLUnit has that this reads; any other `${xmlunit.…}` is refused at load.
    package static func unknownPlaceholder(in source: String) -> String? {
        var rest = Substring(source)
        while let start = rest.range(of: "${xmlunit.") {
            let tail = rest[start.upperBound...]
            let name = tail.prefix { $0.isLetter }
            if !["ignore", "isNumber", "isDateTime", "matchesRegex"].contains(String(name)) { return "${xmlunit.\(name)" }
            rest = tail
        }
        return nil
    }
}
