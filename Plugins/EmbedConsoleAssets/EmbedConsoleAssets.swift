import Foundation
import PackagePlugin

/// Embeds `Console/Assets/console.{html,css,js}` of the target into a generated Swift file at
/// build time (see `Tools/EmbedAssets`). The build reruns it whenever one of the files changes.
@main
struct EmbedConsoleAssets: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = target.directoryURL.appending(path: "Console/Assets")
        let inputs = ["console.html", "console.css", "console.js"].map { folder.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "ConsoleAssets+Embedded.swift")
        return [.buildCommand(displayName: "Embedding the console's page, style sheet and script",
                              executable: try context.tool(named: "EmbedAssets").url,
                              arguments: [output.path] + inputs.map(\.path),
                              inputFiles: inputs,
                              outputFiles: [output])]
    }
}
