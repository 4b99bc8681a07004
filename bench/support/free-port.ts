import { once } from 'node:events';
import { type AddressInfo, createServer } from 'node:net';

/** A TCP port of 127.0.0.1 that nothing listens on now (the system picks it). */
export async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  probe.close();
  return port;
}
