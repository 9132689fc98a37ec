/// The console's page, style sheet and script, kept as text in the binary so that an installed
/// `stubbank` serves them with no resource bundle beside it. Each lives in its own file:
/// `ConsoleAssets+HTML.swift`, `+Style.swift`, `+Script.swift`.
enum ConsoleAssets {}
