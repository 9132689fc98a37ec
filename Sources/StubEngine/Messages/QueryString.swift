import Foundation

/// A request's query string as routes read it.
package enum QueryString {
    /// The parameters of `text` (the query without `?`), each name with every value it was given,
    /// in order: `+` is a space, `%XX` is decoded, and a name without `=` has the value `""`.
    package static func parse(_ text: String?) -> [String: [String]] {
        guard let text, !text.isEmpty else { return [:] }
        var result: [String: [String]] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (s: Substring) in String(s).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(s) }
            result[decode(parts[0]), default: []].append(parts.count > 1 ? decode(parts[1]) : "")
        }
        return result
    }
}
