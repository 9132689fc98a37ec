/// A method and path template such as `GET /v1/accounts/{id}` or `* /v1/**`.
///
/// Segments are literals, `{name}` (one segment, captured), `*` (one segment) or a final `**`
/// (any rest, including nothing). A method of `*` matches every method.
package struct RoutePattern: Sendable, Hashable, CustomStringConvertible {
    package enum Segment: Sendable, Hashable {
        case literal(String)
        case parameter(String)
        case wildcard
        case rest
    }

    /// Upper-cased method, or nil for any.
    package let method: String?
    package let segments: [Segment]
    /// The text it was parsed from, normalised.
    package let description: String

    /// Parses `"GET /v1/accounts/{id}"`, `"/v1/**"` (any method) or `"* /v1/**"`.
    package init(_ text: String) throws(RoutePatternError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let pieces = trimmed.split(separator: " ", omittingEmptySubsequences: true)
        let methodText: String?
        let pathText: Substring
        switch pieces.count {
        case 1: methodText = nil; pathText = pieces[0]
        case 2: methodText = pieces[0] == "*" ? nil : pieces[0].uppercased(); pathText = pieces[1]
        default: throw RoutePatternError(text: text, reason: "expected \"METHOD /path\" or \"/path\"")
        }
        if let methodText, !Self.knownMethods.contains(methodText) {
            throw RoutePatternError(text: text,
                reason: "unknown method \(methodText); use one of \(Self.knownMethods.sorted().joined(separator: ", ")) or *")
        }
        guard pathText.hasPrefix("/") else {
            throw RoutePatternError(text: text, reason: "the path must start with /")
        }
        var parsed: [Segment] = []
        let rawSegments = pathText.split(separator: "/", omittingEmptySubsequences: true)
        for (index, raw) in rawSegments.enumerated() {
            if raw == "**" {
                guard index == rawSegments.count - 1 else {
                    throw RoutePatternError(text: text, reason: "** may only be the last segment")
                }
                parsed.append(.rest)
            } else if raw == "*" {
                parsed.append(.wildcard)
            } else if raw.hasPrefix("{"), raw.hasSuffix("}"), raw.count > 2 {
                parsed.append(.parameter(String(raw.dropFirst().dropLast())))
            } else {
                parsed.append(.literal(String(raw)))
            }
        }
        self.method = methodText
        self.segments = parsed
        self.description = "\(methodText ?? "*") /" + rawSegments.joined(separator: "/")
    }

    package static let knownMethods: Set<String> = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]

    /// The path part, e.g. `/v1/accounts/{id}`.
    package var path: String {
        String(description.drop(while: { $0 != " " }).dropFirst())
    }

    /// The path when every segment is a literal (`v1/accounts`), for an exact-match index.
    package var literalPath: String? {
        var parts: [String] = []
        for segment in segments {
            guard case .literal(let text) = segment else { return nil }
            parts.append(text)
        }
        return parts.joined(separator: "/")
    }

    /// How many segments a matching path has; nil when a final `**` takes any number.
    package var fixedSegmentCount: Int? {
        segments.last == .rest ? nil : segments.count
    }

    /// Matches a request; returns captured parameters, or nil.
    package func match(method requestMethod: String, pathSegments: [Substring]) -> [String: String]? {
        if let method, method != requestMethod { return nil }
        return matchPath(pathSegments)
    }

    /// Matches the path only.
    package func matchPath(_ pathSegments: [Substring]) -> [String: String]? {
        var parameters: [String: String] = [:]
        var index = 0
        for segment in segments {
            switch segment {
            case .rest:
                return parameters
            case .literal(let literal):
                guard index < pathSegments.count, pathSegments[index] == literal else { return nil }
            case .parameter(let name):
                guard index < pathSegments.count else { return nil }
                parameters[name] = String(pathSegments[index]).removingPercentEncoding ?? String(pathSegments[index])
            case .wildcard:
                guard index < pathSegments.count else { return nil }
            }
            index += 1
        }
        return index == pathSegments.count ? parameters : nil
    }

    /// Segments a path needs at least (all but a trailing `**`).
    package var minimumSegmentCount: Int { segments.count - (segments.last == .rest ? 1 : 0) }

    /// Whether a path of `segmentCount` segments could match, before looking at them.
    package func canMatch(segmentCount: Int) -> Bool {
        segments.last == .rest ? segmentCount >= minimumSegmentCount : segmentCount == segments.count
    }

    /// Splits a request path into segments, ignoring empty ones. Every request's path is split
    /// once, so this walks the UTF-8 bytes itself: the generic `split(separator:)` was 6 % of
    /// `Engine.answer` in an in-process profile (Benchmarks/README.md).
    package static func segments(of path: some StringProtocol) -> [Substring] {
        let text = Substring(path)
        let bytes = text.utf8
        var segments: [Substring] = []
        segments.reserveCapacity(8)
        var start = bytes.startIndex
        var index = start
        while index != bytes.endIndex {
            if bytes[index] == UInt8(ascii: "/") {
                if start != index { segments.append(text[start..<index]) }
                start = bytes.index(after: index)
            }
            index = bytes.index(after: index)
        }
        if start != bytes.endIndex { segments.append(text[start..<bytes.endIndex]) }
        return segments
    }
}

/// A route pattern that could not be parsed.
package struct RoutePatternError: Error, Sendable, CustomStringConvertible {
    package let text: String
    package let reason: String
    package var description: String { "invalid route \"\(text)\": \(reason)" }
}

import Foundation
