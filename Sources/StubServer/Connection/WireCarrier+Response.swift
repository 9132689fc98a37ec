import Hummingbird
import NIOCore
import StubEngine
import StubRuntime

extension WireCarrier {
    /// The Hummingbird response for a plan, once its waits and drops are done.
    static func response(for plan: WirePlan, connection: any StubConnection, stop: StopSignal) async throws -> Response {
        try await waitThenDrop(plan, connection: connection, stop: stop)
        var headers = plan.headers
        // Hummingbird frames the body itself, from the body's length.
        headers[.contentLength] = nil
        let body: ResponseBody
        switch plan.pacing {
        case .whole:
            body = plan.body.isEmpty ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: plan.body))
        case .truncated, .paced:
            body = ResponseBody(contentLength: plan.body.count) { writer in
                try await writeBody(plan, connection: connection, stop: stop) { try await writer.write(ByteBuffer(bytes: $0)) }
                try await writer.finish(nil)
            }
        }
        return Response(status: plan.status, headers: headers, body: body)
    }
}
