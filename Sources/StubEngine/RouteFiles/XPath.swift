import Foundation
import StubFormats

/// An XPath 1.0 expression over a request's XML body (`xpath` in route files, WireMock's
/// `matchesXPath`). What it reads, which covers what WireMock's documentation and real mapping
/// sets use:
/// - location paths, absolute (`/a/b`) and relative, with `//` (any depth), `*`, `.`, `..`,
///   `@name` and `@*`, `text()` and `node()`; a prefixed name (`ns:Amount`) matches by its local
///   name, so `xPathNamespaces` need not be given;
/// - predicates: a position (`[2]`, `[last()]`) or any expression (`[@id='1']`, `[.=111]`,
///   `[count(item) > 2]`);
/// - `=`, `!=`, `<`, `<=`, `>`, `>=`, `and`, `or`, parentheses, string and number literals, `|`;
/// - the functions `count`, `text`, `contains`, `starts-with`, `ends-with`, `not`, `string`,
///   `number`, `string-length`, `normalize-space`, `name`, `local-name`, `last`, `position`,
///   `true` and `false`.
///
/// Anything else is refused when the route file loads, naming what it met.
package struct XPath: Sendable, CustomStringConvertible {
    package let description: String
    private let root: Expression

    /// - Throws: the reason, naming what it could not read.
    package init(_ text: String) throws(ValueMatcherError) {
        var parser = Parser(tokens: try Self.tokens(text), source: text)
        let expression = try parser.expression()
        guard parser.atEnd else { throw ValueMatcherError(reason: "XPath \(text): unexpected \(parser.current) at the end") }
        description = text
        root = expression
    }

    /// What the expression selects in `document`, as text: the string value of each node it
    /// selects; for an expression that is a boolean, number or string, that one value. Empty when
    /// it selects nothing, or is `false`.
    package func values(in document: XMLBody) -> [String] {
        let context = Context(node: Node(.document(document), parent: nil, position: 0), position: 1, size: 1)
        switch root.evaluate(context) {
        case .nodes(let nodes): return nodes.map(\.text)
        case .boolean(let flag): return flag ? ["true"] : []
        case .number(let number): return [Value.text(of: number)]
        case .string(let text): return [text]
        }
    }

    // MARK: Nodes and values

    /// A node of the tree as XPath sees it: the document, an element, an attribute or a text
    /// node, with its parent and its positions from the document, set once when it is made.
    fileprivate final class Node {
        enum Kind {
            case document(XMLBody)
            case element(XMLBody)
            case attribute(name: String, value: String)
            case text(String)
        }

        let kind: Kind
        let parent: Node?
        /// The positions from the document (an attribute's negative): the same node has the same
        /// path however it was reached, and paths sort in document order.
        let identity: [Int]

        init(_ kind: Kind, parent: Node?, position: Int) {
            self.kind = kind
            self.parent = parent
            identity = parent.map { $0.identity + [position] } ?? []
        }

        var text: String {
            switch kind {
            case .document(let root), .element(let root): root.text
            case .attribute(_, let value): value
            case .text(let text): text
            }
        }

        var name: String {
            switch kind {
            case .element(let element): element.name
            case .attribute(let name, _): name
            default: ""
            }
        }

        /// Element and text children, in document order.
        var children: [Node] {
            switch kind {
            case .document(let root): return [Node(.element(root), parent: self, position: 0)]
            case .element(let element):
                return element.children.enumerated().map { index, child in
                    switch child {
                    case .element(let inner): Node(.element(inner), parent: self, position: index)
                    case .text(let text): Node(.text(text), parent: self, position: index)
                    }
                }
            default: return []
            }
        }

        var attributes: [Node] {
            guard case .element(let element) = kind else { return [] }
            return element.attributes.sorted { $0.key < $1.key }
                .filter { $0.key != "xmlns" && !$0.key.hasPrefix("xmlns:") }
                .enumerated().map { Node(.attribute(name: $1.key, value: $1.value), parent: self, position: $0 - element.attributes.count) }
        }

        var descendantsOrSelf: [Node] {
            [self] + children.flatMap(\.descendantsOrSelf)
        }
    }

    fileprivate enum Value {
        case nodes([Node])
        case boolean(Bool)
        case number(Double)
        case string(String)

        var boolean: Bool {
            switch self {
            case .nodes(let nodes): !nodes.isEmpty
            case .boolean(let flag): flag
            case .number(let number): number != 0 && !number.isNaN
            case .string(let text): !text.isEmpty
            }
        }

        var string: String {
            switch self {
            case .nodes(let nodes): nodes.first?.text ?? ""
            case .boolean(let flag): flag ? "true" : "false"
            case .number(let number): Self.text(of: number)
            case .string(let text): text
            }
        }

        var number: Double {
            switch self {
            case .number(let number): number
            case .boolean(let flag): flag ? 1 : 0
            default: Double(string.trimmingCharacters(in: .whitespacesAndNewlines)) ?? .nan
            }
        }

        static func text(of number: Double) -> String {
            JSONValue.text(of: number)
        }
    }

    fileprivate struct Context {
        var node: Node
        var position: Int
        var size: Int
    }

    // MARK: Expressions

    fileprivate indirect enum Expression: Sendable {
        case path(absolute: Bool, steps: [Step])
        /// A primary expression followed by a path (`(//a)[1]/b`).
        case filtered(Expression, predicates: [Expression], steps: [Step])
        case literal(String)
        case number(Double)
        case function(String, [Expression])
        case binary(String, Expression, Expression)
        case union(Expression, Expression)
        case negative(Expression)

        func evaluate(_ context: Context) -> Value {
            switch self {
            case .literal(let text): return .string(text)
            case .number(let number): return .number(number)
            case .negative(let inner): return .number(-inner.evaluate(context).number)
            case .path(let absolute, let steps):
                var start = context.node
                if absolute { while let parent = start.parent { start = parent } }
                return .nodes(Step.walk(steps, from: [start]))
            case .filtered(let primary, let predicates, let steps):
                guard case .nodes(var nodes) = primary.evaluate(context) else { return primary.evaluate(context) }
                for predicate in predicates { nodes = Step.filter(nodes, by: predicate) }
                return .nodes(Step.walk(steps, from: nodes))
            case .union(let left, let right):
                guard case .nodes(let a) = left.evaluate(context), case .nodes(let b) = right.evaluate(context) else { return .nodes([]) }
                var seen = Set<[Int]>()
                return .nodes((a + b).filter { seen.insert($0.identity).inserted }.sorted { $0.identity.lexicographicallyPrecedes($1.identity) })
            case .binary(let operation, let left, let right):
                if operation == "and" { return .boolean(left.evaluate(context).boolean && right.evaluate(context).boolean) }
                if operation == "or" { return .boolean(left.evaluate(context).boolean || right.evaluate(context).boolean) }
                return .boolean(Self.compare(operation, left.evaluate(context), right.evaluate(context)))
            case .function(let name, let arguments):
                return Self.call(name, arguments, context)
            }
        }

        /// XPath 1.0's comparison: a node set compares through each of its nodes' string values.
        private static func compare(_ operation: String, _ left: Value, _ right: Value) -> Bool {
            func atoms(_ value: Value) -> [Value] {
                if case .nodes(let nodes) = value { return nodes.map { .string($0.text) } }
                return [value]
            }
            let rights = atoms(right)
            return atoms(left).contains { a in rights.contains { b in compareAtoms(operation, a, b) } }
        }

        private static func compareAtoms(_ operation: String, _ a: Value, _ b: Value) -> Bool {
            switch operation {
            case "=", "!=":
                let equal: Bool
                if case .boolean = a { equal = a.boolean == b.boolean } else if case .boolean = b { equal = a.boolean == b.boolean }
                else if case .number = a { equal = a.number == b.number } else if case .number = b { equal = a.number == b.number }
                else { equal = a.string == b.string }
                return operation == "=" ? equal : !equal
            case "<": return a.number < b.number
            case "<=": return a.number <= b.number
            case ">": return a.number > b.number
            default: return a.number >= b.number
            }
        }

        private static func call(_ name: String, _ arguments: [Expression], _ context: Context) -> Value {
            let values = arguments.map { $0.evaluate(context) }
            func text(_ index: Int) -> String { index < values.count ? values[index].string : context.node.text }
            switch name {
            case "count": if case .nodes(let nodes)? = values.first { return .number(Double(nodes.count)) }; return .number(0)
            case "contains": return .boolean(text(0).contains(text(1)))
            case "starts-with": return .boolean(text(0).hasPrefix(text(1)))
            case "ends-with": return .boolean(text(0).hasSuffix(text(1)))
            case "not": return .boolean(!(values.first?.boolean ?? false))
            case "string": return .string(text(0))
            case "number": return .number(values.first?.number ?? Value.string(context.node.text).number)
            case "string-length": return .number(Double(text(0).count))
            case "normalize-space": return .string(text(0).split(whereSeparator: \.isWhitespace).joined(separator: " "))
            case "name", "local-name":
                var node = context.node
                if case .nodes(let nodes)? = values.first { guard let first = nodes.first else { return .string("") }; node = first }
                return .string(name == "name" ? node.name : XMLBody.localName(node.name))
            case "last": return .number(Double(context.size))
            case "position": return .number(Double(context.position))
            case "true": return .boolean(true)
            case "false": return .boolean(false)
            default: return .nodes([])
            }
        }

        static let functions: [String: ClosedRange<Int>] = [
            "count": 1...1, "contains": 2...2, "starts-with": 2...2, "ends-with": 2...2, "not": 1...1, "string": 0...1,
            "number": 0...1, "string-length": 0...1, "normalize-space": 0...1, "name": 0...1, "local-name": 0...1,
            "last": 0...0, "position": 0...0, "true": 0...0, "false": 0...0,
        ]
    }

    fileprivate struct Step: Sendable {
        enum Axis: Sendable { case child, descendantOrSelf, attribute, selfNode, parent }
        enum Test: Sendable { case name(String), any, text, node }
        var axis: Axis
        var test: Test
        var predicates: [Expression] = []

        static func walk(_ steps: [Step], from start: [Node]) -> [Node] {
            var nodes = start
            for step in steps {
                var next: [Node] = []
                var seen = Set<[Int]>()
                for node in nodes {
                    let candidates: [Node] = switch step.axis {
                    case .child: node.children
                    case .descendantOrSelf: node.descendantsOrSelf
                    case .attribute: node.attributes
                    case .selfNode: [node]
                    case .parent: node.parent.map { [$0] } ?? []
                    }
                    var matched = candidates.filter(step.accepts)
                    for predicate in step.predicates { matched = filter(matched, by: predicate) }
                    for node in matched where seen.insert(node.identity).inserted { next.append(node) }
                }
                // A step's nodes come in document order, whichever context node found them
                // (`//*` takes each node's children in turn: a's, then its first child's, …).
                if nodes.count > 1 { next.sort { $0.identity.lexicographicallyPrecedes($1.identity) } }
                nodes = next
            }
            return nodes
        }

        static func filter(_ nodes: [Node], by predicate: Expression) -> [Node] {
            nodes.enumerated().filter { index, node in
                let value = predicate.evaluate(Context(node: node, position: index + 1, size: nodes.count))
                if case .number(let number) = value { return Double(index + 1) == number }
                return value.boolean
            }.map(\.element)
        }

        func accepts(_ node: Node) -> Bool {
            switch (test, node.kind) {
            case (.node, _): return true
            case (.text, .text): return true
            case (.text, _): return false
            case (.any, .element), (.any, .attribute): return true
            case (.name(let name), .element), (.name(let name), .attribute):
                return XMLBody.localName(node.name) == XMLBody.localName(name)
            default:
                // A name or `*` never names text or the document (`.` and `..` test node(), above).
                return false
            }
        }
    }

    // MARK: Reading

    fileprivate enum Token: Equatable, CustomStringConvertible {
        case name(String), literal(String), number(Double), symbol(String), end

        var description: String {
            switch self {
            case .name(let name): "\"\(name)\""
            case .literal(let text): "'\(text)'"
            case .number(let number): Value.text(of: number)
            case .symbol(let symbol): "\"\(symbol)\""
            case .end: "the end"
            }
        }
    }

    private static func tokens(_ text: String) throws(ValueMatcherError) -> [Token] {
        let c = Array(text)
        var i = 0
        var tokens: [Token] = []
        while i < c.count {
            let character = c[i]
            if character.isWhitespace { i += 1; continue }
            if character == "'" || character == "\"" {
                guard let close = c[(i + 1)...].firstIndex(of: character) else {
                    throw ValueMatcherError(reason: "XPath \(text): a string is not closed")
                }
                tokens.append(.literal(String(c[(i + 1)..<close])))
                i = close + 1
            } else if character.isNumber || (character == "." && i + 1 < c.count && c[i + 1].isNumber) {
                var j = i
                while j < c.count, c[j].isNumber || c[j] == "." { j += 1 }
                tokens.append(.number(Double(String(c[i..<j])) ?? .nan))
                i = j
            } else if character.isLetter || character == "_" {
                var j = i
                while j < c.count,
                      c[j].isLetter || c[j].isNumber || "_-.".contains(c[j])
                        || (c[j] == ":" && j + 1 < c.count && c[j + 1] != ":" && c[j - 1] != ":") {
                    j += 1
                }
                tokens.append(.name(String(c[i..<j])))
                i = j
            } else {
                let two = i + 1 < c.count ? String(c[i...(i + 1)]) : ""
                if ["//", "!=", "<=", ">=", "..", "::"].contains(two) {
                    tokens.append(.symbol(two))
                    i += 2
                } else if "/()[]@*=<>,|.-".contains(character) {
                    tokens.append(.symbol(String(character)))
                    i += 1
                } else {
                    throw ValueMatcherError(reason: "XPath \(text): \"\(character)\" is not part of what StubBank reads of XPath")
                }
            }
        }
        return tokens + [.end]
    }

    private struct Parser {
        var tokens: [Token]
        var index = 0
        let source: String

        var current: Token { tokens[index] }
        var atEnd: Bool { current == .end }

        mutating func take(_ symbol: String) -> Bool {
            if current == .symbol(symbol) { index += 1; return true }
            return false
        }

        func fail(_ reason: String) -> ValueMatcherError {
            ValueMatcherError(reason: "XPath \(source): \(reason)")
        }

        mutating func expression() throws(ValueMatcherError) -> Expression { try binary(level: 0) }

        static let levels: [[String]] = [["or"], ["and"], ["=", "!="], ["<", "<=", ">", ">="]]

        mutating func binary(level: Int) throws(ValueMatcherError) -> Expression {
            guard level < Self.levels.count else { return try unary() }
            var left = try binary(level: level + 1)
            while true {
                let operation: String
                switch current {
                case .name(let word) where Self.levels[level].contains(word): operation = word
                case .symbol(let symbol) where Self.levels[level].contains(symbol): operation = symbol
                default: return left
                }
                index += 1
                left = .binary(operation, left, try binary(level: level + 1))
            }
        }

        mutating func unary() throws(ValueMatcherError) -> Expression {
            if take("-") { return .negative(try unary()) }
            var left = try pathOrPrimary()
            while take("|") { left = .union(left, try pathOrPrimary()) }
            return left
        }

        mutating func pathOrPrimary() throws(ValueMatcherError) -> Expression {
            switch current {
            case .literal(let text): index += 1; return .literal(text)
            case .number(let number): index += 1; return .number(number)
            case .symbol("("):
                index += 1
                let inner = try expression()
                guard take(")") else { throw fail("a \"(\" is not closed") }
                var predicates: [Expression] = []
                while take("[") { predicates.append(try predicate()) }
                var steps: [Step] = []
                if case .symbol(let symbol) = current, symbol == "/" || symbol == "//" { steps = try relativeSteps(leading: true) }
                return predicates.isEmpty && steps.isEmpty ? inner : .filtered(inner, predicates: predicates, steps: steps)
            case .name(let name) where tokens[index + 1] == .symbol("(") && !["text", "node"].contains(name):
                guard let arity = Expression.functions[name] else { throw fail("the function \(name)() is not one StubBank reads") }
                index += 2
                var arguments: [Expression] = []
                if !take(")") {
                    repeat { arguments.append(try expression()) } while take(",")
                    guard take(")") else { throw fail("\(name)( is not closed") }
                }
                guard arity.contains(arguments.count) else { throw fail("\(name)() takes \(arity.lowerBound)–\(arity.upperBound) arguments") }
                return .function(name, arguments)
            case .symbol("/"):
                index += 1
                if case .end = current { return .path(absolute: true, steps: []) }
                if case .symbol(let symbol) = current, ![".", "..", "@", "*"].contains(symbol) { return .path(absolute: true, steps: []) }
                if case .name(let word) = current, ["and", "or"].contains(word) { return .path(absolute: true, steps: []) }
                return .path(absolute: true, steps: try relativeSteps(leading: false))
            case .symbol("//"):
                return .path(absolute: true, steps: try relativeSteps(leading: true))
            default:
                return .path(absolute: false, steps: try relativeSteps(leading: false))
            }
        }

        /// Steps separated by `/` or `//`; with `leading`, the first separator is still to read.
        mutating func relativeSteps(leading: Bool) throws(ValueMatcherError) -> [Step] {
            var steps: [Step] = []
            var first = !leading
            while true {
                if first {
                    first = false
                } else if take("//") {
                    steps.append(Step(axis: .descendantOrSelf, test: .node))
                } else if !take("/") {
                    return steps
                }
                steps.append(try step())
            }
        }

        mutating func step() throws(ValueMatcherError) -> Step {
            var step: Step
            if take(".") {
                step = Step(axis: .selfNode, test: .node)
            } else if take("..") {
                step = Step(axis: .parent, test: .node)
            } else if take("@") {
                if take("*") {
                    step = Step(axis: .attribute, test: .any)
                } else if case .name(let name) = current {
                    index += 1
                    step = Step(axis: .attribute, test: .name(name))
                } else {
                    throw fail("@ needs an attribute name, found \(current)")
                }
            } else if take("*") {
                step = Step(axis: .child, test: .any)
            } else if case .name(let name) = current {
                index += 1
                if (name == "text" || name == "node"), take("(") {
                    guard take(")") else { throw fail("\(name)( is not closed") }
                    step = Step(axis: .child, test: name == "text" ? .text : .node)
                } else {
                    if current == .symbol("::") { throw fail("axes (\(name)::) are not read; use /, //, @, . and ..") }
                    step = Step(axis: .child, test: .name(name))
                }
            } else {
                throw fail("expected a step, found \(current)")
            }
            while take("[") { step.predicates.append(try predicate()) }
            return step
        }

        mutating func predicate() throws(ValueMatcherError) -> Expression {
            let inner = try expression()
            guard take("]") else { throw fail("a \"[\" is not closed") }
            return inner
        }
    }
}
