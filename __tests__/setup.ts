import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import os from 'node:os';
import path from 'node:path';

process.env.NEXT_TELEMETRY_DISABLED = '1';
// Mail from tests (e.g. payment confirmations) goes to a temporary outbox, never the repo's
// .data; a test that reads its mail sets DATA_DIR itself.
process.env.DATA_DIR ||= path.join(os.tmpdir(), 'regal-flowers-test-data');

// The shop loads much of its code on first use (the calendar, the dialogs, the stages): in a
// test, the first `findBy…` after such a use waits for that module to be compiled, which on a
// loaded two-core CI machine took longer than Testing Library's default second (the cart panel's
// calendar failed so in CI). A find that succeeds returns as soon as it does.
configure({ asyncUtilTimeout: 5000 });
