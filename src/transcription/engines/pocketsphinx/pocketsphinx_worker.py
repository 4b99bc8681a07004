"""Pocketsphinx decoder worker: loads the en-us model once, then decodes requests from stdin.

Run by Debian's interpreter, which has the python3-pocketsphinx binding: through
decoder_fork_server.py, which loads the model once (prepare) and forks a decoder (serve) per
connection, or alone (`/usr/bin/python3 -u pocketsphinx_worker.py MODEL_DIR [CLINICAL_DIR]`).
With CLINICAL_DIR (build/asr/, made by the set-up: scripts/clinical-asr-model.mjs), the decoder
uses its dictionary (CMUdict and the clinical words) and the general en-us model interpolated
with its clinical model. Pipes or a socket only: audio is never written anywhere, and nothing of
an utterance (audio or text) is ever printed to stderr. Its live utterance (Stream) is in
pocketsphinx_stream.py, the live cepstral mean it resets and carries (LiveCmn) in
pocketsphinx_live_cmn.py, both beside it.

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
import os
import struct
import sys
import time

# The worker's modules sit beside it; `python3 -I` leaves the script's folder off sys.path.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from pocketsphinx_live_cmn import LiveCmn, finite_floats  # noqa: E402
from pocketsphinx_stream import Stream, decode  # noqa: E402

MODEL_FILES = ("en-us", "en-us.lm.bin", "cmudict-en-us.dict")


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
