/** The shell data of the current page (from its server-side props), for any component below. */
import { createContext, useContext } from 'react';
import type { ShellData } from '@/lib/contracts/shell';

const ShellContext = createContext<ShellData | null>(null);

/** The context's own provider: a wrapper component would cost every page's first-load JavaScript bytes. */
export const ShellProvider = ShellContext.Provider;

export function useShell(): ShellData {
  const value = useContext(ShellContext);
  if (!value) throw new Error('useShell must be used inside ShellProvider');
  return value;
}
