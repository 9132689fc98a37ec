import Foundation

/// Which path segments are identifiers, and the route-file template they become:
/// `/v1/accounts/acc_alex_current/transactions` → `/v1/accounts/{accountId}/transactions`.
///
/// A segment is an identifier when it is a UUID, a number, a long hex string, or a lower-case
/// prefix, an underscore and the rest (`acc_123`, `txn_a_102`). `v1`, `me` and `search` stay.
/// The parameter is named after the segment before it, singular, with `Id` (`accounts` →
/// `accountId`), or `id`, numbered when a name repeats.
enum PathTemplate {
    /// The template and the concrete value of each parameter, in order.
    static func make(_ path: String) -> (template: String, parameters: [(name: String, value: String)]) {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        var parameters: [(String, String)] = []
        var out: [String] = []
        for (index, segment) in segments.enumerated() {
            guard isIdentifier(segment) else { out.append(segment); continue }
            var name = index > 0 ? parameterName(after: segments[index - 1]) : "id"
            if parameters.contains(where: { $0.0 == name }) { name += String(parameters.count + 1) }
            parameters.append((name, segment))
            out.append("{\(name)}")
        }
        return (out.joined(separator: "/"), parameters)
    }

    nonisolated(unsafe) private static let uuid = /[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/
    nonisolated(unsafe) private static let prefixed = /[a-z]{2,8}_[A-Za-z0-9_\-]+/
    nonisolated(unsafe) private static let hex = /[0-9a-fA-F]{16,}/

    static func isIdentifier(_ segment: String) -> Bool {
        guard !segment.isEmpty else { return false }
        if segment.allSatisfy(\.isNumber) { return true }
        return segment.wholeMatch(of: uuid) != nil || segment.wholeMatch(of: prefixed) != nil || segment.wholeMatch(of: hex) != nil
    }

    static func parameterName(after segment: String) -> String {
        guard !segment.isEmpty, !isIdentifier(segment), segment.allSatisfy({ $0.isLetter || $0 == "-" || $0 == "_" }) else { return "id" }
        var word = segment.split(whereSeparator: { $0 == "-" || $0 == "_" }).enumerated()
            .map { $0.offset == 0 ? String($0.element).lowercased() : String($0.element).capitalized }.joined()
        if word.hasSuffix("ies") { word = String(word.dropLast(3)) + "y" } else if word.hasSuffix("s") { word.removeLast() }
        return word + "Id"
    }
}
