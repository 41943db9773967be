/** Next calls `register()` once when the server starts; the Node.js side prepares config and database. */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { startUp } = await import('@/lib/server/start-up');
    await startUp();
    // Once per server process: an operator must not mistake sandbox payments for real ones.
    const { sandboxOn, SANDBOX_WARNING } = await import('@/lib/server/payments/providers');
    if (sandboxOn()) console.warn(SANDBOX_WARNING);
  }
}
