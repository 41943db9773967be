import '@testing-library/jest-dom';

process.env.NEXT_TELEMETRY_DISABLED = '1';
