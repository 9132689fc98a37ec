import NIOCore
import Testing
@testable import StubServer
@testable import BuiltInBank
@testable import StubEngine

@Suite struct LoopbackTests {
    @Test func onlyLoopbackAddressesCount() throws {
        #expect(StubRequestContext.isLoopback(try SocketAddress(ipAddress: "127.0.0.1", port: 1)))
        #expect(StubRequestContext.isLoopback(try SocketAddress(ipAddress: "127.8.9.10", port: 1)))
        #expect(StubRequestContext.isLoopback(try SocketAddress(ipAddress: "::1", port: 1)))
        #expect(!StubRequestContext.isLoopback(try SocketAddress(ipAddress: "192.168.1.20", port: 1)))
        #expect(!StubRequestContext.isLoopback(try SocketAddress(ipAddress: "10.0.0.1", port: 1)))
        #expect(!StubRequestContext.isLoopback(try SocketAddress(ipAddress: "fe80::1", port: 1)))
    }
}
