/// The contract's policy (§2), fixed: scenarios do not change it.
public enum FuturaePolicy {
    /// Wrong SDK PINs before the device is archived (decision).
    public static let pinFailuresBeforeArchive = 5
    /// An activation's lifetime when the back office asks for none (decision).
    public static let activationLifetimeSeconds = 604_800
    /// The lifetime of an activation that has a shortcode (decision).
    public static let shortCodeActivationLifetimeSeconds = 600
    /// The longest lifetime the activation control accepts (ten years: no sum with the clock overflows).
    public static let longestLifetimeSeconds = 315_360_000
    /// How long a pushed login waits for the phone's answer (FA13, decision).
    public static let authSessionLifetimeSeconds = 120
}
