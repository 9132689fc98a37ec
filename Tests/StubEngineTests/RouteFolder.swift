import Foundation
@testable import StubEngine

/// Route files written to a scratch folder (as `routes/r.yaml`) and compiled by the stub's own
/// route-file loader: the routes and the problems it found, each with `r.yaml:LINE`.
enum RouteFolder {
    /// - Parameter files: other files of the folder (body files), by path inside it.
    static func load(_ yaml: String, files: [String: String] = [:]) -> (FileRouteSet, [FixtureProblem]) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("routes-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: root.appendingPathComponent("routes"), withIntermediateDirectories: true)
        try? yaml.write(to: root.appendingPathComponent("routes/r.yaml"), atomically: true, encoding: .utf8)
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? text.write(to: url, atomically: true, encoding: .utf8)
        }
        defer { try? FileManager.default.removeItem(at: root) }
        var problems: [FixtureProblem] = []
        let routes = RouteFileLoader(root: root).load(problems: &problems)
        return (routes, problems)
    }
}
