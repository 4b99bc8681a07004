"""Speaks the UTF-8 text read from stdin with one of flite's voices and writes a RIFF WAV (PCM
16-bit) to stdout.

Usage: python3 -I flite_speak.py VOICE DURATION_STRETCH   (VOICE: slt or rms)

flite's own command line cannot do this without a file: it takes text from stdin only through
`-f /dev/stdin`, and that mode appends each utterance to the output by reopening it and reading
its header back, which blocks forever on a pipe. Calling libflite directly keeps the text off
the command line and everything in pipes. Nothing is written anywhere but stdout; errors name
no text.
"""

import ctypes
import struct
import sys

VOICES = {'slt': 'cmu_us_slt', 'rms': 'cmu_us_rms'}


class Wave(ctypes.Structure):
    """flite's cst_wave."""

    _fields_ = [
        ('type', ctypes.c_char_p),
        ('sample_rate', ctypes.c_int),
        ('num_samples', ctypes.c_int),
        ('num_channels', ctypes.c_int),
        ('samples', ctypes.POINTER(ctypes.c_short)),
    ]


class Voice(ctypes.Structure):
    """The first fields of flite's cst_voice."""

    _fields_ = [('name', ctypes.c_char_p), ('features', ctypes.c_void_p)]


def main() -> int:
    if len(sys.argv) != 3 or sys.argv[1] not in VOICES:
        sys.stderr.write('usage: flite_speak.py slt|rms DURATION_STRETCH\n')
        return 2
    name = VOICES[sys.argv[1]]
    stretch = float(sys.argv[2])
    text = sys.stdin.buffer.read().decode('utf-8', errors='replace')

    flite = ctypes.CDLL('libflite.so.1', mode=ctypes.RTLD_GLOBAL)
    for dependency in ('libflite_usenglish.so.1', 'libflite_cmulex.so.1'):
        ctypes.CDLL(dependency, mode=ctypes.RTLD_GLOBAL)
    voice_library = ctypes.CDLL(f'libflite_{name}.so.1')
    flite.flite_init()
    register = getattr(voice_library, f'register_{name}')
    register.restype = ctypes.POINTER(Voice)
    register.argtypes = [ctypes.c_void_p]
    voice = register(None)
    if not voice:
        sys.stderr.write(f'flite_speak.py: voice {name} could not be loaded\n')
        return 1
    flite.feat_set_float.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_float]
    flite.feat_set_float(voice.contents.features, b'duration_stretch', stretch)
    flite.flite_text_to_wave.restype = ctypes.POINTER(Wave)
    flite.flite_text_to_wave.argtypes = [ctypes.c_char_p, ctypes.POINTER(Voice)]
    wave = flite.flite_text_to_wave(text.encode('utf-8'), voice)
    if not wave:
        sys.stderr.write('flite_speak.py: flite produced no audio\n')
        return 1
    w = wave.contents
    data = ctypes.string_at(w.samples, w.num_samples * w.num_channels * 2) if w.num_samples else b''
    header = struct.pack(
        '<4sI4s4sIHHIIHH4sI',
        b'RIFF', 36 + len(data), b'WAVE', b'fmt ', 16, 1, w.num_channels, w.sample_rate,
        w.sample_rate * w.num_channels * 2, w.num_channels * 2, 16, b'data', len(data),
    )
    out = sys.stdout.buffer
    out.write(header)
    out.write(data)
    out.flush()
    return 0


if __name__ == '__main__':
    sys.exit(main())
