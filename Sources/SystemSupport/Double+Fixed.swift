import Foundation

/// The one fixed-point number → text conversion for text written on every request (the request
/// log's lines): `String(format: "%.2f")` looks up its arguments' conformances and goes through
/// CoreFoundation, about 0.5 ms the first time, on the way to the first page (docs/benchmarks.md).
extension Double {
    /// The number with `digits` digits after the point (0…9), rounded to nearest, half away from
    /// zero: `(2.0).fixed(2) == "2.00"`, `(-0.25).fixed(1) == "-0.3"`, `(12.5).fixed(0) == "13"`.
    /// "nan", "inf" and "-inf" for those; numbers too large for 64-bit fixed point go through
    /// `String(format:)`.
    public func fixed(_ digits: Int) -> String {
        let digits = Swift.min(Swift.max(digits, 0), 9)
        guard isFinite else { return isNaN ? "nan" : (self < 0 ? "-inf" : "inf") }
        var scale: Int64 = 1
        for _ in 0..<digits { scale *= 10 }
        let scaled = (Swift.abs(self) * Double(scale)).rounded(.toNearestOrAwayFromZero)
        guard scaled < 9.0e18 else { return String(format: "%.\(digits)f", self) }
        let units = Int64(scaled)
        let whole = String(units / scale)
        let sign = self < 0 && units != 0 ? "-" : ""
        guard digits > 0 else { return sign + whole }
        let fraction = String(units % scale)
        return sign + whole + "." + String(repeating: "0", count: digits - fraction.count) + fraction
    }
}
