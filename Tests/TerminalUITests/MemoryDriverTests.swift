import Testing
@testable import TerminalUI

@Suite struct MemoryDriverTests {
    @Test func playsScriptedEventsAndRecordsFrames() {
        let driver = MemoryDriver(size: .minimum, keys: [.down, .enter])
        driver.enqueue([.resize(Size(width: 100, height: 30)), .signal(.terminate)])
        var seen: [TerminalEvent] = []
        while let event = driver.nextEvent(timeout: .zero) {
            seen.append(event)
            driver.draw(Showcase.frame(size: driver.size))
        }
        #expect(seen == [.key(.down), .key(.enter), .resize(Size(width: 100, height: 30)), .signal(.terminate)])
        #expect(driver.size == Size(width: 100, height: 30))
        #expect(driver.frames.count == 4)
        #expect(driver.lastFrame?.size == Size(width: 100, height: 30))
        driver.teardown()
        #expect(driver.isTornDown)
    }

    @Test func signalsExitWithTheShellConvention() {
        #expect(TerminationSignal.interrupt.exitStatus == 130)
        #expect(TerminationSignal.terminate.exitStatus == 143)
        #expect(TerminationSignal.hangup.exitStatus == 129)
    }
}
