import StubEngine
import BuiltInBank

/// The console's page, style sheet and script. They are real files in `Console/Assets/`
/// (`console.html`, `console.css`, `console.js`), edited as such; the `EmbedConsoleAssets` build
/// plugin turns them into string constants at build time, so that an installed `stubbank`
/// serves them from the binary, with no resource bundle beside it and nothing from the network.
enum ConsoleAssets {}
