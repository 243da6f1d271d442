import Enrollment
import Foundation
import SimKernel
import TerminalUI
import Walk
import WalkPlayer

/// F10 in the terminal: the bug-report bundle of the session so far, written into the working
/// directory (never over a file, readable by its owner only: it holds the world's passwords and PINs).
enum BugReportWriter {
    static func write(recorder: WalkRecorder?, world: String?, frame: Frame, tape: ScreenTape?, theme: Theme, directory: String,
                      now: Date = Date()) -> Result<String, Store.ConnectError> {
        guard let recorder else { return .failure(Store.ConnectError("this session is not being recorded")) }
        let walk: Walk
        do {
            walk = try recorder.walk()
        } catch {
            return .failure(Store.ConnectError("the session could not be read back: \(error.description)"))
        }
        // The world now; a backend that cannot export it leaves the walk's starting scenario.
        guard let world = world ?? walk.startingWorld?.yaml else {
            return .failure(Store.ConnectError("the backend could not export its world"))
        }
        var settings = walk.header.session
        settings["backend"] = .string(walk.header.backend)
        settings["theme"] = .string(theme.name)
        let report = BugReport(walk: walk, world: world, screen: frame, theme: theme, version: EnrollsimVersion.current, created: now,
                               settings: settings, screens: tape?.kept.screens ?? [])
        let name = String(BugReport.fileName(at: now).dropLast(".tar.gz".count))
        let data: Data
        do {
            data = try report.archive()
        } catch {
            return .failure(Store.ConnectError("cannot make the bundle: \(error)"))
        }
        // Whole or not at all, 0600 from the start, never over a file (one that appears meanwhile
        // moves the bundle to the next free name).
        for _ in 0..<8 {
            let path = FreePath.base(directory: directory, name: name, extensions: ["tar.gz"]) + ".tar.gz"
            do {
                try PrivateFile.write(data, to: path)
                return .success(path)
            } catch where error.exists {
                continue
            } catch {
                return .failure(Store.ConnectError(error.description))
            }
        }
        return .failure(Store.ConnectError("no free name for \(name).tar.gz in \(directory)"))
    }
}
