import Foundation
import Testing

/// Issue 25: the Vehicle screen in the real binary, by keys, in process and on a team server:
/// select and subscribe, 2302 and the OTP page, a command's signals on the simulated clock
/// (900 → 901 → 200, R31), a failure at execution from the simulator panel's vehicle controls
/// (an open door → 902 2362, R32, R46), and a charge to remoteChargeFinished (R34, R37).
@Suite(.serialized) struct VehicleEndToEndTests {
    typealias Server = TUIOnServerEndToEndTests.Server

    @Test("Vehicle screen: OTP, unlock and lock by signals, a door open → 2362, a charge to its end, in process",
          arguments: [(80, 24), (120, 40)])
    func inProcess(width: Int, height: Int) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("enrollsim-e2e-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let session = try TmuxSession(command: "cd '\(dir.path)' && " + EnrollsimProcess.commandLine("--scenario remote-ready"),
                                      width: width, height: height)
        try session.wait(for: "Enter log in")
        try walk(session)
    }

    @Test("Vehicle screen: the same walk on a team server (signals over /v1/events)")
    func onServer() throws {
        let server = try Server(scenario: "remote-ready")
        let session = try TmuxSession(command: EnrollsimProcess.commandLine("--backend \(server.url) --admin-token \(server.token)"))
        try session.wait(for: "Enter log in")
        try walk(session)
    }

    private func walk(_ session: TmuxSession) throws {
        try session.sendKeys("Enter")
        try session.wait(for: "Remote commands, status, signals")
        // Home: guided, account, steps, car key, simulator, API log, coverage, session, vehicle.
        try session.sendKeys("Down", "Down", "Down", "Down", "Down", "Down", "Down", "Down", "Enter")
        try session.wait(for: "Choose the vehicle")
        try session.sendKeys("Enter")
        try session.wait(for: "the selected car's status") { $0.contains("Locked · all closed") && $0.contains("plugged slow") }

        try session.sendKeys("u")
        try session.wait(for: "the OTP page after 2302") { $0.contains("2302") && $0.contains("PIN") }
        try session.sendKeys("1", "2", "3", "4", "Enter")
        try session.wait(for: "900 pending")
        try session.sendKeys("t")
        try session.wait(for: "the doors unlocked by signal 200") { $0.contains("200 done") && $0.contains("Unlocked · all closed") }

        // The simulator panel: open the driver's door; the lock then fails at execution (R32).
        try session.sendKeys("F8")
        try session.wait(for: "the panel's vehicle section") { $0.contains("Vehicle · VR1AB12C3D4567890") && $0.contains("awake · online") }
        try session.sendKeys("5")
        try session.wait(for: "open: driver")
        try session.sendKeys("Escape")
        try session.wait(for: "Commands · their signals")
        try session.sendKeys("l")
        try session.wait(for: "900 pending")
        try session.sendKeys("t")
        try session.wait(for: "the 902 with its code and advice") { $0.contains("902 2362") && $0.contains("2362 ·") }

        try session.sendKeys("c")
        // Keys that start something wait for the call in flight to be answered (over HTTP it takes a while).
        try session.wait(for: "the charge accepted") { $0.contains("900   charge") }
        try session.sendKeys("t")
        try session.wait(for: "the charge in progress") { $0.contains("inprogress") && $0.contains("left") }
        for _ in 0..<4 { try session.sendKeys("T") }
        try session.wait(for: "remoteChargeFinished")

        try session.sendKeys("C-c")
        try session.wait(for: EnrollsimProcess.exitMarker + "0]", history: true)
    }
}
