"""Loads a decoder worker's model once, then forks one decoder process per connection.

Run by Debian's interpreter: `/usr/bin/python3 -u -I decoder_fork_server.py WORKER ARGS...`.
Every decoder shares the loaded model copy-on-write (six decoders of the clinical model took
620 MiB of proportional memory as separate processes, about 200 MiB forked; docs/deployment.md),
and a new or replaced decoder is ready at once instead of loading the model again.

WORKER is a script such as pocketsphinx_worker.py. When it defines prepare(argv) and
serve(state), prepare loads the model here, once, and each decoder runs serve; otherwise (a
stand-in of the tests) each decoder runs the whole script as __main__.

Protocol with the parent (pipes):
  stdout: {"ready": true, "socket": NAME} once the model is loaded, or what prepare replied
          ({"fatal": ...}) and exit code 2; then {"exit": PID, "code": N|null, "signal": NAME|null}
          for each decoder that ends.
  stdin:  "K PID\\n" kills that decoder (only one of this server's, not yet reaped). Its end
          kills the decoders and ends the server.
Decoders: the parent connects to the abstract Unix socket NAME (no file anywhere); only the
parent's own connections are accepted (SO_PEERCRED). The decoder's stdin and stdout are the
connection: its first line is {"pid": PID}, then the worker's own protocol. A decoder dies with
the server (PR_SET_PDEATHSIG). Nothing of what the decoders hear passes through this process.
"""

import ctypes
import importlib.util
import json
import os
import runpy
import secrets
import select
import signal
import socket
import struct
import sys

PR_SET_PDEATHSIG = 1


def reply(message):
    sys.stdout.write(json.dumps(message, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def load_worker(path):
    """The worker script as a module (its __main__ part not run), or None after saying why."""
    if not os.path.isfile(path):
        sys.stderr.write(
            "%s: can't open file '%s': [Errno 2] No such file or directory\n"
            % (sys.executable, path)
        )
        return None
    sys.path.insert(0, os.path.dirname(os.path.abspath(path)))
    spec = importlib.util.spec_from_file_location("decoder_worker", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def peer_pid(connection):
    pid, _uid, _gid = struct.unpack(
        "3i", connection.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
    )
    return pid


def run_decoder(connection, path, args, worker, prepared):
    """In the forked child: serve the connection as stdin and stdout, then exit."""
    signal.set_wakeup_fd(-1)
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    ctypes.CDLL("libc.so.6").prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    code = 1
    try:
        if os.getppid() == 1:  # the server ended before prctl took effect
            return
        os.dup2(connection.fileno(), 0)
        os.dup2(connection.fileno(), 1)
        connection.close()
        sys.stdin = os.fdopen(0, "r", encoding="utf-8", closefd=False)
        sys.stdout = os.fdopen(1, "w", encoding="utf-8", closefd=False)
        reply({"pid": os.getpid()})
        if prepared is None:
            sys.argv = [path] + args
            runpy.run_path(path, run_name="__main__")
            code = 0
        else:
            state, ready = prepared
            reply(ready)
            code = worker.serve(state)
    except SystemExit as error:
        code = error.code if isinstance(error.code, int) else (0 if error.code is None else 1)
    except BaseException as error:  # only the class: a message could quote what was heard
        sys.stderr.write("decoder failed: %s\n" % type(error).__name__)
    finally:
        try:
            sys.stdout.flush()
        except Exception:
            pass
        os._exit(code)


def reap(children):
    """Reports each decoder that ended."""
    while children:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        children.discard(pid)
        if os.WIFSIGNALED(status):
            name = signal.Signals(os.WTERMSIG(status)).name
            reply({"exit": pid, "code": None, "signal": name})
        else:
            reply({"exit": pid, "code": os.waitstatus_to_exitcode(status), "signal": None})


def main():
    if len(sys.argv) < 2:
        reply({"fatal": "usage: decoder_fork_server.py WORKER ARGS..."})
        return 2
    path, args = sys.argv[1], sys.argv[2:]
    worker = load_worker(path)
    if worker is None:
        return 2
    prepared = None
    if hasattr(worker, "prepare") and hasattr(worker, "serve"):
        prepared = worker.prepare(args)
        if prepared is None:
            return 2
    name = "pocketsphinx-%d-%s" % (os.getpid(), secrets.token_hex(8))
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind("\0" + name)
    listener.listen(16)
    wake_read, wake_write = socket.socketpair()
    wake_read.setblocking(False)
    wake_write.setblocking(False)
    signal.set_wakeup_fd(wake_write.fileno())
    signal.signal(signal.SIGCHLD, lambda *_: None)
    children = set()
    reply({"ready": True, "socket": name})
    commands = b""
    while True:
        readable, _, _ = select.select([0, listener, wake_read], [], [])
        if wake_read in readable:
            try:
                while wake_read.recv(512):
                    pass
            except BlockingIOError:
                pass
            reap(children)
        if listener in readable:
            connection, _ = listener.accept()
            if peer_pid(connection) != os.getppid():
                connection.close()
                continue
            pid = os.fork()
            if pid == 0:
                listener.close()
                wake_read.close()
                wake_write.close()
                run_decoder(connection, path, args, worker, prepared)
            children.add(pid)
            connection.close()
        if 0 in readable:
            data = os.read(0, 4096)
            if not data:
                for pid in children:
                    os.kill(pid, signal.SIGKILL)
                for pid in children:
                    os.waitpid(pid, 0)  # reaped here: nothing else may reap them
                return 0
            commands += data
            *lines, commands = commands.split(b"\n")
            for line in lines:
                op, _, value = line.partition(b" ")
                if op == b"K" and value.isdigit() and int(value) in children:
                    os.kill(int(value), signal.SIGKILL)


if __name__ == "__main__":
    sys.exit(main())
