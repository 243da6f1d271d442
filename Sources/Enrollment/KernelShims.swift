import PIMS

// Temporary, until the kernel lands: the lead's branch gives `PIMSError` a typed `pimsCode` (its
// `code` becomes an Int-or-String for other systems). This file is deleted at merge.
extension PIMSError {
    public var pimsCode: ErrorCode { ErrorCode(code) }
}
