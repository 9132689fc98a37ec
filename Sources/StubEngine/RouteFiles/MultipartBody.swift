package import HTTPTypes

/// A `multipart/…` request body (RFC 2046 §5.1; `multipart/form-data`, RFC 7578) cut into its
/// parts, each with its own headers and body: what `parts` in a route file tests, as WireMock's
/// `multipartPatterns` do (a PSD2 periodic payment sends its pain.001 XML and its standing-order
/// JSON as two parts).
package struct MultipartBody: Sendable {
    package struct Part: Sendable {
        package var headers: HTTPFields
        package var body: [UInt8]

        /// The `name` its `Content-Disposition: form-data; name="…"` gives (RFC 7578), if any.
        package var formName: String? {
            headers[HTTPField.Name("Content-Disposition")!].flatMap { MultipartBody.parameter("name", in: $0) }
        }
    }

    package let parts: [Part]

    /// The parts of `body`, or nil when `contentType` is not multipart with a boundary, or the
    /// body has no part delimited by it.
    package init?(_ body: [UInt8], contentType: String?) {
        guard let contentType, contentType.lowercased().hasPrefix("multipart/"),
              let boundary = Self.parameter("boundary", in: contentType), !boundary.isEmpty else { return nil }
        let delimiter = Array(("--" + boundary).utf8)
        var starts: [Int] = []
        var index = 0
        // A delimiter sits at the start of the body or of a line.
        while let found = Self.find(delimiter, in: body, from: index) {
            if found == 0 || (found >= 1 && body[found - 1] == UInt8(ascii: "\n")) { starts.append(found) }
            index = found + delimiter.count
        }
        guard starts.count >= 2 else { return nil }
        var parts: [Part] = []
        for (start, next) in zip(starts, starts.dropFirst()) {
            var from = start + delimiter.count
            // The closing delimiter (`--boundary--`) ends the parts.
            if from + 1 < body.count, body[from] == UInt8(ascii: "-"), body[from + 1] == UInt8(ascii: "-") { break }
            while from < body.count, body[from] == UInt8(ascii: " ") || body[from] == UInt8(ascii: "\t") { from += 1 }
            if from < body.count, body[from] == UInt8(ascii: "\r") { from += 1 }
            if from < body.count, body[from] == UInt8(ascii: "\n") { from += 1 }
            // The line break before the next delimiter belongs to it.
            var to = next
            if to > from, body[to - 1] == UInt8(ascii: "\n") { to -= 1 }
            if to > from, body[to - 1] == UInt8(ascii: "\r") { to -= 1 }
            parts.append(Self.part(Array(body[from..<max(from, to)])))
        }
        guard !parts.isEmpty else { return nil }
        self.parts = parts
    }

    /// A part's headers (up to the first empty line) and its body.
    private static func part(_ bytes: [UInt8]) -> Part {
        var headers = HTTPFields()
        var lineStart = 0
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "\n") else { index += 1; continue }
            var lineEnd = index
            if lineEnd > lineStart, bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
            if lineEnd == lineStart { return Part(headers: headers, body: Array(bytes[(index + 1)...])) }
            let line = String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self)
            if let colon = line.firstIndex(of: ":"), let name = HTTPField.Name(String(line[..<colon]).trimmingSpaces) {
                headers.append(HTTPField(name: name, value: String(line[line.index(after: colon)...]).trimmingSpaces))
            }
            index += 1
            lineStart = index
        }
        // No empty line: a part with no headers is all body (RFC 2046 allows it only after one).
        return Part(headers: headers, body: lineStart == 0 ? bytes : [])
    }

    /// The parameter `name` of a header value (`boundary` of a `Content-Type`, `name` of a
    /// `Content-Disposition`), without quotes; its name in any case.
    package static func parameter(_ name: String, in header: String) -> String? {
        for parameter in header.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { String($0).trimmingSpaces }
            guard pair.count == 2, pair[0].lowercased() == name else { continue }
            var value = pair[1]
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            return value
        }
        return nil
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        var index = start
        while index <= haystack.count - needle.count {
            if haystack[index] == needle[0], haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}

private extension String {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
