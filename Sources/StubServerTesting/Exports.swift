// What a test written with this library uses without importing more: the in-process stub and
// the one test clock, the admin API's client, HTTP's types for the typed client, and the
// configuration `withStub(configure:)` changes (`StubServerConfiguration`).
@_exported public import HTTPTypes
@_exported public import StubControl
@_exported public import StubInProcess
@_exported public import StubRuntime
