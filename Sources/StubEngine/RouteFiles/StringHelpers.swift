import Foundation
package import Mustache
import NIOConcurrencyHelpers

/// The string helpers of route-file templates: sections that render what they hold, then change
/// it, as in `{{#upper}}{{query.name}}{{/upper}}`. The WireMock importer converts WireMock's
/// helpers of the same names to them.
package enum StringHelpers {
    /// What each helper does to the rendered text.
    package static let transforms: [String: @Sendable (String) -> String] = [
        "upper": { $0.uppercased() },
        "lower": { $0.lowercased() },
        "capitalize": { text in
            text.split(separator: " ", omittingEmptySubsequences: false)
                .map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
        },
        "capitalizeFirst": { $0.prefix(1).uppercased() + $0.dropFirst() },
        "trim": { $0.trimmingCharacters(in: .whitespacesAndNewlines) },
        "urlEncode": { $0.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&=+?/"))) ?? $0 },
        "base64": { Data($0.utf8).base64EncodedString() },
    ]

    /// The helpers' names.
    package static let names = Set(transforms.keys)

    /// A section's text, compiled once: the same few sections are rendered on every request.
    private static let compiled = NIOLockedValueBox<[String: MustacheTemplate]>([:])

    /// The section `inner`, compiled for plain text (its result is escaped once, as a value).
    package static func template(_ inner: String) -> MustacheTemplate? {
        if let known = compiled.withLockedValue({ $0[inner] }) { return known }
        guard let template = try? MustacheTemplate(string: "{{% CONTENT_TYPE: TEXT}}" + inner) else { return nil }
        compiled.withLockedValue { if $0.count < 1024 { $0[inner] = template } }
        return template
    }
}
