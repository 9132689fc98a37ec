package import Foundation
import Yams

/// Reads the optional `stubbank.yaml` at the root of a stubs folder.
package enum StubsSettingsLoader {
    package static let file = "stubbank.yaml"

    /// The settings; without the file the bank is on exactly when a `personas/` folder exists,
    /// and there is no base path.
    package static func load(root: URL, problems: inout [FixtureProblem]) -> StubsSettings {
        load(files: .folder(root), problems: &problems)
    }

    /// The settings of `files` (a folder, or an import's files before it writes them).
    package static func load(files: StubsFiles, problems: inout [FixtureProblem]) -> StubsSettings {
        var settings = StubsSettings(bank: files.hasFolder("personas"))
        let text: String
        do {
            guard let data = try files.read(file) else { return settings }
            text = String(decoding: data, as: UTF8.self)
        } catch {
            problems.append(error)
            return settings
        }
        var reader = NodeReader(file: file)
        if let node = reader.compose(text) {
            var validateNode: Node?
            for (key, _, value) in reader.fields(node, at: "", allowed: ["bank", "basePath", "document", "validate"]) ?? [] {
                switch key {
                case "bank":
                    if let bank = reader.bool(value, at: "bank") { settings.bank = bank }
                case "document":
                    settings.document = reader.string(value, at: "document")
                case "validate":
                    validateNode = value
                    // `requests`, `off`, or a list of `requests` and `credentials`.
                    var items = [value]
                    if case .sequence(let list) = value { items = Array(list) }
                    for item in items {
                        switch reader.string(item, at: "validate") {
                        case "requests"?: settings.validateRequests = true
                        case "credentials"?: settings.validateCredentials = true
                        case "off"? where items.count == 1: settings.validateRequests = false
                        case let other?:
                            reader.fail(item, "validate is requests or off, or a list of requests and credentials, not \"\(other)\"")
                        case nil: break
                        }
                    }
                case "basePath":
                    guard let path = reader.string(value, at: "basePath") else { continue }
                    if let problem = BasePath.problem(path) {
                        reader.fail(value, "basePath \"\(path)\" \(problem)")
                    } else {
                        settings.basePath = path
                    }
                default:
                    continue  // `fields` refused it, naming the keys it takes
                }
            }
            if settings.validateRequests || settings.validateCredentials, settings.document == nil {
                reader.fail(validateNode, "validate: requests needs document: the OpenAPI document to check requests against")
            }
        }
        problems += reader.problems
        return settings
    }
}
