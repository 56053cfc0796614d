/**
 * Preloaded into a server under tests/perf/profile.ts (`node --import tsx --import <this>`): SIGUSR2 starts the
 * V8 CPU profiler, the next SIGUSR2 stops it and writes PROFILE_OUT, so the profile covers the load
 * window only (start-up, seeding and warm-up stay out of it).
 */
import fs from 'node:fs';
import { Session } from 'node:inspector';

const session = new Session();
session.connect();
const post = <T = unknown>(method: string, params?: object) =>
  new Promise<T>((resolve, reject) =>
    session.post(method, params, (e: Error | null, r?: object) => (e ? reject(e) : resolve(r as T))),
  );
let running = false;
let cpu: NodeJS.CpuUsage | undefined;
await post('Profiler.enable');
await post('Profiler.setSamplingInterval', { interval: Number(process.env.PROFILE_INTERVAL_US ?? 200) });
process.on('SIGUSR2', async () => {
  if (!running) {
    running = true;
    await post('Profiler.start');
    cpu = process.cpuUsage();
    fs.writeFileSync(`${process.env.PROFILE_OUT}.started`, '');
    return;
  }
  running = false;
  const used = process.cpuUsage(cpu);
  const { profile } = await post<{ profile: object }>('Profiler.stop');
  // the process's CPU (user + system, µs) over the window, beside the samples
  fs.writeFileSync(`${process.env.PROFILE_OUT}.cpu`, String(used.user + used.system));
  fs.writeFileSync(process.env.PROFILE_OUT!, JSON.stringify(profile));
});
