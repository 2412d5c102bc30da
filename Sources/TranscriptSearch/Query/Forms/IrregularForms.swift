// IrregularForms: English forms a stemmer cannot join to their lemma (children → child,
// went → go), listed by hand.
//
//   lemma   forms…               key of every form = EnglishStemmer.stem(lemma)
//   child   children             children, children's → "child"
//   go      goes going went gone went → "go" (goes alone would stem to "goe")
//
// Chosen: the common irregular nouns and the irregular verbs common in meetings and talk (say,
// meet, think, buy, pay, take, …). Left out: forms that are mostly another word (rose; lay as
// lie's past; bore, wound, ground, lives, leaves). Kept although they are also other words,
// because the verb is what a transcript mostly means: left (leave), found (find), saw (see),
// felt (feel), spoke (speak).
//
// Cost: the table is built once, on first use (a few hundred stems); a lookup is one hash of the
// word, plus one more when it ends in 's or '.

/// The hand-made list of irregular English forms and the key each one shares with its lemma.
enum IrregularForms {
    /// One group a line: the lemma, then its irregular forms (and any regular form the stemmer
    /// would not join, such as `goes`).
    static let groups = """
        child children
        man men
        woman women
        person people
        mouse mice
        foot feet
        tooth teeth
        goose geese
        ox oxen
        analysis analyses
        crisis crises
        thesis theses
        hypothesis hypotheses
        criterion criteria
        phenomenon phenomena
        knife knives
        wife wives
        half halves
        be am is are was were been being
        have has had having
        do does did done doing
        go goes going went gone
        say says said
        make made
        get got gotten
        take took taken
        give gave given
        come came
        become became
        know knew known
        see saw seen
        think thought
        bring brought
        buy bought
        catch caught
        teach taught
        fight fought
        seek sought
        meet met
        pay paid
        lay laid
        leave left
        lose lost
        mean meant
        feel felt
        keep kept
        sleep slept
        send sent
        spend spent
        build built
        lend lent
        deal dealt
        hear heard
        tell told
        sell sold
        hold held
        stand stood
        understand understood
        find found
        lead led
        run ran
        begin began begun
        drink drank drunk
        sing sang sung
        swim swam swum
        ring rang rung
        sit sat
        win won
        write wrote written
        speak spoke spoken
        break broke broken
        choose chose chosen
        forget forgot forgotten
        forgive forgave forgiven
        eat ate eaten
        fall fell fallen
        drive drove driven
        ride rode ridden
        rise risen
        hide hid hidden
        steal stole stolen
        wear wore worn
        wake woke woken
        shake shook shaken
        freeze froze frozen
        undertake undertook undertaken
        mistake mistook mistaken
        withdraw withdrew withdrawn
        arise arose arisen
        draw drew drawn
        grow grew grown
        throw threw thrown
        show shown
        fly flew flown
        strike struck
        stick stuck
        hang hung
        dig dug
        light lit
        shoot shot
        """

    /// Every irregular form (and lemma) → the key its group shares.
    static let keys: [String: String] = {
        var keys: [String: String] = [:]
        for line in groups.split(separator: "\n") {
            let words = line.split(separator: " ").map(String.init)
            guard let lemma = words.first else { continue }
            let key = EnglishStemmer.stem(lemma)
            for form in words.dropFirst() { keys[form] = key }
        }
        return keys
    }()

    /// The key of `word` (case-folded) when it is an irregular form, also followed by `'s` or `'`.
    static func key(of word: String) -> String? {
        if let key = keys[word] { return key }
        for possessive in ["'s", "'"] where word.hasSuffix(possessive) {
            return keys[String(word.dropLast(possessive.count))]
        }
        return nil
    }
}
