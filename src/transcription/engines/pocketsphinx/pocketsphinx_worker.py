"""Pocketsphinx decoder worker: loads the en-us model once, then decodes requests from stdin.

Run by Debian's interpreter, which has the python3-pocketsphinx binding: through
decoder_fork_server.py, which loads the model once (prepare) and forks a decoder (serve) per
connection, or alone (`/usr/bin/python3 -u pocketsphinx_worker.py MODEL_DIR [CLINICAL_DIR]`).
With CLINICAL_DIR (build/asr/, made by the set-up: scripts/clinical-asr-model.mjs), the decoder
uses its dictionary (CMUdict and the clinical words) and the general en-us model interpolated
with its clinical model. Pipes or a socket only: audio is never written anywhere, and nothing of
an utterance (audio or text) is ever printed to stderr.

Protocol
  stdout, once at start:  {"ready": true, "ms": <model load time>, "stream": <true when S works>}
                          or {"fatal": "<reason>"}
  stdin, per request:     1-byte op, 4-byte little-endian length N, then N bytes (s16le 16 kHz
                          mono PCM for D, C and P; for S nothing, or a carried cepstral mean:
                          as many float32 LE as the cepstrum has (13); for E nothing, or a
                          float32 LE threshold, below; nothing for X)
    D  decode a whole utterance     -> {"text": "...", "confidence": <0..1 or null>, "ms": <ms>}
    S  start a stream (start_stream + start_utt, live mode)                   -> no answer
       with a carried mean (the same session's previous sentence, finite, of the cepstrum's
       size) the stream is live from it at once; otherwise (or a bad one) its first second
       primes the mean as below
    C  feed a stream chunk (process_raw(pcm, False, False))                   -> no answer
    P  feed a chunk, then tell the words so far    -> {"partial": "...", "ms": <ms of the chunk>}
    E  end the stream (end_utt)      -> as D, "ms" being the decoder's time over the whole stream,
                                        and "mean": the live cepstral mean after it (floats)
       with a threshold, a sentence whose live confidence is under it (or that has no words) is
       decoded again whole, from the stream's audio kept in memory, and the more confident of
       the two answers is given ("mean" still the live one)
    X  drop the stream (end_utt, no answer): the worker is free for the next request
  any answer may instead be {"error": "<exception class>"}; a failure inside a stream (S or C)
  is kept and answered at its P or E. A worker holds at most one stream; D or S during a stream
  drops it first. Answers come in the order of the requests that have one, and only C keeps
  the pipe quiet while a sentence is spoken: the caller asks for P a few times a second.
"""

import json
import math
import os
import re
import struct
import sys
import time

# Fillers of the en-us model: <s>, </s>, <sil>, [NOISE], [SPEECH], ++NOISE++ and the like.
FILLER = re.compile(r"^(<.*>|\[.*\]|\+\+.*\+\+)$")
# Alternative pronunciations are numbered in the dictionary: to(2), and(3).
VARIANT = re.compile(r"\(\d+\)$")
MODEL_FILES = ("en-us", "en-us.lm.bin", "cmudict-en-us.dict")
# A stream's first second is held, then decoded as a whole utterance would be (batch cepstral
# mean over it), and the rest live from that mean (a stream that carries its session's mean
# skips this): from the model's prior mean alone, live
# decoding lost 11 points of WER on the clinical dev set (docs/speech.md, "The cepstral mean").
PRIME_BYTES = 32000
# sphinxbase's ring of cepstra for live features (feat.c), in frames.
LIVEBUFBLOCKSIZE = 256


def reply(message):
    sys.stdout.write(json.dumps(message, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def read_exact(stream, size):
    """Exactly `size` bytes, or None at end of input."""
    chunks = []
    while size > 0:
        chunk = stream.read(size)
        if not chunk:
            return None
        chunks.append(chunk)
        size -= len(chunk)
    return b"".join(chunks)


# The interpolated model's parts: the set refers to them without owning them.
_models = []


def interpolate(decoder, config, paths, weights):
    """Makes the decoder search with the linear interpolation of the n-gram models at `paths`.

    sphinxbase interpolates a model set at run time (ngram_model_set_init with weights), but the
    binding exposes neither that nor a way to give a set to the decoder, so both C calls are made
    through ctypes on the binding's own objects (their .this are the C pointers).

    The set scores log(sum of weight_i * p_i^lw): each model's probability is raised to the
    language weight lw before the log weight is added. So that the weights keep their meaning
    (lw * log(sum of weight_i * p_i) is about the best lw * log(weight_i * p_i)), they are raised
    to lw too; unscaled, a 0.05 weight acted as 0.05^(1/6.5) = 0.63, and general speech lost.
    """
    import ctypes
    from pocketsphinx import NGramModel

    sphinxbase = ctypes.CDLL("libsphinxbase.so.3")
    pocketsphinx = ctypes.CDLL("libpocketsphinx.so.3")
    init = sphinxbase.ngram_model_set_init
    init.restype = ctypes.c_void_p
    init.argtypes = [
        ctypes.c_void_p,
        ctypes.POINTER(ctypes.c_void_p),
        ctypes.POINTER(ctypes.c_char_p),
        ctypes.POINTER(ctypes.c_float),
        ctypes.c_int32,
    ]
    pocketsphinx.ps_set_lm.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
    models = [NGramModel(config, decoder.get_logmath(), path) for path in paths]
    _models.extend(models)
    n = len(models)
    lmset = init(
        int(config.this),
        (ctypes.c_void_p * n)(*[int(m.this) for m in models]),
        (ctypes.c_char_p * n)(*[b"lm%d" % i for i in range(n)]),
        (ctypes.c_float * n)(*[w ** config.get_float("-lw") for w in weights]),
        n,
    )
    if not lmset or pocketsphinx.ps_set_lm(int(decoder.this), b"interpolated", lmset) != 0:
        raise RuntimeError("could not make the interpolated language model")
    decoder.set_search("interpolated")


def apply_settings(config, settings):
    """Sets {"float": {name: value}, "int": {name: value}, "bool": {name: value}} on the configuration.

    sphinxbase only logs an unknown name or a value of the wrong type and goes on, so each
    setting is read back: a mismatch stops the worker with the setting's name.
    """
    for kind, set_value, get_value, cast in (
        ("float", config.set_float, config.get_float, float),
        ("int", config.set_int, config.get_int, int),
        ("bool", config.set_boolean, config.get_boolean, bool),
    ):
        for name, value in settings.get(kind, {}).items():
            set_value(name, cast(value))
            if abs(get_value(name) - cast(value)) > 1e-6:
                raise ValueError("the decoder has no %s setting %s" % (kind, name))


def load(model_dir, clinical_dir=None):
    from pocketsphinx import Decoder

    config = Decoder.default_config()
    config.set_string("-hmm", os.path.join(model_dir, "en-us"))
    config.set_string("-logfn", os.devnull)
    general_lm = os.path.join(model_dir, "en-us.lm.bin")
    if clinical_dir is None:
        config.set_string("-lm", general_lm)
        config.set_string("-dict", os.path.join(model_dir, "cmudict-en-us.dict"))
        return Decoder(config)
    with open(os.path.join(clinical_dir, "model.json"), encoding="utf-8") as file:
        model = json.load(file)
    config.set_string("-dict", os.path.join(clinical_dir, model["dict"]))
    # Settings measured with this model (scripts/clinical-asr-model.mjs, DECODER_SETTINGS).
    apply_settings(config, model.get("decoder", {}))
    decoder = Decoder(config)
    weight = float(model["weight"])
    interpolate(
        decoder,
        config,
        [general_lm, os.path.join(clinical_dir, model["lm"])],
        [1.0 - weight, weight],
    )
    return decoder


def decode(decoder, pcm):
    """The words of the best path without fillers, and the geometric mean of their posteriors."""
    # A new stream resets the front end's noise and silence statistics, so a request is decoded
    # as by a fresh process: nothing of an earlier request (another patient's) carries over.
    decoder.start_stream()
    decoder.start_utt()
    if pcm:
        decoder.process_raw(pcm, False, True)
    decoder.end_utt()
    return result(decoder)


def result(decoder):
    """After end_utt: the words without fillers and their posteriors' geometric mean."""
    if decoder.hyp() is None:
        return "", None
    logmath = decoder.get_logmath()
    words = []
    log_posterior = 0.0
    for segment in decoder.seg():
        if FILLER.match(segment.word):
            continue
        words.append(VARIANT.sub("", segment.word))
        # seg.prob is a log posterior in the decoder's log base; 0 when no lattice was built.
        log_posterior += math.log(max(logmath.exp(segment.prob), 1e-12))
    if not words:
        return "", None
    return " ".join(words), math.exp(log_posterior / len(words))


def partial(decoder):
    """The best hypothesis so far, mid-utterance, without fillers (no posteriors: no lattice yet)."""
    hyp = decoder.hyp()
    if hyp is None:
        return ""
    return " ".join(
        VARIANT.sub("", word) for word in hyp.hypstr.split() if not FILLER.match(word)
    )


class Stream:
    """The one live utterance of this worker: its state between requests."""

    def __init__(self, decoder, cmn):
        self.decoder = decoder
        self.cmn = cmn  # LiveCmn, None when streams are not possible
        self.open = False
        self.error = None  # class name of a failure inside the stream, answered at P or E
        self.seconds = 0.0  # decoder time spent on the stream
        self.held = []  # the first PRIME_BYTES of audio, until they prime the mean
        self.held_bytes = 0
        self.audio = []  # the stream's audio, for a second decode at its end (memory only)

    def start(self, carried=b""):
        self.drop()
        self.error = None
        self.seconds = 0.0
        self.held = []
        self.held_bytes = 0
        began = time.monotonic()
        try:
            if self.cmn is None:
                raise RuntimeError("no stream on this decoder")
            self.decoder.start_stream()
            self.cmn.reset()
            self.cmn.whole()
            if self.cmn.carry(carried):
                self.held = None  # live from the carried mean: nothing to prime
            self.decoder.start_utt()
            self.open = True
        except Exception as error:
            self.error = type(error).__name__
        self.seconds += time.monotonic() - began

    def feed(self, pcm):
        """Returns the decoder's time on the chunk, in seconds."""
        began = time.monotonic()
        if self.open and self.error is None and pcm:
            try:
                self.audio.append(pcm)
                if self.held is None:
                    self.decoder.process_raw(pcm, False, False)
                else:
                    self.held.append(pcm)
                    self.held_bytes += len(pcm)
                    if self.held_bytes >= PRIME_BYTES:
                        self.prime()
            except Exception as error:
                self.error = type(error).__name__
        spent = time.monotonic() - began
        self.seconds += spent
        return spent

    def prime(self):
        """The held audio as a whole utterance: its batch mean then serves the live part."""
        held, self.held = b"".join(self.held), None
        self.decoder.process_raw(held, False, True)

    def words_so_far(self, spent):
        if self.error is not None:
            return {"error": self.error}
        if not self.open:
            return {"error": "NoStream"}
        try:
            return {"partial": partial(self.decoder), "ms": round(spent * 1000)}
        except Exception as error:
            self.error = type(error).__name__
            return {"error": self.error}

    def end(self, redecode_below=None):
        if not self.open:
            return {"error": self.error or "NoStream"}
        began = time.monotonic()
        self.open = False
        audio, self.audio = b"".join(self.audio), []
        try:
            if self.held and self.error is None:
                self.prime()  # a sentence shorter than PRIME_BYTES: decoded as a whole one
            self.decoder.end_utt()
            if self.error is not None:
                return {"error": self.error}
            text, confidence = result(self.decoder)
            mean = self.cmn.current()
            if redecode_below is not None and (confidence is None or confidence < redecode_below):
                text, confidence = self.redecode(audio, text, confidence)
        except Exception as error:
            return {"error": type(error).__name__}
        self.seconds += time.monotonic() - began
        answer = {"text": text, "confidence": confidence, "ms": round(self.seconds * 1000)}
        if mean is not None:
            answer["mean"] = mean
        return answer

    def redecode(self, audio, text, confidence):
        """The sentence decoded again whole (its own batch mean, as D): the more confident answer.

        A live decode subtracts the session's running cepstral mean, a whole one the sentence's
        own; on real people's speech neither is always right, and the decoder's posterior tells
        which one heard the sentence better (docs/speech.md, "A second decode").
        """
        try:
            self.cmn.whole()
            whole_text, whole_confidence = decode(self.decoder, audio)
        except Exception:
            return text, confidence  # the live answer stands: a second chance must not cost it
        if whole_confidence is not None and (confidence is None or whole_confidence > confidence):
            return whole_text, whole_confidence
        return text, confidence

    def drop(self):
        self.audio = []
        if self.open:
            self.open = False
            try:
                self.decoder.end_utt()
            except Exception:
                pass


class LiveCmn:
    """The live cepstral mean of the decoder, put back at each stream to what it was after loading.

    In live mode (process_raw(..., full_utt=False)) the front end subtracts a running mean that
    end_utt updates and start_stream keeps: a stream's text would depend on what the decoder
    heard before (another patient's voice), which a whole decode's batch mean does not. Worse,
    sphinxbase's feat_cmn switches the decoder's CMN type from batch to live for good at the
    first live chunk, so whole decodes after a stream would use the running mean too (measured:
    a sentence then came out as "and all"). The binding exposes neither, so the mean, sum and
    frame count of cmn_t and the CMN type of feat_t are written back through ctypes, at the
    offsets of Debian's sphinxbase 5prealpha (feat_t: cepsize at 16, cmn at 68, cmn_struct at
    88; cmn_t: mean, var, sum, nframe, veclen); the layout is checked against the cepstrum size
    first, and without a match the worker does not stream (the engine decodes sentences whole).
    The ring of cepstra that live deltas read (feat_t.cepbuf at 104, 256 rows in one block,
    bufpos and curpos at 120 and 124) is cleared too: where the primed first second meets the
    live part, stale frames of the previous sentence moved the confidence in the 5th decimal.
    """

    def __init__(self, decoder):
        import ctypes

        self.ctypes = ctypes
        pocketsphinx = ctypes.CDLL("libpocketsphinx.so.3")
        pocketsphinx.ps_get_feat.restype = ctypes.c_void_p
        pocketsphinx.ps_get_feat.argtypes = [ctypes.c_void_p]
        feat = pocketsphinx.ps_get_feat(int(decoder.this))
        cepsize = ctypes.c_int32.from_address(feat + 16).value
        self.cmn = ctypes.c_void_p.from_address(feat + 88).value
        if not self.cmn or ctypes.c_int32.from_address(self.cmn + 28).value != cepsize:
            raise RuntimeError("unknown sphinxbase layout")
        self.size = cepsize * ctypes.sizeof(ctypes.c_float)
        self.mean = ctypes.create_string_buffer(self.size)
        self.sum = ctypes.create_string_buffer(self.size)
        ctypes.memmove(self.mean, self.pointer(0), self.size)
        ctypes.memmove(self.sum, self.pointer(16), self.size)
        self.nframe = ctypes.c_int32.from_address(self.cmn + 24).value
        self.type = ctypes.c_int32.from_address(feat + 68)
        self.batch = self.type.value
        rows = ctypes.c_void_p.from_address(feat + 104).value
        self.ring = ctypes.c_void_p.from_address(rows).value
        if ctypes.c_void_p.from_address(rows + 8).value - self.ring != self.size:
            raise RuntimeError("unknown sphinxbase layout")
        self.ring_bytes = LIVEBUFBLOCKSIZE * self.size
        self.positions = ctypes.c_int32 * 2
        self.feat = feat

    def pointer(self, offset):
        return self.ctypes.c_void_p.from_address(self.cmn + offset).value

    def reset(self):
        """Before a stream: the running mean as after loading."""
        self.ctypes.memmove(self.pointer(0), self.mean, self.size)
        self.ctypes.memmove(self.pointer(16), self.sum, self.size)
        self.ctypes.c_int32.from_address(self.cmn + 24).value = self.nframe
        self.ctypes.memset(self.ring, 0, self.ring_bytes)
        self.positions.from_address(self.feat + 120)[:] = [0, 0]

    def carry(self, carried):
        """Sets the running mean to a carried one (float32 LE, one per cepstral coefficient).

        The sums are the mean times the frame count after loading, as sphinxbase's cmn_live_set
        makes them, so the mean then moves with the new speech as it did with the prior. False,
        and nothing changed, for anything but finite floats of the cepstrum's size.
        """
        values = finite_floats(carried, self.size // 4)
        if values is None:
            return False
        floats = self.ctypes.c_float * len(values)
        floats.from_address(self.pointer(0))[:] = values
        floats.from_address(self.pointer(16))[:] = [value * self.nframe for value in values]
        return True

    def current(self):
        """The running mean now (after end_utt: updated over the utterance), or None if not finite."""
        values = list((self.ctypes.c_float * (self.size // 4)).from_address(self.pointer(0)))
        if not all(math.isfinite(value) for value in values):
            return None
        return values

    def whole(self):
        """Before a whole decode: the model's CMN type (batch), which a stream switched to live."""
        self.type.value = self.batch


def finite_floats(payload, count):
    """payload as `count` float32 LE, or None unless it is exactly that and every one is finite."""
    if len(payload) != 4 * count:
        return None
    values = struct.unpack("<%df" % count, payload)
    return values if all(math.isfinite(value) for value in values) else None


def end_threshold(payload):
    """E's optional threshold: one finite float32 LE; None for anything else."""
    values = finite_floats(payload, 1)
    return values[0] if values else None


def prepare(argv):
    """Loads the model from argv (MODEL_DIR [CLINICAL_DIR]): ((decoder, cmn), the ready line),
    or None after replying why it cannot. decoder_fork_server.py calls it once, before it forks."""
    started = time.monotonic()
    model_dir = argv[0] if argv else "/usr/share/pocketsphinx/model/en-us"
    clinical_dir = argv[1] if len(argv) > 1 else None
    for name in MODEL_FILES:
        if not os.path.exists(os.path.join(model_dir, name)):
            reply({"fatal": "the model file %s is missing" % os.path.join(model_dir, name)})
            return None
    try:
        decoder = load(model_dir, clinical_dir)
    except ImportError as error:
        reply({"fatal": "cannot import pocketsphinx (%s)" % error})
        return None
    except Exception as error:  # e.g. a corrupt model: the class name and message, no audio
        reply({"fatal": "cannot load the model (%s: %s)" % (type(error).__name__, error)})
        return None
    try:
        cmn = LiveCmn(decoder)
    except Exception:
        cmn = None
    ready = {"ready": True, "ms": round((time.monotonic() - started) * 1000)}
    return (decoder, cmn), dict(ready, stream=cmn is not None)


def serve(state):
    """Answers the requests on stdin until its end; returns the exit code."""
    decoder, cmn = state
    stdin = sys.stdin.buffer
    stream = Stream(decoder, cmn)
    while True:
        header = read_exact(stdin, 5)
        if header is None:
            return 0
        op = header[:1]
        (size,) = struct.unpack("<I", header[1:])
        payload = read_exact(stdin, size) if size else b""
        if payload is None:
            return 0
        if len(payload) % 2:
            payload = payload[:-1]
        if op == b"C":
            stream.feed(payload)
        elif op == b"P":
            reply(stream.words_so_far(stream.feed(payload)))
        elif op == b"S":
            stream.start(payload)
        elif op == b"E":
            reply(stream.end(end_threshold(payload)))
        elif op == b"X":
            stream.drop()
        elif op == b"D":
            stream.drop()
            began = time.monotonic()
            try:
                if cmn is not None:
                    cmn.whole()
                text, confidence = decode(decoder, payload)
            except Exception as error:
                # Only the class: a message could in principle quote decoder state.
                reply({"error": type(error).__name__})
                continue
            ms = round((time.monotonic() - began) * 1000)
            reply({"text": text, "confidence": confidence, "ms": ms})
        else:
            reply({"fatal": "unknown request"})
            return 2


def main():
    prepared = prepare(sys.argv[1:])
    if prepared is None:
        return 2
    state, ready = prepared
    reply(ready)
    return serve(state)


if __name__ == "__main__":
    sys.exit(main())
