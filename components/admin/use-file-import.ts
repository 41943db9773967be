/**
 * The steps of a file-import page (the catalogue file, the bank statement): the chosen file (over
 * `maxBytes` it is refused at once), 'Check' (a dry run: `send(calls, file, true)`), the last
 * question, and the import (`send(calls, file, false)`). Choosing another file starts over, as
 * does `restart()` (another setting of the page, such as the account's currency).
 *
 * @example
 * const flow = useFileImport({ maxBytes, chooseFirst: 'Choose a CSV file first', send: (api, file, dryRun) => api.staffCatalogueFile(file, dryRun) });
 */
import { useState, type FormEvent } from 'react';
import { useStaffCall, type StaffCalls } from './use-staff-call';

export type ImportStage<R> = { kind: 'none' } | { kind: 'checked' | 'confirming' | 'imported'; report: R };

type Options<R> = {
  maxBytes: number;
  /** The message for 'Check' with no file chosen. */
  chooseFirst: string;
  send: (calls: StaffCalls, file: File, dryRun: boolean) => Promise<{ report: R }>;
  /** Called after an import (not a check) succeeded. */
  onImported?: (report: R) => void;
};

export function useFileImport<R>({ maxBytes, chooseFirst, send, onImported }: Options<R>) {
  const [file, setFile] = useState<File | null>(null);
  const [stage, setStage] = useState<ImportStage<R>>({ kind: 'none' });
  const { busy, error, setError, run } = useStaffCall();

  function choose(chosen: File | null) {
    setFile(chosen);
    setStage({ kind: 'none' });
    setError(chosen && chosen.size > maxBytes ? `The file is larger than ${maxBytes / 1024 / 1024} MB` : null);
  }
  async function check(event: FormEvent) {
    event.preventDefault();
    if (!file) return setError(chooseFirst);
    const answer = await run((api) => send(api, file, true));
    if (answer) setStage({ kind: 'checked', report: answer.report });
  }
  async function importIt() {
    if (!file) return;
    const answer = await run((api) => send(api, file, false));
    if (!answer) return;
    setStage({ kind: 'imported', report: answer.report });
    onImported?.(answer.report);
  }

  return {
    file,
    stage,
    busy,
    error,
    choose,
    check,
    importIt,
    /** Back to the report after 'Cancel' on the last question, or on to that question. */
    ask: (report: R) => setStage({ kind: 'confirming', report }),
    back: (report: R) => setStage({ kind: 'checked', report }),
    restart: () => setStage({ kind: 'none' }),
  };
}
