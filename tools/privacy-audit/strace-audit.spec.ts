import { describe, expect, it } from '@jest/globals';
import { auditTrace, changesFiles, connectsOut, straceArguments } from './strace-audit.js';

describe('strace audit', () => {
  it('recognizes the calls that change files', () => {
    expect(
      changesFiles('[pid 12] openat(AT_FDCWD, "/tmp/x.wav", O_WRONLY|O_CREAT|O_TRUNC, 0644) = 3'),
    ).toBe(true);
    expect(changesFiles('4242  openat(AT_FDCWD, "/var/log/a", O_RDWR|O_APPEND) = 4')).toBe(true);
    expect(changesFiles('rename("/tmp/a", "/tmp/b") = 0')).toBe(true);
    expect(changesFiles('unlinkat(AT_FDCWD, "/tmp/a", 0) = 0')).toBe(true);
    expect(changesFiles('mkdir("/root/.cache/Microsoft", 0777) = 0')).toBe(true);
  });

  it('lets reads, devices and PulseAudio’s empty configuration directory pass', () => {
    expect(
      changesFiles('openat(AT_FDCWD, "/usr/share/espeak-ng-data/phontab", O_RDONLY) = 3'),
    ).toBe(false);
    expect(changesFiles('openat(AT_FDCWD, "/dev/null", O_WRONLY) = 3')).toBe(false);
    expect(changesFiles('mkdir("/root/.config/pulse", 0700) = -1 EEXIST (File exists)')).toBe(
      false,
    );
    expect(changesFiles('connect(3, {sa_family=AF_UNIX}, 110) = 0')).toBe(false);
  });

  it('recognizes connections to other machines, not loopback or local sockets', () => {
    expect(
      connectsOut(
        'connect(23, {sa_family=AF_INET, sin_port=htons(53), sin_addr=inet_addr("10.0.0.2")}, 16) = 0',
      ),
    ).toBe(true);
    expect(
      connectsOut(
        'connect(7, {sa_family=AF_INET6, sin6_port=htons(443), inet_pton(AF_INET6, "2001:db8::1", &sin6_addr)}, 28) = 0',
      ),
    ).toBe(true);
    expect(
      connectsOut(
        'connect(23, {sa_family=AF_INET, sin_port=htons(3000), sin_addr=inet_addr("127.0.0.1")}, 16) = 0',
      ),
    ).toBe(false);
    expect(
      connectsOut('connect(5, {sa_family=AF_UNIX, sun_path="/run/pulse/native"}, 110) = -1'),
    ).toBe(false);
  });

  it('sorts a whole trace, and traces every child with the same calls', () => {
    const audit = auditTrace(
      [
        '100 openat(AT_FDCWD, "/opt/model.onnx", O_RDONLY|O_CLOEXEC) = 21',
        '101 openat(AT_FDCWD, "/tmp/mat-debug-101.log", O_WRONLY|O_CREAT|O_APPEND, 0666) = 22',
        '101 connect(9, {sa_family=AF_INET, sin_port=htons(443), sin_addr=inet_addr("13.69.1.1")}, 16) = -1 ENETUNREACH',
        '',
      ].join('\n'),
    );
    expect(audit.calls).toBe(3);
    expect(audit.fileChanges).toEqual([expect.stringContaining('mat-debug')]);
    expect(audit.outsideConnections).toEqual([expect.stringContaining('13.69.1.1')]);
    expect(straceArguments('t.txt')).toEqual(
      expect.arrayContaining(['-f', '--seccomp-bpf', '-o', 't.txt']),
    );
  });
});
