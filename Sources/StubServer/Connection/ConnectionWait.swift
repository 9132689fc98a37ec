import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import StubEngine
import StubRuntime

/// Every wait the stub puts a request through (an injected delay, a bandwidth pause, a hang)
/// ends early when the client hangs up or the server is asked to stop, so neither a socket nor
/// a timer outlives the client, and SIGTERM is not held up by a ten-minute delay.
///
/// No task is spawned: one continuation is resumed by whichever comes first of an event-loop
/// timer (exact to tens of microseconds, unlike `Task.sleep` on Linux), the client's
/// disconnect, the stop signal and task cancellation.
package enum ConnectionWait {
    package typealias Outcome = ConnectionWaitOutcome

    /// Waits `milliseconds`, or until the client leaves or the stop begins; nil waits only for those.
    static func wait(milliseconds: Double?, on channel: any Channel, stop: StopSignal) async -> Outcome {
        let race = Race()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
                race.start(continuation)
                if let milliseconds {
                    let timer = MultiThreadedEventLoopGroup.singleton.any()
                        .scheduleTask(in: .nanoseconds(Int64(milliseconds * 1_000_000))) { race.finish(.elapsed) }
                    race.onFinish { timer.cancel() }
                }
                ClientDisconnectHandler.goneFuture(on: channel).whenComplete { _ in race.finish(.clientGone) }
                let key = stop.onFire { race.finish(.shuttingDown) }
                race.onFinish { stop.remove(key) }
            }
        } onCancel: {
            race.finish(.shuttingDown)
        }
    }

    /// The first `finish` resumes the continuation and runs the clean-ups; later ones do nothing.
    private final class Race: Sendable {
        private struct State {
            var continuation: CheckedContinuation<Outcome, Never>?
            var outcome: Outcome?
            var cleanups: [@Sendable () -> Void] = []
        }

        private let state = NIOLockedValueBox(State())

        func start(_ continuation: CheckedContinuation<Outcome, Never>) {
            let early = state.withLockedValue { state -> Outcome? in
                if let outcome = state.outcome { return outcome }
                state.continuation = continuation
                return nil
            }
            if let early { continuation.resume(returning: early) }
        }

        func onFinish(_ cleanup: @escaping @Sendable () -> Void) {
            let finished = state.withLockedValue { state -> Bool in
                if state.outcome != nil { return true }
                state.cleanups.append(cleanup)
                return false
            }
            if finished { cleanup() }
        }

        func finish(_ outcome: Outcome) {
            let (continuation, cleanups) = state.withLockedValue { state -> (CheckedContinuation<Outcome, Never>?, [@Sendable () -> Void]) in
                guard state.outcome == nil else { return (nil, []) }
                state.outcome = outcome
                defer { state.continuation = nil; state.cleanups = [] }
                return (state.continuation, state.cleanups)
            }
            cleanups.forEach { $0() }
            continuation?.resume(returning: outcome)
        }
    }
}
