import SimKernel

/// PIMS's contract as coverage counts it (docs/pims-rules.md): each rule's branches, an error code
/// where the contract names one, "ok", or a rule's own mark (`kernel.took`). R7 (code checks) and R17
/// (strong authentication needed) answer inside other rules: their 2305, 2306 and 2302 count there.
extension PIMSSystem {
    public static let ruleCatalogue = RuleCatalogue(system: id, rules: pimsRules,
                                                    errorCodes: codes(of: pimsRules))

    static let pimsRules: [RuleCatalogue.Rule] = [
        .init("R0a", "login", branches: ["ok", "2102", "2383"]),
        .init("R0b", "logout", branches: ["ok"]),
        .init("R0c", "logged out", branches: ["2301"]),
        .init("R1", "isDeviceActivated", branches: ["ok"]),
        .init("R2", "isAccountBlocked", branches: ["ok"]),
        .init("R3", "trusted phone number", branches: ["ok", "2307"]),
        .init("R4", "SMS for phone certification", branches: ["ok", "2204"]),
        .init("R5", "SMS for enrollment", branches: ["ok", "2307", "2204"]),
        .init("R6", "SMS for PIN reset", branches: ["ok", "2307", "2204"]),
        .init("R8", "enrollWithPhoneNumber (4·1)", branches: ["ok", "2002", "2390", "2317", "2102", "2305", "2306", "device limit"]),
        .init("R9", "addPhoneNumber (4·2)", branches: ["ok", "2390", "2305", "2306"]),
        .init("R10", "check the enrollment code (6)", branches: ["ok", "2317", "2305", "2306"]),
        .init("R11", "enroll (7, 8)", branches: ["step 7", "step 8", "step 8 · already enrolled", "2317", "2311", "2101", "2305",
                                                 "2102", "2308", "PIN blocked", "device limit"]),
        .init("R12", "remove enrollments (A)", branches: ["ok"]),
        .init("R13", "reset PIN (B)", branches: ["ok", "2317", "2102", "2315", "2305", "2306"]),
        .init("R14", "update PIN (C)", branches: ["ok", "2312", "2317", "2102", "2308", "PIN blocked", "2315"]),
        .init("R15", "modify phone number (D)", branches: ["ok", "2307", "2312", "2317", "2305", "2306"]),
        .init("R16", "OTP", branches: ["ok", "2312", "2317", "2308", "PIN blocked"]),
        .init("R18", "remove vehicle (E)", branches: ["ok", "2102", "2323", "2302"]),
        .init("R19", "steps by carAssociationID", branches: ["ok", "cached", "2102"]),
        .init("R20", "steps by stepsID", branches: ["ok", "cached", "2346"]),
        .init("R21", "steps by VIN", branches: ["ok", "cached", "2102"]),
        .init("R22", "next step", branches: ["ok", "cached", "2346"]),
        .init("R23", "select vehicle", branches: ["ok", "2102", "2366"]),
        .init("R24", "car key status", branches: ["ok", "2010"]),
        .init("R25", "activate car key", branches: ["ok", "2010", "2341", "2342", "2354"]),
        // Remote commands and vehicle status (docs/pims-rules.md §10–§14). R31, R37, R38 and R42–R44
        // play on the simulated clock and in every answer, R45–R48 are faults, controls and scenarios:
        // no call answers with them, so coverage counts the calls' rules.
        .init("R26", "select a vehicle for remote use", branches: ["ok", "2366"]),
        .init("R27", "subscribe", branches: ["ok", "2005"]),
        .init("R28", "remote gates", branches: ["2010", "2366", "2307", "2312", "2317", "2340", "2365", "2302"]),
        .init("R30", "command acceptance", branches: ["2366", "2325", "2326", "2364", "2353", "2358", "2359"]),
        .init("R32", "doors command", branches: ["ok"]),
        .init("R33", "horn and lights commands", branches: ["ok"]),
        .init("R34", "charge command", branches: ["ok"]),
        .init("R35", "deferred charge command", branches: ["ok"]),
        .init("R36", "preconditioning command", branches: ["ok"]),
        .init("R39", "vehicle status: get", branches: ["ok", "cache"]),
        .init("R40", "vehicle status: refresh", branches: ["copy", "wake-up", "2351"]),
        .init("R41", "vehicle status: refreshWithWakeUp", branches: ["wake-up", "2366", "2351"]),
    ]

    /// The numeric branches: the error codes the contract's rules answer.
    static func codes(of rules: [RuleCatalogue.Rule]) -> [String] {
        Array(Set(rules.flatMap(\.branches).filter { Int($0) != nil })).sorted()
    }
}
