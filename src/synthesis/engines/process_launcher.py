"""The process launcher's helper (process-launcher.ts): starts the synthesizers for the server.

Starting a process from the server itself costs 18-25 ms of its event loop (Node forks, which
copies the page tables of a 1 GB process); Python starts one with vfork, in about 1 ms, and the
helper holds about 10 MiB where a Node helper held 57.

Frames both ways: a 4-byte little-endian length, a JSON header of that length, then the bytes
the header announces.
  stdin:  {"id": N, "command": ..., "args": [...], "input": BYTES}, then the input: run it;
          {"kill": N}: stop that run (SIGKILL).
  stdout: {"id": N, "code": C|null, "signal": NAME|null, "error": ERRNO|null, "stdout": BYTES},
          then its stdout, once the process has ended.
The end of stdin (the server went away) kills what runs and ends the helper. Nothing is
printed or logged: the input is what a patient or a clinician said.
"""

import errno
import json
import signal
import struct
import subprocess
import sys
import threading

running = {}
lock = threading.Lock()
out = sys.stdout.buffer


def read_exact(stream, size):
    data = b""
    while len(data) < size:
        chunk = stream.read(size - len(data))
        if not chunk:
            return None
        data += chunk
    return data


def send(header, payload=b""):
    body = json.dumps(header).encode("utf-8")
    with lock:
        out.write(struct.pack("<I", len(body)) + body + payload)
        out.flush()


def run(number, command, args, data):
    answer = {"id": number, "code": None, "signal": None, "error": None}
    output = b""
    try:
        child = subprocess.Popen(
            [command] + args,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,  # warnings can quote the text: dropped unread
        )
    except OSError as error:
        answer["error"] = errno.errorcode.get(error.errno, "error") if error.errno else "error"
    else:
        with lock:
            running[number] = child
        try:
            output, _ = child.communicate(data)
        except BrokenPipeError:  # it ended without reading its input: its exit says why
            output = child.stdout.read()
            child.wait()
        with lock:
            running.pop(number, None)
        if child.returncode < 0:
            answer["signal"] = signal.Signals(-child.returncode).name
        else:
            answer["code"] = child.returncode
    answer["stdout"] = len(output)
    send(answer, output)


def main():
    stdin = sys.stdin.buffer
    while True:
        size = read_exact(stdin, 4)
        header = size and read_exact(stdin, struct.unpack("<I", size)[0])
        if not header:
            break
        message = json.loads(header)
        if "kill" in message:
            with lock:
                child = running.get(message["kill"])
            if child is not None:
                child.kill()
            continue
        data = read_exact(stdin, message["input"]) if message["input"] else b""
        if data is None:
            break
        threading.Thread(
            target=run,
            args=(message["id"], message["command"], message["args"], data),
            daemon=True,
        ).start()
    with lock:
        for child in running.values():
            child.kill()
    return 0


if __name__ == "__main__":
    sys.exit(main())
