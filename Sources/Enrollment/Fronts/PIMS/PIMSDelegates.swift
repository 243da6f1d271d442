import PIMS

/// What the app does with what PIMS's flows report: the hand-offs between them (the checklist
/// starting a flow and coming back to a refreshed list, the OTP page retrying the call once) are
/// here, typed, and nowhere else. Their registrations (`PIMSFeatures.swift`) name these.
extension AppState {
    mutating func guidedReported(_ delegate: GuidedEnrollment.Delegate) -> [Effect] {
        switch delegate {
        case .enrolled(let message):
            self.steps.resolving?.need == .deviceActivation ? returnToChecklist(message) : []
        case .phoneRegistered(let message):
            returnToChecklist(message)
        }
    }

    mutating func accountReported(_ delegate: AccountManagement.Delegate) -> [Effect] {
        switch delegate {
        case .enrollmentsRemoved:
            self.guided = GuidedEnrollment.State()
        case .vehicleRemoved(let vin):
            // The checklist and the car key keep what they held, as an app keeping a stepsID and a
            // selected VIN would: the backend's answers to them are the contract's (R20 2346, then
            // R19 2102; R24 and R25 2010, R18's decisions), and the screens say why.
            if self.carKey.selectedVIN == vin {
                self.carKey.message = "\(vin) was removed from the account (E): the session still has it selected, so the car key answers 2010 (R24, R25); c chooses another."
            }
            if self.steps.vin == vin {
                self.steps.message = "\(vin) was removed from the account (E): its stepsID now answers 2346 (R20, R22), its carAssociationID 2102 (R19); c chooses another."
            }
        }
        return []
    }

    mutating func otpReported(_ delegate: StrongAuthentication.Delegate) -> [Effect] {
        switch delegate {
        case .authenticated(let original, let returnTo):
            route = returnTo
            return issue(original.purpose, original.request, mark: FrontValue(PIMSCallMark.retryAfterOTP))
        case .notRetried(let original, let returnTo):
            route = returnTo
            guard let call = original.purpose.call(of: AccountManagement.self) else { return [] }
            return Features.account.send(.notRetried(call), to: &self)
        case .resetSteps:
            route = .steps
            return Features.steps.send(.resetCache, to: &self)
        }
    }

    mutating func stepsReported(_ delegate: StepsChecklist.Delegate) -> [Effect] {
        switch delegate {
        case .resolve(let need, let vin):
            route = Self.route(resolving: need)
            switch need {
            case .trustedPhone: return Features.guided.send(.registerPhoneOnly, to: &self)
            case .deviceActivation: return Features.guided.send(.start, to: &self)
            case .mediumCarKey: return Features.carKey.send(.select(vin: vin), to: &self)
            }
        case .openVehicle(let vin):
            return open(.vehicle) + Features.vehicle.send(.start(vin: vin), to: &self)
        }
    }

    mutating func carKeyReported(_ delegate: CarKeyFlow.Delegate) -> [Effect] {
        switch delegate {
        case .keyActive(let message):
            self.steps.resolving?.need == .mediumCarKey ? returnToChecklist(message) : []
        case .toggleProximity(let part):
            Features.simulator.send(.toggleProximity(part), to: &self)
        }
    }

    /// The screen of the flow that does what a checklist step needs.
    static func route(resolving need: StepsChecklist.Need) -> Route {
        switch need {
        case .trustedPhone, .deviceActivation: .guided
        case .mediumCarKey: .carKey
        }
    }

    /// A flow started from the checklist ended well: back to the list, refreshed.
    private mutating func returnToChecklist(_ message: String) -> [Effect] {
        route = .steps
        return Features.steps.send(.resolved(message), to: &self)
    }
}
