import StubRuntime
import StubEngine

/// Makes a string that matches a simple regular expression: literals, escapes (`\d`, `\w`, `\.`,
/// `\xHH`), character classes with ranges (negated ones draw letters and digits), groups with
/// alternatives (plain, `(?:…)`, named `(?<name>…)`, and with flags, `(?i:…)`), inline flags
/// (`(?i)`: a literal drawn as written matches under any of them), anchors inside alternatives,
/// and the quantifiers `?`, `*`, `+`, `{n}` and `{n,m}`. Enough for the patterns API documents put on ids, codes and amounts;
/// anything else returns nil and the caller falls back to a placeholder.
struct PatternSampler {
    private indirect enum Piece {
        case choice([Character])
        case group([[Piece]])
        case repeated(Piece, min: Int, max: Int)
    }

    static func sample(_ pattern: String, using generator: inout SeededGenerator) -> String? {
        var characters = Array(pattern)
        if characters.first == "^" { characters.removeFirst() }
        if characters.last == "$", characters.dropLast().last != "\\" { characters.removeLast() }
        var index = 0
        guard let alternatives = parseAlternatives(characters, &index), index == characters.count else { return nil }
        var out = ""
        render(.group(alternatives), into: &out, using: &generator)
        return out
    }

    private static func render(_ piece: Piece, into out: inout String, using generator: inout SeededGenerator) {
        switch piece {
        case .choice(let options): out.append(options.randomElement(using: &generator) ?? "x")
        case .group(let alternatives):
            // The first alternative keeps output predictable; its pieces are still drawn.
            for part in alternatives.first ?? [] { render(part, into: &out, using: &generator) }
        case .repeated(let inner, let low, let high):
            let count = low == high ? low : Int.random(in: low...min(high, low + 3), using: &generator)
            for _ in 0..<count { render(inner, into: &out, using: &generator) }
        }
    }

    private static func parseAlternatives(_ c: [Character], _ i: inout Int) -> [[Piece]]? {
        var alternatives: [[Piece]] = [[]]
        while i < c.count, c[i] != ")" {
            if c[i] == "|" {
                alternatives.append([])
                i += 1
                continue
            }
            guard var piece = parseAtom(c, &i) else { return nil }
            if i < c.count, let (low, high) = parseQuantifier(c, &i) { piece = .repeated(piece, min: low, max: high) }
            alternatives[alternatives.count - 1].append(piece)
        }
        return alternatives
    }

    private static func parseAtom(_ c: [Character], _ i: inout Int) -> Piece? {
        let character = c[i]
        i += 1
        switch character {
        case "(":
            if i < c.count, c[i] == "?" {
                var j = i + 1
                while j < c.count, "imsxnU-".contains(c[j]) { j += 1 }
                if j < c.count, c[j] == ")", j > i + 1 {                  // (?i): flags for what follows
                    i = j + 1
                    return .group([[]])
                } else if j < c.count, c[j] == ":" {                      // (?:…), (?i:…)
                    i = j + 1
                } else if j == i + 1, j + 1 < c.count, c[j] == "<", !"=!".contains(c[j + 1]),
                          let close = c[j...].firstIndex(of: ">") {
                    i = close + 1                                         // (?<name>…)
                } else {
                    return nil                                            // lookarounds and the rest
                }
            }
            guard let inner = parseAlternatives(c, &i), i < c.count, c[i] == ")" else { return nil }
            i += 1
            return .group(inner)
        case "[": return parseClass(c, &i)
        case "\\": return parseEscape(c, &i).map(Piece.choice)
        case ".": return .choice(Array("abcdefghijklmnopqrstuvwxyz"))
        // An anchor inside (`^a$|^b$`) matches no character.
        case "^", "$": return .group([[]])
        case "*", "+", "?", "{": return nil
        default: return .choice([character])
        }
    }

    private static func parseEscape(_ c: [Character], _ i: inout Int) -> [Character]? {
        guard i < c.count else { return nil }
        let character = c[i]
        i += 1
        switch character {
        case "d": return Array("0123456789")
        case "w": return Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
        case "s": return [" "]
        case "S": return plain
        case "D": return Array("abcdefghijklmnopqrstuvwxyz")
        case "W": return ["-"]
        case "x":
            guard i + 1 < c.count, let code = UInt8(String(c[i...i + 1]), radix: 16) else { return nil }
            i += 2
            return [Character(UnicodeScalar(code))]
        default: return character.isLetter ? nil : [character]
        }
    }

    /// Letters and digits: what a negated class (`[^\s/]`) draws from, less what it excludes.
    private static let plain = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")

    private static func parseClass(_ c: [Character], _ i: inout Int) -> Piece? {
        guard i < c.count else { return nil }
        if c[i] == "^" {
            i += 1
            guard case .choice(let excluded)? = parseClass(c, &i) else { return nil }
            let left = plain.filter { !excluded.contains($0) }
            return left.isEmpty ? nil : .choice(left)
        }
        var options: [Character] = []
        while i < c.count, c[i] != "]" {
            var first: [Character]
            if c[i] == "\\" {
                i += 1
                guard let escaped = parseEscape(c, &i) else { return nil }
                first = escaped
            } else {
                first = [c[i]]
                i += 1
            }
            if first.count == 1, i + 1 < c.count, c[i] == "-", c[i + 1] != "]" {
                var upper: Character
                if c[i + 1] == "\\" {
                    i += 2
                    guard let escaped = parseEscape(c, &i), escaped.count == 1 else { return nil }
                    upper = escaped[0]
                } else {
                    upper = c[i + 1]
                    i += 2
                }
                guard let low = first[0].unicodeScalars.first?.value, let high = upper.unicodeScalars.first?.value, low <= high else { return nil }
                first = (low...high).compactMap { UnicodeScalar($0).map(Character.init) }
            }
            options += first
        }
        guard i < c.count, !options.isEmpty else { return nil }
        i += 1
        return .choice(options)
    }

    private static func parseQuantifier(_ c: [Character], _ i: inout Int) -> (Int, Int)? {
        switch c[i] {
        case "?": i += 1; return (0, 1)
        case "*": i += 1; return (0, 3)
        case "+": i += 1; return (1, 3)
        case "{":
            guard let close = c[i...].firstIndex(of: "}") else { return nil }
            let parts = String(c[(i + 1)..<close]).split(separator: ",", omittingEmptySubsequences: false)
            guard let low = Int(parts[0]) else { return nil }
            let high = parts.count > 1 ? (Int(parts[1]) ?? low + 3) : low
            i = close + 1
            return (low, max(low, high))
        default: return nil
        }
    }
}
