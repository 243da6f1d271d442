import PIMS
import Testing
import TerminalUI
@testable import EnrollsimConfig

/// The file's value lists are written out in EnrollsimConfig (which knows only TOMLKit): they must
/// stay the lists the rest of the program accepts.
@Suite struct DomainTests {
    @Test func platformsAreThePIMSPlatforms() {
        #expect(ConfigKey.platforms == Platform.allCases.map(\.rawValue))
    }

    @Test func sdkVersionsAreTheSupportedOnes() {
        #expect(ConfigKey.sdkVersions == SDKVersion.supported.map(\.description))
    }

    @Test func everyThemeNameHasATheme() {
        #expect(ThemeName.allCases.map { Theme.named($0.rawValue) } == [.dark, .light, .monochrome])
    }
}
