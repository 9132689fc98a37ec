// The runtime's public types (`StubBackend`, `StubServerConfiguration`, `FixtureLoader`,
// `StopSignal`, …) were StubServer's before the runtime was split out for the in-process stub;
// a team's `import StubServer` keeps finding them.
@_exported public import StubRuntime
