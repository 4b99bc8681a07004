"""Decodes a G.722 file (64 kbit/s, as Asterisk stores its prompts) to 16 kHz 16-bit mono PCM on
stdout, with Debian's spandsp library (libspandsp2), which has no command-line tool. For
npm run bench:speech only: the recorded prompts of asterisk-core-sounds-en-g722 are the largest
set of a real person's speech with transcripts that Debian ships.
Usage: /usr/bin/python3 g722_decode.py FILE.g722 > FILE.pcm"""
import ctypes
import ctypes.util
import sys

spandsp = ctypes.CDLL(ctypes.util.find_library("spandsp") or "libspandsp.so.2")
spandsp.g722_decode_init.restype = ctypes.c_void_p
spandsp.g722_decode_init.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int]
spandsp.g722_decode.restype = ctypes.c_int
spandsp.g722_decode.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
spandsp.g722_decode_free.argtypes = [ctypes.c_void_p]

with open(sys.argv[1], "rb") as f:
    data = f.read()
state = spandsp.g722_decode_init(None, 64000, 0)  # options 0: the 16 kHz output, not 8 kHz
pcm = (ctypes.c_int16 * (2 * len(data)))()  # two samples per byte at 64 kbit/s
samples = spandsp.g722_decode(state, pcm, data, len(data))
spandsp.g722_decode_free(state)
sys.stdout.buffer.write(bytes(pcm)[: 2 * samples])
