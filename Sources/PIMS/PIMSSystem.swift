import Foundation
import SimKernel

/// PIMS as a system of the world: `pims.*` calls, the controls `inbox`, `proximity` and `account`, and
/// the session options `platform`, `sdk` and `variant`.
public enum PIMSSystem: SimSystem {
    public typealias State = PIMSWorld

    public static let id = "pims"
    public static let callPrefix = "pims."
    public static let controlKinds = PIMSControl.kinds
    public static let sessionOptions = SessionSettings.pimsOptions

    public static func faultCodeProblem(_ code: ErrorCodeValue) -> String? {
        guard let n = code.intValue, ErrorCatalogue.entry(n) != nil else { return "\(code) is not an error code of the reference" }
        return nil
    }

    public static func kernelFailure(_ failure: KernelFailure) -> CallError {
        switch failure {
        case .injected(let code): CallError(ErrorCode(code.intValue ?? ErrorCode.unknown.rawValue), detail: "injected fault")
        case .unknownSession(let name): CallError(.unknown, detail: KernelFailure.unknownSessionDetail(name))
        }
    }

    /// Input checks (§1), then the session, then R0a/R0b, R0c, and the call's rule. Changes made before a
    /// failure stay (a wrong SMS code uses a check, a wrong PIN counts), exactly as the rules say.
    public static func handle(_ request: CallRequest, state: inout PIMSWorld, kernel: inout KernelContext) -> SystemAnswer {
        let call: PIMSCall
        do {
            call = try PIMSCall.parse(request)
        } catch {
            return SystemAnswer(.failure(error), rule: ruleNaming(error, of: request))
        }
        guard kernel.settings != nil else { return SystemAnswer(.failure(kernelFailure(.unknownSession(kernel.session))), rule: call.rule) }
        // The step works on the world in place: no copy, so no copy on write either.
        return PIMSStep.run(on: &state, &kernel) { step in
            do throws(PIMSError) {
                return SystemAnswer(.success(try step.apply(call)), rule: call.rule)
            } catch {
                return SystemAnswer(.failure(error), rule: call.rule)
            }
        }
    }

    public static func control(_ control: SimControl, state: inout PIMSWorld, kernel: inout KernelContext) throws(ControlError) -> SimAnswer {
        guard let pims = try PIMSControl(control) else { throw ControlError("\(control.kind): not a PIMS control") }
        switch pims {
        case .inbox(let phone):
            // Each code's state as R7 sees it, so the phone can say which code still works.
            let checks = state.policy.smsChecksPerCode
            let messages = state.inboxEntries(phone).map { m, replaced in
                PhoneInbox.Message(code: m.code, purpose: m.purpose.rawValue, sentAt: m.sentAt.iso8601, expiresAt: m.expiresAt.iso8601,
                                   consumed: m.consumed, checksUsed: m.checksUsed, burnt: m.checksUsed >= checks, replaced: replaced)
            }
            return .success(PhoneInbox.fields(messages, now: kernel.now))
        case .proximity(let username, let vin, let bluetoothOn, let paired, let keyInside):
            guard let a = state.accountIndex(username) else { return .failure("proximity: no account \(username)") }
            guard let v = state.accounts[a].vehicles.firstIndex(where: { $0.vin == vin }) else {
                return .failure("proximity: \(username) has no vehicle \(vin)")
            }
            if let bluetoothOn { state.accounts[a].vehicles[v].proximity.bluetoothOn = bluetoothOn }
            if let paired { state.accounts[a].vehicles[v].proximity.paired = paired }
            if let keyInside { state.accounts[a].vehicles[v].proximity.keyInside = keyInside }
            let p = state.accounts[a].vehicles[v].proximity
            if kernel.recordsEvents {
                let reached = state.sessions(of: username)
                kernel.emit(.accountChanged, AccountChange(username).data, to: reached)
            }
            return .success(["proximity": ["bluetoothOn": .bool(p.bluetoothOn), "paired": .bool(p.paired), "keyInside": .bool(p.keyInside)]])
        case .account(let username):
            guard let account = state.account(username) else { return .failure("account: no account \(username)") }
            // The policy rides along so that a client can validate input and show "failures n of limit".
            return .success(AccountAnswer.fields(json(account), policy: json(state.policy), now: kernel.now))
        case .vehicle(let change):
            return PIMSStep.run(on: &state, &kernel) { $0.vehicleControl(change) }
        }
    }

    /// The vehicles' steps on the clock (R31, R37).
    public static func advance(until: SimTime, state: inout PIMSWorld, kernel: inout KernelContext) {
        PIMSStep.run(on: &state, &kernel) { $0.advance(until: until) }
    }

    /// R39: a transport fault on `get pims.vehicle.informations` answers the phone cache if any.
    public static func injectedAnswer(_ code: ErrorCodeValue, _ request: CallRequest, state: inout PIMSWorld,
                                      kernel: inout KernelContext) -> SystemAnswer? {
        guard request.type == .get, request.name == "pims.vehicle.informations", request.params["action"]?.stringValue == "get",
              request.params["actionType"]?.stringValue == "remote"
        else { return nil }
        return PIMSStep.run(on: &state, &kernel) { step in
            guard let cached = step.cachedInformations(code) else { return nil }
            step.kernel.took("cache")
            return SystemAnswer(.success(cached), rule: "R39")
        }
    }

    /// The fault target of R45: `pims.vehicle.signal`, an action, a code of the signal list.
    public static let signalFaultName = "pims.vehicle.signal"
    public static let signalFaultCodes = [2325, 2326] + Array(2329...2339) + Array(2358...2362)

    public static func faultRuleProblem(_ rule: FaultRule) -> String? {
        guard rule.name == signalFaultName else { return rule.code.flatMap(faultCodeProblem) }
        guard let sub = rule.sub, RemoteCommand.actions.contains(sub) else {
            return "a \(signalFaultName) fault names a command's action as \"sub\" (\(RemoteCommand.actions.joined(separator: ", ")))"
        }
        guard let code = rule.code?.intValue, signalFaultCodes.contains(code) else {
            return "a \(signalFaultName) fault's code is one of the signal list (2325, 2326, 2329–2339, 2358–2362)"
        }
        if rule.latencyMs != nil { return "a \(signalFaultName) fault takes no latencyMs" }
        if rule.probability != nil { return "a \(signalFaultName) fault takes \"times\", not \"probability\"" }
        return nil
    }

    public static func checkControl(_ control: SimControl) throws(ControlError) {
        _ = try PIMSControl(control)
    }

    /// PIMS's part of a scenario is its accounts (its keys are the file's top level).
    public static func isUsed(_ state: PIMSWorld) -> Bool { !state.accounts.isEmpty }

    public static func openSession(_ name: String, settings: SessionSettings, state: inout PIMSWorld) {
        state.sessions[name] = nil
    }

    /// Any Codable state as JSON (the account control's answer).
    static func json(_ value: some Encodable) -> JSONValue {
        guard let data = try? JSONEncoder().encode(value), let json = try? JSONText.parse(data) else { return .null }
        return json
    }
}

extension PIMSWorld {
    /// The sessions logged in to `username`, by name.
    public func sessions(of username: String) -> [String] { sessions.sessions(of: username) }
}

extension PIMSStep {
    /// Runs the rule of `call` for the calling session, and tells the sessions of the account when it
    /// changed (another terminal's panels refresh).
    mutating func apply(_ call: PIMSCall) throws(PIMSError) -> JSONValue {
        switch call {
        case .login(let username, let password): return try login(username, password)
        case .logout:
            session.user = nil
            session.closeWindows()
            session.selectedVIN = nil
            session.endRemote()
            return .null
        default: break
        }
        // R0c: everything else needs a logged-in session.
        guard let username = world.sessions.user(of: kernel.session), let a = accountIndex(username) else {
            kernel.took("2301", rule: "R0c")
            throw PIMSError(.needBasicAuthentication)
        }
        if kernel.recordsEvents { watch(a) }
        defer {
            if watchedChanged() {
                let reached = world.sessions.sessions(of: username)
                // The session whose call changed it: a front tells its own changes from another's.
                let caller = kernel.session
                kernel.emit(.accountChanged, AccountChange(username, by: caller).data, to: reached)
            }
        }
        return try run(call, account: a)
    }

    // R0a
    private mutating func login(_ username: String, _ password: String) throws(PIMSError) -> JSONValue {
        let lockout = 5
        let lockoutSeconds = 15 * 60
        let f = loginFailures.firstIndex { $0.username == username }
        if let f, loginFailures[f].count >= lockout {
            if clock - loginFailures[f].lastAt < lockoutSeconds {
                let until = loginFailures[f].lastAt + lockoutSeconds
                throw PIMSError(.accountTemporarilyLockedOut, detail: "5 wrong passwords in a row: locked until \(until)")
            }
            loginFailures.remove(at: f)
        }
        guard let account = account(username), account.password == password else {
            if let f = loginFailures.firstIndex(where: { $0.username == username }) {
                loginFailures[f].count += 1
                loginFailures[f].lastAt = clock
            } else {
                loginFailures.append(LoginFailures(username: username, count: 1, lastAt: clock))
            }
            throw PIMSError.invalid("password", detail: "unknown username or wrong password")
        }
        loginFailures.removeAll { $0.username == username }
        session.user = username
        session.closeWindows()
        session.selectedVIN = nil
        session.endRemote()
        return ["username": .string(username)]
    }
}

extension PIMSSystem {
    /// An input error (§1) that the call's own rule names among its branches (R18's and R23's
    /// malformed VIN, 2102) is that rule's branch; any other belongs to no rule. The request's API
    /// must name one rule alone (R19 and R21 share an API and both list 2102: neither is named).
    static func ruleNaming(_ error: PIMSError, of request: PIMSRequest) -> String? {
        let code = error.code.intValue.map(String.init) ?? ""
        let rules = APICatalogue.all.filter { entry in
            guard entry.type == request.type, entry.name == request.name else { return false }
            guard let sub = entry.sub, let key = entry.subKey else { return true }
            return request.params[key]?.stringValue == sub
        }.map(\.rule)
        let naming = Set(rules).filter { rule in pimsRules.first { $0.id == rule }?.branches.contains(code) == true }
        return naming.count == 1 ? naming.first : nil
    }
}
