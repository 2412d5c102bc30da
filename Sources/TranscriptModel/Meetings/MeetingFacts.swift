/// What a meeting is remembered by, found once per source while it is read and kept with its rows
/// (row caches, sessions): when it was (`date`, and where that came from), and what it was called
/// (`title`). Who was there is not kept here: it is the speakers of its rows.
public struct MeetingFacts: Hashable, Sendable {
    /// The meeting's date, or nil when neither the content nor the path says one (never today).
    public var date: MeetingDate?
    /// Where `date` came from (`.none` when there is no date).
    public var dateOrigin: DateOrigin
    /// The document's own title, else the file name tidied (`MeetingTitle.fromPath`).
    public var title: String
    /// Whether `title` is the document's own (else it was made from the path, and is made again
    /// when the same rows are shown under another path).
    public var titleFromContent: Bool

    /// Where a meeting's date was read.
    public enum DateOrigin: String, Sendable, Hashable, CaseIterable {
        /// The file's content: a header line, the format's metadata, a vendor's created time.
        case content
        /// A date in the path: the file's name or a folder's (`MeetingPath.date`).
        case path
        /// The file's modification time, only when asked for (`--date-from mtime`).
        case modificationTime = "mtime"
        /// No date found.
        case none
    }

    /// Facts as they are: no date and an empty title by default.
    public init(date: MeetingDate? = nil, dateOrigin: DateOrigin = .none, title: String = "", titleFromContent: Bool = false) {
        self.date = date
        self.dateOrigin = date == nil ? .none : dateOrigin
        self.title = title
        self.titleFromContent = titleFromContent
    }

    /// The facts of a source at `path` whose content says `date` and `title` (each nil when it
    /// says none): the content wins; else the path's date and tidied name.
    /// - Complexity: O(length of the path).
    public init(path: String, contentDate date: MeetingDate?, contentTitle title: String?) {
        let title = title.map(MeetingTitle.tidied).flatMap { $0.isEmpty ? nil : $0 }
        if let date {
            self.init(date: date, dateOrigin: .content, title: title ?? MeetingTitle.fromPath(path), titleFromContent: title != nil)
        } else {
            let fromPath = MeetingPath.date(in: path)
            self.init(date: fromPath, dateOrigin: .path, title: title ?? MeetingTitle.fromPath(path), titleFromContent: title != nil)
        }
    }

    /// These facts for the same content shown under `path`: what came from the old path is read
    /// again from the new one.
    public func movedTo(_ path: String) -> MeetingFacts {
        var moved = self
        if dateOrigin == .path || dateOrigin == .none {
            moved.date = MeetingPath.date(in: path)
            moved.dateOrigin = moved.date == nil ? .none : .path
        }
        if !titleFromContent { moved.title = MeetingTitle.fromPath(path) }
        return moved
    }
}

/// The facts as a corpus cache keeps them (`Corpus+Serialization`, version 4), in this order: the
/// date as one number (`YYYYMMDD × 10,000 + minute of the day + 1`, 0 for no time; 0 for no
/// date), where it came from (`DateOrigin`'s raw value), the title, and whether the title is the
/// document's (1) or the path's (0).
extension MeetingFacts {
    /// Writes the facts at the writer's position.
    package func write(to writer: inout BinaryWriter) {
        let code = date.map { UInt64(($0.year * 10_000 + $0.month * 100 + $0.day) * 10_000 + ($0.minuteOfDay.map { $0 + 1 } ?? 0)) } ?? 0
        writer.write(code)
        writer.write(dateOrigin.rawValue)
        writer.write(title)
        writer.write(UInt64(titleFromContent ? 1 : 0))
    }

    /// Reads what `write(to:)` wrote, refusing a date that is not a day or an unknown origin.
    package init(reading reader: inout RegionReader) throws(BinaryDecodingError) {
        let code = Int(clamping: try reader.readUInt64())
        var date: MeetingDate?
        if code != 0 {
            let (day, minute) = (code / 10_000, code % 10_000)
            guard let read = MeetingDate(year: day / 10_000, month: day / 100 % 100, day: day % 100, minuteOfDay: minute == 0 ? nil : minute - 1) else {
                throw BinaryDecodingError("source date")
            }
            date = read
        }
        guard let origin = DateOrigin(rawValue: try reader.readString()) else { throw BinaryDecodingError("source date origin") }
        let title = try reader.readString()
        let fromContent = try reader.readUInt64()
        guard fromContent <= 1 else { throw BinaryDecodingError("source title flag") }
        self.init(date: date, dateOrigin: origin, title: title, titleFromContent: fromContent == 1)
    }
}
