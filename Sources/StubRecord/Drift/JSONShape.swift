import StubServer
import StubFormats

/// The shape of JSON answers, merged over every value seen: which types a place held, the
/// fields of its objects, the shape of its arrays' elements, and the short lower-case strings it
/// held (enum-like values, up to 24).
struct JSONShape: Sendable, Equatable {
    enum Kind: String, Sendable, Comparable {
        case null, bool, number, string, array, object
        static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }
    }

    var kinds: Set<Kind> = []
    var fields: [String: JSONShape] = [:]
    /// How many objects were seen here, to tell a field present in every one from an optional one.
    var objects = 0
    /// How many objects held each field.
    var fieldCounts: [String: Int] = [:]
    var element: Box?
    var enumValues: Set<String> = []
    var enumLike = true

    /// Shapes nest through arrays; a class box keeps the struct finite.
    final class Box: Sendable, Equatable {
        let shape: JSONShape
        init(_ shape: JSONShape) { self.shape = shape }
        static func == (a: Box, b: Box) -> Bool { a.shape == b.shape }
    }

    init() {}

    init(_ value: JSONValue) {
        add(value)
    }

    mutating func add(_ value: JSONValue) {
        switch value {
        case .null: kinds.insert(.null)
        case .bool: kinds.insert(.bool)
        case .number: kinds.insert(.number)
        case .string(let text):
            kinds.insert(.string)
            if enumLike, text.count <= 32, text.wholeMatch(of: /[a-z][a-z0-9_\-]*/) != nil, enumValues.count < 24 {
                enumValues.insert(text)
            } else {
                enumLike = false
            }
        case .array(let items):
            kinds.insert(.array)
            var shape = element?.shape ?? JSONShape()
            for item in items { shape.add(item) }
            element = Box(shape)
        case .object(let members):
            kinds.insert(.object)
            objects += 1
            for (name, member) in members {
                fields[name, default: JSONShape()].add(member)
                fieldCounts[name, default: 0] += 1
            }
        }
    }

    /// Kinds other than null, for "type changed".
    var concreteKinds: Set<Kind> { kinds.subtracting([.null]) }
}
