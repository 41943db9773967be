/** The shell data of the current page (from its server-side props), for any component below. */
import { createContext, useContext, type ReactNode } from 'react';
import type { ShellData } from '@/lib/contracts/shell';

const ShellContext = createContext<ShellData | null>(null);

export function ShellProvider({ value, children }: { value: ShellData; children: ReactNode }) {
  return <ShellContext.Provider value={value}>{children}</ShellContext.Provider>;
}

export function useShell(): ShellData {
  const value = useContext(ShellContext);
  if (!value) throw new Error('useShell must be used inside ShellProvider');
  return value;
}
