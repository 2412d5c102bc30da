/// Which containers of a JSON text the parser walks into as it reads, and which values it hands
/// over one by one, each tagged with a `JSONRoute`, instead of keeping them in the tree it returns.
///
/// A plan is a tree that mirrors the JSON: `members` for an object's members by name, `elements`
/// for an array's elements. A value whose plan has a `route` is handed to the visitor as soon as it
/// is read (its own walked containers first) and left out of its parent: a streamed array stays in
/// the tree as an empty array, so a reader can still see that it was there. Anything the plan does
/// not name is parsed into the tree as usual; a value it `skips` is only checked. So the big arrays of a transcript (segments, words,
/// items, events) never stand in memory as one tree, while the small parts around them do.
///
/// `JSONTranscriptShapes.plan` is the one plan: the union of every JSON family's paths.
struct JSONStreamPlan: Sendable {
    /// The settings below, kept in one shared object that is never changed (a setter makes a new
    /// one): the parser copies a plan for every container it walks, and a copy then costs one
    /// reference count, not one per collection.
    private final class Storage: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private struct Fields: Sendable {
        var route: JSONRoute?
        var members: [String: JSONStreamPlan] = [:]
        var elementPlans: [JSONStreamPlan] = []
        var firstElementOnly = false
        var skips = false
        var walksOthersAnywhere = false
    }

    private var storage: Storage

    private mutating func change(_ body: (inout Fields) -> Void) {
        var fields = storage.fields
        body(&fields)
        storage = Storage(fields)
    }

    /// Hand the value to the visitor with this route (nil: keep it in the tree).
    var route: JSONRoute? {
        get { storage.fields.route }
        set { change { $0.route = newValue } }
    }
    /// Plans for an object's members, by name.
    var members: [String: JSONStreamPlan] {
        get { storage.fields.members }
        set { change { $0.members = newValue } }
    }
    /// The plan for each element of an array (at most one plan, kept in an array for indirection).
    private var elementPlans: [JSONStreamPlan] {
        get { storage.fields.elementPlans }
        set { change { $0.elementPlans = newValue } }
    }
    /// Whether only an array's first element is walked; the others are checked and dropped (a
    /// vendor's alternatives after the best one).
    var firstElementOnly: Bool {
        get { storage.fields.firstElementOnly }
        set { change { $0.firstElementOnly = newValue } }
    }
    /// Whether the value is checked and dropped without being built (the words a vendor repeats
    /// inside each utterance, Whisper's tokens): it is left out of its parent.
    var skips: Bool {
        get { storage.fields.skips }
        set { change { $0.skips = newValue } }
    }
    /// Whether an object's members this plan does not name are walked anywhere: every object in
    /// an array below them is handed over with the route `.shapeElement` and its path
    /// (`result.utterances[]`), for the shape reader; alternatives (`alternatives`, `nBest`) are
    /// kept whole inside their object.
    var walksOthersAnywhere: Bool {
        get { storage.fields.walksOthersAnywhere }
        set { change { $0.walksOthersAnywhere = newValue } }
    }

    init(route: JSONRoute? = nil, members: [String: JSONStreamPlan] = [:], elements: JSONStreamPlan? = nil, firstElementOnly: Bool = false) {
        storage = Storage(Fields(route: route, members: members, elementPlans: elements.map { [$0] } ?? [], firstElementOnly: firstElementOnly))
    }

    /// The plan for an array's elements, or nil when the array is parsed as a whole.
    var elements: JSONStreamPlan? { storage.fields.elementPlans.first }

    /// The plan for the member named `key`, or nil. A plan names few members, so they are compared
    /// in turn (a short name is compared in place) rather than hashed: the parser asks this for
    /// every member of every walked object.
    func member(_ key: String) -> JSONStreamPlan? {
        let members = storage.fields.members
        if members.isEmpty { return nil }
        guard members.count <= 8 else { return members[key] }
        var index = members.startIndex
        while index != members.endIndex {
            if members[index].key == key { return members[index].value }
            members.formIndex(after: &index)
        }
        return nil
    }

    /// Whether an object here is walked member by member.
    var walksObjects: Bool { !storage.fields.members.isEmpty }

    /// A value checked and dropped.
    static let skipped: JSONStreamPlan = {
        var plan = JSONStreamPlan()
        plan.skips = true
        return plan
    }()

    /// An array whose elements are each handed over with `route`.
    static func streaming(_ route: JSONRoute) -> JSONStreamPlan {
        JSONStreamPlan(elements: JSONStreamPlan(route: route))
    }

    /// This plan and `other` together: members of both (merged where both name one), elements of
    /// both. The route and the first-element rule of `self` win where both set one.
    func merged(with other: JSONStreamPlan) -> JSONStreamPlan {
        var merged = self
        merged.route = route ?? other.route
        merged.firstElementOnly = firstElementOnly || other.firstElementOnly
        merged.skips = skips && other.skips
        merged.walksOthersAnywhere = walksOthersAnywhere || other.walksOthersAnywhere
        for (name, plan) in other.members {
            merged.members[name] = members[name].map { $0.merged(with: plan) } ?? plan
        }
        if let theirs = other.elements {
            merged.elementPlans = [elements.map { $0.merged(with: theirs) } ?? theirs]
        }
        return merged
    }
}

/// What a streamed JSON value is, for the reader of its family.
enum JSONRoute: Sendable {
    /// A Whisper segment (`segments[]`).
    case segment
    /// An element of a top-level array of segment objects (`[]`).
    case rootElement
    /// An object in an array no named reader's plan walks (`JSONStreamPlan.walksOthersAnywhere`).
    case shapeElement
    case awsItem, awsSpeakerSegment, awsAudioSegment, awsChannelItem
    case deepgramWord, deepgramParagraph, deepgramAlternative, deepgramUtterance
    case revElement, revMonologue
    case googleWord, googleResult
    case whisperCppSegment
    case assemblyUtterance, assemblyWord
    case json3Event
}

/// One value the parser hands over: its route, the value, the byte offset where it starts, and the
/// index of each walked array around it, outermost first (the value's own index last when it is
/// an array element).
struct JSONStreamed {
    var route: JSONRoute
    var node: JSONNode
    var offset: Int
    var indices: [Int]
    /// The path of the array the value is an element of, as the shape reader names it
    /// (`result.utterances[]`): for `.shapeElement` only, else empty.
    var path = ""
}

extension JSONRoute {
    /// The path of the arrays whose elements take this route, as the shape reader names it.
    var path: String {
        switch self {
        case .segment: return "segments[]"
        case .rootElement: return "[]"
        case .shapeElement: return ""
        case .awsItem: return "results.items[]"
        case .awsSpeakerSegment: return "results.speaker_labels.segments[]"
        case .awsAudioSegment: return "results.audio_segments[]"
        case .awsChannelItem: return "results.channel_labels.channels[].items[]"
        case .deepgramWord: return "results.channels[].alternatives[0].words[]"
        case .deepgramParagraph: return "results.channels[].alternatives[0].paragraphs.paragraphs[]"
        case .deepgramAlternative: return "results.channels[].alternatives[]"
        case .deepgramUtterance: return "results.utterances[]"
        case .revElement: return "monologues[].elements[]"
        case .revMonologue: return "monologues[]"
        case .googleWord: return "results[].alternatives[0].words[]"
        case .googleResult: return "results[]"
        case .whisperCppSegment: return "transcription[]"
        case .assemblyUtterance: return "utterances[]"
        case .assemblyWord: return "words[]"
        case .json3Event: return "events[]"
        }
    }
}
