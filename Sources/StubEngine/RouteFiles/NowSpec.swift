package import Foundation

/// The argument of `{{#now}}…{{/now}}`: offsets, then an optional format.
///
/// Offsets are signed amounts with a unit, `s`, `m`, `h` or `d`: `+1d`, `-90m`, `+1d -2h`.
/// The format is `iso` (the default, `2026-11-20T12:00:00Z`), `date` (`2026-11-20`), `epoch`
/// (seconds), `epochMillis`, or a date pattern in UTC such as `dd/MM/yyyy HH:mm`.
package struct NowSpec: Sendable {
    package let offsetSeconds: Double
    package let format: String

    package init(_ text: String) throws(TemplateProblem) {
        var offset = 0.0
        var rest = text.split(separator: " ", omittingEmptySubsequences: true)[...]
        while let token = rest.first, let sign = token.first, sign == "+" || sign == "-" {
            guard let unit = token.last, let amount = Double(token.dropFirst().dropLast()),
                  let scale = ["s": 1.0, "m": 60, "h": 3600, "d": 86400][String(unit)] else {
                throw TemplateProblem(reason: "now offset \"\(token)\" must look like +1d, -30m, +2h or +45s")
            }
            offset += (sign == "-" ? -1 : 1) * amount * scale
            rest = rest.dropFirst()
        }
        offsetSeconds = offset
        format = rest.isEmpty ? "iso" : rest.joined(separator: " ")
        if format.contains("{{") || format.contains("}}") {
            throw TemplateProblem(reason: "now format \"\(format)\" may not contain tags")
        }
    }

    package func render(_ now: Date) -> String {
        let instant = now.addingTimeInterval(offsetSeconds)
        switch format {
        case "iso": return UTCTimestamp.dateTime(instant)
        case "date": return UTCTimestamp.day(instant)
        case "epoch": return String(Int(instant.timeIntervalSince1970.rounded(.down)))
        case "epochMillis": return String(Int((instant.timeIntervalSince1970 * 1000).rounded(.down)))
        default:
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = format
            return formatter.string(from: instant)
        }
    }
}

/// The argument of `{{#random}}…{{/random}}`: `MIN-MAX` whole numbers (empty means 0-999999),
/// or a kind of characters and a length: `alphanumeric 12`, `alphabetic 8`, `numeric 6`, `hex 32`.
package struct RandomSpec: Sendable {
    package enum Kind: Sendable {
        case range(ClosedRange<Int>)
        case characters([Character], count: Int)
    }

    package let kind: Kind

    package static let alphabets: [String: [Character]] = [
        "alphanumeric": Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"),
        "alphabetic": Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"),
        "numeric": Array("0123456789"),
        "hex": Array("0123456789abcdef"),
    ]

    package init(_ text: String) throws(TemplateProblem) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { kind = .range(0...999_999); return }
        let words = trimmed.split(separator: " ")
        if words.count == 2, let alphabet = Self.alphabets[words[0].lowercased()] {
            guard let count = Int(words[1]), (1...1024).contains(count) else {
                throw TemplateProblem(reason: "random \"\(trimmed)\": the length must be a whole number from 1 to 1024")
            }
            kind = .characters(alphabet, count: count)
            return
        }
        let parts = trimmed.split(separator: "-", maxSplits: 1).map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, let low = parts[0], let high = parts[1], low <= high else {
            throw TemplateProblem(reason: "random \"\(trimmed)\" must be MIN-MAX with whole numbers, MIN ≤ MAX (e.g. 1-6), "
                                  + "or a kind and a length: alphanumeric 12, alphabetic 8, numeric 6, hex 32")
        }
        kind = .range(low...high)
    }
}
