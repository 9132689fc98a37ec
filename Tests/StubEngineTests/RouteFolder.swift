import Foundation
@testable import StubEngine

/// Route files written to a scratch folder (as `routes/r.yaml`) and compiled by the stub's own
/// route-file loader: the routes and the problems it found, each with `r.yaml:LINE`.
enum RouteFolder {
    /// - Parameter files: other files of the folder (body files), by path inside it.
    static func load(_ yaml: String, files: [String: String] = [:]) -> (FileRouteSet, [FixtureProblem]) {
        load(files: files.merging(["routes/r.yaml": yaml]) { _, routeFile in routeFile })
    }

    /// Any files, by path inside the folder (`routes/cards/r.yaml`, `stubbank.yaml`).
    static func load(files: [String: String]) -> (FileRouteSet, [FixtureProblem]) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("routes-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: root.appendingPathComponent("routes"), withIntermediateDirectories: true)
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? Data(text.utf8).write(to: url)
        }
        defer { try? FileManager.default.removeItem(at: root) }
        var problems: [FixtureProblem] = []
        let routes = RouteFileLoader(root: root).load(problems: &problems)
        return (routes, problems)
    }
}
