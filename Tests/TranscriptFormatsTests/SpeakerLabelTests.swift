import Testing
import TranscriptModel
@testable import TranscriptFormats

/// The `Name: text` convention over display names as meeting apps show them, and over ordinary
/// sentences that hold a colon: every name is a speaker, no sentence is.
struct SpeakerLabelTests {
    /// Display names in the shapes Zoom, Teams, Meet and Otter show them, made from name parts
    /// (deterministic: every given name in every shape).
    static let displayNames: [String] = {
        let people: [(given: String, family: String)] = [
            ("Priya", "Raman"), ("Seun", "Adeyemi"), ("Ana María", "López-Ruiz"), ("Wei", "Chen"), ("Łukasz", "Wróbel"),
            ("Zoë", "O'Brien"), ("Mary-Jane", "Watson"), ("Nguyễn Văn", "An"), ("Ólafur", "Sigurðsson"), ("Yılmaz", "Demir"),
            ("Jean-Luc", "Dubois"), ("Aoife", "Ní Bhriain"), ("Siobhán", "McCarthy"), ("José", "García"), ("Kwame", "Mensah"),
            ("Hiroshi", "Tanaka"), ("Fatima", "Al-Sayed"), ("Björn", "Ångström"), ("Chloé", "D’Arcy"), ("Raj", "Patel"),
        ]
        let pronouns = ["she/her", "he/him", "they/them", "she/they", "any pronouns", "ella/she"]
        let devices = ["iPhone", "iPad", "MacBook Pro", "phone", "laptop", "Galaxy S21"]
        let emoji = ["🎧", "✨", "🌻", "🇳🇬", "☕"]
        var names: [String] = []
        for (number, person) in people.enumerated() {
            let firstGiven = person.given.split(separator: " ")[0]
            let initial = person.family.prefix(1)
            names.append("\(person.given) \(person.family)")
            names.append("\(person.given) \(initial) (\(pronouns[number % pronouns.count]))")
            names.append("\(firstGiven)'s \(devices[number % devices.count])")
            names.append("\(firstGiven)’s \(devices[(number + 3) % devices.count])")
            names.append("Dr. \(person.given) \(person.family)")
            names.append("\(person.family), \(person.given)")
            names.append("\(person.given) \(person.family) (\(["Guest", "Acme Corp", "External", "Host"][number % 4]))")
            names.append("\(person.given) \(person.family) \(emoji[number % emoji.count])")
            names.append("\(emoji[(number + 2) % emoji.count]) \(firstGiven)")
            names.append("\(firstGiven)\(number + 2)")
            names.append("\(person.given.uppercased()) \(person.family.uppercased())")
            names.append("\(firstGiven) \(["de la", "van der", "von", "bin", "da"][number % 5]) \(person.family)")
            names.append("\(person.given) \(initial).")
        }
        names += (1...12).map { "Speaker \($0)" } + ["Guest 2", "Room 4B", "SPEAKER_01", "陈伟", "Prof. Dr. Hans-Peter Müller",
                  "J.R. Smith", "priya.raman@example.com", "seun+zoom@example.org", "iPhone", "iPad (2)", "Call-in User_1"]
        return names
    }()

    /// Ordinary sentences with a colon, as notes, agendas, subtitles and chat have them.
    static let sentences: [String] = {
        let openers = [
            "Note", "The plan", "At 10:30", "Step 2", "Re", "Update", "Our Q3 Plan", "Reminder", "Summary", "Monday",
            "Question", "Bottom line", "Action items", "Next steps", "Important", "Fun fact", "Quick question",
            "In short", "For example", "P.S.", "TL;DR", "FYI", "Heads up", "Key Takeaways From The Offsite",
            "Why This Matters", "What We Learned", "Budget", "Q3 Revenue", "Version 2.1", "Chapter 4", "Day 2",
            "Time", "Location", "Subject", "Dear team", "Hi all", "The ratio was 3:1 and the reason", "Agenda",
            "Warning", "Decision",
        ]
        let clauses = [
            "we ship the release on Friday.", "revenue is up eight percent on last quarter.",
            "everyone reviews the security checklist before the audit.", "the budget review moves to next week.",
            "hiring for the data team is paused until March.",
        ]
        var sentences: [String] = []
        for (number, opener) in openers.enumerated() {
            for (index, clause) in clauses.enumerated() {
                sentences.append("\(opener): \(clause)")
                if (number + index) % 9 == 0 {
                    sentences.append("As Priya said in the meeting yesterday, the point we keep coming back to is this: \(clause)")
                    sentences.append("We talked about three things in the \(number + 1) o'clock call: \(clause)")
                }
            }
        }
        return sentences
    }()

    @Test func theListsAreLongEnough() {
        #expect(Self.displayNames.count >= 200)
        #expect(Set(Self.displayNames).count == Self.displayNames.count)
        #expect(Self.sentences.count >= 200)
    }

    @Test func everyDisplayNameIsALabel() {
        for name in Self.displayNames {
            let candidate = TextCleanup.speakerLabelCandidate("\(name): thanks, everyone, let's start.")
            #expect(candidate?.label == name, "\(name)")
            #expect(candidate?.text == "thanks, everyone, let's start.", "\(name)")
        }
    }

    @Test func noOrdinarySentenceWithAColonIsALabel() {
        for sentence in Self.sentences {
            #expect(TextCleanup.speakerLabelCandidate(sentence) == nil, "\(sentence)")
        }
    }

    /// A Zoom VTT whose cues start with each display name once: every cue gets its speaker (the
    /// file is a transcript: every row is labelled).
    @Test func aZoomVTTOfDisplayNamesGivesEachCueItsSpeaker() throws {
        var text = "WEBVTT\n\n"
        for (index, name) in Self.displayNames.enumerated() {
            text += "\(index + 1)\n00:00:\(String(format2: index / 10)).000 --> 00:00:\(String(format2: index / 10 + 1)).000\n\(name): line \(index)\n\n"
        }
        let result = try load(text, as: "zoom.vtt")
        let missed = zip(result.speakers, Self.displayNames).filter { $0.0 != $0.1 }.map(\.1)
        #expect(missed == [])
        #expect(result.texts == Self.displayNames.indices.map { "line \($0)" })
    }

    /// The same for a subtitle file of the sentences: no cue gets a speaker, every text is whole.
    @Test func aSubtitleFileOfSentencesWithColonsHasNoSpeakers() throws {
        var text = ""
        for (index, sentence) in Self.sentences.enumerated() {
            text += "\(index + 1)\n00:00:\(String(format2: index / 10)),000 --> 00:00:\(String(format2: index / 10 + 1)),000\n\(sentence)\n\n"
        }
        let result = try load(text, as: "notes.srt")
        #expect(result.speakers.compactMap { $0 } == [])
        #expect(result.texts == Self.sentences)
    }

    /// Otter's one-space headings (`Name 0:03`) ask a name to be shaped like a label: display names
    /// with pronouns and devices are headings too.
    @Test func otterHeadingsWithDisplayNames() throws {
        let result = try load("Priya R (she/her)  0:03\nGood morning.\n\nSeun's iPhone  0:09\nMorning!\n", as: "otter.txt")
        #expect(result.speakers == ["Priya R (she/her)", "Seun's iPhone"])
        #expect(result.texts == ["Good morning.", "Morning!"])
    }

    /// Google Meet: a time marker, then `Name: text` rows.
    @Test func meetRowsWithDisplayNames() throws {
        let result = try load("00:00:00\nDr. Ana María López-Ruiz: Let's begin.\nSeun's iPhone: Can you hear me?\n00:01:00\nPriya R (she/her): Yes.\n", as: "meet.txt")
        #expect(result.speakers == ["Dr. Ana María López-Ruiz", "Seun's iPhone", "Priya R (she/her)"])
    }
}

extension String {
    /// Two digits, `07`.
    fileprivate init(format2 number: Int) {
        self = number < 10 ? "0\(number)" : "\(number)"
    }
}
