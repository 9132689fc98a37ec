import Foundation
import StubFormats

/// What the journal and the console never show: credentials in headers, and tokens, passwords,
/// PINs and other secrets in JSON or form bodies (replaced by `[redacted]`, keys kept so the
/// shape stays readable).
package enum JournalRedaction {
    package static let mask = "[redacted]"

    /// Headers safe to show.
    package static func headers(_ headers: some Sequence<(name: String, value: String)>) -> [String: String] {
        var result: [String: String] = [:]
        for (name, value) in headers {
            result[name] = CredentialHeaders.names.contains(name.lowercased()) ? mask : value
        }
        return result
    }

    /// Whether a body field holds a secret: any key that, lowercased without `_` and `-`,
    /// contains `token`, `password`, `secret` or `apikey`, or is a PIN, OTP or card security code;
    /// but not a key that describes one (`token_type`, `tokenExpiresAt`).
    package static func isSecretKey(_ key: String) -> Bool {
        let normalised = key.lowercased().filter { $0 != "_" && $0 != "-" }
        if normalised.hasSuffix("type") || normalised.contains("expire") { return false }
        return ["token", "password", "passcode", "secret", "apikey", "authorization"].contains { normalised.contains($0) }
            || ["pin", "otp", "cvv", "cvc", "cvv2"].contains(normalised)
    }

    /// A body as text for a person to read: JSON pretty-printed with secrets masked, a form with
    /// secret fields masked, other UTF-8 text as sent; nil for an empty body; a byte count for
    /// anything else.
    package static func body(_ bytes: [UInt8], contentType: String?) -> String? {
        guard !bytes.isEmpty else { return nil }
        let type = (contentType ?? "").lowercased()
        if let value = try? JSONValue.parse(bytes) {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            if let data = try? encoder.encode(masked(value)), let text = String(data: data, encoding: .utf8) { return text }
        }
        guard let text = String(bytes: bytes, encoding: .utf8) else { return "(\(bytes.count) bytes, not text)" }
        if type.hasPrefix("application/x-www-form-urlencoded") { return form(text) }
        return text
    }

    private static func masked(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let fields):
            return .object(fields.reduce(into: [:]) { result, field in
                result[field.key] = isSecretKey(field.key) && field.value != .null ? .string(mask) : masked(field.value)
            })
        case .array(let items):
            return .array(items.map(masked))
        default:
            return value
        }
    }

    private static func form(_ text: String) -> String {
        text.split(separator: "&", omittingEmptySubsequences: false).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = String(parts[0]).removingPercentEncoding ?? String(parts[0])
            return parts.count == 2 && isSecretKey(key) ? "\(parts[0])=\(mask)" : String(pair)
        }.joined(separator: "&")
    }
}
