import Foundation
import StubRuntime
import Yams
import StubEngine

/// An OpenAPI 3.x document (YAML or JSON) as plain values, with local `$ref`s resolved on demand.
struct OpenAPIDocument {
    let root: [String: Any]
    let source: String

    init(url: URL) throws(ImportError) {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw ImportError("cannot read \(url.path): \(error.localizedDescription)")
        }
        let loaded: Any?
        do {
            loaded = try Yams.load(yaml: text)
        } catch {
            throw ImportError("\(url.lastPathComponent) is not YAML or JSON: \(error)")
        }
        guard let root = loaded as? [String: Any], let version = root["openapi"] as? String, version.hasPrefix("3.") else {
            throw ImportError("\(url.lastPathComponent) is not an OpenAPI 3 document (no `openapi: 3.x` at the top)")
        }
        self.root = root
        self.source = url.lastPathComponent
        self.components = JSONSchemaValidator.components(of: root)
    }

    /// Every `#/components/SECTION/NAME`, found once.
    private let components: [String: [String: Any]]

    /// Follows `$ref` chains (local `#/…` pointers only); nil for a remote or broken reference.
    func resolve(_ value: Any?, depth: Int = 0) -> [String: Any]? {
        guard let object = value as? [String: Any] else { return nil }
        guard let reference = object["$ref"] as? String else { return object }
        guard depth < 16, reference.hasPrefix("#/") else { return nil }
        if let known = components[reference] { return resolve(known, depth: depth + 1) }
        var current: Any? = root
        for part in reference.dropFirst(2).split(separator: "/") {
            let key = part.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            current = (current as? [String: Any])?[key]
        }
        return resolve(current, depth: depth + 1)
    }

    /// The `$ref` a value points at, if it is a reference.
    func reference(of value: Any?) -> String? { (value as? [String: Any])?["$ref"] as? String }
}
