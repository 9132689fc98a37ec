import Foundation

/// Which path segments are identifiers, and the route-file template they become:
/// `/v1/accounts/acc_alex_current/transactions` → `/v1/accounts/{accountId}/transactions`.
///
/// A segment is an identifier when it is a UUID, a number, a long hex string, or, right after a
/// collection's name, a lower-case prefix, an underscore and the rest (`accounts/acc_123`,
/// `transactions/txn_a_102`). REST paths alternate names and identifiers, so a segment of that
/// shape after a version, the root or an identifier is a name (`/v1/payment_intents/pi_3Mt` →
/// `/v1/payment_intents/{paymentIntentId}`). `v1`, `me` and `search` stay.
/// The parameter is named after the segment before it, singular, with `Id` (`accounts` →
/// `accountId`), or `id`, numbered when a name repeats.
enum PathTemplate {
    /// The template and the concrete value of each parameter, in order.
    static func make(_ path: String) -> (template: String, parameters: [(name: String, value: String)]) {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        var parameters: [(String, String)] = []
        var out: [String] = []
        var identifiers: [Bool] = []
        for (index, segment) in segments.enumerated() {
            let afterName = index > 0 && !identifiers[index - 1] && isName(segments[index - 1])
            identifiers.append(isIdentifier(segment, afterName: afterName))
            guard identifiers[index] else { out.append(segment); continue }
            var name = afterName ? parameterName(after: segments[index - 1]) : "id"
            if parameters.contains(where: { $0.0 == name }) { name += String(parameters.count + 1) }
            parameters.append((name, segment))
            out.append("{\(name)}")
        }
        return (out.joined(separator: "/"), parameters)
    }

    nonisolated(unsafe) private static let uuid = /[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/
    nonisolated(unsafe) private static let prefixed = /[a-z]{2,8}_[A-Za-z0-9_\-]+/
    nonisolated(unsafe) private static let hex = /[0-9a-fA-F]{16,}/

    /// Whether `segment` is an identifier; `afterName` when the segment before it names a
    /// collection (a word that is not a version and not itself an identifier).
    static func isIdentifier(_ segment: String, afterName: Bool) -> Bool {
        guard !segment.isEmpty else { return false }
        if segment.allSatisfy(\.isNumber) || segment.wholeMatch(of: uuid) != nil || segment.wholeMatch(of: hex) != nil { return true }
        return afterName && segment.wholeMatch(of: prefixed) != nil
    }

    /// Whether `segment` can name a collection: letters, `-` and `_` only (so not `v1`).
    static func isName(_ segment: String) -> Bool {
        !segment.isEmpty && segment.allSatisfy { $0.isLetter || $0 == "-" || $0 == "_" }
    }

    static func parameterName(after segment: String) -> String {
        guard isName(segment) else { return "id" }
        var word = segment.split(whereSeparator: { $0 == "-" || $0 == "_" }).enumerated()
            .map { $0.offset == 0 ? String($0.element).lowercased() : String($0.element).capitalized }.joined()
        if word.hasSuffix("ies") { word = String(word.dropLast(3)) + "y" } else if word.hasSuffix("s") { word.removeLast() }
        return word + "Id"
    }
}
