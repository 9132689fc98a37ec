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
        "urlEncode": formEncoded,
        "base64": { Data($0.utf8).base64EncodedString() },
    ]

    /// `urlEncode` as WireMock's (Java's `URLEncoder`, form encoding): ASCII letters, digits and
    /// `.-*_` kept, a space as `+`, every other byte of the UTF-8 as `%XX`.
    static func formEncoded(_ text: String) -> String {
        var out = [UInt8]()
        out.reserveCapacity(text.utf8.count)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "_"):
                out.append(byte)
            case UInt8(ascii: " "):
                out.append(UInt8(ascii: "+"))
            default:
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

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
