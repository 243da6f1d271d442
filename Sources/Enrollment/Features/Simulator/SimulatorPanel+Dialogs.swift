import SimKernel

/// Enter on the panel's dialogs: the fault form becomes a `fault` control, the save-as name an
/// `export` written to NAME.yaml under that name. A value that cannot be used keeps the dialog
/// open and says why in the form.
extension SimulatorPanel.State {
    mutating func answer(_ dialog: SimulatorPanel.Dialog) -> [SimulatorPanel.Out] {
        switch dialog.kind {
        case .fault:
            switch Self.faultRule(dialog.form, target: faultTargetName, example: system.front.faultCodeExample) {
            case .failure(let problem):
                self.dialog?.form.error = problem.reason
                return []
            case .success(let rule):
                self.dialog = nil
                return [.control(.simulator(.fault(rule)), .fault(rule))]
            }
        case .saveAs:
            let name = dialog.form[.scenarioName].trimmedBlanks
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." }) else {
                self.dialog?.form.error = "Scenario name: letters, digits, - _ . only (it names the file)"
                return []
            }
            self.dialog = nil
            return [.control(.simulator(.export(path: name + ".yaml", name: name)), .export)]
        case .bookmark, .restore:
            let name = dialog.form[.bookmarkName].trimmedBlanks
            if let problem = KernelControl.bookmarkNameProblem(name) {
                self.dialog?.form.error = "Bookmark: " + problem.replacingOccurrences(of: "\"name\" ", with: "")
                return []
            }
            self.dialog = nil
            return dialog.kind == .bookmark ? [.control(.simulator(.bookmark(name)), .bookmark(name))]
                                            : [.control(.simulator(.restore(name)), .restore(name))]
        }
    }

    struct FormProblem: Error { let reason: String }

    /// The fault form as a rule for `target`: the code as typed (a number, or a name for systems
    /// that name their codes; the backend says whether it is the contract's), a sub-API, and either
    /// a probability or the next matching call only.
    static func faultRule(_ form: Form, target: String, example: String = SystemFronts.defaultFront.faultCodeExample) -> Result<FaultRule, FormProblem> {
        let codeText = form[.faultCode].trimmedBlanks
        guard !codeText.isEmpty else { return .failure(FormProblem(reason: "Error code: type one, \(example)")) }
        let code: ErrorCodeValue = Int(codeText).map(ErrorCodeValue.number) ?? .text(codeText)
        let sub = form[.faultSub].trimmedBlanks
        let p = form[.faultProbability].trimmedBlanks
        guard !p.isEmpty else { return .success(FaultRule(name: target, sub: sub.isEmpty ? nil : sub, code: code, times: 1)) }
        guard let probability = Double(p), probability > 0, probability <= 1 else {
            return .failure(FormProblem(reason: "Probability: a number above 0, at most 1 (blank: the next call only)"))
        }
        return .success(FaultRule(name: target, sub: sub.isEmpty ? nil : sub, code: code, probability: probability))
    }

    /// The exported scenario under its new name (the top-level `name:` line).
    static func renamed(_ yaml: String, to name: String) -> String {
        var lines = yaml.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if let i = lines.firstIndex(where: { $0.hasPrefix("name:") }) { lines[i] = "name: \(name)" } else { lines.insert("name: \(name)", at: 0) }
        return lines.joined(separator: "\n")
    }
}

extension String {
    /// Without the blanks around it (a field's value as meant).
    var trimmedBlanks: String { String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()) }
}
