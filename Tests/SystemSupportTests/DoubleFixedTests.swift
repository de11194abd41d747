import Foundation
import SystemSupport
import Testing

@Suite("Fixed-point text")
struct DoubleFixedTests {
    @Test func matchesPrintfAwayFromTies() {
        var value = -1234.0
        while value < 1234 {
            for digits in 0...3 {
                let scaled = abs(value) * pow(10, Double(digits))
                // printf rounds the exact binary value half to even; ties are the test below.
                guard abs(scaled - scaled.rounded(.down) - 0.5) > 1e-6 else { continue }
                // printf writes "-0.0" for a negative number that rounds to zero; we write no sign.
                guard scaled >= 0.5 || value >= 0 else { continue }
                #expect(value.fixed(digits) == String(format: "%.\(digits)f", value), "\(value) \(digits)")
            }
            value += 0.0537
        }
    }

    @Test func tiesRoundAwayFromZeroAndNegativeZeroHasNoSign() {
        #expect((12.5).fixed(0) == "13")
        #expect((-0.25).fixed(1) == "-0.3")
        #expect((2.0).fixed(2) == "2.00")
        #expect((0.001).fixed(3) == "0.001")
        #expect((-0.0001).fixed(2) == "0.00")
        #expect((1_000_000.5).fixed(1) == "1000000.5")
    }

    @Test func notFiniteAndHugeNumbers() {
        #expect(Double.nan.fixed(2) == "nan")
        #expect(Double.infinity.fixed(1) == "inf")
        #expect((-Double.infinity).fixed(1) == "-inf")
        #expect((1e300).fixed(2) == String(format: "%.2f", 1e300))
    }
}
