import Foundation
import StubFormats
@testable import StubRecord
import Testing

/// Two small rules of the recorder and of drift: a shape merges every value seen at a place,
/// arrays' elements included across answers; a recording's step reports each note once.
@Suite struct JSONShapeAndStepTests {
    @Test func anArraysElementsMergeAcrossEveryArraySeen() {
        var shape = JSONShape(.object(["items": .array([.object(["a": .number(1)]), .object(["a": .number(2), "c": .null])])]))
        shape.add(.object(["items": .array([.object(["b": .string("x")])])]))
        shape.add(.object(["items": .array([])]))
        let items = shape.fields["items"]
        let element = items?.element?.shape
        #expect(items?.kinds == [.array])
        #expect(element?.objects == 3, "three objects were seen in the arrays")
        #expect(element?.fieldCounts == ["a": 2, "b": 1, "c": 1])
        #expect(Set(element?.fields.keys.map { $0 } ?? []) == ["a", "b", "c"])
        #expect(element?.fields["a"]?.kinds == [.number])
        #expect(element?.fields["c"]?.kinds == [.null] && element?.fields["c"]?.concreteKinds == [])
        #expect(shape.objects == 3 && shape.fieldCounts == ["items": 3])
    }

    @Test func enumLikeValuesAreShortLowerCaseWordsOnly() {
        var shape = JSONShape(.string("pending"))
        for value in ["booked", "in-flight", "on_hold", "x2"] { shape.add(.string(value)) }
        #expect(shape.enumLike && shape.enumValues == ["pending", "booked", "in-flight", "on_hold", "x2"])
        for free in ["Pending", "two words", "2fast", "pending!", String(repeating: "a", count: 33)] {
            var other = JSONShape(.string("pending"))
            other.add(.string(free))
            #expect(!other.enumLike, "\(free)")
        }
        var many = JSONShape()
        for index in 0..<30 { many.add(.string("v\(index)".replacingOccurrences(of: "v", with: "value"))) }
        #expect(!many.enumLike, "more than 24 values is not an enum")
    }

    @Test func aRecordingStepReportsEachNoteOnce() async throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("steps-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let recording = try Recording(out: out, redactor: nil, sequences: false)
        func exchange(_ body: String) -> RecordedExchange {
            RecordedExchange(method: "GET", path: "/v1/status", query: nil, requestHeaders: [], requestBody: [], status: 200,
                             responseHeaders: [("Content-Type", "text/plain")], responseBody: Array(body.utf8))
        }
        let first = try await recording.add(exchange("a"))
        let second = try await recording.add(exchange("b"))
        let third = try await recording.add(exchange("c"))
        #expect(first.notes.isEmpty)
        #expect(second.notes.count == 1 && second.notes[0].contains("answered 2 different ways"), "\(second.notes)")
        #expect(third.notes.count == 1 && third.notes[0].contains("answered 3 different ways"), "a changed note is new: \(third.notes)")
        let fourth = try await recording.add(exchange("c"))
        #expect(fourth.notes.isEmpty, "nothing new: \(fourth.notes)")
        #expect(fourth.routes == 1 && fourth.file == "routes/status.yaml")
        #expect(await recording.count == 4)
    }
    /// A step counts the routes in the folder, not its files: a list, its detail and a create
    /// under `/v1/accounts` are three routes in one file, `routes/accounts.yaml`, as `stubbank
    /// record` prints after each exchange.
    @Test func aRecordingStepCountsRoutesNotFiles() async throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("steps-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let recording = try Recording(out: out, redactor: nil, sequences: false)
        func exchange(_ method: String, _ path: String, status: Int = 200) -> RecordedExchange {
            RecordedExchange(method: method, path: path, query: nil, requestHeaders: [], requestBody: [], status: status,
                             responseHeaders: [("Content-Type", "application/json")], responseBody: Array(#"{"ok":true}"#.utf8))
        }
        let list = try await recording.add(exchange("GET", "/v1/accounts"))
        let create = try await recording.add(exchange("POST", "/v1/accounts", status: 201))
        let other = try await recording.add(exchange("GET", "/v1/status"))
        #expect(list.routes == 1 && list.file == "routes/accounts.yaml")
        #expect(create.routes == 2 && create.file == "routes/accounts.yaml", "two routes in one file: \(create.routes)")
        #expect(other.routes == 3 && other.file == "routes/status.yaml", "three routes in two files: \(other.routes)")
    }
}
