"""The words of a decoder's answer, and the one live utterance of a worker (pocketsphinx_worker.py).

Imported by the worker, which the service runs through decoder_fork_server.py. Nothing of an
utterance is written anywhere or printed: its audio is kept in memory for a second decode only.
"""

import math
import re
import time

# Fillers of the en-us model: <s>, </s>, <sil>, [NOISE], [SPEECH], ++NOISE++ and the like.
FILLER = re.compile(r"^(<.*>|\[.*\]|\+\+.*\+\+)$")
# Alternative pronunciations are numbered in the dictionary: to(2), and(3).
VARIANT = re.compile(r"\(\d+\)$")
# A stream's first second is held, then decoded as a whole utterance would be (batch cepstral
# mean over it), and the rest live from that mean (a stream that carries its session's mean
# skips this): from the model's prior mean alone, live
# decoding lost 11 points of WER on the clinical dev set (docs/speech.md, "The cepstral mean").
PRIME_BYTES = 32000


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
