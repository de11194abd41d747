/// Strict UTF-8 validation of a byte range (no overlongs, no surrogates, nothing above U+10FFFF).
enum UTF8Validation {
    static func isValid(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var i = start
        @inline(__always) func cont(_ k: Int) -> Bool { k < end && p[k] & 0xC0 == 0x80 }
        while i < end {
            let b0 = p[i]
            if b0 < 0x80 { i += 1; continue }
            if b0 < 0xC2 { return false }
            if b0 < 0xE0 {
                guard cont(i + 1) else { return false }
                i += 2
            } else if b0 < 0xF0 {
                guard i + 1 < end else { return false }
                let b1 = p[i + 1]
                let low: UInt8 = b0 == 0xE0 ? 0xA0 : 0x80, high: UInt8 = b0 == 0xED ? 0x9F : 0xBF
                guard b1 >= low && b1 <= high, cont(i + 2) else { return false }
                i += 3
            } else if b0 < 0xF5 {
                guard i + 1 < end else { return false }
                let b1 = p[i + 1]
                let low: UInt8 = b0 == 0xF0 ? 0x90 : 0x80, high: UInt8 = b0 == 0xF4 ? 0x8F : 0xBF
                guard b1 >= low && b1 <= high, cont(i + 2), cont(i + 3) else { return false }
                i += 4
            } else {
                return false
            }
        }
        return true
    }
}
