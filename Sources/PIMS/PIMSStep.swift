import SimKernel

/// One PIMS call in progress: PIMS's world, and what the kernel lends the rules (the clock, the
/// calling session, the seeded codes, the events to publish). The rules are written on this view so
/// that they read as the contract does: `accounts[a]`, `session.user`, `clock`.
///
/// The step works on the world and the context where they are, through pointers valid for the call
/// (`PIMSStep.run`): a step holding them as values had to be built with a placeholder world and
/// context and take them by swaps, which retained and released every table of both per call
/// (issue 8's throughput).
///
/// Not copyable: a copy would point at the same world, so a "trial" copy would change the real one.
/// The accessors that write are mutating, so the compiler still refuses overlapping accesses.
struct PIMSStep: ~Copyable {
    private let worldSlot: UnsafeMutablePointer<PIMSWorld>
    private let kernelSlot: UnsafeMutablePointer<KernelContext>

    /// Runs `body` on a step over `world` and `kernel`, changed in place.
    static func run<R>(on world: inout PIMSWorld, _ kernel: inout KernelContext, _ body: (inout PIMSStep) -> R) -> R {
        withUnsafeMutablePointer(to: &world) { world in
            withUnsafeMutablePointer(to: &kernel) { kernel in
                var step = PIMSStep(worldSlot: world, kernelSlot: kernel, watched: nil, watchedBefore: nil)
                return body(&step)
            }
        }
    }

    var world: PIMSWorld {
        unsafeAddress { UnsafePointer(worldSlot) }
        unsafeMutableAddress { worldSlot }
    }
    var kernel: KernelContext {
        unsafeAddress { UnsafePointer(kernelSlot) }
        unsafeMutableAddress { kernelSlot }
    }

    var clock: SimTime { kernel.now }
    var settings: SessionSettings { kernel.settings ?? SessionSettings(device: "") }
    var policy: Policy { world.policy }
    /// The account whose changes the sessions are told of (`apply`), and that account as it was
    /// before the call's first write to the accounts: taken at that write, so that a call that
    /// writes nothing (most calls read) copies and compares nothing.
    private var watched: Int?
    private var watchedBefore: Account?

    // Lent, not returned: a getter's result is a copy (every index of the list retained and released).
    var accounts: KeyedList<Account> {
        _read { yield world.accounts }
        _modify {
            if let watched, watchedBefore == nil { watchedBefore = world.accounts[watched] }
            yield &world.accounts
        }
    }

    /// Watches account `a` for changes from now on (see `watched`).
    mutating func watch(_ a: Int) {
        watched = a
        watchedBefore = nil
    }

    /// Whether the watched account differs from what it was before the first write since `watch`.
    /// A write that left it as it was is no change.
    mutating func watchedChanged() -> Bool {
        defer { (watched, watchedBefore) = (nil, nil) }
        guard let watched, let watchedBefore, world.accounts.indices.contains(watched) else { return false }
        return world.accounts[watched] != watchedBefore
    }
    var loginFailures: [LoginFailures] {
        _read { yield world.loginFailures }
        _modify { yield &world.loginFailures }
    }
    /// The calling session's PIMS state.
    var session: PIMSSession {
        get { world.sessions[kernel.session] ?? PIMSSession() }
        _modify { yield &world.sessions[kernel.session, default: PIMSSession()] }
    }

    // Through the list, not `PIMSWorld`'s methods of the same name: a method of the world called
    // through the step's pointer is called on a copy of the whole world.
    func accountIndex(_ username: String) -> Int? { world.accounts.index(of: username) }
    func account(_ username: String) -> Account? { world.accounts[key: username] }
}
