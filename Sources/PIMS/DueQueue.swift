import HeapModule
import SimKernel

/// A vehicle as the clock names it: its account's username and its VIN. Positions are not kept:
/// they move when an account or a vehicle is removed, and a name that no longer resolves is a
/// vehicle gone with its steps (R18, R31).
public struct VehicleKey: Sendable, Hashable {
    public var username: String
    public var vin: VIN

    public init(username: String, vin: VIN) {
        self.username = username
        self.vin = vin
    }
}

/// When each vehicle's next step falls due (R31, R37), in time order, so that `advance` plays the
/// steps due and looks at nothing else (issue 39: it used to walk every vehicle of every account).
///
/// Derived from the accounts, never stored: built from them on the first `advance` after the world
/// was made (a scenario, an export, a server's rows) or its accounts replaced, then kept as steps,
/// commands and controls change a vehicle (`PIMSStep.reschedule`). Entries are checked when they
/// come due, against the vehicle as it is then: an entry for a time that is no longer the vehicle's
/// is dropped (lazy invalidation), so the queue only needs every vehicle's next step to be due no
/// earlier than its entry says.
public struct DueQueue: Sendable {
    struct Entry: Comparable, Sendable {
        var due: SimTime
        var key: VehicleKey
        static func < (a: Entry, b: Entry) -> Bool { a.due < b.due }
        static func == (a: Entry, b: Entry) -> Bool { a.due == b.due && a.key == b.key }
    }

    private var heap = Heap<Entry>()
    /// Each vehicle's entry in force (the others in `heap` for it are stale).
    private var scheduled: [VehicleKey: SimTime] = [:]
    /// False until built from the accounts: changes are not tracked before (the build sees them).
    public private(set) var isBuilt = false

    public init() {}

    /// How many vehicles have a step to come.
    public var count: Int { scheduled.count }

    /// The entry in force for `key`, if any.
    public func due(_ key: VehicleKey) -> SimTime? { scheduled[key] }

    /// Forgets everything: the next `advance` builds the queue from the accounts again.
    mutating func invalidate() {
        self = DueQueue()
    }

    /// Every vehicle's next step as seen at `now` (one pass over the accounts, once).
    mutating func build(_ accounts: KeyedList<Account>, at now: SimTime) {
        var entries: [Entry] = []
        scheduled = [:]
        for account in accounts {
            for vehicle in account.vehicles {
                guard let due = vehicle.remote.nextDue(after: now) else { continue }
                let key = VehicleKey(username: account.username, vin: vehicle.vin)
                scheduled[key] = due
                entries.append(Entry(due: due, key: key))
            }
        }
        heap = Heap(entries)
        isBuilt = true
    }

    /// The vehicle's next step is now `due` (nil: none).
    mutating func set(_ key: VehicleKey, _ due: SimTime?) {
        guard isBuilt, scheduled[key] != due else { return }
        scheduled[key] = due
        guard let due else { return }
        heap.insert(Entry(due: due, key: key))
        // Stale entries past twice the live ones: the heap is made again from the live ones
        // (amortized constant per change, and the heap stays within a bound of the vehicles).
        if heap.count > 2 * scheduled.count + 64 {
            heap = Heap(scheduled.map { Entry(due: $0.value, key: $0.key) })
        }
    }

    /// Takes out every entry in force due at or before `until`, earliest first: the caller plays or
    /// re-files them (`set`).
    mutating func takeDue(until: SimTime) -> [(due: SimTime, key: VehicleKey)] {
        var taken: [(due: SimTime, key: VehicleKey)] = []
        while let first = heap.min, first.due <= until {
            _ = heap.popMin()
            guard scheduled[first.key] == first.due else { continue }  // stale
            scheduled[first.key] = nil
            taken.append((first.due, first.key))
        }
        return taken
    }

    /// Whether every vehicle with a step to come at `now` has an entry no later than that step:
    /// what `advance` relies on (checked by the tests and by debug builds' `advance`).
    public func covers(_ accounts: KeyedList<Account>, at now: SimTime) -> Bool {
        guard isBuilt else { return true }
        for account in accounts {
            for vehicle in account.vehicles {
                guard let due = vehicle.remote.nextDue(after: now) else { continue }
                guard let entry = scheduled[VehicleKey(username: account.username, vin: vehicle.vin)], entry <= due else { return false }
            }
        }
        return true
    }
}

/// The queue is the accounts' index by time, not part of the world's value: two worlds with the
/// same accounts are the same world whatever their queues hold.
extension DueQueue: Hashable {
    public static func == (a: DueQueue, b: DueQueue) -> Bool { true }
    public func hash(into hasher: inout Hasher) {}
}

extension VehicleRemote {
    /// When the vehicle's next step falls due, seen at `now` (R31, R37): its earliest in-flight step,
    /// its charge reaching 100 %, its preconditioning's end, or, plugged, idle and below 100 %, the
    /// next deferred hour after `now`. Never earlier for a later `now` while the vehicle is unchanged.
    public func nextDue(after now: SimTime) -> SimTime? {
        var next: SimTime?
        func consider(_ t: SimTime) { if next.map({ t < $0 }) ?? true { next = t } }
        for flight in inFlight { consider(flight.due) }
        if let end = chargeEnd { consider(end) }
        if precond.status == .enabled, let end = precond.until { consider(end) }
        if let deferred = charging.deferredTime, charging.plugged, charging.state == .stopped || charging.state == .finished, level < .full {
            consider(deferred.next(after: now))
        }
        return next
    }
}
