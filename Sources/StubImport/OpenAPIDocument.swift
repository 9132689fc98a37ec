import Foundation
import StubRuntime
import StubOpenAPI
import StubEngine

/// An OpenAPI 3.x document as `OpenAPISource` reads it (references into other files brought in),
/// with its `$ref`s resolved on demand.
struct OpenAPIDocument {
    let root: [String: Any]
    let source: String

    /// References into other files that could not be followed, each as `where: reason`.
    let problems: [String]

    init(url: URL) throws(ImportError) {
        let loaded: OpenAPISource
        do {
            loaded = try OpenAPISource.load(url)
        } catch {
            throw ImportError(error.description)
        }
        self.root = loaded.root
        self.source = loaded.name
        self.problems = loaded.problems
        self.components = JSONSchemaValidator.components(of: loaded.root)
    }

    /// Every `#/components/SECTION/NAME`, found once.
    private let components: [String: [String: Any]]

    /// Follows `$ref` chains (local `#/…` pointers only); nil for a remote or broken reference.
    func resolve(_ value: Any?, depth: Int = 0) -> [String: Any]? {
        guard let object = value as? [String: Any] else { return nil }
        guard let reference = object["$ref"] as? String else { return object }
        guard depth < 16, reference.hasPrefix("#/") else { return nil }
        if let known = components[reference] { return resolve(known, depth: depth + 1) }
        return resolve(OpenAPISource.value(atPointer: String(reference.dropFirst()), in: root), depth: depth + 1)
    }

    /// The `$ref` a value points at, if it is a reference.
    func reference(of value: Any?) -> String? { (value as? [String: Any])?["$ref"] as? String }
}
