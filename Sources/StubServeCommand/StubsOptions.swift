public import ArgumentParser
public import Foundation

/// `--stubs DIR`: where the fixtures live, shared by every command that reads them; checked to
/// exist before the command runs.
public struct StubsOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The fixtures directory.", valueName: "dir"))
    var stubs: String = "Stubs"

    /// Options from the command line.
    public init() {}

    /// The folder, resolved against the current directory.
    public var stubsURL: URL {
        URL(fileURLWithPath: stubs, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL
    }

    /// Refuses a folder that does not exist, saying how to pass one.
    public func validate() throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: stubsURL.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("No stubs directory at \(stubsURL.path). Run from the package root or pass --stubs DIR.")
        }
    }
}
