package import Foundation
import StubFormats

/// Finds the line on which the value at a coding path starts in a JSON text, so decoding
/// errors (which know only the path) can say where to look.
package enum JSONLineLocator {
    /// The 1-based line of the value at `path` (keys and array indices); when only the start of
    /// the path is there, the line on which the deepest part that is there starts; nil when
    /// not even the first key is.
    package static func line(of path: [String], in text: String) -> Int? {
        var scanner = Scanner(bytes: Array(text.utf8))
        return scanner.find(path[...])
    }

    /// Line and reason of a JSON syntax error, as the strict reader (`JSONValue.parse`) finds it.
    package static func syntaxError(in data: Data) -> (line: Int?, reason: String)? {
        do {
            _ = try JSONValue.parse(data)
            return nil
        } catch {
            return (error.line, "invalid JSON: \(error)")
        }
    }

    /// Extracts a line number from Foundation's "around line N, column M" messages.
    package static func line(inMessage message: String) -> Int? {
        guard let range = message.range(of: "line ") else { return nil }
        let digits = message[range.upperBound...].prefix(while: \.isASCIIDigit)
        return Int(digits)
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var line = 1

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\n"): line += 1; index += 1
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): index += 1
                default: return
                }
            }
        }

        mutating func readString() -> String {
            index += 1
            var out: [UInt8] = []
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                if bytes[index] == UInt8(ascii: "\\") { index += 1 }
                if index < bytes.count { out.append(bytes[index]) }
                index += 1
            }
            index += 1
            return String(decoding: out, as: UTF8.self)
        }

        /// Returns the line of the value at `path`, starting at the current value.
        mutating func find(_ path: ArraySlice<String>) -> Int? {
            skipSpace()
            guard index < bytes.count else { return nil }
            guard let head = path.first else { return line }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                while true {
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
                    let key = readString()
                    skipSpace(); index += 1  // colon
                    if key == head {
                        // What is not there deeper down is pointed at by where this value starts.
                        skipSpace()
                        let start = line
                        return find(path.dropFirst()) ?? start
                    }
                    skipValue()
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return nil }
                    index += 1
                }
            case UInt8(ascii: "["):
                guard let wanted = Int(head) else { return nil }
                index += 1
                var position = 0
                while true {
                    skipSpace()
                    if position == wanted {
                        let start = line
                        return find(path.dropFirst()) ?? start
                    }
                    skipValue()
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return nil }
                    index += 1
                    position += 1
                }
            default:
                return nil
            }
        }

        mutating func skipValue() {
            skipSpace()
            guard index < bytes.count else { return }
            switch bytes[index] {
            case UInt8(ascii: "\""): _ = readString()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                while index < bytes.count {
                    let byte = bytes[index]
                    if byte == UInt8(ascii: "\"") { _ = readString(); continue }
                    if byte == UInt8(ascii: "\n") { line += 1 }
                    if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") { depth += 1 }
                    if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                        depth -= 1
                        if depth == 0 { index += 1; return }
                    }
                    index += 1
                }
            default:
                while index < bytes.count, ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: "\n")].contains(bytes[index]) {
                    index += 1
                }
            }
        }
    }
}
