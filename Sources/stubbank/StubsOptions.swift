import ArgumentParser
import Foundation

/// Where the fixtures live; shared by every command that reads them.
struct StubsOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The fixtures directory.", valueName: "dir"))
    var stubs: String = "Stubs"

    var stubsURL: URL { URL(fileURLWithPath: stubs, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL }

    func validate() throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: stubsURL.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("No stubs directory at \(stubsURL.path). Run from the package root or pass --stubs DIR.")
        }
    }
}
