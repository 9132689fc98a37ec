package import Foundation
import Yams
import StubFormats

/// An OpenAPI document read once, for every part of StubBank that reads one: the importer,
/// request validation (`validate: requests`) and `verify`.
///
/// - YAML or JSON, with or without a UTF-8 byte-order mark;
/// - OpenAPI 3.0 and 3.1 (the top-level `openapi` must say `3.x`);
/// - `$ref`s into other files (`schemas/account.yaml`, `../common.yaml#/components/schemas/Amount`,
///   a path item kept in its own file) are read and brought into this document, so every
///   reference that remains is local (`#/…`). A referenced file's own references are followed
///   the same way, relative to that file; a cycle between files is kept as a cycle of local
///   references. A reference that cannot be followed (a missing file, a pointer to nothing, a
///   remote URL) stays as it is and is named in `problems`.
///
/// The tree is plain values (`[String: Any]`, `[Any]`, `String`, `Int`, `Double`, `Bool`,
/// `NSNull`) as Yams gives them, immutable once loaded. It is read through the typed model
/// (`operations`, `OpenAPIOperation`, `OpenAPISchema`, `resolve`, in `OpenAPIModel.swift`):
/// nothing else walks it.
package struct OpenAPISource: @unchecked Sendable {
    /// The whole document, external references brought in.
    package let root: [String: Any]
    /// The file's name, for messages.
    package let name: String
    /// References that could not be followed, each as `where: reason`.
    package let problems: [String]
    /// Every `#/components/SECTION/NAME` → its object, for `resolve`.
    let components: [String: [String: Any]]

    /// Whether keywords written beside a `$ref` apply (`OpenAPISchema.besideReference`): in 3.1
    /// and later, whose schemas are JSON Schema 2020-12's, not in 3.0.
    package var keywordsBesideReferencesApply: Bool {
        !((root["openapi"] as? String)?.hasPrefix("3.0") ?? false)
    }

    /// A document already read, e.g. under another name.
    package init(root: [String: Any], name: String, problems: [String]) {
        self.root = root
        self.name = name
        self.problems = problems
        components = Self.componentsIndex(of: root)
    }

    /// Where referenced files are brought in: `#/x-stubbank-external/NAME`.
    package static let externalSection = "x-stubbank-external"

    /// Reads `url` and the files it refers to (anywhere on disk the references lead).
    package static func load(_ url: URL) throws(OpenAPILoadError) -> OpenAPISource {
        let folder = url.deletingLastPathComponent()
        return try load(url.lastPathComponent) { relative in
            let file = folder.appendingPathComponent(relative)
            guard FileManager.default.fileExists(atPath: file.path) else { return nil }
            return try Data(contentsOf: file)
        }
    }

    /// Reads `relative` through `read` (which returns nil for a file that is not there, and may
    /// refuse a path, e.g. one outside a stubs folder, by throwing), and every file it refers to
    /// by a path relative to it.
    package static func load(_ relative: String, read: (String) throws -> Data?) throws(OpenAPILoadError) -> OpenAPISource {
        let name = (relative as NSString).lastPathComponent
        let data: Data?
        do {
            data = try read(relative)
        } catch {
            throw OpenAPILoadError("\(relative): cannot read: \(error)")
        }
        guard let data else { throw OpenAPILoadError("\(relative) does not exist", missing: true) }
        let parsed = try parse(data, name: name)
        guard let root = parsed as? [String: Any] else {
            throw OpenAPILoadError("\(name) is not an OpenAPI document (its top level is not a mapping)")
        }
        guard let version = root["openapi"] as? String, version.hasPrefix("3.") else {
            let found = root["swagger"].map { " (it says swagger: \($0); convert it to OpenAPI 3 first)" } ?? ""
            throw OpenAPILoadError("\(name) is not an OpenAPI 3 document (no `openapi: 3.x` at the top)\(found)")
        }
        return withoutActuallyEscaping(read) { read in
            var bundler = Bundler(read: read, rootFile: relative)
            var result = bundler.bundle(root, file: relative, at: "", inPaths: false) as? [String: Any] ?? root
            if !bundler.external.isEmpty { result[externalSection] = bundler.external }
            return OpenAPISource(root: result, name: name, problems: bundler.problems)
        }
    }

    /// The value at a JSON pointer (`/components/schemas/A`, `~1` for `/`, `~0` for `~`), or nil.
    /// Every `$ref` StubBank follows goes through here.
    package static func value(atPointer pointer: String, in document: Any) -> Any? {
        var current: Any? = document
        // RFC 6901: every `/` starts a key, an empty one too (`/a//b`); a pointer written
        // without its first `/` (`#components/…`) is read as if it had one.
        guard !pointer.isEmpty else { return document }
        let parts = pointer.split(separator: "/", omittingEmptySubsequences: false)
        for part in pointer.hasPrefix("/") ? parts.dropFirst() : parts[...] {
            let key = part.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
                .removingPercentEncoding ?? String(part)
            if let object = current as? [String: Any] {
                current = object[key]
            } else if let list = current as? [Any], let index = Int(key), list.indices.contains(index) {
                current = list[index]
            } else {
                return nil
            }
        }
        return current
    }

    /// YAML or JSON text, without a leading byte-order mark, as plain values.
    package static func parse(_ data: Data, name: String) throws(OpenAPILoadError) -> Any? {
        var bytes = data
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard let text = String(data: bytes, encoding: .utf8) else { throw OpenAPILoadError("\(name) is not UTF-8 text") }
        // JSON is read as JSON: YAML 1.1 reads `1e3` as text and refuses an escaped surrogate
        // pair (`"\uD83D\uDCA9"`). What is not valid JSON falls to YAML, whose errors name a line.
        if let first = text.first(where: { !$0.isWhitespace }), first == "{" || first == "[",
           let value = try? JSONDecoder().decode(JSONValue.self, from: bytes) {
            return plain(value)
        }
        do {
            return try Yams.load(yaml: text)
        } catch {
            throw OpenAPILoadError("\(name) is not YAML or JSON: \(located(error))")
        }
    }

    /// A JSON value as the plain values Yams gives: a whole number as `Int`, any other as `Double`.
    static func plain(_ value: JSONValue) -> Any {
        switch value {
        case .null: return NSNull()
        case .bool(let flag): return flag
        case .number(let number):
            return number.rounded() == number && abs(number) < 9_007_199_254_740_992 ? Int(number) : number
        case .string(let text): return text
        case .array(let items): return items.map(plain)
        case .object(let fields): return fields.mapValues(plain)
        }
    }

    /// Yams says `3:6: error: parser: …`; people read `line 3, column 6: parser: …`.
    static func located(_ error: any Error) -> String {
        let text = "\(error)"
        let parts = text.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, let line = Int(parts[0]), let column = Int(parts[1]), parts[2].trimmingCharacters(in: .whitespaces) == "error"
        else { return text }
        return "line \(line), column \(column):\(parts[3])"
    }

    /// Brings external references into one document.
    private struct Bundler {
        let read: (String) throws -> Data?
        let rootFile: String
        /// Parsed files by path.
        var files: [String: Any] = [:]
        /// `file#pointer` → the local reference it became.
        var placed: [String: String] = [:]
        var external: [String: Any] = [:]
        var problems: [String] = []

        init(read: @escaping (String) throws -> Data?, rootFile: String) {
            self.read = read
            self.rootFile = rootFile
        }

        /// `value` from `file`, with each reference made local. `inPaths` is true for the
        /// values of `paths`, whose references (path items) are brought in where they stand.
        mutating func bundle(_ value: Any, file: String, at place: String, inPaths: Bool) -> Any {
            if let list = value as? [Any] {
                return list.enumerated().map { bundle($1, file: file, at: "\(place)[\($0)]", inPaths: false) }
            }
            guard var object = value as? [String: Any] else { return value }
            if let reference = object["$ref"] as? String {
                if inPaths, !reference.hasPrefix("#"), let (target, targetFile) = follow(reference, from: file, at: place) {
                    // A path item in its own file: brought in whole, its references relative to its file.
                    var item = bundle(target, file: targetFile, at: place, inPaths: false) as? [String: Any] ?? [:]
                    for (key, sibling) in object where key != "$ref" { item[key] = sibling }
                    return item
                }
                object["$ref"] = local(reference, from: file, at: place)
            }
            var result: [String: Any] = [:]
            let atRoot = place.isEmpty && file == rootFile
            for (key, child) in object where key != "$ref" && !(atRoot && key == "paths") {
                result[key] = bundle(child, file: file, at: place.isEmpty ? key : "\(place).\(key)", inPaths: false)
            }
            if atRoot, let paths = object["paths"] as? [String: Any] {
                var items: [String: Any] = [:]
                for (path, item) in paths { items[path] = bundle(item, file: file, at: "paths.\(path)", inPaths: true) }
                result["paths"] = items
            }
            if let reference = object["$ref"] { result["$ref"] = reference }
            // A discriminator's mapping names its schemas by reference too (`card: ./Card.yaml`):
            // they are brought in as the alternatives' `$ref`s are, so a tag still names its schema.
            if var discriminator = result["discriminator"] as? [String: Any], discriminator["propertyName"] is String,
               var mapping = discriminator["mapping"] as? [String: Any] {
                for (tag, target) in mapping {
                    guard let target = target as? String, OpenAPIDiscriminator.isReference(target) else { continue }
                    let at = (place.isEmpty ? "" : place + ".") + "discriminator.mapping.\(tag)"
                    mapping[tag] = local(target, from: file, at: at)
                }
                discriminator["mapping"] = mapping
                result["discriminator"] = discriminator
            }
            return result
        }

        /// The local form of `reference`, written in `file`.
        private mutating func local(_ reference: String, from file: String, at place: String) -> String {
            let (path, pointer) = Self.split(reference)
            if path.isEmpty {
                // Local to its own file: the root's stay; another file's point into where that file was brought.
                return file == rootFile ? reference : bringIn(file: file, pointer: pointer, reference: reference, at: place)
            }
            guard !Self.isRemote(path) else {
                problems.append("\(place): $ref \(reference) is a remote URL; StubBank reads only files beside the document")
                return reference
            }
            let target = Self.join(file, path)
            if target == rootFile { return "#" + pointer }
            return bringIn(file: target, pointer: pointer, reference: reference, at: place)
        }

        /// Brings `pointer` of `file` into the external section once; returns its local reference.
        private mutating func bringIn(file: String, pointer: String, reference: String, at place: String) -> String {
            let key = "\(file)#\(pointer)"
            if let known = placed[key] { return known }
            guard let document = load(file, reference: reference, at: place) else { return reference }
            guard let target = OpenAPISource.value(atPointer: pointer, in: document) else {
                problems.append("\(place): $ref \(reference): \(file) has nothing at #\(pointer)")
                return reference
            }
            var name = Self.slug(file + (pointer.isEmpty ? "" : "-" + pointer))
            while external[name] != nil { name += "_" }
            let localReference = "#/\(OpenAPISource.externalSection)/\(name)"
            placed[key] = localReference
            external[name] = [:]  // Reserved, so a cycle back here finds it.
            external[name] = bundle(target, file: file, at: "\(file)#\(pointer)", inPaths: false)
            return localReference
        }

        private mutating func follow(_ reference: String, from file: String, at place: String) -> (Any, String)? {
            let (path, pointer) = Self.split(reference)
            guard !Self.isRemote(path) else {
                problems.append("\(place): $ref \(reference) is a remote URL; StubBank reads only files beside the document")
                return nil
            }
            let target = Self.join(file, path)
            guard let document = load(target, reference: reference, at: place) else { return nil }
            guard let value = OpenAPISource.value(atPointer: pointer, in: document) else {
                problems.append("\(place): $ref \(reference): \(target) has nothing at #\(pointer)")
                return nil
            }
            return (value, target)
        }

        private mutating func load(_ file: String, reference: String, at place: String) -> Any? {
            if let known = files[file] { return known }
            do {
                guard let data = try read(file) else {
                    problems.append("\(place): $ref \(reference): \(file) does not exist")
                    return nil
                }
                guard let parsed = try OpenAPISource.parse(data, name: file) else { return nil }
                files[file] = parsed
                return parsed
            } catch let error as OpenAPILoadError {
                problems.append("\(place): $ref \(reference): \(error.description)")
            } catch {
                problems.append("\(place): $ref \(reference): \(file) cannot be read (\(error))")
            }
            return nil
        }

        static func split(_ reference: String) -> (path: String, pointer: String) {
            guard let hash = reference.firstIndex(of: "#") else { return (reference, "") }
            return (String(reference[..<hash]), String(reference[reference.index(after: hash)...]))
        }

        static func isRemote(_ path: String) -> Bool { path.contains("://") }

        /// `path` relative to the folder of `file`, normalised (`a/b/../c.yaml` → `a/c.yaml`).
        static func join(_ file: String, _ path: String) -> String {
            let folder = (file as NSString).deletingLastPathComponent
            var parts: [String] = []
            for part in (folder.isEmpty ? path : folder + "/" + path).split(separator: "/") {
                if part == "." { continue }
                if part == "..", let last = parts.last, last != ".." { parts.removeLast(); continue }
                parts.append(String(part))
            }
            return parts.joined(separator: "/")
        }

        static func slug(_ text: String) -> String {
            String(text.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" || $0 == "-" ? $0 : "-" })
        }
    }
}

/// A document that could not be read at all, with the file and the reason.
package struct OpenAPILoadError: Error, Sendable, CustomStringConvertible {
    package let description: String
    /// True when the document itself is not there (not a file it refers to).
    package let missing: Bool

    package init(_ description: String, missing: Bool = false) {
        self.description = description
        self.missing = missing
    }
}
