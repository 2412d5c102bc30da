/// Turns the bytes a terminal sends into keys: printable UTF-8, control keys, the escape sequences of
/// arrows, PgUp/PgDn, Home/End (both `ESC [` and `ESC O` forms), and SGR mouse reports
/// (`ESC [ < button ; x ; y M`). A lone escape is Escape. Bytes of a sequence split across reads are
/// kept for the next call.
struct KeyDecoder {
    private var pending: [UInt8] = []

    mutating func keys(from bytes: [UInt8]) -> [PagerKey] {
        pending += bytes
        var keys: [PagerKey] = []
        var index = 0
        while index < pending.count {
            let byte = pending[index]
            if byte == 0x1B {
                guard index + 1 < pending.count else {
                    keys.append(.escape)  // a lone escape at the end of a read
                    index += 1
                    continue
                }
                let next = pending[index + 1]
                guard next == UInt8(ascii: "[") || next == UInt8(ascii: "O") else {
                    keys.append(.escape)
                    index += 1
                    continue
                }
                // A CSI/SS3 sequence: parameters then one final byte.
                var end = index + 2
                while end < pending.count, !(0x40...0x7E).contains(pending[end]) || (end == index + 2 && pending[end] == UInt8(ascii: "<")) {
                    end += 1
                }
                guard end < pending.count else { break }  // incomplete: wait for more bytes
                let body = String(decoding: pending[(index + 2)...end], as: UTF8.self)
                if let key = Self.sequence(body) { keys.append(key) }
                index = end + 1
                continue
            }
            switch byte {
            case 0x0D, 0x0A: keys.append(.enter)
            case 0x7F, 0x08: keys.append(.backspace)
            case 0x09: keys.append(.tab)
            case 0x01...0x1A: keys.append(.control(Character(Unicode.Scalar(byte + 0x60))))
            case 0x00..<0x20: break
            default:
                let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                guard index + length <= pending.count else {
                    pending.removeFirst(index)
                    return keys
                }
                for character in String(decoding: pending[index..<index + length], as: UTF8.self) {
                    keys.append(.character(character))
                }
                index += length
                continue
            }
            index += 1
        }
        pending.removeFirst(min(index, pending.count))
        return keys
    }

    private static func sequence(_ body: String) -> PagerKey? {
        switch body {
        case "A": return .up
        case "B": return .down
        case "C": return .right
        case "D": return .left
        case "H", "1~", "7~": return .home
        case "F", "4~", "8~": return .end
        case "5~": return .pageUp
        case "6~": return .pageDown
        default:
            guard body.hasPrefix("<"), body.hasSuffix("M") || body.hasSuffix("m") else { return nil }
            let numbers = body.dropFirst().dropLast().split(separator: ";").compactMap { Int($0) }
            guard numbers.count == 3 else { return nil }
            switch numbers[0] {
            case 64: return .wheelUp
            case 65: return .wheelDown
            case 0 where body.hasSuffix("M"): return .click(line: numbers[2] - 1, column: numbers[1] - 1)
            default: return nil
            }
        }
    }
}
