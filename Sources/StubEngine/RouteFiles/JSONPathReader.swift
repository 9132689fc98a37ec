import StubFormats

/// Reads `JSONPath`'s text, filters included; a problem names the column.
struct JSONPathReader {
    struct Problem: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    private let characters: [Character]
    private var at = 0

    init(_ text: String) { characters = Array(text) }

    var peek: Character? { at < characters.count ? characters[at] : nil }
    var atEnd: Bool { at == characters.count }
    /// From 1, for messages.
    var column: Int { at + 1 }

    /// `$…` or, in a filter, `@…`: the steps up to the end, or in a filter up to what is not a step.
    mutating func query(inFilter: Bool) throws(Problem) -> JSONPath.Query {
        var query = JSONPath.Query(relative: peek == "@")
        at += 1
        while let next = peek {
            guard query.function == nil else {
                if inFilter { break }
                throw Problem("has a step after \(query.function?.rawValue ?? "")(); a function comes last")
            }
            if next == "." {
                if take("..") {
                    query.segments.append(.descendant(try step(inFilter: inFilter, after: "..")))
                    continue
                }
                at += 1
                if peek == "[" {
                    query.segments.append(.child(try bracket()))
                    continue
                }
                if take("*") {
                    query.segments.append(.child([.wildcard]))
                    continue
                }
                let name = try dotName(inFilter: inFilter)
                if take("(") {
                    guard take(")"), let function = JSONPath.Function(rawValue: name) else {
                        throw Problem("has \(name)( at column \(column); the functions are length(), size(), min(), max(), avg(), "
                                      + "sum(), first(), last() and keys(), with nothing between the brackets")
                    }
                    query.function = function
                } else {
                    query.segments.append(.child([.name(name)]))
                }
            } else if next == "[" {
                query.segments.append(.child(try bracket()))
            } else if inFilter {
                break
            } else {
                throw Problem("has an unexpected '\(next)' at column \(column); use .name, ['name'], [index], [*] or [?(filter)]")
            }
        }
        return query
    }

    /// After `..`: a name, `*` or a bracket.
    private mutating func step(inFilter: Bool, after: String) throws(Problem) -> [JSONPath.Selector] {
        if peek == "[" { return try bracket() }
        if take("*") { return [.wildcard] }
        return [.name(try dotName(inFilter: inFilter))]
    }

    /// A name after `.`: up to the next step; in a filter, also up to a blank, an operator or a bracket.
    private mutating func dotName(inFilter: Bool) throws(Problem) -> String {
        let stops: Set<Character> = inFilter ? [".", "[", "(", " ", "\t", "=", "!", "<", ">", ")", "]", "&", "|", ",", "~"] : [".", "[", "("]
        let start = at
        while let next = peek, !stops.contains(next) { at += 1 }
        guard at > start else { throw Problem("has an empty name after '.'") }
        return String(characters[start..<at])
    }

    /// `[…]`: a filter, or a list of names, indexes, slices and `*`.
    private mutating func bracket() throws(Problem) -> [JSONPath.Selector] {
        let open = column
        at += 1
        skipBlanks()
        if take("?") {
            let filter = try anyOf()
            skipBlanks()
            guard take("]") else { throw Problem("has a filter from column \(open) without its ']'") }
            return [.filter(filter)]
        }
        var selectors: [JSONPath.Selector] = []
        repeat {
            skipBlanks()
            selectors.append(try selector(open: open))
            skipBlanks()
        } while take(",")
        guard take("]") else {
            throw Problem(atEnd ? "has '[' without ']'" : "has [ at column \(open) without ']' (found '\(peek ?? " ")' at column \(column))")
        }
        return selectors
    }

    private mutating func selector(open: Int) throws(Problem) -> JSONPath.Selector {
        if take("*") { return .wildcard }
        if peek == "'" || peek == "\"" { return .name(try quoted()) }
        let first = integer()
        guard take(":") else {
            guard let first else {
                throw Problem("has [ at column \(open): use an index like [0], a quoted name like ['name'], *, a slice like [0:2] "
                              + "or a filter like [?(@.type == 'current')]")
            }
            return .index(first)
        }
        let end = integer()
        var step = 1
        if take(":") { step = integer() ?? 1 }
        return .slice(start: first, end: end, step: step)
    }

    private mutating func integer() -> Int? {
        let start = at
        if peek == "-" { at += 1 }
        while let next = peek, next.isASCII, next.isNumber { at += 1 }
        guard let number = Int(String(characters[start..<at])) else {
            at = start
            return nil
        }
        return number
    }

    /// `'text'` or `"text"`, with backslash escapes.
    private mutating func quoted() throws(Problem) -> String {
        guard let quote = peek else { throw Problem("ends inside a quoted name") }
        let open = column
        at += 1
        var text = ""
        while let next = peek {
            at += 1
            if next == quote { return text }
            if next == "\\", let escaped = peek {
                at += 1
                switch escaped {
                case "n": text.append("\n")
                case "t": text.append("\t")
                case "r": text.append("\r")
                default: text.append(escaped)
                }
            } else {
                text.append(next)
            }
        }
        throw Problem("has a text from column \(open) without its closing \(quote)")
    }

    // MARK: Filters

    private mutating func anyOf() throws(Problem) -> JSONPathFilter {
        var parts = [try allOf()]
        while skipBlanks(), take("||") { parts.append(try allOf()) }
        return parts.count == 1 ? parts[0] : .any(parts)
    }

    private mutating func allOf() throws(Problem) -> JSONPathFilter {
        var parts = [try unary()]
        while skipBlanks(), take("&&") { parts.append(try unary()) }
        return parts.count == 1 ? parts[0] : .all(parts)
    }

    private mutating func unary() throws(Problem) -> JSONPathFilter {
        skipBlanks()
        if take("!") { return .not(try unary()) }
        if take("(") {
            let open = column - 1
            let inner = try anyOf()
            skipBlanks()
            guard take(")") else { throw Problem("has '(' at column \(open) without ')'") }
            return inner
        }
        let left = try operand()
        skipBlanks()
        guard let comparison = comparison() else {
            guard case .query(let query) = left else {
                throw Problem("has a value at column \(column) with no comparison; compare it (==, <, =~, in …) with a path such as @.type")
            }
            return .exists(query)
        }
        skipBlanks()
        return .compare(left, comparison, try operand())
    }

    private mutating func comparison() -> JSONPathFilter.Comparison? {
        for comparison in JSONPathFilter.Comparison.allCases {
            let word = comparison.rawValue
            guard word.first?.isLetter == true else {
                if take(word) { return comparison }
                continue
            }
            let end = at + word.count
            guard end <= characters.count, String(characters[at..<end]).lowercased() == word,
                  end == characters.count || !(characters[end].isLetter || characters[end].isNumber) else { continue }
            at = end
            return comparison
        }
        return nil
    }

    private mutating func operand() throws(Problem) -> JSONPathFilter.Operand {
        skipBlanks()
        guard let next = peek else { throw Problem("ends where a value was expected") }
        switch next {
        case "@", "$": return .query(try query(inFilter: true))
        case "/": return .regex(try regex())
        case "[":
            at += 1
            var items: [JSONValue] = []
            skipBlanks()
            if take("]") { return .value(.array([])) }
            repeat {
                skipBlanks()
                items.append(try literal())
                skipBlanks()
            } while take(",")
            guard take("]") else { throw Problem("has a list without ']' at column \(column)") }
            return .value(.array(items))
        default:
            return .value(try literal())
        }
    }

    /// `'text'`, `"text"`, a number, `true`, `false` or `null`.
    private mutating func literal() throws(Problem) -> JSONValue {
        if peek == "'" || peek == "\"" { return .string(try quoted()) }
        let start = at
        while let next = peek, next.isLetter || next.isNumber || "+-.".contains(next) { at += 1 }
        let word = String(characters[start..<at])
        switch word {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "null": return .null
        default:
            if JSONValue.isNumberText(word), let number = Double(word) { return .number(number) }
            at = start
            throw Problem("has no value at column \(column) (a path like @.type, 'text', a number, true, false, null, /regex/ or a list)")
        }
    }

    /// `/pattern/flags`, the pattern as Java (and ICU) reads it, matching whole values.
    private mutating func regex() throws(Problem) -> RegexBox {
        let open = column
        at += 1
        var pattern = ""
        var escaped = false
        while let next = peek {
            at += 1
            if next == "/" && !escaped {
                var flags = ""
                while let flag = peek, flag.isLetter {
                    at += 1
                    switch flag {
                    case "i", "m", "s", "x": flags.append(flag)
                    case "u", "U", "d": break
                    default: throw Problem("has /regex/\(flag) at column \(open); the flags are i, m, s and x")
                    }
                }
                do {
                    return try RegexBox(whole: flags.isEmpty ? pattern : "(?\(flags))" + pattern)
                } catch {
                    throw Problem("has \(error) at column \(open)")
                }
            }
            escaped = next == "\\" && !escaped
            pattern.append(next)
        }
        throw Problem("has a /regex/ from column \(open) without its closing /")
    }

    // MARK: Characters

    /// Skips blanks; true, so it can open a `while` condition.
    @discardableResult
    private mutating func skipBlanks() -> Bool {
        while let next = peek, next == " " || next == "\t" || next == "\n" { at += 1 }
        return true
    }

    private mutating func take(_ text: String) -> Bool {
        let end = at + text.count
        guard end <= characters.count, String(characters[at..<end]) == text else { return false }
        at = end
        return true
    }
}
