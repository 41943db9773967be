/** Next calls `register()` once when the server starts; the Node.js side prepares config and database. */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { startUp } = await import('@/lib/server/start-up');
    await startUp();
  }
}
