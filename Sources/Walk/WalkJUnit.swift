import Foundation
import SimKernel

/// `replay --check --junit FILE`: the suite's results as JUnit XML, the shape CI systems display
/// (one `testsuite`, one `testcase` per walk, a `failure` carrying the first divergence with its
/// file and line).
public enum WalkJUnit {
    public static func xml(_ results: [WalkSuite.Result], suite: String = "enrollsim walks", timestamp: Date = Date()) -> String {
        let failures = results.count { !$0.passed }
        let total = results.reduce(0) { $0 + $1.seconds }
        var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        out += #"<testsuites name="\#(escape(suite))" tests="\#(results.count)" failures="\#(failures)" errors="0" time="\#(seconds(total))">"# + "\n"
        out += #"  <testsuite name="\#(escape(suite))" tests="\#(results.count)" failures="\#(failures)" errors="0" skipped="0""#
        out += #" time="\#(seconds(total))" timestamp="\#(stamp(timestamp))">"# + "\n"
        for result in results {
            // The walk's path as given is its name: CI lists it, and a reader can open it.
            let head = #"    <testcase name="\#(escape(result.file))" classname="enrollsim.walks" time="\#(seconds(result.seconds))""#
            guard let summary = result.failureSummary, let detail = result.failureDetail else {
                out += head + "/>\n"
                continue
            }
            let type = if case .refused = result.outcome { "refused" } else { "divergence" }
            out += head + ">\n"
            out += #"      <failure message="\#(escape(summary))" type="\#(type)">\#(escape(detail, inAttribute: false))</failure>"# + "\n"
            out += "    </testcase>\n"
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    /// Text as XML character data or an attribute value (line breaks kept as such in an attribute). Characters XML 1.0 cannot carry at all
    /// (most C0 controls) are written as `\u{…}`, so the report always parses.
    static func escape(_ text: String, inAttribute: Bool = true) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n": out += inAttribute ? "&#10;" : "\n"
            case "\t": out += inAttribute ? "&#9;" : "\t"
            case "\r": out += "&#13;"
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    static func seconds(_ s: Double) -> String { String(format: "%.3f", s) }

    static func stamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        // JUnit's schema reads a timestamp without a zone.
        return String(formatter.string(from: date).dropLast())
    }
}
