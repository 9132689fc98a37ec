public import StubServer

/// The in-process stub a contract run hosts. It lives in StubServer, where `stubbank drift`
/// hosts the stub side the same way; this name keeps `ContractKit.StubHost` working.
public typealias StubHost = StubServer.StubHost
