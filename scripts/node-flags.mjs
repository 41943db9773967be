/**
 * V8 flags for the app process (scripts/serve.mjs): scripts/start.mjs, and so `npm start`, the
 * systemd unit and the Docker image, starts the server with them; node:cluster workers inherit
 * them (they are forked with the primary's `execArgv`); bench/render.ts starts a build's
 * serve.mjs with that build's own list.
 *
 * `--max-semi-space-size`: a render leaves a few hundred kB of short-lived garbage (React's
 * chunks, the HTML, page data), which V8's young generation collects. With Node's default
 * semi-space of 16 MB a page costs a scavenge every few dozen renders; a larger one scavenges
 * less often for the same amount of surviving data, at the price of up to 2 × (64 − 16) MB
 * more memory per process. bench/render.ts, 2026-11-26 (2 cores, shared, noisy): 32 MB took
 * 0–20% off the CPU of an uncached render against the default, 64 MB another 0–12% against 32.
 * V8 reads it only at start: `v8.setFlagsFromString` later has no effect.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];
