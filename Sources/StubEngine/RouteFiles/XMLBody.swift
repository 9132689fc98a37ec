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

    /// The same element with `transform` applied to each attribute value other than a namespace
    /// declaration, and to the text of each element without child elements.
    package func mapValues<E: Error>(_ transform: (String) throws(E) -> String) throws(E) -> XMLBody {
        var attributes = self.attributes
        for (name, value) in attributes where name != "xmlns" && !name.hasPrefix("xmlns:") { attributes[name] = try transform(value) }
        guard !elements.isEmpty else { return XMLBody(name: name, attributes: attributes, children: [.text(try transform(text))]) }
        var children: [Child] = []
        for child in self.children {
            switch child {
            case .element(let element): children.append(.element(try element.mapValues(transform)))
            case .text: children.append(child)
            }
        }
        return XMLBody(name: name, attributes: attributes, children: children)
    }

    /// The element as XML text: its name, its attributes in name order and its children, with
    /// `&`, `<`, `>` and `"` escaped.
    package var xml: String {
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        let head = ([name] + attributes.keys.sorted().map { "\($0)=\"\(escaped(attributes[$0] ?? ""))\"" }).joined(separator: " ")
        let inner = children.map { child in
            switch child {
            case .element(let element): element.xml
            case .text(let text): escaped(text)
            }
        }.joined()
        return "<\(head)>\(inner)</\(name)>"
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
/// declarations and prefixes aside) and the same text, trimmed. A value that is an XMLUnit
/// placeholder (`XMLUnitPlaceholder`) stands for any value it accepts.
package struct ExpectedXML: Sendable {
    package let root: XMLBody
    package let source: String

    /// - Throws: the reason, when `source` is not well-formed XML or holds a placeholder whose
    ///   keyword XMLUnit does not have (a typo, most likely: XMLUnit would compare it as text).
    package init(_ source: String) throws(ValueMatcherError) {
        guard let root = XMLBody.parse(Array(source.utf8)) else {
            throw ValueMatcherError(reason: "is not well-formed XML")
        }
        if let unknown = Self.unknownPlaceholder(in: root) {
            throw ValueMatcherError(reason: "holds \(unknown), which is not an XMLUnit placeholder ("
                                    + XMLUnitPlaceholder.keywords.map { "${xmlunit.\($0)}" }.joined(separator: ", ") + ")")
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
            // As XMLUnit has it, a missing attribute is what `${xmlunit.ignore}` accepts.
            if !valueMatches(value, have[name]) {
                return have[name].map { "at \(at)/@\(name): expected \"\(value)\", found \"\($0)\"" } ?? "at \(at): missing attribute \(name)"
            }
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

    /// Whether `found` (nil when missing) is `expected`, or what an XMLUnit placeholder that
    /// `expected` is accepts. A placeholder XMLUnit does not know is compared as text, as there.
    private static func valueMatches(_ expected: String, _ found: String?) -> Bool {
        guard let placeholder = XMLUnitPlaceholder(expected), placeholder.isKnown else { return expected == found }
        return placeholder.accepts(found)
    }

    /// The first placeholder in `element`'s values whose keyword XMLUnit does not have, as written.
    private static func unknownPlaceholder(in element: XMLBody) -> String? {
        var values = element.plainAttributes.keys.sorted().compactMap { element.plainAttributes[$0] }
        if element.elements.isEmpty { values.append(element.text) }
        for value in values {
            if let placeholder = XMLUnitPlaceholder(value), !placeholder.isKnown {
                return value.trimmingCharacters(in: .whitespacesAndNewlines)
            }
        }
        for child in element.elements {
            if let unknown = unknownPlaceholder(in: child) { return unknown }
        }
        return nil
    }
}

/// An XMLUnit placeholder, read as XMLUnit's `PlaceholderDifferenceEvaluator` reads one with its
/// default delimiters: a value that is wholly `${xmlunit.KEYWORD}` or `${xmlunit.KEYWORD(ARGUMENT)}`,
/// blanks allowed around it and inside the braces. What each keyword accepts is XMLUnit's:
/// - `ignore`: anything, a missing attribute or text too;
/// - `isNumber`: a decimal number, its sign and exponent optional (`-1.5`, `.5`, `2e10`; not
///   `1.`, `0x10` or `NaN`);
/// - `isDateTime`: text that begins with a date, as Java's lenient `SimpleDateFormat` reads
///   XMLUnit's ISO patterns (`2026-12-02`, `2026-12-02T10:00:00Z`, `2026-12-02 10:00`) or a
///   short US date (`12/2/26`); with an argument, text that begins as that `SimpleDateFormat`
///   pattern says (`isDateTime(dd.MM.yyyy)`);
/// - `matchesRegex(PATTERN)`: trimmed text in which the expression finds a match (XMLUnit uses
///   `find`: add `^` and `$` to match the whole).
package struct XMLUnitPlaceholder: Equatable, Sendable {
    /// The keywords XMLUnit has.
    package static let keywords = ["ignore", "isNumber", "isDateTime", "matchesRegex"]
    package let keyword: String
    /// What is between the parentheses after the keyword, as written; nil without them.
    package let argument: String?

    /// The placeholder `value` is, or nil when it is none.
    package init?(_ value: String) {
        var text = Substring(value.trimmingCharacters(in: .whitespacesAndNewlines))
        guard text.hasPrefix("${"), text.hasSuffix("}") else { return nil }
        text = text.dropFirst(2).dropLast().drop(while: \.isWhitespace)
        guard text.hasPrefix("xmlunit.") else { return nil }
        let content = text.dropFirst("xmlunit.".count).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !content.isEmpty else { return nil }
        if let open = content.firstIndex(of: "("), content.hasSuffix(")") {
            keyword = content[..<open].trimmingCharacters(in: .whitespaces)
            argument = String(content[content.index(after: open)..<content.index(before: content.endIndex)])
        } else {
            keyword = content
            argument = nil
        }
    }

    /// Whether XMLUnit has this keyword; it compares any other placeholder as text.
    package var isKnown: Bool { Self.keywords.contains(keyword) }

    /// Whether `value` (nil when the attribute or text is missing) is one this stands for.
    package func accepts(_ value: String?) -> Bool {
        if keyword == "ignore" { return true }
        guard let value else { return false }
        let text = value.trimmingCharacters(in: .whitespacesAndNewlines)
        switch keyword {
        case "isNumber":
            return text.range(of: #"^[-+]?[0-9]*\.?[0-9]+([eE][-+]?[0-9]+)?$"#, options: .regularExpression) != nil
        case "isDateTime":
            guard let argument else {
                return text.range(of: #"^(?:[0-9]+-[0-9]+-[0-9]+|[0-9]+/[0-9]+/[0-9]+)"#, options: .regularExpression) != nil
            }
            // A lenient `SimpleDateFormat` reads the format from the text's start and leaves the rest.
            return (0..<text.count).contains { DateCondition.date(String(text.dropLast($0)), patterns: [argument]) != nil }
        case "matchesRegex":
            guard let argument, !argument.isEmpty else { return false }
            return text.range(of: argument.trimmingCharacters(in: .whitespaces), options: .regularExpression) != nil
        default:
            return false
        }
    }
}
