/**
 * Starts the shop exactly as a newcomer does (`npm start`: build when stale, migrate, seed, serve)
 * on a free port with its own fresh data directory (or a given one, to restart on the same data),
 * and stops it afterwards.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** `pid` leads the shop's process group (spawned detached): `process.kill(-pid, signal)` reaches all of it. */
export type Shop = { url: string; dataDir: string; pid: number; stop(): Promise<void>; output(): string };

export type StartOptions = {
  /** Serve from this data directory (e.g. one a killed shop left behind) instead of a fresh one. */
  dataDir?: string;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startShop(env: Record<string, string> = {}, options: StartOptions = {}): Promise<Shop> {
  const port = await freePort();
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
  let log = '';
  const child: ChildProcess = spawn('npm', ['start'], {
    cwd: path.resolve(__dirname, '..'),
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SITE_URL: `http://127.0.0.1:${port}`, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      process.kill(-child.pid, 'SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 300_000; // a first build on a slow machine
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${log}`);
    try {
      const res = await fetch(`${url}/v1/regal/handshake`);
      if (res.ok) return { url, dataDir, pid: child.pid!, stop, output: () => log };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error(`The shop did not answer within 5 minutes:\n${log}`);
}
