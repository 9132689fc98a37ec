import Foundation

/// Turns a WireMock `urlPathPattern` regex into a route-file path template where the regex is
/// a plain list of segments: literals, one-segment patterns (kept as `params` matchers) and a
/// trailing `.*` (`**`) or `.+` (`*/**`: at least one segment). Anything else cannot be expressed and is reported.
enum WireMockPath {
    struct Template: Equatable {
        var path: String
        var params: [(String, String)]

        static func == (lhs: Template, rhs: Template) -> Bool {
            lhs.path == rhs.path && lhs.params.map { [$0.0, $0.1] } == rhs.params.map { [$0.0, $0.1] }
        }
    }

    static func template(fromRegex regex: String) -> Template? {
        var text = regex
        if text.hasPrefix("^") { text.removeFirst() }
        if text.hasSuffix("$") { text.removeLast() }
        guard text.hasPrefix("/") else { return nil }
        var segments: [String] = []
        var params: [(String, String)] = []
        let parts = Self.segments(of: String(text.dropFirst()))
        for (index, part) in parts.enumerated() {
            if part == ".*" || part == ".+" {
                guard index == parts.count - 1 else { return nil }
                // `.+` wants at least one character after the slash: one segment, then any rest.
                if part == ".+" { segments.append("*") }
                segments.append("**")
            } else if let literal = literal(part) {
                segments.append(literal)
            } else if staysInOneSegment(part) {
                let name = "p\(params.count + 1)"
                segments.append("{\(name)}")
                params.append((name, part))
            } else {
                return nil
            }
        }
        return Template(path: "/" + segments.joined(separator: "/"), params: params)
    }

    /// Splits a path regex on the slashes that separate segments (not those inside `[...]` or escaped).
    static func segments(of regex: String) -> [String] {
        var parts = [""]
        var inClass = false
        var escaped = false
        for character in regex {
            if escaped {
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "[" {
                inClass = true
            } else if character == "]" {
                inClass = false
            } else if character == "/", !inClass {
                parts.append("")
                continue
            }
            parts[parts.count - 1].append(character)
        }
        return parts
    }

    /// The text a regex segment matches when it has no metacharacters (escapes allowed).
    static func literal(_ part: String) -> String? {
        var out = ""
        var escaped = false
        for character in part {
            if escaped {
                guard ".-_~+()[]{}*?$^|\\".contains(character) else { return nil }
                out.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if ".*+?()[]{}|^$".contains(character) {
                return nil
            } else {
                out.append(character)
            }
        }
        return escaped || out.isEmpty || out.contains("{") ? nil : out
    }

    /// A regex that cannot match a `/`: character classes without `/` (or negating it), `\d`, `\w`,
    /// with quantifiers, and no `.`.
    static func staysInOneSegment(_ part: String) -> Bool {
        guard !part.isEmpty, (try? NSRegularExpression(pattern: part)) != nil else { return false }
        var inClass = false
        var negated = false
        var previous: Character = " "
        var classHasSlash = false
        for character in part {
            if inClass {
                if character == "]" && previous != "\\" {
                    if classHasSlash != negated { return false }
                    inClass = false
                } else if character == "/" {
                    classHasSlash = true
                } else if character == "^", previous == "[" {
                    negated = true
                }
            } else if character == "[" && previous != "\\" {
                inClass = true
                negated = false
                classHasSlash = false
            } else if character == "." && previous != "\\" {
                return false
            } else if character == "/" {
                return false
            } else if previous == "\\", "sSDWW".contains(character), character != "d", character != "w" {
                return false
            }
            previous = character
        }
        return !inClass
    }
}
