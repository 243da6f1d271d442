import SimKernel

/// One PIMS call in progress: PIMS's world, and what the kernel lends the rules (the clock, the
/// calling session, the seeded codes, the events to publish). The rules are written on this view so
/// that they read as the contract does: `accounts[a]`, `session.user`, `clock`.
struct PIMSStep {
    var world: PIMSWorld
    var kernel: KernelContext

    var clock: SimTime { kernel.now }
    var settings: SessionSettings { kernel.settings ?? SessionSettings(device: "") }
    var policy: Policy { world.policy }
    var accounts: KeyedList<Account> {
        get { world.accounts }
        _modify { yield &world.accounts }
    }
    var loginFailures: [LoginFailures] {
        get { world.loginFailures }
        _modify { yield &world.loginFailures }
    }
    /// The calling session's PIMS state.
    var session: PIMSSession {
        get { world.sessions[kernel.session] ?? PIMSSession() }
        _modify { yield &world.sessions[kernel.session, default: PIMSSession()] }
    }

    func accountIndex(_ username: String) -> Int? { world.accountIndex(username) }
    func account(_ username: String) -> Account? { world.account(username) }
}
