@_exported import SimKernel
import SimKernel

// PIMS speaks the kernel's envelope; these names keep the SDK's vocabulary in PIMS code.
public typealias PIMSRequest = CallRequest
public typealias PIMSResponse = CallResponse
public typealias PIMSBackend = SimBackend
