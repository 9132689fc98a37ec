package import StubEngine

/// Carries out the engine's plan (`WirePlan`) on a connection that can wait: Hummingbird's, or
/// the in-process one. Only what waits on the wire is here; everything the plan says was
/// decided, and journalled, by the engine.
package enum WireCarrier {
    /// Waits the plan's delay, then ends the connection when the plan says to. Throws
    /// `ConnectionDropped`, after acting on the connection, when no answer goes out: a drop, or a
    /// client gone (or a stop) during the delay. The journal entry of a delayed plan is written
    /// here, once the wait is over.
    package static func waitThenDrop(_ plan: WirePlan, connection: any StubConnection, stop: StopSignal) async throws(ConnectionDropped) {
        // Most plans have no delay: they skip the call, which would suspend and resume.
        if plan.delayMs > 0 {
            let answered = await connection.wait(milliseconds: plan.delayMs, stop: stop) == .elapsed
            plan.journal?.commit(answered: answered)
            guard answered else {
                let gone = ConnectionDropped(how: .cut)
                await gone.perform(on: connection, stop: stop)
                throw gone
            }
        }
        if let drop = plan.drop {
            let dropped = ConnectionDropped(how: .init(drop))
            await dropped.perform(on: connection, stop: stop)
            throw dropped
        }
    }

    /// Writes the plan's body as its pacing says: whole; about half, then a cut (`truncated`);
    /// or in chunks paced to a byte rate, cut when a pause ends early (the client left, the stop).
    /// Throws `ConnectionDropped` after a cut.
    package static func writeBody(_ plan: WirePlan, connection: any StubConnection, stop: StopSignal,
                          write: (ArraySlice<UInt8>) async throws -> Void) async throws {
        let body = plan.body
        switch plan.pacing {
        case .whole:
            if !body.isEmpty { try await write(body[...]) }
        case .truncated:
            try await write(body.prefix(max(1, body.count / 2)))
            await connection.cutBody()
            throw ConnectionDropped(how: .cut)
        case .paced(let bandwidth):
            let chunk = bandwidth.effectiveChunk
            let pauseMs = Double(chunk) / Double(bandwidth.bytesPerSecond) * 1000
            var offset = 0
            while offset < body.count {
                let end = min(offset + chunk, body.count)
                try await write(body[offset..<end])
                offset = end
                if offset < body.count, await connection.wait(milliseconds: pauseMs, stop: stop) != .elapsed {
                    await connection.cutBody()
                    throw ConnectionDropped(how: .cut)
                }
            }
        }
    }
}
