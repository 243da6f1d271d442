import Foundation
import PIMS
import SimKernel
import Yams

/// The simulator controls on the core: the kernel's (sessions, clock, faults, scenarios) and each
/// system's. Every control either succeeds whole or changes nothing.
extension Simulator {
    public mutating func control(_ control: SimControl) -> SimAnswer {
        var events: [PendingEvent] = []
        return self.control(control, events: &events)
    }

    /// A control, and the events it produced (not yet numbered).
    /// - Parameter recordingEvents: false when nobody listens: a reset, or a system's control, then
    ///   builds no event (a walk's reset is timed with its calls).
    public mutating func control(_ control: SimControl, events: inout [PendingEvent], recordingEvents: Bool = true) -> SimAnswer {
        do {
            if let kernel = try KernelControl(control) { return self.kernel(kernel, events: &events, recordingEvents: recordingEvents) }
            guard let system = World.system(forControl: control.kind) else {
                return .failure("unknown control \"\(control.kind)\" (\(World.controlKinds.joined(separator: ", ")))")
            }
            var kernel = world.context(for: control.fields["session"]?.stringValue ?? "default", recordingEvents: recordingEvents)
            let sessions = world.sessions
            kernel.sessionDevice = { sessions[key: $0]?.settings.device }
            // In place (a copy of the world would copy every list the control touches): a system's
            // control checks everything before it changes anything, so a refusal changes nothing.
            let answer = try system.control(control, &world, &kernel)
            if answer.ok {
                world.counters.codes = kernel.codes.state
                events += kernel.events
            }
            return answer
        } catch {
            return .failure(error.description)
        }
    }

    /// A control read beforehand (`PreparedControl`): a scenario read already is only put in place.
    public mutating func control(_ prepared: PreparedControl, events: inout [PendingEvent]) -> SimAnswer {
        switch prepared.loaded {
        case nil: return control(prepared.control, events: &events)
        case .success(let world)?: return install(world, events: &events)
        case .failure(let error)?: return .failure("load: \(error)")
        }
    }

    private mutating func install(_ loaded: World, events: inout [PendingEvent]) -> SimAnswer {
        replace(with: loaded)
        events.append(PendingEvent(.worldReloaded, ["scenario": .string(loaded.name)]))
        return .success(["scenario": .string(loaded.name)])
    }

    private mutating func kernel(_ control: KernelControl, events: inout [PendingEvent], recordingEvents: Bool) -> SimAnswer {
        switch control {
        case .session(let name, let settings):
            if let (_, reason) = World.settingsProblem(settings) { return .failure("session: \(reason)") }
            world.openSession(name, settings: settings)
            return .success(["session": .string(name)])
        case .advance(let seconds):
            guard seconds <= SimTime.latest - world.clock else {
                return .failure("advance: the clock cannot pass \(SimTime.latest) (it is \(world.clock))")
            }
            // Each system plays what falls due on the way (PIMS's vehicles: R31, R37), then the clock moves.
            let until = world.clock + seconds
            var kernel = world.context(for: "default", recordingEvents: recordingEvents)
            for system in World.systems { system.advance(until, &world, &kernel) }
            world.counters.codes = kernel.codes.state
            events += kernel.events
            world.clock = until
            return .success(KernelAnswer.now(world.clock))
        case .fault(let rule):
            if let problem = World.faultProblem(rule) { return .failure("fault: \(problem)") }
            world.faults.append(rule)
            events.append(world.faultsChangedEvent)
            return .success(FaultRule.report(world.faults))
        case .clearFaults:
            world.faults = []
            events.append(world.faultsChangedEvent)
            return .success(FaultRule.report([]))
        case .faults:
            return .success(FaultRule.report(world.faults))
        case .load(let source):
            do {
                return install(try ScenarioLoader.load(source), events: &events)
            } catch {
                return .failure("load: \(error)")
            }
        case .reset:
            // Back to the scenario loaded, the bookmarks kept: they are the user's marks, not the world's.
            let kept = world.bookmarks
            resetToLoaded()
            world.bookmarks = kept
            if recordingEvents { events.append(PendingEvent(.worldReloaded, ["scenario": .string(world.name)])) }
            return .success(KernelAnswer.scenario(world.name))
        case .export:
            return Simulator.export(world)
        case .bookmark(let name):
            let mark = Bookmark(name: name, at: world.clock, world: world)
            if let i = world.bookmarks.index(of: name) {
                world.bookmarks[i] = mark
            } else {
                guard world.bookmarks.count < Bookmark.limit else {
                    return .failure("bookmark: \(Bookmark.limit) bookmarks are kept already (the same name replaces one)")
                }
                world.bookmarks.append(mark)
            }
            return .success(KernelAnswer.bookmarks(world.bookmarks.map(\.summary), taken: mark.summary))
        case .restore(let name):
            guard let i = world.bookmarks.index(of: name) else {
                let kept = world.bookmarks.map(\.name)
                return .failure("restore: no bookmark \"\(name)\" (" + (kept.isEmpty ? "none kept" : "kept: " + kept.joined(separator: ", ")) + ")")
            }
            let mark = world.bookmarks[i]
            // The world as it was, bookmarks as they are: `reset` still goes back to the scenario loaded.
            let kept = world.bookmarks
            world = mark.world
            world.bookmarks = kept
            events.append(PendingEvent(.worldReloaded, ["scenario": .string(world.name), "bookmark": .string(name)]))
            return .success(KernelAnswer.restored(mark.summary, now: world.clock))
        case .bookmarks:
            return .success(KernelAnswer.bookmarks(world.bookmarks.map(\.summary)))
        case .events:
            // Events are numbered by the backend, which answers this control before the world sees it.
            return .failure("events: this backend keeps no events")
        }
    }

    /// The `export` control's answer: the world in the scenario format.
    public static func export(_ world: World) -> SimAnswer {
        do {
            return .success(KernelAnswer.scenario(try ScenarioExporter.yaml(world)))
        } catch {
            return .failure("export: \(error)")
        }
    }
}

extension World {
    /// Why a fault rule cannot be used: its shape, or a code that is not one of its system's.
    static func faultProblem(_ rule: FaultRule) -> String? {
        if let problem = rule.shapeProblem { return problem }
        return system(forCall: rule.name).faultRuleProblem(rule)
    }
}

/// Export: the whole world in the scenario format, so that export → load → export gives the same bytes.
public enum ScenarioExporter {
    public static func yaml(_ world: World) throws -> String {
        // An account takes about 30 entries (its keys, a vehicle's), a session about 10; more room
        // than needed costs nothing until written.
        try ScenarioYAMLEncoder.encode(world, options: options, expectedEntries: 1_024 + 40 * world.accounts.count + 16 * world.sessions.count)
    }

    static var options: YAMLEncoder.Options {
        var options = YAMLEncoder.Options()
        options.allowUnicode = true
        options.width = -1
        return options
    }
}

/// A control made ready outside any lock: a `load` carrying a scenario's text is read here (a large
/// scenario takes its time, a refused one its bounds), so that a server holds its world's lock only
/// to put the world read in place, and no call waits for the reading.
public struct PreparedControl: Sendable {
    public let control: SimControl
    let loaded: Result<World, ScenarioError>?

    public init(_ control: SimControl) {
        self.control = control
        guard case .load(let source)? = try? KernelControl(control), case .yaml = source else {
            loaded = nil
            return
        }
        do throws(ScenarioError) {
            loaded = .success(try ScenarioLoader.load(source))
        } catch {
            loaded = .failure(error)
        }
    }
}
