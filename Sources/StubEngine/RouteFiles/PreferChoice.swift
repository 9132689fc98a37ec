import Foundation
package import HTTPTypes

/// `Prefer: code=404` or `Prefer: example=NAME` (as Prism reads them): pick a response of a
/// route file by status or by name, whatever its `when` says.
package struct PreferChoice: Sendable, Equatable {
    package static let header = HTTPField.Name("Prefer")!

    package var code: Int?
    package var example: String?

    /// Reads the header; other preferences (`return=minimal`, …) are left alone.
    package init?(_ headers: HTTPFields) throws(APIError) {
        guard let value = headers[Self.header] else { return nil }
        for token in value.split(whereSeparator: { $0 == "," || $0 == ";" }) {
            // `example=` with nothing after it is a pair too, and refused below.
            let pair = token.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2 else { continue }
            let text = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            switch pair[0].lowercased() {
            case "code":
                guard let code = Int(text), (200...599).contains(code) else {
                    throw APIError.field("Prefer", "Prefer: code= must be an HTTP status from 200 to 599, e.g. code=404")
                }
                self.code = code
            case "example":
                guard !text.isEmpty else { throw APIError.field("Prefer", "Prefer: example= needs a response name") }
                self.example = text
            default: continue
            }
        }
        if code == nil && example == nil { return nil }
    }

    package func accepts(_ response: RouteResponse) -> Bool {
        (code == nil || response.status == code) && (example == nil || response.name == example)
    }

    package func unmatched(_ route: FileRoute) -> APIError {
        let codes = Set(route.responses.map(\.status)).sorted().map(String.init).joined(separator: ", ")
        let names = route.responses.compactMap(\.name)
        let available = "codes \(codes)" + (names.isEmpty ? "" : "; examples \(names.joined(separator: ", "))")
        var wanted: [String] = []
        if let code { wanted.append("code=\(code)") }
        if let example { wanted.append("example=\(example)") }
        return APIError(status: .notFound, type: "not_found", code: "prefer_unmatched",
                        message: "Route \(route.id) has no response for Prefer: \(wanted.joined(separator: ", ")); it has \(available).",
                        displayMessage: "We couldn't find what you were looking for.",
                        details: [WireErrorDetail(code: "prefer_unmatched", path: "Prefer", message: "available: \(available)")])
    }
}
