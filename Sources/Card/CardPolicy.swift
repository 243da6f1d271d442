/// The contract's policy (§2), fixed: scenarios do not change it.
public enum CardPolicy {
    /// Wrong PINs before the user PIN is locked (decision: 3).
    public static let pinAttempts = 3
    /// A transaction's lifetime (decision: the shortest 3-D Secure challenge timeout).
    public static let transactionLifetimeSeconds = 300
    /// An activation code's lifetime (decision).
    public static let activationCodeLifetimeSeconds = 86_400
    /// The largest purchase, in minor units (decision: no sum with a price overflows).
    public static let largestAmount = 999_999_999_999
    /// The longest merchant name a purchase takes (decision).
    public static let longestMerchantName = 64
}
