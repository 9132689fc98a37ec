import Foundation
import StubFormats

/// What one request of a case used of the API: the request, and which fields of the JSON answer
/// the app received and which it read. `stubbank compat --team` asks this of every supported
/// release's runs: does a breaking change touch something a release in the field uses?
///
/// "Read" is traced, not declared: a field is read when its value (text of three characters or
/// more, or a number other than 0 and 1) shows up in what the operation reported, in its domain
/// or presentation layer, as it is or inside a line of text (`£1,234.56` holds `1234.56`). A
/// field used only to decide (a status that picks a screen, a flag) is received but not traced;
/// `compat --team` says so rather than calling it safe.
public struct OperationUse: Codable, Sendable, Equatable {
    /// The request's method.
    public var method: String
    /// Its path, without the query or the session prefix.
    public var path: String
    /// The status served.
    public var status: Int?
    /// Every field of the JSON answer, from its top: `Data.Account[].Nickname`; arrays as `[]`.
    public var received: [String]
    /// The fields whose values reached what the app reported.
    public var read: [String]

    /// A use as recorded.
    public init(method: String, path: String, status: Int?, received: [String], read: [String]) {
        self.method = method
        self.path = path
        self.status = status
        self.received = received
        self.read = read
    }

    /// The use of one request: `body` is the JSON answer (nil when it was not JSON), traced
    /// against what the operation reported.
    public static func trace(method: String, path: String, status: Int?, body: Any?, reported observation: Observation) -> OperationUse {
        var leaves: [(field: String, value: Any)] = []
        collect(body, field: "", into: &leaves)
        let seen = SeenValues(observation)
        var received: [String] = [], read: [String] = []
        for (field, value) in leaves where !field.isEmpty {
            if !received.contains(field) { received.append(field) }
            if !read.contains(field), seen.contains(value) { read.append(field) }
        }
        let bare = path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? path
        return OperationUse(method: method, path: bare, status: status, received: received, read: read)
    }

    /// Leaves of a JSON value with their field paths; an object or array itself is a field too.
    static func collect(_ value: Any?, field: String, into leaves: inout [(field: String, value: Any)]) {
        switch value {
        case let object as [String: Any]:
            if !field.isEmpty { leaves.append((field, NSNull())) }
            for (key, child) in object { collect(child, field: field.isEmpty ? key : "\(field).\(key)", into: &leaves) }
        case let list as [Any]:
            if !field.isEmpty { leaves.append((field, NSNull())) }
            for child in list { collect(child, field: field + "[]", into: &leaves) }
        case let value?:
            leaves.append((field, value))
        case nil:
            break
        }
    }

    /// Every text and number an operation reported, in both layers and every caller.
    struct SeenValues {
        var texts: [String] = []
        var numbers: Set<Double> = []

        init(_ observation: Observation) {
            let encoder = JSONEncoder()
            var reports = [OperationReport(domain: observation.domain, presentation: observation.presentation)]
            reports += observation.callers ?? []
            for report in reports {
                guard let data = try? encoder.encode(report), let json = try? JSONSerialization.jsonObject(with: data) else { continue }
                gather(json)
            }
        }

        private mutating func gather(_ value: Any) {
            switch value {
            case let object as [String: Any]: for child in object.values { gather(child) }
            case let list as [Any]: for child in list { gather(child) }
            case let text as String: texts.append(Self.normal(text))
            default: if let number = Self.number(value) { numbers.insert(number) }
            }
        }

        /// A JSON number as a Double; nil for a flag (0 and 1 are never traced, so a flag read
        /// as a number on either platform does no harm).
        static func number(_ value: Any) -> Double? {
            switch value {
            case is Bool: nil
            case let number as Int: Double(number)
            case let number as Double: number
            case let number as NSNumber: number.doubleValue
            default: nil
            }
        }

        /// Lower case, without spaces and thousands separators: `GB33 BUKB…` and `£1,234.56` compare by content.
        static func normal(_ text: String) -> String {
            String(text.lowercased().filter { !$0.isWhitespace && $0 != "," })
        }

        func contains(_ value: Any) -> Bool {
            switch value {
            case let text as String:
                let wanted = Self.normal(text)
                guard wanted.count >= 3 else { return false }
                return texts.contains { $0.contains(wanted) }
            case let value where Self.number(value) != nil:
                let double = Self.number(value) ?? 0
                guard double != 0 && double != 1 else { return false }
                if numbers.contains(double) { return true }
                let shown = JSONValue.text(of: double)
                return shown.count >= 2 && texts.contains { $0.contains(shown) }
            default:
                return false
            }
        }
    }
}
