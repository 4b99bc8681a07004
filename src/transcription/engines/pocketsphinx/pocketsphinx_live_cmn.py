"""The live cepstral mean of a pocketsphinx decoder, reset and carried through ctypes
(pocketsphinx_worker.py streams with it; see LiveCmn)."""

import math
import struct

# sphinxbase's ring of cepstra for live features (feat.c), in frames.
LIVEBUFBLOCKSIZE = 256


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
