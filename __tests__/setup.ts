import '@testing-library/jest-dom';
import os from 'node:os';
import path from 'node:path';

process.env.NEXT_TELEMETRY_DISABLED = '1';
// Mail from tests (e.g. payment confirmations) goes to a temporary outbox, never the repo's
// .data; a test that reads its mail sets DATA_DIR itself.
process.env.DATA_DIR ||= path.join(os.tmpdir(), 'regal-flowers-test-data');
