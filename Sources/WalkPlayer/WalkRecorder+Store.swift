import Enrollment
import Walk

extension WalkRecorder {
    /// What the store tells, as walk lines.
    public func record(_ tap: StoreTap) {
        switch tap {
        case .call(let request, let session, let step, let response, let ms):
            call(WalkCall(session: session, step: step, request: request, response: response, ms: ms))
        case .control(let control, let answer):
            self.control(control, answer: answer)
        case .event(let event):
            self.event(event)
        case .expect(let expectation):
            expect(expectation)
        }
    }
}
