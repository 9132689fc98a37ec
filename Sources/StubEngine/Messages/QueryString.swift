import Foundation

/// A request's query string as routes read it.
package enum QueryString {
    /// The parameters of `text` (the query without `?`), each name with every value it was given,
    /// in order: `+` is a space, `%XX` is decoded, and a name without `=` has the value `""`.
    package static func parse(_ text: String?) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for (name, value) in pairs(text) { result[name, default: []].append(value) }
        return result
    }

    /// The parameters of `text` in the order sent, a repeated name once per value, decoded as `parse` does.
    package static func pairs(_ text: String?) -> [(name: String, value: String)] {
        guard let text, !text.isEmpty else { return [] }
        return text.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (s: Substring) in String(s).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(s) }
            return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
        }
    }
}
